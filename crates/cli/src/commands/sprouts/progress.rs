//! Spinners for long Sprouts commands: a search run in steps, or on other threads within a command's
//! bounds.

use indicatif::{ProgressBar, ProgressStyle};
use sprague_engine::solve::sprouts::{Cancelled, Control, Step};

use crate::commands::budget::Budget;

/// Runs a sliced search with a spinner showing the nodes expanded, checking `budget` between slices:
/// when a bound is passed the search is left (its caller takes back what it proved) and the bound is
/// returned in words. Slices are small so that even a search whose nodes are slow (a position of 30
/// spots and more) looks at the clock often.
pub(super) fn run_within<A>(
    label: &str,
    budget: &Budget,
    mut step: impl FnMut(u64) -> Step<A>,
) -> Result<A, String> {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    loop {
        match step(BOUNDED_SLICE) {
            Step::Done(answer) => {
                bar.finish_and_clear();
                return Ok(answer);
            }
            Step::Running { nodes, depth } => {
                if let Some(bound) = budget.passed_after(nodes) {
                    bar.finish_and_clear();
                    return Err(bound);
                }
                bar.set_message(format!("{label}: {nodes} nodes, depth {depth}"));
                bar.tick();
            }
        }
    }
}

/// Nodes between two looks at a command's bounds in [`run_within`].
const BOUNDED_SLICE: u64 = 500;

/// The cores this process may use (1 when that cannot be told).
pub(super) fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `question` on another thread while this one shows the nodes searched (over every
/// thread of the solver) on a spinner and stops it when it passes a bound of `budget`, with a
/// message naming the bound.
pub(super) fn with_progress<A: Send>(
    label: &str,
    budget: &mut Budget,
    question: impl FnOnce(&Control) -> Result<A, Cancelled> + Send,
) -> Result<A, Box<dyn std::error::Error>> {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let control = Control::new();
    let mut passed = None;
    let answer = std::thread::scope(|scope| {
        let worker = scope.spawn(|| question(&control));
        while !worker.is_finished() {
            bar.set_message(format!(
                "{label}: {} nodes",
                budget.nodes() + control.nodes()
            ));
            bar.tick();
            if passed.is_none() {
                passed = budget.passed(&control);
                if passed.is_some() {
                    control.cancel();
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    bar.finish_and_clear();
    budget.spend(control.nodes());
    match (answer, passed) {
        (Ok(answer), _) => Ok(answer),
        (Err(Cancelled), Some(bound)) => Err(format!("stopped: {bound}").into()),
        (Err(Cancelled), None) => Err("cancelled".into()),
    }
}
