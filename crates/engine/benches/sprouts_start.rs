//! Benchmark (not a test): n-spot starting positions, sequential, each from an empty base.
//! Normal play n = 1..14 and misère n = 1..12: wall time, CPU time, nodes and peak memory per n
//! (the peak is the process's so far unless the kernel lets it be reset; run one n per process, with
//! SPROUTS_MAX_*, for exact peaks).
//! A run that exceeds the time budget is abandoned (the search is sliced, so it can be stopped)
//! and larger n are skipped.
//!
//! `cargo bench -p sprague-engine --bench sprouts_start`
//! Environment: SPROUTS_BUDGET_SECS (CPU seconds per n, default 120), SPROUTS_MAX_NORMAL (14), SPROUTS_MAX_MISERE (12),
//! SPROUTS_MISERE_WHOLE=1 (misère on whole positions instead of simplest forms of small lands).

use std::time::{Duration, Instant};

use sprague_engine::games::sprouts::{clear_canonical_memo, Position};
use sprague_engine::solve::sprouts::{
    Base, MisereFormSearch, MisereSearch, NormalAnswer, NormalSearch, Search as _, Step,
};

#[path = "common/measure.rs"]
mod measure;
use measure::{cpu_seconds, env, peak_mib, reset_peak};

/// Runs slices until done or out of CPU time; returns the answer (None when abandoned) and nodes.
fn run<A>(budget: Duration, mut step: impl FnMut() -> Step<A>) -> (Option<A>, u64) {
    let start = cpu_seconds();
    loop {
        match step() {
            Step::Done(answer) => return (Some(answer), 0),
            Step::Running { nodes, .. } if cpu_seconds() - start > budget.as_secs_f64() => {
                return (None, nodes)
            }
            Step::Running { .. } => {}
        }
    }
}

fn main() {
    let budget = Duration::from_secs(env("SPROUTS_BUDGET_SECS", 120));
    println!("play    n  outcome  seconds  cpu s    nodes  peak MiB");
    for n in 1..=env("SPROUTS_MAX_NORMAL", 14) as usize {
        reset_peak();
        clear_canonical_memo(); // each n cold
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let mut search = NormalSearch::losing(&Position::start(n).unwrap(), 0, Base::new());
        let (answer, _) = run(budget, || search.step(2_000));
        let (seconds, cpu) = (start.elapsed().as_secs_f64(), cpu_seconds() - cpu);
        let outcome = match answer {
            Some(NormalAnswer::Losing(true)) => "P",
            Some(_) => "N",
            None => "-",
        };
        println!(
            "normal {n:2}  {outcome:>7}  {seconds:7.2}  {cpu:7.2}  {:>7}  {:>8}",
            search.nodes(),
            peak_mib()
        );
        if answer.is_none() {
            println!(
                "normal {n:2}: abandoned after {} CPU s; larger n skipped",
                budget.as_secs()
            );
            break;
        }
    }
    for n in 1..=env("SPROUTS_MAX_MISERE", 12) as usize {
        reset_peak();
        clear_canonical_memo(); // each n cold
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let start_position = Position::start(n).unwrap();
        // Misère on simplest forms of small lands, or (SPROUTS_MISERE_WHOLE=1) on whole positions.
        let (answer, nodes) = if env("SPROUTS_MISERE_WHOLE", 0) == 1 {
            let mut search = MisereSearch::new(&start_position, Base::new());
            let (answer, _) = run(budget, || search.step(2_000));
            (answer, search.nodes())
        } else {
            let mut search = MisereFormSearch::new(&start_position, Base::new());
            let (answer, _) = run(budget, || search.step(2_000));
            (answer, search.nodes())
        };
        let (seconds, cpu) = (start.elapsed().as_secs_f64(), cpu_seconds() - cpu);
        let outcome = match answer {
            Some(true) => "P",
            Some(false) => "N",
            None => "-",
        };
        println!(
            "misère {n:2}  {outcome:>7}  {seconds:7.2}  {cpu:7.2}  {nodes:>7}  {:>8}",
            peak_mib()
        );
        if answer.is_none() {
            println!(
                "misère {n:2}: abandoned after {} CPU s; larger n skipped",
                budget.as_secs()
            );
            break;
        }
    }
}
