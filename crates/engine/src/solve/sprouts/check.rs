//! Complete check of a base, by code that does not share the search: every stored value is
//! re-derived from the rules and values already proven, one or two plies deep. Entries are taken
//! in order of lives, and an entry is re-derived only from entries already verified (which have
//! fewer lives), so a verified entry never rests on a claim: a wrong entry cannot vouch for another.
//! Small lands missing from the base are valued by a plain minimax (mex over children, a sum of
//! lands by the XOR of their values) so that small claims can always be decided.
//!
//! Most of the time goes into proving that a child differs from the claimed value, which takes a
//! grandchild with that value: such witnesses are looked for among the grandchildren whose lands
//! could be stored with it (before putting the others into canonical form), and a couple proven
//! won is remembered for its siblings.
//!
//! An entry the verified entries cannot re-derive is computed by the solver ([`NormalSearch`],
//! [`MisereSearch`]) from the rules and the verified entries, under a budget of nodes; if the
//! budget runs out, the entry is reported as not verified, never accepted. A claimed nimber larger
//! than the number of the position's children is wrong at once (a mex of k values is at most k),
//! so a huge claim costs nothing.
//!
//! [`verify_base`] is the policy for every base that comes from outside (a file, an import): the
//! base it returns holds only what was verified (and what the solver learned on the way), so no
//! answer computed from it rests on an unchecked claim.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::games::sprouts::{Land, Position};

use super::base::Base;
use super::check_parts::{check_in_parts, PartsVerdict};
use super::misere::MisereSearch;
use super::normal::{NormalAnswer, NormalSearch, Step};
use super::parallel::{Cancelled, Control};

/// Lands with at most this many lives are valued directly when the base lacks them.
const PLAIN_MINIMAX_LIVES: u32 = 10;

/// Nodes the solver may spend on one entry the base cannot re-derive, by default. Measured on
/// search bases of 6 and 7 spots with one entry altered: an altered entry that the other entries
/// do not expose is decided in well under this (see the tests of `sprouts_base_trust`).
pub const DEFAULT_NODES_PER_ENTRY: u64 = 200_000;

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

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Entries verified: re-derived from verified entries, or computed by the solver.
    pub verified: usize,
    /// Of `verified`, those the solver computed (the base could not re-derive them).
    pub computed: usize,
    /// Entries contradicted by the rules and the verified entries (or computed otherwise).
    pub wrong: Vec<String>,
    /// Entries that could not be verified: the base could not re-derive them and the solver ran
    /// out of its budget. They are not trusted.
    pub unverifiable: Vec<String>,
}

impl CheckReport {
    /// Every entry was verified.
    pub fn all_verified(&self) -> bool {
        self.wrong.is_empty() && self.unverifiable.is_empty()
    }

    /// Why a base from outside is refused, if it is: it has a wrong entry (the policy of
    /// [`verify_base`]'s callers — the CLI's `--base`, Python's `Base.load`).
    pub fn refusal(&self) -> Option<String> {
        let n = self.wrong.len();
        (n > 0).then(|| {
            format!(
                "{n} wrong entr{} (the base is not used): {}",
                if n == 1 { "y" } else { "ies" },
                name_some(&self.wrong)
            )
        })
    }

    /// What of a base from outside is left out, if anything: the entries that could not be
    /// verified (the rest is used).
    pub fn left_out(&self) -> Option<String> {
        let n = self.unverifiable.len();
        (n > 0).then(|| {
            let (entries, are) = if n == 1 {
                ("entry", "is")
            } else {
                ("entries", "are")
            };
            format!(
                "{n} {entries} could not be verified and {are} not used: {}",
                name_some(&self.unverifiable)
            )
        })
    }
}

/// Entries named in a message: the first few, then how many more.
pub fn name_some(entries: &[String]) -> String {
    const NAMED: usize = 5;
    let mut text = entries
        .iter()
        .take(NAMED)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if entries.len() > NAMED {
        text.push_str(&format!("; … ({} more)", entries.len() - NAMED));
    }
    text
}

/// How much a check may compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// Nodes the solver may spend on one entry the base cannot re-derive (0: none, such entries
    /// are then reported as not verified).
    pub nodes_per_entry: u64,
    /// Threads for the first pass, which proves a right base right at once
    /// ([`super::check_in_parts`]); a base it does not prove is checked step by step on one.
    pub threads: usize,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            nodes_per_entry: DEFAULT_NODES_PER_ENTRY,
            threads: 1,
        }
    }
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

    fn record(&self, trusted: &mut Base) {
        match self {
            Claim::Nimber(p, n) => trusted.insert_nimber(p, *n),
            Claim::Misere(p, losing) => trusted.insert_misere(p, *losing),
        }
    }
}

/// The solver deciding a claim the verified entries cannot re-derive.
enum Solver {
    /// Is (position, claimed nimber) lost, i.e. is the claim right?
    Normal(NormalSearch),
    /// Is the position lost in misère play?
    Misere(MisereSearch),
}

impl Solver {
    fn nodes(&self) -> u64 {
        match self {
            Solver::Normal(s) => s.nodes(),
            Solver::Misere(s) => s.nodes(),
        }
    }

    /// Runs up to `budget` nodes; `Some(right)` once the claim is decided.
    fn step(&mut self, claim: &Claim, budget: u64) -> Option<bool> {
        match (self, claim) {
            (Solver::Normal(s), _) => match s.step(budget) {
                Step::Done(answer) => Some(answer == NormalAnswer::Losing(true)),
                Step::Running { .. } => None,
            },
            (Solver::Misere(s), Claim::Misere(_, losing)) => match s.step(budget) {
                Step::Done(lost) => Some(lost == *losing),
                Step::Running { .. } => None,
            },
            (Solver::Misere(_), Claim::Nimber(..)) => Some(false), // never built so
        }
    }

    fn into_base(self) -> Base {
        match self {
            Solver::Normal(s) => s.into_base(),
            Solver::Misere(s) => s.into_base(),
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

/// A check in progress, in slices (for the web worker, which must stay responsive); see the
/// module docs. [`check_base`] and [`verify_base`] run one to the end.
pub struct BaseCheck {
    /// Claims by increasing lives.
    claims: Vec<Claim>,
    next: usize,
    /// Verified entries, and what the solver learned on the way.
    trusted: Base,
    report: CheckReport,
    /// Couples proven won so far (see [`WonCouples`]).
    won: WonCouples,
    /// The solver on `claims[next]`, when the verified entries could not re-derive it.
    solver: Option<Solver>,
    options: CheckOptions,
    /// Work done: claims examined plus solver nodes.
    work: u64,
}

impl BaseCheck {
    pub fn new(claimed: &Base, options: CheckOptions) -> BaseCheck {
        BaseCheck {
            claims: claims_by_lives(claimed),
            next: 0,
            trusted: Base::new(),
            report: CheckReport::default(),
            won: WonCouples::default(),
            solver: None,
            options,
            work: 0,
        }
    }

    /// Entries examined so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.claims.len())
    }

    /// Works until the check is done or about `budget` units of work (claims examined, solver
    /// nodes) were spent.
    pub fn step(&mut self, budget: u64) -> Step<()> {
        let stop_at = self.work.saturating_add(budget);
        while self.next < self.claims.len() {
            if self.work >= stop_at {
                return Step::Running {
                    nodes: self.work,
                    depth: self.next,
                };
            }
            let claim = &self.claims[self.next];
            let Some(mut solver) = self.solver.take() else {
                self.work += 1;
                match claim.local_proof(&self.trusted, &mut self.won) {
                    Proof::Yes => self.accept(false),
                    Proof::No => self.reject(),
                    Proof::Unknown if self.options.nodes_per_entry == 0 => self.give_up(),
                    Proof::Unknown => {
                        let base = std::mem::take(&mut self.trusted);
                        self.solver = Some(match claim {
                            Claim::Nimber(p, n) => {
                                Solver::Normal(NormalSearch::losing(p, *n, base))
                            }
                            Claim::Misere(p, _) => Solver::Misere(MisereSearch::new(p, base)),
                        });
                    }
                }
                continue;
            };
            let before = solver.nodes();
            let left = self.options.nodes_per_entry.saturating_sub(before);
            let slice = left.min(stop_at - self.work).max(1);
            let answer = solver.step(claim, slice);
            self.work += solver.nodes().saturating_sub(before).max(1);
            let out_of_budget = answer.is_none() && solver.nodes() >= self.options.nodes_per_entry;
            if answer.is_none() && !out_of_budget {
                self.solver = Some(solver);
                continue;
            }
            // What the solver proved on the way is kept, even when it ran out of budget.
            self.trusted = solver.into_base();
            match answer {
                Some(true) => self.accept(true),
                Some(false) => self.reject(),
                None => self.give_up(),
            }
        }
        Step::Done(())
    }

    fn accept(&mut self, computed: bool) {
        let claim = &self.claims[self.next];
        claim.record(&mut self.trusted);
        self.report.verified += 1;
        self.report.computed += usize::from(computed);
        self.next += 1;
    }

    fn reject(&mut self) {
        self.report.wrong.push(self.claims[self.next].describe());
        self.next += 1;
    }

    fn give_up(&mut self) {
        self.report
            .unverifiable
            .push(self.claims[self.next].describe());
        self.next += 1;
    }

    /// The report, and the verified base: the verified entries plus what the solver proved on
    /// the way; no entry that was wrong or not verified.
    pub fn finish(mut self) -> (CheckReport, Base) {
        if let Some(solver) = self.solver.take() {
            self.trusted = solver.into_base();
        }
        for claim in &self.claims[self.next..] {
            self.report.unverifiable.push(claim.describe());
        }
        (self.report, self.trusted)
    }
}

/// Checks every entry of a base (see the module docs), computing those it cannot re-derive under
/// the default budget.
pub fn check_base(base: &Base) -> CheckReport {
    verify_base(base, CheckOptions::default()).0
}

/// The policy for a base that comes from outside: checks every entry and returns the report with
/// the base of what was verified, which is the only one a solver may use.
pub fn verify_base(claimed: &Base, options: CheckOptions) -> (CheckReport, Base) {
    verify_base_under(claimed, options, &Control::new()).expect("nothing cancels this run")
}

/// [`verify_base`] under a [`Control`] that counts the work done (entries examined, solver nodes)
/// and can cancel it. A right base is proven right at once by its parts, on `options.threads`
/// threads ([`check_in_parts`]); any other is checked step by step ([`BaseCheck`]), which tells
/// exactly which entries are wrong and which of the rest to keep.
pub fn verify_base_under(
    claimed: &Base,
    options: CheckOptions,
    control: &Control,
) -> Result<(CheckReport, Base), Cancelled> {
    /// Work between two looks at `control`.
    const SLICE: u64 = 2_000;
    let whole = Arc::new(claimed.clone());
    if let PartsVerdict::AllRight { entries } =
        check_in_parts(whole.clone(), options.threads, control)
    {
        let report = CheckReport {
            verified: entries,
            ..CheckReport::default()
        };
        // The parts have let go of it: no second copy.
        return Ok((report, Arc::unwrap_or_clone(whole)));
    }
    let mut check = BaseCheck::new(claimed, options);
    loop {
        if control.is_cancelled() {
            return Err(Cancelled);
        }
        let before = check.work;
        let done = check.step(SLICE) == Step::Done(());
        control.add_nodes(check.work - before);
        if done {
            return Ok(check.finish());
        }
    }
}
