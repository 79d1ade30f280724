//! One part of the check of a Sprouts base file, for an import the page spreads over a pool of workers
//! (see `ui::check_pool`): the engine's `PartCheck` in slices, with progress and cancel. The page's own
//! worker checks part 0 and keeps the base it read, so that the import that follows need not read the
//! file again.

use std::cell::RefCell;
use std::sync::Arc;

use super::sprouts_import_job::CheckJob;
use sprague_engine::solve::sprouts::{Base, PartCheck, PartReport};

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

/// Whether `part` of `parts` names a part of a check.
pub fn check_part_numbers(part: usize, parts: usize) -> Result<(), String> {
    if parts == 0 || parts > MAX_PARTS || part >= parts {
        return Err(format!(
            "part {part} of {parts}: a check has 1 to {MAX_PARTS} parts, numbered from 0"
        ));
    }
    Ok(())
}

/// One part of a check (`part` and `parts` passed [`check_part_numbers`]).
pub fn part_check(base: Base, part: usize, parts: usize) -> CheckJob<PartCheck> {
    CheckJob(PartCheck::new(Arc::new(base), part, parts))
}

/// The part's report; the base is kept for the import of `bytes` that follows.
pub fn finish_part(job: CheckJob<PartCheck>, bytes: &[u8]) -> PartReport {
    let base = job.0.base();
    KEPT.with(|kept| *kept.borrow_mut() = Some((bytes.to_vec(), base)));
    job.0.finish()
}
