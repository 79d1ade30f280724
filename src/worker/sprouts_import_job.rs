//! The engine's checks of a Sprouts base file run in slices in the worker, with progress and cancel:
//! the step-by-step check of an import (`BaseCheck`: re-derived from entries already verified, or
//! computed by the solver under a budget; only what was verified is merged into the stored base, and
//! a file with a wrong entry changes nothing), and one part of a check in parts (`PartCheck`, see
//! `check_part_job`).

use super::protocol::{RequestId, Response};
use super::slices::Sliced;
use sprague_engine::solve::sprouts::{
    Base, BaseCheck, CheckOptions, CheckReport, PartCheck, Search,
};

/// A check of entries that works in steps (the engine's [`Search`]) and says how far it has got.
pub trait EntryCheck: Search<Answer = ()> {
    /// Work per step, well under a slice.
    const STEP: u64;
    /// Entries examined, and in all.
    fn progress(&self) -> (usize, usize);
}

impl EntryCheck for BaseCheck {
    /// Units of work (entries examined, solver nodes).
    const STEP: u64 = 2_000;
    fn progress(&self) -> (usize, usize) {
        BaseCheck::progress(self)
    }
}

impl EntryCheck for PartCheck {
    /// Entries (one takes about 0.2 ms in the browser).
    const STEP: u64 = 50;
    fn progress(&self) -> (usize, usize) {
        PartCheck::progress(self)
    }
}

/// A check run by `run_in_slices`; it is done once every entry has been examined.
pub struct CheckJob<C>(pub C);

impl<C: EntryCheck> Sliced for CheckJob<C> {
    fn is_done(&self) -> bool {
        let (examined, all) = self.0.progress();
        examined == all
    }

    fn step(&mut self) -> Result<(), String> {
        self.0.step(C::STEP);
        Ok(())
    }

    fn progress(&self, id: RequestId) -> Response {
        let (done, total) = self.0.progress();
        Response::Progress {
            id,
            done: done as u64,
            total: total as u64,
        }
    }

    async fn stop(self) {}
}

/// The step-by-step check of an imported base.
pub fn import_check(claimed: &Base) -> CheckJob<BaseCheck> {
    CheckJob(BaseCheck::new(claimed, CheckOptions::default()))
}

/// The report and the base of what was verified.
pub fn finish_import(job: CheckJob<BaseCheck>) -> (CheckReport, Base) {
    job.0.finish()
}
