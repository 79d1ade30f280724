//! Checking a large base file in parts on a pool of solver workers, one per core (at most
//! [`MAX_WORKERS`]): each worker re-derives its share of the entries from the others (the engine's
//! `check_parts`), the page only passes messages and adds up their progress, and the page's own solver
//! worker then decides from the parts' reports (`Request::ImportBase { parts }`). The page's worker
//! checks part 0 itself (and keeps the base it read for the import); the others are new workers,
//! ended when this returns (their bridges are dropped), whatever the outcome. A new worker that dies
//! (out of memory, say) is noticed as the page notices its own (`solver_watch`): a ping it leaves
//! unanswered; the page's worker then checks the file alone.

use super::asking::REDRAW_MS;
use super::solver::{next_request_id, WORKER_PATH};
use super::solver_watch::{Check, Watchdog, PING_EVERY_MS};
use super::worker_handles;
use crate::worker::codec::MessageCodec;
use crate::worker::protocol::{Request, RequestId, Response};
use crate::worker::SolverReactor;
use futures::channel::{mpsc, oneshot};
use futures::stream::FusedStream;
use futures::{stream, FutureExt, SinkExt, StreamExt};
use sprague_engine::solve::sprouts::PartReport;
use yew::Callback;
use yew_agent::reactor::ReactorSpawner;

/// Most workers a check is spread over: each holds the whole base, so memory grows with them.
pub const MAX_WORKERS: usize = 4;

/// Files smaller than this are checked by the page's worker alone: starting a pool costs more than it
/// saves (a base of this size has a few thousand entries, checked in about a second).
pub const MIN_POOL_BYTES: usize = 64 * 1024;

/// How often the pool's workers are looked at between their messages (pinged when due, given up when
/// silent: see `solver_watch`).
const WATCH_EVERY_MS: u32 = (PING_EVERY_MS / 2.0) as u32;

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
    let mut dogs = Vec::new();
    let mut senders = Vec::new();
    let mut others = Vec::new();
    let mut handles = Vec::new();
    for part in 1..parts {
        let bridge = ReactorSpawner::<SolverReactor>::new()
            .encoding::<MessageCodec>()
            .spawn(WORKER_PATH);
        handles.extend(worker_handles::claim_last());
        let (sink, responses) = bridge.split();
        let (send, requests) = mpsc::unbounded::<Request>();
        // Ends when `send` is dropped, with this check: the bridge goes with it.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = requests.map(Ok).forward(sink.sink_map_err(|_| ())).await;
        });
        let request = Request::CheckPart {
            id: next_request_id(),
            bytes: bytes.to_vec(),
            part,
            parts,
        };
        let mut dog = Watchdog::default();
        dog.sent(&request);
        let _ = send.unbounded_send(request);
        dogs.push(dog);
        senders.push(send);
        others.push(
            responses
                .map(move |response| (part, response))
                .boxed_local(),
        );
    }
    let own = answers.map(|response| (0, response)).boxed_local();
    let responses = stream::select_all(std::iter::once(own).chain(others));
    let ping = |part: usize, request| {
        let _ = senders[part - 1].unbounded_send(request);
    };
    let watch = Watch {
        dogs,
        ping,
        now: js_sys::Date::now,
        every_ms: WATCH_EVERY_MS,
    };
    let outcome = gather(responses, parts, progress, cancel, watch, REDRAW_MS).await;
    // Done with them, whatever happened: one that went silent may be stuck, and would never read the
    // message that asks it to close.
    handles.iter().for_each(web_sys::Worker::terminate);
    if !matches!(outcome, PoolOutcome::Reports(_)) {
        send.emit(Request::Cancel { id: part_id }); // the page's worker stops its part too
    }
    outcome
}

/// The watch on the pool's own workers (parts 1 on): a watchdog each, how to ping part `p`, the clock,
/// and how often to look when no message comes. Passed in, so the rules are tested without waiting.
struct Watch<Ping: Fn(usize, Request), Now: Fn() -> f64> {
    dogs: Vec<Watchdog>,
    ping: Ping,
    now: Now,
    every_ms: u32,
}

impl<Ping: Fn(usize, Request), Now: Fn() -> f64> Watch<Ping, Now> {
    /// Notes what part `part` said (the page's worker, part 0, has its own watch).
    fn heard(&mut self, part: usize, response: &Response) {
        if let Some(dog) = part.checked_sub(1).and_then(|i| self.dogs.get_mut(i)) {
            dog.heard(response);
        }
    }

    /// Pings the busy workers when due; whether one of them has gone silent.
    fn any_silent(&mut self) -> bool {
        let now = (self.now)();
        let mut silent = false;
        for (i, dog) in self.dogs.iter_mut().enumerate() {
            match dog.check(now) {
                Check::Ping(ping) => (self.ping)(i + 1, ping),
                Check::Silent => silent = true,
                Check::Nothing => {}
            }
        }
        silent
    }
}

/// The parts' reports, as they come.
async fn gather(
    mut responses: impl FusedStream<Item = (usize, Response)> + Unpin,
    parts: usize,
    progress: impl Fn(u64, u64),
    cancel: oneshot::Receiver<()>,
    mut watch: Watch<impl Fn(usize, Request), impl Fn() -> f64>,
    redraw_ms: f64,
) -> PoolOutcome {
    let mut cancel = cancel.fuse();
    let mut shown_at = f64::NEG_INFINITY;
    let mut examined = vec![(0u64, 0u64); parts];
    let mut reports: Vec<Option<PartReport>> = vec![None; parts];
    while reports.iter().any(Option::is_none) {
        let next = futures::select! {
            next = responses.next() => Some(next),
            _ = cancel => return PoolOutcome::Cancelled,
            _ = gloo::timers::future::TimeoutFuture::new(watch.every_ms).fuse() => None,
        };
        if let Some(Some((part, response))) = &next {
            watch.heard(*part, response);
        }
        if watch.any_silent() {
            // A worker died (or is stuck): the page's worker will check the file alone.
            web_sys::console::warn_1(
                &"A worker checking a part did not answer: checking alone".into(),
            );
            return PoolOutcome::NotInParts;
        }
        let Some(next) = next else {
            continue; // only time passed
        };
        match next {
            Some((_, Response::Pong { .. })) => {}
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
    use crate::ui::solver_watch::SILENT_MS;
    use std::cell::{Cell, RefCell};
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Watchdogs for `helpers` pool workers, each asked its part (request id 1).
    fn dogs(helpers: usize) -> Vec<Watchdog> {
        (1..=helpers)
            .map(|part| {
                let mut dog = Watchdog::default();
                dog.sent(&Request::CheckPart {
                    id: 1,
                    bytes: Vec::new(),
                    part,
                    parts: helpers + 1,
                });
                dog
            })
            .collect()
    }

    /// A clock that moves on `step_ms` each time it is read.
    fn ticking(clock: &Cell<f64>, step_ms: f64) -> impl Fn() -> f64 + '_ {
        move || {
            clock.set(clock.get() + step_ms);
            clock.get()
        }
    }

    /// The watch of one helper whose clock stands still (it is never taken for dead).
    fn still_watch(clock: &Cell<f64>) -> Watch<impl Fn(usize, Request), impl Fn() -> f64 + '_> {
        Watch {
            dogs: dogs(1),
            ping: |_: usize, _: Request| {},
            now: ticking(clock, 0.0),
            every_ms: 1,
        }
    }

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
        let clock = Cell::new(0.0);
        let outcome = gather(answers.fuse(), 2, show, cancel, still_watch(&clock), 0.0).await;
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
        let clock = Cell::new(0.0);
        let watch = still_watch(&clock);
        let outcome = gather(answers.fuse(), 2, show, cancel, watch, 60_000.0).await;
        assert!(matches!(outcome, PoolOutcome::Reports(_)));
        assert_eq!(seen.into_inner(), [(4, 10)]);
    }

    #[wasm_bindgen_test]
    async fn a_helper_that_leaves_its_ping_unanswered_gives_way_to_the_page_worker() {
        // Part 1 reported once and then went silent (a worker that died): pinged, and given up once
        // the ping has gone unanswered for SILENT_MS, not before.
        let answers = stream::iter([progress(0, 4), progress(1, 4)]).chain(stream::pending());
        let (_keep, cancel) = oneshot::channel();
        let (clock, pings) = (Cell::new(0.0), RefCell::new(Vec::new()));
        let watch = Watch {
            dogs: dogs(1),
            ping: |part: usize, _: Request| pings.borrow_mut().push((part, clock.get())),
            now: ticking(&clock, 1_000.0),
            every_ms: 1,
        };
        let outcome = gather(answers.fuse(), 2, |_, _| {}, cancel, watch, 0.0).await;
        assert!(matches!(outcome, PoolOutcome::NotInParts));
        let pings = pings.into_inner();
        let (part, pinged_at) = pings[pings.len() - 1];
        assert_eq!(part, 1);
        assert!(clock.get() - pinged_at >= SILENT_MS, "given up too soon");
    }

    #[wasm_bindgen_test]
    async fn a_helper_that_answers_its_pings_is_waited_for_however_long_it_works() {
        // Part 1 sends no progress for ten times SILENT_MS, but answers every ping: its report is
        // awaited, and counted.
        let (tell, answers) = mpsc::unbounded();
        tell.unbounded_send(checked(0)).unwrap();
        let (_keep, cancel) = oneshot::channel();
        let clock = Cell::new(0.0);
        let watch = Watch {
            dogs: dogs(1),
            ping: |part: usize, _: Request| {
                let pong = Response::Pong { id: 0, worker: 7 };
                let answer = if clock.get() < 10.0 * SILENT_MS {
                    (part, pong)
                } else {
                    checked(part)
                };
                tell.unbounded_send(answer).unwrap();
            },
            now: ticking(&clock, 1_000.0),
            every_ms: 1,
        };
        let outcome = gather(answers, 2, |_, _| {}, cancel, watch, 0.0).await;
        assert!(matches!(outcome, PoolOutcome::Reports(reports) if reports.len() == 2));
        assert!(clock.get() >= 10.0 * SILENT_MS);
    }

    #[wasm_bindgen_test]
    async fn cancel_stops_the_pool() {
        let (stop, cancel) = oneshot::channel();
        stop.send(()).unwrap();
        let clock = Cell::new(0.0);
        let watch = still_watch(&clock);
        let outcome = gather(stream::pending().fuse(), 2, |_, _| {}, cancel, watch, 0.0).await;
        assert!(matches!(outcome, PoolOutcome::Cancelled));
    }
}
