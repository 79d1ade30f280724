//! Running a long job in slices: work for about [`SLICE_MS`], post progress, yield to the worker's event
//! loop, read the requests that arrived meanwhile (a matching `Cancel` stops the job, a matching
//! `HelpFound` is news for it, others wait their turn), and go on. Every kind of job the worker runs implements [`Sliced`].

use super::heap_job::HeapJob;
use super::learn_job::MisereJob;
use super::lookahead_job::LookaheadJob;
use super::protocol::{Request, RequestId, Response, SproutsChild};
use super::run_budget::{memory_bytes, RunBudget};
use super::sprouts_job::{FactsJob, SproutsJob};
use futures::{FutureExt, SinkExt, StreamExt};
use sprague_engine::solve::sprouts::LearnedEntries;
use std::collections::VecDeque;
use yew_agent::reactor::ReactorScope;

/// How long one slice of computation may run before the worker looks at its messages again (and posts
/// its progress).
const SLICE_MS: f64 = 50.0;

pub type Scope = ReactorScope<Request, Response>;

/// A job the worker runs in steps far shorter than a slice.
pub trait Sliced: Sized {
    fn is_done(&self) -> bool;
    fn step(&mut self) -> Result<(), String>;
    /// The progress message for request `id`.
    fn progress(&self, id: RequestId) -> Response;
    /// Stops early, keeping what was computed.
    async fn stop(self);
    /// News for the job from a pool worker (`Request::HelpFound`); most jobs have no use for it.
    fn hear(&mut self, _helper: usize, _settled: Vec<SproutsChild>, _nodes: u64) {}
    /// Entries another worker of a pool learned (`Request::TakeLearned`).
    fn take_in(&mut self, _entries: &LearnedEntries) {}
    /// What the job learned since the last slice, for the other workers of its pool.
    fn take_learned(&mut self) -> Option<LearnedEntries> {
        None
    }
    /// Whether stopping now leaves something to answer with (see [`Until`]).
    fn may_stop(&self) -> bool {
        true
    }
}

/// A job run until it is done or, once it may stop, until a deadline (`js_sys::Date::now()` time).
pub struct Until<J> {
    pub job: J,
    pub deadline_ms: f64,
}

impl<J: Sliced> Sliced for Until<J> {
    fn is_done(&self) -> bool {
        self.job.is_done() || (js_sys::Date::now() >= self.deadline_ms && self.job.may_stop())
    }
    fn step(&mut self) -> Result<(), String> {
        self.job.step()
    }
    fn progress(&self, id: RequestId) -> Response {
        self.job.progress(id)
    }
    async fn stop(self) {
        self.job.stop().await
    }
    fn hear(&mut self, helper: usize, settled: Vec<SproutsChild>, nodes: u64) {
        self.job.hear(helper, settled, nodes)
    }
    fn take_in(&mut self, entries: &LearnedEntries) {
        self.job.take_in(entries)
    }
    fn take_learned(&mut self) -> Option<LearnedEntries> {
        self.job.take_learned()
    }
}

/// Runs `job` to its end in slices, or returns the response that ends the request early (an error, or
/// `Cancelled` when the page asked for it or went away, or an error when it passed its
/// [`RunBudget`]).
pub async fn run_in_slices<J: Sliced>(
    id: RequestId,
    mut job: J,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Result<J, Response> {
    let running = Running::start();
    let budget = RunBudget::start(js_sys::Date::now(), memory_bytes());
    while !job.is_done() {
        if let Some(message) = budget.passed(js_sys::Date::now(), memory_bytes()) {
            job.stop().await;
            return Err(Response::Error { id, message });
        }
        let deadline = js_sys::Date::now() + SLICE_MS;
        while !job.is_done() && js_sys::Date::now() < deadline {
            if let Err(message) = job.step() {
                job.stop().await;
                return Err(Response::Error { id, message });
            }
        }
        let mut page_gone = scope.send(job.progress(id)).await.is_err();
        if let Some(entries) = job.take_learned() {
            page_gone |= scope.send(Response::Learned { id, entries }).await.is_err();
        }
        if !page_gone {
            super::event_loop::yield_to_event_loop().await;
        }
        if page_gone || cancel_requested(id, &mut job, scope, queue).await {
            drop(running); // the search has stopped; what it learned is kept below
            job.stop().await;
            return Err(Response::Cancelled { id });
        }
    }
    drop(running);
    Ok(job)
}

/// Counts the jobs computing in this worker in its global `solverJobs` (a cancelled job no longer
/// counts while it keeps what it learned), for DevTools and the end-to-end tests (which check that
/// a cancel stops every worker of a pool).
struct Running;

impl Running {
    fn start() -> Running {
        Running::add(1);
        Running
    }

    fn add(change: i32) {
        let global = js_sys::global();
        let key = wasm_bindgen::JsValue::from_str("solverJobs");
        let running = js_sys::Reflect::get(&global, &key)
            .ok()
            .and_then(|value| value.as_f64())
            .unwrap_or(0.0);
        let _ = js_sys::Reflect::set(&global, &key, &(running + f64::from(change)).into());
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        Running::add(-1);
    }
}

/// Reads the requests that have arrived without waiting: a cancel of `id` is the answer, news for
/// `id` goes to `job`, a ping is answered (the page is watching for a dead worker), cancels and news
/// for requests not running are dropped, the rest is queued.
async fn cancel_requested(
    id: RequestId,
    job: &mut impl Sliced,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> bool {
    let mut cancelled = false;
    while let Some(Some(request)) = scope.next().now_or_never() {
        match request {
            Request::Cancel { id: target } if target == id => cancelled = true,
            Request::Ping { id: ping } => {
                let _ = scope.send(super::pong::pong(ping)).await;
            }
            Request::HelpFound {
                id: target,
                helper,
                settled,
                nodes,
            } if target == id => job.hear(helper, settled, nodes),
            Request::TakeLearned {
                id: target,
                entries,
            } if target == id => job.take_in(&entries),
            Request::Cancel { .. } | Request::HelpFound { .. } | Request::TakeLearned { .. } => {}
            other => queue.push_back(other),
        }
    }
    cancelled
}

impl Sliced for HeapJob {
    fn is_done(&self) -> bool {
        HeapJob::is_done(self)
    }
    fn step(&mut self) -> Result<(), String> {
        HeapJob::step(self)
    }
    fn progress(&self, id: RequestId) -> Response {
        let (done, total) = HeapJob::progress(self);
        Response::Progress { id, done, total }
    }
    async fn stop(self) {
        HeapJob::stop(self).await
    }
}

impl Sliced for SproutsJob {
    fn is_done(&self) -> bool {
        SproutsJob::is_done(self)
    }
    fn step(&mut self) -> Result<(), String> {
        SproutsJob::step(self);
        Ok(())
    }
    fn progress(&self, id: RequestId) -> Response {
        if self.is_helping() {
            return self.share_progress(id, false);
        }
        let work = SproutsJob::progress(self);
        Response::SearchProgress {
            id,
            nodes: work.nodes,
            children_done: work.children_done,
            children: work.children,
            depth: work.depth,
            stored: work.stored,
            workers: work.workers,
        }
    }
    async fn stop(self) {
        SproutsJob::stop(self).await
    }
    fn hear(&mut self, helper: usize, settled: Vec<SproutsChild>, nodes: u64) {
        SproutsJob::hear(self, helper, settled, nodes)
    }
    fn take_in(&mut self, entries: &LearnedEntries) {
        SproutsJob::take_in(self, entries)
    }
    fn take_learned(&mut self) -> Option<LearnedEntries> {
        SproutsJob::take_learned(self)
    }
}

impl Sliced for FactsJob {
    fn is_done(&self) -> bool {
        FactsJob::is_done(self)
    }
    fn step(&mut self) -> Result<(), String> {
        FactsJob::step(self);
        Ok(())
    }
    fn progress(&self, id: RequestId) -> Response {
        let (round, children_done, children) = FactsJob::progress(self);
        Response::SearchProgress {
            id,
            nodes: 0,
            children_done,
            children,
            depth: round,
            stored: 0,
            workers: 1,
        }
    }
    /// Stopping keeps what the tests learned (the base and forms go back to the worker).
    async fn stop(self) {
        let _ = self.finish();
    }
    fn may_stop(&self) -> bool {
        FactsJob::may_stop(self)
    }
}

impl Sliced for MisereJob {
    fn is_done(&self) -> bool {
        MisereJob::is_done(self)
    }
    fn step(&mut self) -> Result<(), String> {
        MisereJob::step(self)
    }
    fn progress(&self, id: RequestId) -> Response {
        let (done, total) = MisereJob::progress(self);
        Response::Progress { id, done, total }
    }
    async fn stop(self) {
        MisereJob::stop(self)
    }
}

impl Sliced for LookaheadJob {
    fn is_done(&self) -> bool {
        LookaheadJob::is_done(self)
    }
    fn step(&mut self) -> Result<(), String> {
        LookaheadJob::step(self);
        Ok(())
    }
    fn progress(&self, id: RequestId) -> Response {
        let (nodes, depth, scored, moves) = LookaheadJob::progress(self);
        Response::LookaheadProgress {
            id,
            nodes,
            depth,
            scored,
            moves,
        }
    }
    async fn stop(self) {
        LookaheadJob::stop(self)
    }
    fn may_stop(&self) -> bool {
        self.has_choice()
    }
}
