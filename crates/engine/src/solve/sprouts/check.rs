//! Complete check of a base, by code that does not share the search: every stored value is
//! re-derived from the rules and values already proven, one or two plies deep. Entries are taken
//! in order of lives, and an entry is re-derived only from entries already verified (which have
//! fewer lives), so a verified entry never rests on a claim: a wrong entry cannot vouch for another.
//! How one entry is re-derived is `claim_proof`'s; the check in parts (`check_parts`), which proves
//! a right base right at once, is tried first.
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

use std::sync::Arc;

use super::base::Base;
use super::check_parts::{check_in_parts, PartsVerdict};
use super::claim_proof::{claims_by_lives, Claim, Proof, WonCouples};
use super::misere::MisereSearch;
use super::normal::{NormalAnswer, NormalSearch};
use super::parallel::{Cancelled, Control};
use super::search::{Search, Step};

/// Nodes the solver may spend on one entry the base cannot re-derive, by default. Measured on
/// search bases of 6 and 7 spots with one entry altered: an altered entry that the other entries
/// do not expose is decided in well under this (see the tests of `sprouts_base_trust`).
pub const DEFAULT_NODES_PER_ENTRY: u64 = 200_000;

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
    if control.is_cancelled() {
        // Not a verdict on the base: the parts were stopped. Setting up the step-by-step check
        // (it indexes the whole base) would only delay the stop.
        return Err(Cancelled);
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

impl Search for BaseCheck {
    type Answer = ();

    /// Works until the check is done or about `budget` units of work (claims examined, solver
    /// nodes) were spent.
    fn step(&mut self, budget: u64) -> Step<()> {
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
}
