//! Complete check of a base, by code that does not share the search: every stored value is
//! re-derived from the rules and the other stored values, one or two plies deep. Since each entry
//! then rests only on entries with fewer lives, a base whose entries all check is correct (by
//! induction on lives). An entry whose proof needs values the base does not hold is reported as
//! unverifiable, not as wrong. Small positions missing from the base are valued by a plain
//! minimax (mex over children, no land splitting) so that small claims can always be decided.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::games::sprouts::Position;

use super::base::Base;

/// Positions with at most this many lives are valued directly when the base lacks them.
const PLAIN_MINIMAX_LIVES: u32 = 10;

thread_local! {
    static PLAIN: RefCell<HashMap<Vec<u8>, u32>> = RefCell::new(HashMap::new());
}

/// The stored nimber, or for a small position the plain minimax one.
fn nimber_of(base: &Base, position: &Position) -> Option<u32> {
    base.nimber(position)
        .or_else(|| (position.lives() <= PLAIN_MINIMAX_LIVES).then(|| plain_nimber(position)))
}

fn plain_nimber(position: &Position) -> u32 {
    let key = position.key();
    if let Some(v) = PLAIN.with(|m| m.borrow().get(&key).copied()) {
        return v;
    }
    let values: Vec<u32> = position.children().iter().map(plain_nimber).collect();
    let v = (0..).find(|m| !values.contains(m)).unwrap_or(0);
    PLAIN.with(|m| m.borrow_mut().insert(key, v));
    v
}

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Entries re-derived successfully.
    pub verified: usize,
    /// Entries contradicted by the rules and the rest of the base.
    pub wrong: Vec<String>,
    /// Entries the base holds too little to re-derive.
    pub unverifiable: Vec<String>,
}

/// Three-valued answer of a local proof.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Proof {
    Yes,
    No,
    Unknown,
}

/// Is (position, n) won for the player to move? Known nimber, or a move to a known losing couple:
/// a child with stored nimber n, or a stored nimber m < n of the position itself.
fn couple_won(base: &Base, position: &Position, n: u32) -> Proof {
    if let Some(v) = nimber_of(base, position) {
        return if v != n { Proof::Yes } else { Proof::No };
    }
    if position
        .children()
        .iter()
        .any(|c| nimber_of(base, c) == Some(n))
    {
        Proof::Yes
    } else {
        Proof::Unknown
    }
}

/// Checks nimber(position) = n: every child must be shown to differ from n, and each m < n must
/// be reached by some child.
fn check_nimber(base: &Base, position: &Position, n: u32) -> Proof {
    let children = position.children();
    let mut result = Proof::Yes;
    for child in &children {
        match couple_won(base, child, n) {
            Proof::Yes => {}
            Proof::No => return Proof::No,
            Proof::Unknown => result = Proof::Unknown,
        }
    }
    for m in 0..n {
        if children.iter().any(|c| nimber_of(base, c) == Some(m)) {
            continue;
        }
        // No child is known to have nimber m: wrong if every child provably differs from m.
        if children
            .iter()
            .all(|c| couple_won(base, c, m) == Proof::Yes)
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

/// Re-derives every entry of the base.
pub fn check_base(base: &Base) -> CheckReport {
    let mut report = CheckReport::default();
    let mut record = |proof: Proof, what: String| match proof {
        Proof::Yes => report.verified += 1,
        Proof::No => report.wrong.push(what),
        Proof::Unknown => report.unverifiable.push(what),
    };
    for (position, n) in base.nimbers() {
        record(
            check_nimber(base, &position, n),
            format!("{position} nimber {n}"),
        );
    }
    for (position, losing) in base.misere_outcomes() {
        let outcome = if losing { "P" } else { "N" };
        record(
            check_misere(base, &position, losing),
            format!("{position} misère {outcome}"),
        );
    }
    report
}
