//! `sprague._sprague`: the native part of the Python package `sprague`. Every answer comes from
//! Sprague's engine (`sprague-engine`), called as the `sprague` CLI calls it; nothing here knows the
//! rules of a game. The public Python API (`sprague.heap`, `sprague.sprouts`, `sprague.graph`,
//! `sprague.Base`) is in `python/sprague/`, thin typed wrappers over the functions of this module.
//!
//! Long work runs on a thread of its own while the calling thread waits without the GIL, taking it
//! back every [`POLL`] to look for a signal: Ctrl-C cancels the work (through the engine's
//! [`Control`](sprague_engine::solve::sprouts::Control) or a progress callback) and raises
//! `KeyboardInterrupt`.

mod base;
mod distributed;
mod graph;
mod heap;
mod remoteness;
mod sprouts;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague_engine::solve::bounds::{Budget, Limits, Passed};

/// As in the CLI: the searches allocate many small short-lived vectors, which mimalloc serves
/// faster than the system allocator. (Only the Rust side of the module allocates through it.)
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How often a waiting call looks for a signal (Ctrl-C).
const POLL: Duration = Duration::from_millis(100);

/// An engine error (or a bad argument) as Python's `ValueError`, with the engine's message.
pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

pyo3::create_exception!(
    sprague,
    BoundExceeded,
    pyo3::exceptions::PyRuntimeError,
    "A call passed a bound it was given (max_seconds, max_memory, max_nodes) or the default memory \
     budget (a third of the machine's); what it proved is kept in the base it was given, if any."
);

/// The bounds a call takes as keywords (`max_seconds`, `max_memory` in MB, `max_nodes`): the engine's
/// policy, as the CLI's flags; with none given, only the default memory budget applies.
pub(crate) fn budget(
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
    max_nodes: Option<u64>,
) -> PyResult<Budget> {
    if let Some(s) = max_seconds.filter(|s| !(s.is_finite() && *s > 0.0)) {
        return Err(value_error(format!(
            "max_seconds must be a positive number, got {s}"
        )));
    }
    Ok(Budget::new(Limits {
        max_nodes,
        max_seconds,
        max_memory,
    }))
}

/// A bound passed, as the exception a call raises (in the keywords' words).
pub(crate) fn bound_exceeded(passed: Passed) -> PyErr {
    BoundExceeded::new_err(match passed {
        Passed::Nodes { max, nodes } => format!("stopped: passed max_nodes={max} ({nodes} nodes)"),
        Passed::Seconds { max, elapsed } => {
            format!("stopped: passed max_seconds={max} ({elapsed:.1} s)")
        }
        Passed::Memory { max, used } => {
            format!("stopped: passed max_memory={max} ({used} MB in use)")
        }
        Passed::DefaultMemory { max, used } => format!(
            "stopped: passed the default memory budget of {max} MB, a third of this machine's \
             ({used} MB in use); give another as max_memory="
        ),
    })
}

/// Runs `work` on a thread of its own; this thread waits without the GIL and takes it back every
/// [`POLL`] to run Python's signal handlers and to look at `budget` (with `nodes()` the work's
/// count so far). On Ctrl-C (a handler raises `KeyboardInterrupt`) or a bound passed
/// ([`BoundExceeded`]), `cancel` is called, the work is waited for (it must then stop quickly), and
/// the error is returned. A panic in `work` is resumed here (pyo3 turns it into `PanicException`).
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
    (budget, nodes): (&Budget, &(dyn Fn() -> u64 + Sync)),
    cancel: impl FnOnce(),
    work: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    let (done, finished) = mpsc::channel::<()>();
    thread::scope(|scope| {
        let worker = scope.spawn(move || {
            // Dropped when the work returns or panics: the waiting thread then wakes.
            let _done = done;
            work()
        });
        let mut finished = finished;
        loop {
            let (back, over) = py.detach(move || {
                let over = !matches!(finished.recv_timeout(POLL), Err(RecvTimeoutError::Timeout));
                (finished, over)
            });
            finished = back;
            if over {
                break;
            }
            let stop = match py.check_signals() {
                Err(interrupt) => Some(interrupt),
                Ok(()) => budget.passed_after(nodes()).map(bound_exceeded),
            };
            if let Some(error) = stop {
                cancel();
                py.detach(move || {
                    let _ = worker.join();
                });
                return Err(error);
            }
        }
        match py.detach(move || worker.join()) {
            Ok(answer) => Ok(answer),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// No count of nodes: bounds of time and memory only.
pub(crate) fn no_nodes() -> u64 {
    0
}

/// Like [`interruptible`] for work that cannot be cancelled: it runs on a detached thread, and on
/// Ctrl-C or a bound of time or memory passed the call raises at once while the work runs on to its
/// own end (its result dropped).
pub(crate) fn abandonable<R: Send + 'static>(
    py: Python<'_>,
    budget: &Budget,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (answer_tx, answer_rx) = mpsc::channel::<thread::Result<R>>();
    thread::spawn(move || {
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        let _ = answer_tx.send(answer);
    });
    let mut answer_rx = answer_rx;
    loop {
        let (back, answer) = py.detach(move || {
            let answer = answer_rx.recv_timeout(POLL);
            (answer_rx, answer)
        });
        answer_rx = back;
        match answer {
            Ok(Ok(answer)) => return Ok(answer),
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "the worker thread ended without an answer",
                ))
            }
            Err(RecvTimeoutError::Timeout) => {
                py.check_signals()?;
                if let Some(passed) = budget.passed_after(0) {
                    return Err(bound_exceeded(passed));
                }
            }
        }
    }
}

/// A non-negative count or size from Python: negative is a `ValueError` naming `what`; a number too
/// large for the machine becomes `usize::MAX`, which the engine then refuses with its own message.
pub(crate) fn size_arg(value: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    if let Ok(n) = value.extract::<usize>() {
        return Ok(n);
    }
    match value.extract::<i64>() {
        Ok(n) if n < 0 => Err(value_error(format!("{what} must be at least 0, got {n}"))),
        _ => {
            // An int beyond 64 bits (positive: a negative one of that size is refused too).
            let int = value.cast::<pyo3::types::PyInt>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!("{what} must be an int"))
            })?;
            if int.lt(0)? {
                Err(value_error(format!("{what} must be at least 0, got {int}")))
            } else {
                Ok(usize::MAX)
            }
        }
    }
}

#[pymodule]
fn _sprague(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BoundExceeded", m.py().get_type::<BoundExceeded>())?;
    heap::register(m)?;
    sprouts::register(m)?;
    graph::register(m)?;
    distributed::register(m)?;
    m.add_class::<base::PyBase>()?;
    Ok(())
}

/// An outcome as the CLI's JSON writes it.
pub(crate) fn outcome_letter(outcome: sprague_engine::solve::heap::Outcome) -> &'static str {
    match outcome {
        sprague_engine::solve::heap::Outcome::N => "N",
        sprague_engine::solve::heap::Outcome::P => "P",
    }
}
