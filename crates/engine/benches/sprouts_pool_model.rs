//! Benchmark (not a test): a model of the web app's pool of workers on misère hints, natively
//! (`tests/common/stepped_pool.rs`): the first worker's `SteppedQuestion` and its helpers step in
//! turns (one step = 64 nodes each, as if each had a core), with news every `POOL_EVERY` steps (16:
//! about one 50-ms slice of wasm). No time budget cuts the search for more winning moves.
//! Prints, per position and worker count, the steps until the first worker answers (the wall time
//! of workers with a core each), their ratio to one worker's, the nodes of all workers, and how many
//! entries were handed over (states on forms among them).
//!
//! `cargo bench -p sprague-engine --bench sprouts_pool_model`
//! Environment: POOL_EVERY (default 16), POOL_WORKERS (largest count, default 4).

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, Budgets, SteppedQuestion};

#[path = "common/measure.rs"]
mod measure;
use measure::env;

#[path = "../tests/common/stepped_pool.rs"]
mod stepped_pool;
use stepped_pool::run_pool;

fn question(position: &Position) -> SteppedQuestion {
    let budgets = Budgets {
        more_moves_ms: f64::INFINITY,
        ..Budgets::default()
    };
    SteppedQuestion::new(
        position.clone(),
        true,
        Base::new(),
        None,
        budgets,
        Box::new(|| 0.0),
    )
}

struct Run {
    steps: u64,
    nodes: u64,
    handed: usize,
    states: usize,
    marks: Vec<Option<bool>>,
}

fn pooled(position: &Position, workers: usize, every: u64) -> Run {
    let helpers = (1..workers)
        .map(|part| SteppedQuestion::helping(question(position), part, workers).unwrap())
        .collect();
    let run = run_pool(question(position), helpers, every);
    let nodes = run.first.progress().nodes;
    let answer = run.first.finish().0.expect("the value is known");
    Run {
        steps: run.steps,
        nodes,
        handed: run.handed,
        states: run.states,
        marks: answer.children.iter().map(|(_, wins)| *wins).collect(),
    }
}

fn main() {
    let every: u64 = env("POOL_EVERY", 16);
    let most: usize = env("POOL_WORKERS", 4);
    for text in ["0*5+0*6", "0*6+0*6", "0*5+0*7", "0*6+0*7"] {
        let position: Position = text.parse().unwrap();
        let one = pooled(&position, 1, every);
        for workers in 1..=most {
            let run = match workers {
                1 => None,
                _ => Some(pooled(&position, workers, every)),
            };
            let run = run.as_ref().unwrap_or(&one);
            assert_eq!(
                run.marks, one.marks,
                "{text}: the pool's marks are one worker's"
            );
            println!(
                "misère {text}, {workers} worker(s): {} steps ({:.2} of one worker's), \
                 {} nodes in all, {} entries handed ({} of them states on forms)",
                run.steps,
                run.steps as f64 / one.steps as f64,
                run.nodes,
                run.handed,
                run.states
            );
        }
    }
}
