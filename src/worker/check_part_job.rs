//! One part of the check of a Sprouts base file, for an import the page spreads over a pool of workers
//! (see `ui::check_pool`): the engine's `PartCheck` in slices, with progress and cancel.

use std::sync::Arc;

use super::protocol::{RequestId, Response};
use super::slices::Sliced;
use sprague_engine::solve::sprouts::{Base, PartCheck, PartReport, Step};

/// Entries examined per step: well under a slice (an entry takes about 0.2 ms in the browser).
const STEP_ENTRIES: u64 = 50;

/// Most parts a check may be split into (a page asks for one per core, at most a few).
pub const MAX_PARTS: usize = 64;

pub struct CheckPartJob {
    check: PartCheck,
    done: bool,
}

impl CheckPartJob {
    pub fn new(base: Base, part: usize, parts: usize) -> Result<CheckPartJob, String> {
        if parts == 0 || parts > MAX_PARTS || part >= parts {
            return Err(format!(
                "part {part} of {parts}: a check has 1 to {MAX_PARTS} parts, numbered from 0"
            ));
        }
        Ok(CheckPartJob {
            check: PartCheck::new(Arc::new(base), part, parts),
            done: false,
        })
    }

    pub fn finish(self) -> PartReport {
        self.check.finish()
    }
}

impl Sliced for CheckPartJob {
    fn is_done(&self) -> bool {
        self.done
    }

    fn step(&mut self) -> Result<(), String> {
        if let Step::Done(()) = self.check.step(STEP_ENTRIES) {
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
