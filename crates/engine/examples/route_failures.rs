//! Study aid (not a test): the moves the router does not draw exactly, written to a folder as SVG
//! pictures and JSON drawings (with the child wanted) to look at, with the time each route took.
//!
//! * `four`: every position of the 4-spot game, explored as the slow route test does;
//! * `random [games]`: the random 5- to 8-spot games of the slow route test;
//! * `bench [games]`: the random 5- to 8-spot games of the draw bench's routing table.
//!
//! `cargo run --release -p sprague-engine --example route_failures -- /tmp/route-fail four`

use std::collections::HashSet;
use std::fs;
use std::time::Instant;

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

/// Counts and times of the routes tried.
#[derive(Default)]
struct Tally {
    routed: usize,
    failed: usize,
    routed_secs: f64,
    failed_secs: f64,
    slowest_failure: f64,
}

/// Routes every drawable child of `d`, writing the failures to `dir`; returns the drawings after
/// the routed moves.
fn route_all(d: &Drawing, dir: &str, label: &str, tally: &mut Tally) -> Vec<Drawing> {
    let position = d.position().unwrap();
    let drawable = d.children();
    let mut next = Vec::new();
    for child in position.children() {
        if !drawable.contains(&child) {
            continue;
        }
        let t = Instant::now();
        let routed = d.route(&child);
        let took = t.elapsed().as_secs_f64();
        match routed {
            Some(mv) => {
                tally.routed += 1;
                tally.routed_secs += took;
                next.push(d.play(&mv, None).expect("the move fits its drawing"));
            }
            None => {
                tally.failed_secs += took;
                tally.slowest_failure = tally.slowest_failure.max(took);
                let name = format!("{dir}/{label}-{}", tally.failed);
                fs::write(format!("{name}.svg"), d.to_svg()).unwrap();
                let json = serde_json::json!({
                    "position": position.to_string(),
                    "child": child.to_string(),
                    "drawing": d,
                });
                fs::write(format!("{name}.json"), json.to_string()).unwrap();
                println!("{name}: {position} -> {child} ({:.0} ms)", took * 1000.0);
                tally.failed += 1;
            }
        }
    }
    next
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/route-fail".into());
    let mode = args.next().unwrap_or_else(|| "random".into());
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(4);
    fs::create_dir_all(&dir).expect("output folder");
    let mut tally = Tally::default();
    if mode == "four" {
        let start = Drawing::start(4);
        let mut seen: HashSet<Position> = HashSet::new();
        seen.insert(start.position().unwrap());
        let mut frontier = vec![start];
        while let Some(d) = frontier.pop() {
            for c in route_all(&d, &dir, "four", &mut tally) {
                if seen.insert(c.position().unwrap()) {
                    frontier.push(c);
                }
            }
        }
    } else {
        let salt = if mode == "bench" { 6151 } else { 7919 };
        for n in 5..=8 {
            for seed in 1..=games {
                let mut rng = Rng(seed * salt + n as u64);
                let mut d = Drawing::start(n);
                let mut step = 0;
                loop {
                    let label = format!("n{n}-g{seed}-s{step}");
                    let mut next = route_all(&d, &dir, &label, &mut tally);
                    if next.is_empty() {
                        break;
                    }
                    let k = rng.below(next.len());
                    d = next.swap_remove(k);
                    step += 1;
                }
            }
        }
    }
    println!(
        "routed {} ({:.1} ms each), not routed {} ({:.0} ms each, slowest {:.0} ms)",
        tally.routed,
        1000.0 * tally.routed_secs / tally.routed.max(1) as f64,
        tally.failed,
        1000.0 * tally.failed_secs / tally.failed.max(1) as f64,
        1000.0 * tally.slowest_failure,
    );
}
