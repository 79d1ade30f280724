//! A pool of solver workers that help the page's own worker answer a Sprouts question. With the page's
//! worker they make one worker per core the browser reports (at most `check_pool::MAX_WORKERS`); they are started
//! when first needed and kept while the app is open, so each reads the shipped base once.
//!
//! While the page's worker searches the position and then its children from the first, each pool
//! worker settles its share of the children from the last (`Request::SproutsChildren`, see
//! `worker::sprouts_job`). The page passes on what they settle to its worker (`Request::HelpFound`),
//! which answers as it would alone — sooner. The pool stops when the page's worker answers, when the
//! person cancels, or when another question is asked.

use super::check_pool::pool_size;
use super::solver::next_request_id;
use super::WORKER_PATH;
use crate::worker::protocol::{Request, RequestId, Response};
use crate::worker::SolverReactor;
use futures::channel::mpsc;
use futures::StreamExt;
use std::cell::RefCell;
use yew::Callback;
use yew_agent::reactor::ReactorSpawner;

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

#[derive(Default)]
struct Pool {
    /// Requests to each pool worker, in part order (part 1 first), once started.
    workers: Vec<mpsc::UnboundedSender<Request>>,
    /// The question being helped with.
    helping: Option<Helping>,
}

struct Helping {
    /// The page worker's request.
    id: RequestId,
    /// Each pool worker's request for its share, in part order.
    shares: Vec<RequestId>,
    /// Sends news to the page's worker.
    forward: Callback<Request>,
}

/// Sets the pool to work on the Sprouts question `id` that was just sent to the page's worker
/// (`SproutsAnalyze` or `SproutsComputerMove` of `position`); `forward` sends requests to that worker.
/// Stops the pool's work on any earlier question. Does nothing on a single core.
pub fn help(id: RequestId, position: &str, misere: bool, forward: Callback<Request>) {
    stop();
    let parts = pool_size();
    if parts < 2 {
        return;
    }
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        start_workers(&mut pool, parts - 1);
        let shares = (1..parts)
            .map(|part| {
                let share = next_request_id();
                let _ = pool.workers[part - 1].unbounded_send(Request::SproutsChildren {
                    id: share,
                    position: position.to_string(),
                    misere,
                    part,
                    parts,
                });
                share
            })
            .collect();
        pool.helping = Some(Helping {
            id,
            shares,
            forward,
        });
    });
}

/// Called with every response the page's worker sends: once it has answered question `id` (or said
/// why not), the pool stops.
pub fn page_worker_said(response: &Response) {
    let progress = matches!(
        response,
        Response::Progress { .. }
            | Response::SearchProgress { .. }
            | Response::LookaheadProgress { .. }
            | Response::NotSaved { .. }
    );
    let helped = POOL.with(|pool| {
        let pool = pool.borrow();
        pool.helping.as_ref().map(|helping| helping.id)
    });
    if !progress && helped == Some(response.id()) {
        stop();
    }
}

/// Stops the pool's work (its workers keep what they learned, and stay for the next question).
pub fn stop() {
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        if let Some(helping) = pool.helping.take() {
            for (worker, id) in pool.workers.iter().zip(helping.shares) {
                let _ = worker.unbounded_send(Request::Cancel { id });
            }
        }
    });
}

/// Starts pool workers until there are `count`.
fn start_workers(pool: &mut Pool, count: usize) {
    while pool.workers.len() < count {
        let part = pool.workers.len() + 1;
        let bridge = ReactorSpawner::<SolverReactor>::new().spawn(WORKER_PATH);
        let (to_worker, requests) = mpsc::unbounded();
        let (sink, responses) = bridge.split();
        wasm_bindgen_futures::spawn_local(async move {
            let _ = requests.map(Ok).forward(sink).await;
        });
        wasm_bindgen_futures::spawn_local(responses.for_each(move |response| {
            pass_on(part, response);
            async {}
        }));
        pool.workers.push(to_worker);
    }
}

/// What pool worker `part` says, passed on to the page's worker if it is about the question helped
/// with.
fn pass_on(part: usize, response: Response) {
    let news = POOL.with(|pool| {
        let pool = pool.borrow();
        let helping = pool.helping.as_ref()?;
        let Response::ChildrenSettled {
            id, settled, nodes, ..
        } = response
        else {
            return None; // cancelled, or an error: the page's worker goes on alone
        };
        (helping.shares.get(part - 1) == Some(&id)).then(|| {
            let news = Request::HelpFound {
                id: helping.id,
                helper: part,
                settled,
                nodes,
            };
            (helping.forward.clone(), news)
        })
    });
    if let Some((forward, news)) = news {
        forward.emit(news);
    }
}
