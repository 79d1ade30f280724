//! A pool of solver workers that help the page's own worker answer a Sprouts question. With the
//! page's worker they make one worker per core the browser reports (at most
//! `check_pool::MAX_WORKERS`); they are started when first needed and kept while the app is open, so
//! each reads the shipped base once.
//!
//! While the page's worker searches the position and then its children from the first, each pool
//! worker settles its share of the children from the last (`Request::SproutsChildren`, see the
//! engine's `SteppedQuestion`). The page passes on what they settle to its worker
//! (`Request::HelpFound`), which answers as it would alone — sooner; and what each worker's search
//! learns to the others (`Response::Learned` → `Request::TakeLearned`: base entries, and misère
//! states on forms, named by the forms' prints since each worker numbers its own), as the engine's
//! threads share what they prove. The pool stops when the page's worker answers, when the person cancels, or
//! when another question is asked.

use super::check_pool::pool_size;
use super::solver::{next_request_id, WORKER_PATH};
use super::solver_watch::{Check, Watchdog};
use super::worker_handles;
use crate::play::setup::Rules;
use crate::worker::codec::MessageCodec;
use crate::worker::panic_report::PanicReport;
use crate::worker::protocol::{Request, RequestId, Response};
use crate::worker::SolverReactor;
use futures::channel::mpsc;
use futures::StreamExt;
use sprague_engine::games::sprouts::Position;
use std::cell::RefCell;
use yew::Callback;
use yew_agent::reactor::ReactorSpawner;

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

#[derive(Default)]
struct Pool {
    /// Each pool worker, in part order (part 1 first), once started.
    workers: Vec<PoolWorker>,
    /// Workers started so far: each one's serial number, so that what a replaced worker says is not
    /// taken for its replacement's.
    started: u32,
    /// The question being helped with.
    helping: Option<Helping>,
}

/// A pool worker: its requests, and the watch on it (a dead one is replaced, see [`watch`]).
struct PoolWorker {
    send: mpsc::UnboundedSender<Request>,
    serial: u32,
    dog: Watchdog,
    /// To end it outright if it stops answering (see `worker_handles`).
    handle: Option<web_sys::Worker>,
}

impl PoolWorker {
    fn send(&mut self, request: Request) {
        self.dog.sent(&request);
        let _ = self.send.unbounded_send(request);
    }
}

struct Helping {
    /// The page worker's request.
    id: RequestId,
    /// Each pool worker's request for its share, in part order.
    shares: Vec<RequestId>,
    /// Sends news to the page's worker.
    forward: Callback<Request>,
    /// The question, sent to the pool's workers once the page's worker has not answered within
    /// its first slice of work (most questions are answered from the base at once).
    question: Option<Question>,
}

/// A Sprouts question, as the pool's workers are asked it.
struct Question {
    position: Position,
    rules: Rules,
    /// Workers in all, the page's included.
    parts: usize,
}

/// Sets the pool to work on the Sprouts question `id` that was just sent to the page's worker
/// (`SproutsAnalyze` or `SproutsComputerMove` of `position`); `forward` sends requests to that worker.
/// Stops the pool's work on any earlier question. Does nothing on a single core.
pub fn help(id: RequestId, position: &Position, rules: Rules, forward: Callback<Request>) {
    stop();
    let parts = pool_size();
    if parts < 2 {
        return;
    }
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        start_workers(&mut pool, parts - 1);
        let shares = (1..parts).map(|_| next_request_id()).collect();
        let question = Question {
            position: position.clone(),
            rules,
            parts,
        };
        pool.helping = Some(Helping {
            id,
            shares,
            forward,
            question: Some(question),
        });
    });
}

/// Sends each pool worker its share of the question, once.
fn send_shares(pool: &mut Pool) {
    let Some(helping) = pool.helping.as_mut() else {
        return;
    };
    let Some(Question {
        position,
        rules,
        parts,
    }) = helping.question.take()
    else {
        return; // sent already
    };
    for (part, (worker, &share)) in pool.workers.iter_mut().zip(&helping.shares).enumerate() {
        worker.send(Request::SproutsChildren {
            id: share,
            position: position.clone(),
            rules,
            part: part + 1,
            parts,
        });
    }
}

/// Called with every response the page's worker sends: what it learned goes to the pool's workers,
/// and once it has answered the question helped with (or said why not, or turned to a lookahead
/// search for the computer's move), the pool stops. Returns whether the response was the pool's
/// business only (not for the page).
pub fn page_worker_said(response: &Response) -> bool {
    if let Response::Learned { id, entries } = response {
        POOL.with(|pool| {
            let pool = &mut *pool.borrow_mut();
            if let Some(helping) = pool.helping.as_ref().filter(|helping| helping.id == *id) {
                for (worker, &share) in pool.workers.iter_mut().zip(&helping.shares) {
                    worker.send(Request::TakeLearned {
                        id: share,
                        entries: entries.clone(),
                    });
                }
            }
        });
        return true;
    }
    let helped = POOL.with(|pool| pool.borrow().helping.as_ref().map(|helping| helping.id));
    if helped != Some(response.id()) {
        return false;
    }
    match response {
        // Still searching after a slice: the pool joins in.
        Response::Progress { .. } | Response::SearchProgress { .. } => {
            POOL.with(|pool| send_shares(&mut pool.borrow_mut()))
        }
        // Said after the answer: the pool has stopped already.
        Response::NotSaved { .. } => {}
        // The answer, an error, or the computer's lookahead once the exact search ran out of time:
        // the children the pool settles are of no more use.
        _ => stop(),
    }
    false
}

/// Stops the pool's work (its workers keep what they learned, and stay for the next question).
pub fn stop() {
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        // Only the shares sent are running.
        if let Some(helping) = pool.helping.take().filter(|h| h.question.is_none()) {
            for (worker, id) in pool.workers.iter_mut().zip(helping.shares) {
                worker.send(Request::Cancel { id });
            }
        }
    });
}

/// Starts pool workers until there are `count`.
fn start_workers(pool: &mut Pool, count: usize) {
    while pool.workers.len() < count {
        let part = pool.workers.len() + 1;
        let worker = start_worker(pool, part);
        pool.workers.push(worker);
    }
}

/// Starts the worker for share `part`.
fn start_worker(pool: &mut Pool, part: usize) -> PoolWorker {
    pool.started += 1;
    let serial = pool.started;
    let bridge = ReactorSpawner::<SolverReactor>::new()
        .encoding::<MessageCodec>()
        .spawn(WORKER_PATH);
    let handle = worker_handles::claim_last();
    let (send, requests) = mpsc::unbounded();
    let (sink, responses) = bridge.split();
    wasm_bindgen_futures::spawn_local(async move {
        let _ = requests.map(Ok).forward(sink).await;
    });
    wasm_bindgen_futures::spawn_local(responses.for_each(move |response| {
        pass_on(part, serial, response);
        async {}
    }));
    let mut worker = PoolWorker {
        send,
        serial,
        dog: Watchdog::default(),
        handle,
    };
    // Reads the base now: a question that needs the pool will not wait for it.
    worker.send(Request::ReadSproutsBase {
        id: next_request_id(),
    });
    worker
}

/// Pings the busy pool workers now and then (`now_ms`), and replaces a silent one.
pub fn watch(now_ms: f64) {
    POOL.with(|pool| {
        let pool = &mut *pool.borrow_mut();
        let mut silent = Vec::new();
        for (i, worker) in pool.workers.iter_mut().enumerate() {
            match worker.dog.check(now_ms) {
                Check::Ping(ping) => worker.send(ping),
                Check::Silent => silent.push(i),
                Check::Nothing => {}
            }
        }
        for i in silent {
            replace(pool, i, "it did not answer for a long time");
        }
    });
}

/// A panic report: if it is from a pool worker, that worker is replaced.
pub fn heard_panic(report: &PanicReport) {
    POOL.with(|pool| {
        let pool = &mut *pool.borrow_mut();
        if let Some(i) = pool
            .workers
            .iter()
            .position(|w| w.dog.is_worker(report.worker))
        {
            replace(pool, i, &report.message);
        }
    });
}

/// Replaces the dead pool worker `i` by a new one. Its share of the question under way is not given
/// again (the page's worker settles every child by itself, the pool only makes it sooner; and the
/// share may be what killed it): the new worker waits for the next question.
fn replace(pool: &mut Pool, i: usize, why: &str) {
    web_sys::console::warn_1(&format!("Restarting pool worker {}: {why}", i + 1).into());
    let new = start_worker(pool, i + 1);
    if let Some(stuck) = std::mem::replace(&mut pool.workers[i], new).handle {
        stuck.terminate(); // a stuck worker never reads the message that asks it to close
    }
}

/// What pool worker `part` (the one started `serial`-th) says about the question helped with: the
/// children it settled go to the page's worker, what it learned to the page's worker and the other
/// pool workers.
fn pass_on(part: usize, serial: u32, response: Response) {
    let forward = POOL.with(|pool| {
        let pool = &mut *pool.borrow_mut();
        let worker = pool
            .workers
            .get_mut(part - 1)
            .filter(|w| w.serial == serial)?;
        worker.dog.heard(&response);
        let helping = pool.helping.as_ref()?;
        if helping.shares.get(part - 1) != Some(&response.id()) {
            return None; // about an earlier question
        }
        let news = match response {
            Response::ChildrenSettled { settled, nodes, .. } => Request::HelpFound {
                id: helping.id,
                helper: part,
                settled,
                nodes,
            },
            Response::Learned { entries, .. } => {
                let others = pool.workers.iter_mut().zip(&helping.shares).enumerate();
                for (_, (worker, &share)) in others.filter(|(i, _)| i + 1 != part) {
                    worker.send(Request::TakeLearned {
                        id: share,
                        entries: entries.clone(),
                    });
                }
                Request::TakeLearned {
                    id: helping.id,
                    entries,
                }
            }
            _ => return None, // cancelled, or an error: the page's worker goes on alone
        };
        Some((helping.forward.clone(), news))
    });
    if let Some((forward, news)) = forward {
        forward.emit(news);
    }
}
