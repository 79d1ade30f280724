//! Checking a large base file in parts on a pool of solver workers, one per core (at most
//! [`MAX_WORKERS`]): each worker re-derives its share of the entries from the others (the engine's
//! `check_parts`), the page only passes messages and adds up their progress, and the page's own solver
//! worker then decides from the parts' reports (`Request::ImportBase { parts }`). The page's worker
//! checks part 0 itself (and keeps the base it read for the import); the others are new workers,
//! ended when this returns (their bridges are dropped), whatever the outcome.

use super::asking::REDRAW_MS;
use super::solver::{next_request_id, WORKER_PATH};
use crate::worker::codec::MessageCodec;
use crate::worker::protocol::{Request, RequestId, Response};
use crate::worker::SolverReactor;
use futures::channel::{mpsc, oneshot};
use futures::stream::FusedStream;
use futures::{stream, FutureExt, StreamExt};
use sprague_engine::solve::sprouts::PartReport;
use yew::Callback;
use yew_agent::reactor::ReactorSpawner;

/// Most workers a check is spread over: each holds the whole base, so memory grows with them.
pub const MAX_WORKERS: usize = 4;

/// Files smaller than this are checked by the page's worker alone: starting a pool costs more than it
/// saves (a base of this size has a few thousand entries, checked in about a second).
pub const MIN_POOL_BYTES: usize = 64 * 1024;

/// A pool silent this long has a worker that died (out of memory, say): the page's worker then checks
/// the file alone. Each working part reports progress several times a second.
const STALL_MS: u32 = 30_000;

/// How a check in parts ended.
pub enum PoolOutcome {
    /// Every part's report.
    Reports(Vec<PartReport>),
    /// The file is not a Sprouts base, or a part failed: the page's worker checks it alone.
    NotInParts,
    Cancelled,
}

/// Workers for a check: one per core the browser reports, 1 to [`MAX_WORKERS`].
pub fn pool_size() -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (cores as usize).clamp(1, MAX_WORKERS)
}

/// The page's own solver worker, as the pool sees it: how to send it a request, and its answers to the
/// request with id `part_id` (the page passes them on).
pub struct PageWorker {
    pub send: Callback<Request>,
    pub part_id: RequestId,
    pub answers: mpsc::UnboundedReceiver<Response>,
}

/// Checks `bytes` in [`pool_size`] parts: part 0 on the page's worker, each other on a new worker;
/// `progress` hears the entries examined of all, summed over the parts. Sending on `cancel`'s other
/// end (or dropping it) stops the check.
pub async fn check_in_parts(
    bytes: &[u8],
    page_worker: PageWorker,
    progress: impl Fn(u64, u64),
    cancel: oneshot::Receiver<()>,
) -> PoolOutcome {
    let PageWorker {
        send,
        part_id,
        answers,
    } = page_worker;
    let parts = pool_size();
    send.emit(Request::CheckPart {
        id: part_id,
        bytes: bytes.to_vec(),
        part: 0,
        parts,
    });
    let others = (1..parts).map(|part| {
        let bridge = ReactorSpawner::<SolverReactor>::new()
            .encoding::<MessageCodec>()
            .spawn(WORKER_PATH);
        bridge.send_input(Request::CheckPart {
            id: next_request_id(),
            bytes: bytes.to_vec(),
            part,
            parts,
        });
        bridge.map(move |response| (part, response)).boxed_local()
    });
    let own = answers.map(|response| (0, response)).boxed_local();
    let responses = stream::select_all(std::iter::once(own).chain(others));
    let outcome = gather(responses, parts, progress, cancel, STALL_MS, REDRAW_MS).await;
    if !matches!(outcome, PoolOutcome::Reports(_)) {
        send.emit(Request::Cancel { id: part_id }); // the page's worker stops its part too
    }
    outcome
}

/// The parts' reports, as they come.
async fn gather(
    mut responses: impl FusedStream<Item = (usize, Response)> + Unpin,
    parts: usize,
    progress: impl Fn(u64, u64),
    cancel: oneshot::Receiver<()>,
    stall_ms: u32,
    redraw_ms: f64,
) -> PoolOutcome {
    let mut cancel = cancel.fuse();
    let mut shown_at = f64::NEG_INFINITY;
    let mut examined = vec![(0u64, 0u64); parts];
    let mut reports: Vec<Option<PartReport>> = vec![None; parts];
    while reports.iter().any(Option::is_none) {
        let next = futures::select! {
            next = responses.next() => next,
            _ = cancel => return PoolOutcome::Cancelled,
            _ = gloo::timers::future::TimeoutFuture::new(stall_ms).fuse() => return PoolOutcome::NotInParts,
        };
        match next {
            Some((part, Response::Progress { done, total, .. })) => {
                examined[part] = (done, total);
                let now = js_sys::Date::now();
                if now - shown_at >= redraw_ms {
                    shown_at = now;
                    let (done, total) = examined
                        .iter()
                        .fold((0, 0), |(d, t), &(done, total)| (d + done, t + total));
                    progress(done, total);
                }
            }
            Some((
                part,
                Response::PartChecked {
                    report: Some(report),
                    ..
                },
            )) => reports[part] = Some(report),
            // Not a Sprouts base, an error, or a worker gone: the page's worker will say what it is.
            _ => return PoolOutcome::NotInParts,
        }
    }
    PoolOutcome::Reports(reports.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn progress(part: usize, done: u64) -> (usize, Response) {
        let response = Response::Progress {
            id: 1,
            done,
            total: 10,
        };
        (part, response)
    }

    fn checked(part: usize) -> (usize, Response) {
        let report = PartReport {
            entries: 20,
            examined: 10,
            failures: Vec::new(),
        };
        let response = Response::PartChecked {
            id: 1,
            report: Some(report),
        };
        (part, response)
    }

    #[wasm_bindgen_test]
    async fn the_reports_of_every_part_are_gathered_with_summed_progress() {
        let answers = stream::iter([progress(0, 4), progress(1, 6), checked(1), checked(0)]);
        let (_keep, cancel) = oneshot::channel();
        let seen = std::cell::RefCell::new(Vec::new());
        let show = |done, total| seen.borrow_mut().push((done, total));
        let outcome = gather(answers.fuse(), 2, show, cancel, 1_000, 0.0).await;
        assert!(matches!(outcome, PoolOutcome::Reports(reports) if reports.len() == 2));
        assert_eq!(seen.into_inner(), [(4, 10), (10, 20)]);
    }

    #[wasm_bindgen_test]
    async fn the_bar_is_redrawn_at_most_once_per_interval() {
        // Four reports at once, with a minute between redraws: only the first is drawn.
        let answers = stream::iter([progress(0, 4), progress(1, 6), progress(0, 8), checked(1)])
            .chain(stream::iter([checked(0)]));
        let (_keep, cancel) = oneshot::channel();
        let seen = std::cell::RefCell::new(Vec::new());
        let show = |done, total| seen.borrow_mut().push((done, total));
        let outcome = gather(answers.fuse(), 2, show, cancel, 1_000, 60_000.0).await;
        assert!(matches!(outcome, PoolOutcome::Reports(_)));
        assert_eq!(seen.into_inner(), [(4, 10)]);
    }

    #[wasm_bindgen_test]
    async fn a_silent_pool_gives_way_to_the_page_worker() {
        // A part that reported once and then went silent (a worker that died): not waited for ever.
        let answers = stream::iter([progress(0, 4), checked(1)]).chain(stream::pending());
        let (_keep, cancel) = oneshot::channel();
        let outcome = gather(answers.fuse(), 2, |_, _| {}, cancel, 200, 0.0).await;
        assert!(matches!(outcome, PoolOutcome::NotInParts));
    }

    #[wasm_bindgen_test]
    async fn cancel_stops_the_pool() {
        let (stop, cancel) = oneshot::channel();
        stop.send(()).unwrap();
        let outcome = gather(stream::pending().fuse(), 2, |_, _| {}, cancel, 10_000, 0.0).await;
        assert!(matches!(outcome, PoolOutcome::Cancelled));
    }
}
