//! Running a long job in slices: work for about [`SLICE_MS`], post progress, yield to the worker's event
//! loop, read the requests that arrived meanwhile (a matching `Cancel` stops the job, others wait their
//! turn), and go on. Every kind of job the worker runs implements [`Sliced`].

use super::heap_job::HeapJob;
use super::learn_job::MisereJob;
use super::lookahead_job::LookaheadJob;
use super::protocol::{Request, RequestId, Response};
use super::run_budget::{memory_bytes, RunBudget};
use super::sprouts_job::SproutsJob;
use futures::{FutureExt, SinkExt, StreamExt};
use std::collections::VecDeque;
use yew_agent::reactor::ReactorScope;

/// How long one slice of computation may run before the worker looks at its messages again. Between
/// slices the worker yields with a zero timeout, which browsers clamp to 4 ms: longer slices waste less.
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
        let page_gone = scope.send(job.progress(id)).await.is_err();
        if !page_gone {
            gloo::timers::future::TimeoutFuture::new(0).await;
        }
        if page_gone || cancel_requested(id, scope, queue) {
            job.stop().await;
            return Err(Response::Cancelled { id });
        }
    }
    Ok(job)
}

/// Reads the requests that have arrived without waiting; queues all but a cancel of `id`.
fn cancel_requested(id: RequestId, scope: &mut Scope, queue: &mut VecDeque<Request>) -> bool {
    let mut cancelled = false;
    while let Some(Some(request)) = scope.next().now_or_never() {
        match request {
            Request::Cancel { id: target } if target == id => cancelled = true,
            Request::Cancel { .. } => {}
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
        let work = SproutsJob::progress(self);
        Response::SearchProgress {
            id,
            nodes: work.nodes,
            children_done: work.children_done,
            children: work.children,
            depth: work.depth,
            stored: work.stored,
        }
    }
    async fn stop(self) {
        SproutsJob::stop(self).await
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
