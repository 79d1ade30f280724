//! A claimed entry of a base and its local proof: the entry re-derived from the rules and from
//! entries taken as true, one or two plies deep, without the solver. The step-by-step check
//! (`check`) trusts only entries it verified; the check in parts (`check_parts`) takes every other
//! entry as true. Small lands the trusted entries lack are valued by a plain minimax (mex over
//! children, a sum of lands by the XOR of their values) so that small claims can always be decided.
//!
//! Most of the time goes into proving that a child differs from the claimed value, which takes a
//! grandchild with that value: such witnesses are looked for among the grandchildren whose lands
//! could be stored with it (before putting the others into canonical form), and a couple proven
//! won is remembered for its siblings.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::ops::ControlFlow;

use crate::games::sprouts::{Land, Position};

use super::base::Base;

/// Lands with at most this many lives are valued directly when the base lacks them.
const PLAIN_MINIMAX_LIVES: u32 = 10;

thread_local! {
    static PLAIN: RefCell<HashMap<Vec<u8>, u32>> = RefCell::new(HashMap::default());
}

/// The stored nimber, or the XOR of its lands' values: stored, or for a small land the plain
/// minimax one (a sum's nimber is the XOR of its parts).
fn nimber_of(base: &Base, position: &Position) -> Option<u32> {
    base.nimber(position).or_else(|| {
        position.lands().iter().try_fold(0, |acc, land| {
            let value = base.nimber_of_land(land).or_else(|| {
                (land.lives() <= PLAIN_MINIMAX_LIVES).then(|| plain_land_nimber(land))
            })?;
            Some(acc ^ value)
        })
    })
}

/// The nimber of a land by plain minimax from the rules alone: the mex over its children, each
/// child valued as the XOR of its lands.
fn plain_land_nimber(land: &Land) -> u32 {
    if let Some(v) = PLAIN.with(|m| m.borrow().get(land.key()).copied()) {
        return v;
    }
    let values: Vec<u32> = land
        .children()
        .iter()
        .map(|lands| lands.iter().fold(0, |acc, l| acc ^ plain_land_nimber(l)))
        .collect();
    let v = (0..).find(|m| !values.contains(m)).unwrap_or(0);
    PLAIN.with(|m| m.borrow_mut().insert(land.key().to_vec(), v));
    v
}

/// Three-valued answer of a local proof.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Proof {
    Yes,
    No,
    Unknown,
}

/// Couples (land key, heap) proven won during a check: siblings share children, and children share
/// lands, so a witness found once is not searched for again. Only proven facts go in, so nothing
/// here rests on a claim.
pub(super) type WonCouples = HashMap<Vec<u8>, u64>;

/// Whether (land, heap) is in `won` (heaps from 64 up are never remembered).
fn is_won(won: &WonCouples, land: &Land, n: u32) -> bool {
    n < 64 && won.get(land.key()).is_some_and(|heaps| heaps >> n & 1 == 1)
}

fn remember_won(won: &mut WonCouples, land: &Land, n: u32) {
    if n < 64 {
        *won.entry(land.key().to_vec()).or_insert(0) |= 1 << n;
    }
}

/// Is (position, n) won for the player to move? Known nimber, or a move to a known losing couple:
/// a child with stored nimber n, or a stored nimber m < n of the position itself. The cheap ways
/// come first: the stored value, then — when all lands but one are stored, so that the question is
/// whether that land's nimber differs from n XOR the others' — a couple already proven won, or a
/// witness among that land's children the base holds; the plain minimax of small lands only when
/// these fail.
fn couple_won(base: &Base, won: &mut WonCouples, position: &Position, n: u32) -> Proof {
    let differs = |v: u32| if v != n { Proof::Yes } else { Proof::No };
    if let Some(v) = base.nimber(position) {
        return differs(v);
    }
    if let Some((land, target)) = one_unknown_land(base, position, n) {
        if is_won(won, land, target) {
            return Proof::Yes;
        }
        if has_stored_child_of_nimber(base, land, target) {
            remember_won(won, land, target);
            return Proof::Yes;
        }
    }
    if let Some(v) = nimber_of(base, position) {
        return differs(v);
    }
    let any_child = position.children_until(|c| {
        if nimber_of(base, c) == Some(n) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if any_child.is_break() {
        Proof::Yes
    } else {
        Proof::Unknown
    }
}

/// When the base stores the nimbers of all lands of `position` but one: that land, and the nimber
/// it must have for the position to have nimber `n` (n XOR the others').
fn one_unknown_land<'p>(base: &Base, position: &'p Position, n: u32) -> Option<(&'p Land, u32)> {
    let mut unknown = None;
    let mut target = n;
    for land in position.lands() {
        match base.nimber_of_land(land) {
            Some(v) => target ^= v,
            None if unknown.is_none() => unknown = Some(land),
            None => return None,
        }
    }
    unknown.map(|land| (land, target))
}

/// Whether some child of `land` has nimber `n` by the base's stored values. Most of a check's time
/// is spent looking for such witnesses, and putting children into canonical form is most of that:
/// so children are looked at before canonical form, and only those whose lands' invariants could
/// carry stored nimbers XORing to `n` are named and looked up.
fn has_stored_child_of_nimber(base: &Base, land: &Land, n: u32) -> bool {
    let known = base.land_nimbers();
    let found = land.children_with_invariants_until(
        |invariants| known.may_xor_to(invariants.iter().copied(), n),
        |lands| {
            if base.nimber(&Position::from_lands(lands)) == Some(n) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    found.is_break()
}

/// Checks nimber(position) = n: every child must be shown to differ from n, and each m < n must
/// be reached by some child.
fn check_nimber(base: &Base, won: &mut WonCouples, position: &Position, n: u32) -> Proof {
    let children = position.children();
    // The mex of k values is at most k: a larger claim is wrong whatever the children are worth
    // (and checking it value by value would cost as much as the claim is large).
    if n as usize > children.len() {
        return Proof::No;
    }
    let mut result = Proof::Yes;
    for child in &children {
        match couple_won(base, won, child, n) {
            Proof::Yes => {}
            Proof::No => return Proof::No,
            Proof::Unknown => result = Proof::Unknown,
        }
    }
    // Stored values first; the plain minimax of small lands only if some m is not reached so.
    let stored: Vec<Option<u32>> = children.iter().map(|c| base.nimber(c)).collect();
    let mut values: Option<Vec<Option<u32>>> = None;
    for m in 0..n {
        if stored.contains(&Some(m)) {
            continue;
        }
        let values =
            values.get_or_insert_with(|| children.iter().map(|c| nimber_of(base, c)).collect());
        if values.contains(&Some(m)) {
            continue;
        }
        // No child is known to have nimber m: wrong if every child provably differs from m.
        if children
            .iter()
            .all(|c| couple_won(base, won, c, m) == Proof::Yes)
        {
            return Proof::No;
        }
        result = Proof::Unknown;
    }
    result
}

/// Misère: is the position won for the player to move? Stored, terminal, or a child stored as lost.
fn misere_won(base: &Base, position: &Position) -> Proof {
    if position.is_terminal() {
        return Proof::Yes;
    }
    match base.misere_losing(position) {
        Some(losing) => {
            if losing {
                Proof::No
            } else {
                Proof::Yes
            }
        }
        None if position
            .children()
            .iter()
            .any(|c| base.misere_losing(c) == Some(true)) =>
        {
            Proof::Yes
        }
        None => Proof::Unknown,
    }
}

fn check_misere(base: &Base, position: &Position, losing: bool) -> Proof {
    if position.is_terminal() {
        return if losing { Proof::No } else { Proof::Yes };
    }
    let children = position.children();
    if losing {
        let mut result = Proof::Yes;
        for child in &children {
            match misere_won(base, child) {
                Proof::Yes => {}
                Proof::No => return Proof::No,
                Proof::Unknown => result = Proof::Unknown,
            }
        }
        result
    } else if children.iter().any(|c| base.misere_losing(c) == Some(true)) {
        Proof::Yes
    } else if children.iter().all(|c| misere_won(base, c) == Proof::Yes) {
        Proof::No
    } else {
        Proof::Unknown
    }
}

/// One claimed entry.
pub(super) enum Claim {
    Nimber(Position, u32),
    /// true: lost for the player to move in misère play.
    Misere(Position, bool),
}

impl Claim {
    pub(super) fn position(&self) -> &Position {
        match self {
            Claim::Nimber(p, _) | Claim::Misere(p, _) => p,
        }
    }

    pub(super) fn describe(&self) -> String {
        match self {
            Claim::Nimber(p, n) => format!("{p} nimber {n}"),
            Claim::Misere(p, losing) => {
                format!("{p} misère {}", if *losing { "P" } else { "N" })
            }
        }
    }

    pub(super) fn local_proof(&self, trusted: &Base, won: &mut WonCouples) -> Proof {
        match self {
            Claim::Nimber(p, n) => check_nimber(trusted, won, p, *n),
            Claim::Misere(p, losing) => check_misere(trusted, p, *losing),
        }
    }

    /// Puts the claim into `trusted`, once verified.
    pub(super) fn record(&self, trusted: &mut Base) {
        match self {
            Claim::Nimber(p, n) => trusted.insert_nimber(p, *n),
            Claim::Misere(p, losing) => trusted.insert_misere(p, *losing),
        }
    }
}

/// Every entry of a base as a claim, by increasing lives (then nimbers before misère outcomes, each
/// by key: the same order wherever it is computed). Children have fewer lives than their parent:
/// taken in this order, every entry a proof needs has been examined before.
pub(super) fn claims_by_lives(claimed: &Base) -> Vec<Claim> {
    let mut claims: Vec<Claim> = claimed
        .nimbers()
        .into_iter()
        .map(|(p, n)| Claim::Nimber(p, n))
        .chain(
            claimed
                .misere_outcomes()
                .into_iter()
                .map(|(p, losing)| Claim::Misere(p, losing)),
        )
        .collect();
    claims.sort_by_key(|c| c.position().lives());
    claims
}
