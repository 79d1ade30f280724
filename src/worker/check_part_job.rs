//! One part of the check of a Sprouts base file, for an import the page spreads over a pool of workers
//! (see `ui::check_pool`): the engine's `PartCheck` in slices, with progress and cancel. The page's own
//! worker checks part 0 and keeps the base it read, so that the import that follows need not read the
//! file again.

use std::cell::RefCell;
use std::sync::Arc;

use super::protocol::{RequestId, Response};
use super::slices::Sliced;
use sprague_engine::solve::sprouts::{Base, PartCheck, PartReport, Step};

/// Entries examined per step: well under a slice (an entry takes about 0.2 ms in the browser).
const STEP_ENTRIES: u64 = 50;

/// Most parts a check may be split into (a page asks for one per core, at most a few).
pub const MAX_PARTS: usize = 64;

thread_local! {
    /// The file of the last part checked here, and the base read from it.
    static KEPT: RefCell<Option<(Vec<u8>, Arc<Base>)>> = const { RefCell::new(None) };
}

/// The base read from `bytes` by the last part checked here, if it was read from these bytes.
pub fn take_kept(bytes: &[u8]) -> Option<Base> {
    let (kept_bytes, base) = KEPT.with(|kept| kept.borrow_mut().take())?;
    (kept_bytes == bytes).then(|| Arc::unwrap_or_clone(base))
}

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

    /// The part's report; the base is kept for the import of `bytes` that follows.
    pub fn finish(self, bytes: &[u8]) -> PartReport {
        let base = self.check.base();
        KEPT.with(|kept| *kept.borrow_mut() = Some((bytes.to_vec(), base)));
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
