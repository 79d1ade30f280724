//! How the cost of what `sprague analyze`, `seq` and `graph solve` do grows with the size asked for
//! (issue 38): heaps of 10^3 … 10^6 (values, outcome, every winning move and the remoteness search's
//! answer; the sequence alone), and Node Kayles on 16 … 64 vertices (paths, 8-wide grids, sparse
//! random graphs). Each run is the engine's work for one command from a fresh start, bounded at
//! `GROWTH_SECONDS` (default 20) like the CLI's `--max-seconds`; it prints wall and CPU time and the
//! ratio to the size before. `cargo bench -p sprague-engine --bench growth`.
//!
//! What to expect: a game with a proven period (0.137) grows linearly — its values past the proof
//! are copied, and the winning moves are a scan of the heap's moves; Grundy's game has no known period
//! and its values cost about n^1.2 (the rare/common method); Node Kayles is PSPACE-complete, linear
//! on paths (their components are paths again) and exponential on grids and random graphs.

#[path = "common/measure.rs"]
mod measure;

use std::time::Instant;

use sprague_engine::games::graph::{Graph, GraphPosition};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::graph::{GraphBudget, GraphSolver};
use sprague_engine::solve::heap::{analyze, NimSequence};
use sprague_engine::solve::remoteness::{RemotenessSearch, DEFAULT_MAX_NODES};

/// What a run ended with: its answer in a few words, or that the bound stopped it.
type Outcome = String;

/// Times `run` (given a `go_on` that turns false after the bound) and prints a line, with the ratio
/// to the `before` run's wall time; returns the wall time, or `None` when the bound stopped it.
fn timed(
    label: &str,
    size: usize,
    before: Option<(usize, f64)>,
    run: impl FnOnce(&mut dyn FnMut() -> bool) -> Option<Outcome>,
) -> Option<f64> {
    let bound = measure::env("GROWTH_SECONDS", 20.0);
    let (started, cpu) = (Instant::now(), measure::cpu_seconds());
    let mut go_on = || started.elapsed().as_secs_f64() < bound;
    let outcome = run(&mut go_on);
    let (wall, cpu) = (
        started.elapsed().as_secs_f64(),
        measure::cpu_seconds() - cpu,
    );
    let ratio = before.map_or(String::new(), |(size_before, wall_before)| {
        format!(
            "  x{:.1} for x{:.1} the size",
            wall / wall_before,
            size as f64 / size_before as f64
        )
    });
    let said = outcome
        .as_deref()
        .unwrap_or("stopped at the bound")
        .to_string();
    println!("  {label} {size:>8}: {wall:>8.3} s wall {cpu:>8.3} s CPU{ratio}  ({said})");
    outcome.map(|_| wall)
}

/// A series of runs of growing size; it ends at the first run the bound stops.
fn series(
    title: &str,
    sizes: &[usize],
    mut run: impl FnMut(usize, &mut dyn FnMut() -> bool) -> Option<Outcome>,
) {
    println!("{title}");
    let mut before = None;
    for &size in sizes {
        match timed("", size, before, |go_on| run(size, go_on)) {
            Some(wall) => before = Some((size, wall)),
            None => break,
        }
    }
}

/// `sprague analyze CODE HEAPS`: values up to the largest heap, every winning move, the remoteness.
fn analyze_heaps(code: &str, heaps: &[usize], go_on: &mut dyn FnMut() -> bool) -> Option<Outcome> {
    let game: HeapGame = code.parse().expect("a code");
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut sequence = NimSequence::new(&game);
    if !sequence
        .extend_with_progress(largest + 1, 8, |_| go_on())
        .expect("within the sequence's limits")
    {
        return None;
    }
    let analysis = analyze(&game, &sequence, heaps).expect("analysed");
    let remoteness =
        RemotenessSearch::heaps(game, false).report(heaps, DEFAULT_MAX_NODES, &mut *go_on);
    Some(format!(
        "nimber {}, {} winning moves, remoteness {}",
        analysis.nimber,
        analysis.winning_moves.len(),
        remoteness
            .remoteness
            .map_or_else(|| "not decided".to_string(), |r| r.to_string())
    ))
}

/// `sprague seq CODE --to N`.
fn sequence(code: &str, len: usize, go_on: &mut dyn FnMut() -> bool) -> Option<Outcome> {
    let game: HeapGame = code.parse().expect("a code");
    let mut sequence = NimSequence::new(&game);
    let done = sequence
        .extend_with_progress(len, 8, |_| go_on())
        .expect("within the sequence's limits");
    done.then(|| match sequence.proven_period() {
        Some(period) => format!("period {period} proven; the rest copied"),
        None => "no period proven".to_string(),
    })
}

/// `sprague graph solve`: nimber, outcome, winning moves, then the remoteness search.
fn graph_solve(graph: Graph, go_on: &mut dyn FnMut() -> bool) -> Option<Outcome> {
    let position = GraphPosition::start(graph);
    let mut solver = GraphSolver::new(GraphBudget::megabytes(2048));
    let analysis = solver
        .analyze_while(&position, false, 1 << 14, &mut *go_on)
        .expect("within the table budget")?;
    let remoteness = RemotenessSearch::graphs(false).report(&position, DEFAULT_MAX_NODES, go_on);
    Some(format!(
        "{:?}, {} positions, remoteness {}",
        analysis.outcome,
        solver.positions(),
        remoteness
            .remoteness
            .map_or_else(|| "not decided".to_string(), |r| r.to_string())
    ))
}

fn main() {
    let heaps = [1_000, 10_000, 100_000, 1_000_000];
    series("analyze 0.137 N (one heap)", &heaps, |n, go_on| {
        analyze_heaps("0.137", &[n], go_on)
    });
    series(
        "analyze 0.137 N-1 N N+3 (three heaps)",
        &heaps,
        |n, go_on| analyze_heaps("0.137", &[n - 1, n, n + 3], go_on),
    );
    series("analyze grundy N (no known period)", &heaps, |n, go_on| {
        analyze_heaps("grundy", &[n], go_on)
    });
    series("seq 0.137 --to N", &heaps, |n, go_on| {
        sequence("0.137", n, go_on)
    });
    series("seq grundy --to N", &heaps, |n, go_on| {
        sequence("grundy", n, go_on)
    });
    let vertices = [16, 32, 48, 64];
    series("graph solve path:N", &vertices, |n, go_on| {
        graph_solve(Graph::preset(&format!("path:{n}")).expect("a path"), go_on)
    });
    series("graph solve grid:(N/8)x8", &vertices, |n, go_on| {
        graph_solve(Graph::grid(n / 8, 8).expect("a grid"), go_on)
    });
    series("graph solve random:N:0.1:1", &vertices, |n, go_on| {
        graph_solve(
            Graph::preset(&format!("random:{n}:0.1:1")).expect("a random graph"),
            go_on,
        )
    });
}
