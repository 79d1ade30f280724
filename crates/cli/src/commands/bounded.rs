//! Long heap and misère commands under a budget of time and memory: the work runs on another thread
//! and asks now and then whether to go on (the engine's `keep_going`); this thread watches the
//! budget, shows a spinner on a terminal (nothing otherwise) and stops the work with a message
//! naming the bound passed.

use std::error::Error;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use sprague_engine::solve::sprouts::Control;

use super::budget::{Bounds, Budget};

/// What a command's work returns: errors cross back from its thread.
pub type WorkResult<A> = Result<A, Box<dyn Error + Send + Sync>>;

/// What the work sees: whether to go on, and where to say how far it got.
pub struct Watch {
    control: Control,
    phase: Mutex<String>,
    done: AtomicU64,
    total: AtomicU64,
}

impl Watch {
    /// False once a bound is passed: the work should stop.
    pub fn keep_going(&self) -> bool {
        !self.control.is_cancelled()
    }

    /// Records `done` (of the phase's total) and answers [`keep_going`](Self::keep_going): the
    /// engine's `keep_going` callbacks. Two relaxed atomics, cheap enough for every heap.
    pub fn step(&self, done: u64) -> bool {
        self.done.store(done, Ordering::Relaxed);
        self.keep_going()
    }

    /// Starts a phase of the work: what the spinner shows, and how many units it counts to (0 when
    /// not known).
    pub fn phase(&self, label: impl Into<String>, total: u64) {
        *self.phase.lock().unwrap_or_else(|e| e.into_inner()) = label.into();
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    fn message(&self) -> String {
        let phase = self.phase.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let (done, total) = (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        );
        match total {
            0 => format!("{phase}: {done}"),
            _ => format!("{phase}: {done}/{total}"),
        }
    }
}

/// Runs `work` within `bounds` (and the default memory budget). When a bound is passed the work is
/// asked to stop, and whatever it returns then, the command fails with `stopped: ` and the bound.
pub fn run_bounded<A: Send>(
    bounds: &Bounds,
    work: impl FnOnce(&Watch) -> WorkResult<A> + Send,
) -> Result<A, Box<dyn Error>> {
    run_within(&Budget::bounded(bounds.clone()), work)
}

/// [`run_bounded`] within a budget whose clock started before (a command of several phases, each
/// within the same bounds counted from the command's start).
pub fn run_within<A: Send>(
    budget: &Budget,
    work: impl FnOnce(&Watch) -> WorkResult<A> + Send,
) -> Result<A, Box<dyn Error>> {
    let watch = Watch {
        control: Control::new(),
        phase: Mutex::new(String::new()),
        done: AtomicU64::new(0),
        total: AtomicU64::new(0),
    };
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let mut passed = None;
    let answer = std::thread::scope(|scope| {
        // The worker hangs up when it ends (or panics), so a quick command is not kept waiting.
        let (ended, ending) = mpsc::channel::<()>();
        let worker = scope.spawn(|| {
            let _ended = ended;
            work(&watch)
        });
        while let Err(RecvTimeoutError::Timeout) = ending.recv_timeout(Duration::from_millis(50)) {
            bar.set_message(watch.message());
            bar.tick();
            if passed.is_none() {
                passed = budget.passed(&watch.control);
                if passed.is_some() {
                    watch.control.cancel();
                }
            }
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    bar.finish_and_clear();
    match (answer, passed) {
        (Ok(answer), _) => Ok(answer),
        (Err(_), Some(bound)) => Err(format!("stopped: {bound}").into()),
        (Err(error), None) => Err(error),
    }
}
