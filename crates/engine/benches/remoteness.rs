//! How far the remoteness search reaches: the time and the positions it values for a position and all its
//! moves (what a review or "Show values" asks), growing until a step takes over 3 s or passes the default
//! budget. `cargo bench -p sprague-engine --bench remoteness`.

use std::time::Instant;

use sprague_engine::games::graph::{Graph, GraphPosition};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::remoteness::{RemotenessSearch, DEFAULT_MAX_NODES};

fn main() {
    println!(
        "remoteness and every move's value from a fresh search, default budget {DEFAULT_MAX_NODES}"
    );
    for misere in [false, true] {
        let play = if misere { "misère" } else { "normal" };
        for (name, game, sizes) in [
            (
                "0.137 row",
                "0.137",
                (10..=80).step_by(5).collect::<Vec<usize>>(),
            ),
            ("Grundy pile", "grundy", (10..=80).step_by(5).collect()),
            ("Kayles row", "kayles", (10..=80).step_by(5).collect()),
        ] {
            for n in sizes {
                let mut search = RemotenessSearch::heaps(game.parse::<HeapGame>().unwrap(), misere);
                let start = Instant::now();
                let report = search.report(&[n], DEFAULT_MAX_NODES, || true);
                let seconds = start.elapsed().as_secs_f64();
                println!(
                    "{play:>6} {name:<12} {n:>3}: {seconds:>7.3} s {:>9} positions  {}",
                    search.len(),
                    report
                        .remoteness
                        .map_or("not decided".to_string(), |r| format!("remoteness {r}"))
                );
                if seconds > 3.0 || report.remoteness.is_none() {
                    break;
                }
            }
        }
        let graphs = [
            ("grid 3x3", Graph::grid(3, 3).unwrap()),
            ("Petersen", Graph::petersen()),
            ("grid 4x4", Graph::grid(4, 4).unwrap()),
            ("grid 4x5", Graph::grid(4, 5).unwrap()),
            ("grid 5x5", Graph::grid(5, 5).unwrap()),
            ("grid 5x6", Graph::grid(5, 6).unwrap()),
            ("grid 6x6", Graph::grid(6, 6).unwrap()),
        ];
        for (name, graph) in graphs {
            let mut search = RemotenessSearch::graphs(misere);
            let start = Instant::now();
            let report = search.report(&GraphPosition::start(graph), DEFAULT_MAX_NODES, || true);
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "{play:>6} {name:<16}: {seconds:>7.3} s {:>9} positions  {}",
                search.len(),
                report
                    .remoteness
                    .map_or("not decided".to_string(), |r| format!("remoteness {r}"))
            );
            if seconds > 3.0 || report.remoteness.is_none() {
                break;
            }
        }
    }
}
