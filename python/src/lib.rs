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
mod graph;
mod heap;
mod sprouts;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// Runs `work` on a thread of its own; this thread waits without the GIL and takes it back every
/// [`POLL`] to run Python's signal handlers. When one raises (`KeyboardInterrupt` on Ctrl-C),
/// `cancel` is called, the work is waited for (it must then stop quickly), and the error is
/// returned. A panic in `work` is resumed here (pyo3 turns it into `PanicException`).
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
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
            if let Err(interrupt) = py.check_signals() {
                cancel();
                py.detach(move || {
                    let _ = worker.join();
                });
                return Err(interrupt);
            }
        }
        match py.detach(move || worker.join()) {
            Ok(answer) => Ok(answer),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Like [`interruptible`] for work that cannot be cancelled: it runs on a detached thread, and on
/// Ctrl-C the call raises at once while the work runs on to its own end (its result dropped).
pub(crate) fn abandonable<R: Send + 'static>(
    py: Python<'_>,
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
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
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
    heap::register(m)?;
    sprouts::register(m)?;
    graph::register(m)?;
    m.add_class::<base::PyBase>()?;
    Ok(())
}
