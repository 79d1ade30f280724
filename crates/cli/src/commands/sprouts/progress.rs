//! Spinners for long Sprouts commands: a search run in steps, or on other threads within a command's
//! bounds.

use indicatif::{ProgressBar, ProgressStyle};
use sprague_engine::solve::sprouts::{Cancelled, Control, Step};

use crate::commands::budget::Budget;

/// Runs a sliced search with a spinner showing the nodes expanded.
pub(super) fn run_with_progress<A>(label: &str, mut step: impl FnMut(u64) -> Step<A>) -> A {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    loop {
        match step(20_000) {
            Step::Done(answer) => {
                bar.finish_and_clear();
                return answer;
            }
            Step::Running { nodes, depth } => {
                bar.set_message(format!("{label}: {nodes} nodes, depth {depth}"));
                bar.tick();
            }
        }
    }
}

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
