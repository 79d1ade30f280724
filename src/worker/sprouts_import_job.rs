//! Importing a Sprouts base in the worker: every entry checked against the rules (the engine's
//! `BaseCheck`: re-derived from entries already verified, or computed by the solver under a budget) in
//! slices, with progress and cancel. Only what was verified is merged into the stored base; a file with a
//! wrong entry changes nothing.

use super::protocol::{RequestId, Response};
use super::slices::Sliced;
use sprague_engine::solve::sprouts::{Base, BaseCheck, CheckOptions, CheckReport, Step};

/// Units of work per step (entries examined, solver nodes): well under a slice.
const STEP_WORK: u64 = 2_000;

pub struct SproutsImportJob {
    check: BaseCheck,
    done: bool,
}

impl SproutsImportJob {
    pub fn new(claimed: &Base) -> SproutsImportJob {
        SproutsImportJob {
            check: BaseCheck::new(claimed, CheckOptions::default()),
            done: false,
        }
    }

    /// The report and the base of what was verified.
    pub fn finish(self) -> (CheckReport, Base) {
        self.check.finish()
    }
}

impl Sliced for SproutsImportJob {
    fn is_done(&self) -> bool {
        self.done
    }

    fn step(&mut self) -> Result<(), String> {
        if let Step::Done(()) = self.check.step(STEP_WORK) {
            self.done = true;
        }
        Ok(())
    }

    fn progress(&self, id: RequestId) -> Response {
        let (done, total) = self.check.progress();
        Response::Progress {
            id,
            done: done as u64,
            total: total as u64,
        }
    }

    async fn stop(self) {}
}
