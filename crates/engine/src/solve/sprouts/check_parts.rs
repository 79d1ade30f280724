//! The fast way to check a base that is right, as the app's own exports and the shipped base are:
//! every entry is re-derived from the rules and the *other* entries, all taken as true for the
//! while. An entry's re-derivation uses only entries with fewer lives (its children and
//! grandchildren), so if every entry is re-derived so, all are right, by induction on lives: the
//! entries with the fewest lives rest on the rules alone, the next ones on those, and so on.
//!
//! If some entries fail, those with the fewest lives among the failures failed exactly (every
//! entry below them was re-derived, so is right): when some of them contradict the rules, the base
//! has wrong entries and these are named; when they merely could not be re-derived, only the
//! step-by-step check ([`super::BaseCheck`], which also runs the solver) can tell which of the
//! others to keep.
//!
//! Entries do not wait for one another here, so the check splits into parts — one per thread or
//! web worker — with nothing exchanged until each part's short report at the end, and the verdict
//! does not depend on how many parts there are. No solver runs here: a part only re-derives.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::base::Base;
use super::claim_proof::{claims_by_lives, Claim, Proof, WonCouples};
use super::parallel::Control;
use super::search::{Search, Step};

/// One entry a part could not re-derive from the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartFailure {
    /// Lives of the entry's position: among failures, those with the fewest are exact.
    pub lives: u32,
    /// The entry, as `CheckReport` names it (`0*6 nimber 1`).
    pub entry: String,
    /// True when the rules contradict it; false when it merely could not be re-derived.
    pub wrong: bool,
}

/// What one part found: small, so a web worker can send it to another.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartReport {
    /// Entries of the base in all (the same for every part: a check that it is the same base).
    pub entries: usize,
    /// Entries this part examined.
    pub examined: usize,
    pub failures: Vec<PartFailure>,
}

/// What the parts found together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartsVerdict {
    /// Every entry is right.
    AllRight { entries: usize },
    /// These entries contradict the rules (the failures with the fewest lives; entries built on
    /// them were not examined further).
    Wrong(Vec<String>),
    /// Some entries could not be re-derived from the others (or a part is missing): the
    /// step-by-step check must decide what to keep.
    Undecided,
}

/// One part of the check: the entries whose index (in [`claims_by_lives`] order) is `part` modulo
/// `parts`, so every part gets a share of every number of lives. Runs in slices for a web worker.
pub struct PartCheck {
    base: Arc<Base>,
    claims: Vec<Claim>,
    entries: usize,
    next: usize,
    won: WonCouples,
    failures: Vec<PartFailure>,
}

impl PartCheck {
    pub fn new(base: Arc<Base>, part: usize, parts: usize) -> PartCheck {
        let all = claims_by_lives(&base);
        let entries = all.len();
        let parts = parts.max(1);
        let claims = all.into_iter().skip(part).step_by(parts).collect();
        PartCheck {
            base,
            claims,
            entries,
            next: 0,
            won: WonCouples::default(),
            failures: Vec::new(),
        }
    }

    /// The base the part is checked against (the whole base being checked).
    pub fn base(&self) -> Arc<Base> {
        self.base.clone()
    }

    /// Entries of this part examined so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.claims.len())
    }

    pub fn finish(self) -> PartReport {
        PartReport {
            entries: self.entries,
            examined: self.next,
            failures: self.failures,
        }
    }
}

/// The verdict of the parts' reports: every part must have examined all of its entries, of the same
/// base, and together all of them.
pub fn combine_parts(reports: &[PartReport]) -> PartsVerdict {
    let entries = reports.first().map_or(0, |r| r.entries);
    let examined: usize = reports.iter().map(|r| r.examined).sum();
    if reports.iter().any(|r| r.entries != entries) || examined != entries {
        return PartsVerdict::Undecided;
    }
    let failures = reports.iter().flat_map(|r| &r.failures);
    let Some(fewest) = failures.clone().map(|f| f.lives).min() else {
        return PartsVerdict::AllRight { entries };
    };
    let mut wrong: Vec<String> = failures
        .filter(|f| f.lives == fewest && f.wrong)
        .map(|f| f.entry.clone())
        .collect();
    if wrong.is_empty() {
        return PartsVerdict::Undecided;
    }
    wrong.sort();
    PartsVerdict::Wrong(wrong)
}

/// Checks a whole base in `threads` parts at once (each part on its own thread; one part runs on
/// the caller's thread). `control` counts the entries examined and can cancel the run, which then
/// ends [`PartsVerdict::Undecided`].
pub fn check_in_parts(base: Arc<Base>, threads: usize, control: &Control) -> PartsVerdict {
    /// Entries between two looks at `control`.
    const SLICE: u64 = 200;
    let threads = threads.max(1);
    let run_part = |part: usize| {
        let mut check = PartCheck::new(base.clone(), part, threads);
        loop {
            if control.is_cancelled() {
                return PartReport::default();
            }
            let before = check.progress().0;
            let done = check.step(SLICE) == Step::Done(());
            control.add_nodes((check.progress().0 - before) as u64);
            if done {
                return check.finish();
            }
        }
    };
    let reports: Vec<PartReport> = if threads == 1 {
        vec![run_part(0)] // no thread spawned: this also runs where there are none (wasm)
    } else {
        let run_part = &run_part;
        std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map(|part| scope.spawn(move || run_part(part)))
                .collect();
            let mut reports = vec![run_part(0)];
            // A part that panicked reports nothing: the verdict is then Undecided.
            reports.extend(others.into_iter().map(|h| h.join().unwrap_or_default()));
            reports
        })
    };
    if control.is_cancelled() {
        return PartsVerdict::Undecided;
    }
    combine_parts(&reports)
}

impl Search for PartCheck {
    type Answer = ();

    /// Examines up to `budget` entries.
    fn step(&mut self, budget: u64) -> Step<()> {
        let stop_at = self
            .next
            .saturating_add(budget.min(usize::MAX as u64) as usize);
        while self.next < self.claims.len() {
            if self.next >= stop_at {
                return Step::Running {
                    nodes: self.next as u64,
                    depth: self.claims.len(),
                };
            }
            let claim = &self.claims[self.next];
            let wrong = match claim.local_proof(&self.base, &mut self.won) {
                Proof::Yes => None,
                Proof::No => Some(true),
                Proof::Unknown => Some(false),
            };
            if let Some(wrong) = wrong {
                self.failures.push(PartFailure {
                    lives: claim.position().lives(),
                    entry: claim.describe(),
                    wrong,
                });
            }
            self.next += 1;
        }
        Step::Done(())
    }
}
