//! Benchmark (not a test): misère outcome of single Grundy's-game heaps 0..=N, one after another with
//! one shared memo (as the worker and the CLI do), the positions made only of small heaps decided by the
//! proven misère quotient of heaps up to 28. Prints CPU seconds, positions expanded, memo look-ups and memo
//! size per heap.
//!
//! `cargo bench -p sprague-engine --bench misere_grundy`
//! Environment: MISERE_MAX_HEAP (default 100), MISERE_FROM (first heap printed, default 0), MISERE_FRESH=1
//! (each heap from an empty memo).

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{HeapMisereSearch, MisereQuotient, QuotientLimits};

#[path = "common/measure.rs"]
mod measure;
use measure::{cpu_seconds, env};

fn main() {
    let max_heap = env("MISERE_MAX_HEAP", 100);
    let from = env("MISERE_FROM", 0);
    let game = HeapGame::grundy();
    let t = cpu_seconds();
    let quotient = MisereQuotient::build(&game, 28, QuotientLimits::default()).expect("quotient");
    println!(
        "quotient of heaps <= 28: |Q| = {} in {:.3} s CPU",
        quotient.len(),
        cpu_seconds() - t
    );
    // MISERE_FRESH=1: each heap from an empty memo (its own time, nothing carried over from smaller heaps).
    let fresh = env("MISERE_FRESH", 0) == 1;
    let new_search = || {
        let mut search = HeapMisereSearch::new(&game);
        search.set_shortcuts(vec![quotient.shortcut()]);
        search
    };
    let mut search = new_search();
    println!("heap  outcome  cpu s     nodes    probes     memo");
    let start = cpu_seconds();
    let mut slowest = (0, 0.0);
    for n in 0..=max_heap {
        if fresh {
            if n < from {
                continue;
            }
            search = new_search();
        }
        let (t, nodes, probes) = (cpu_seconds(), search.nodes(), search.memo_probes());
        let outcome = search.outcome(&[n], u64::MAX).expect("outcome");
        let seconds = cpu_seconds() - t;
        if seconds > slowest.1 {
            slowest = (n, seconds);
        }
        if n >= from {
            println!(
                "{n:4}  {outcome:>7?}  {seconds:6.3}  {:8}  {:8}  {:7}",
                search.nodes() - nodes,
                search.memo_probes() - probes,
                search.known_positions()
            );
        }
    }
    let (mixed, pairs) = search.guess_pairs();
    println!("guesses: {pairs} (large heap, small part) pairs met, both outcomes seen for {mixed}");
    println!(
        "heaps 0..={max_heap}: {:.2} s CPU in all, slowest heap {} ({:.3} s)",
        cpu_seconds() - start,
        slowest.0,
        slowest.1
    );
}
