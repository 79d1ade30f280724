//! Study aid (not a test): how much routed curves wiggle, along random games from 8 to 12 spots:
//! per routed curve the turning that goes back and forth (total absolute turning minus net turning,
//! radians), and the time per route; the drawing at the middle of each game is written as an SVG.
//!
//! `cargo run --release -p sprague-engine --example route_wiggle -- /tmp/route-wiggle [games]`

use std::time::Instant;

use sprague_engine::draw::Drawing;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{back_and_forth, Rng};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/route-wiggle".into());
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(2);
    std::fs::create_dir_all(&dir).expect("output folder");
    let mut excess: Vec<f64> = Vec::new();
    let (mut routed, mut failed, mut time) = (0usize, 0usize, 0.0f64);
    for n in [8, 10, 12] {
        for seed in 1..=games {
            let mut rng = Rng(seed * 7919 + n as u64);
            let mut d = Drawing::start(n);
            let mut step = 0;
            let failed_before = failed;
            loop {
                let position = d.position().unwrap();
                let drawable = d.children();
                let mut next = Vec::new();
                for child in position.children() {
                    if !drawable.contains(&child) {
                        continue;
                    }
                    let t = Instant::now();
                    let mv = d.route(&child);
                    time += t.elapsed().as_secs_f64();
                    match mv {
                        Some(mv) => {
                            routed += 1;
                            excess.push(back_and_forth(mv.points()));
                            next.push(d.play(&mv, None).expect("the move fits its drawing"));
                        }
                        None => failed += 1,
                    }
                }
                if next.is_empty() {
                    break;
                }
                d = next.swap_remove(rng.below(next.len()));
                step += 1;
                if step == n {
                    std::fs::write(format!("{dir}/n{n}-g{seed}-s{step}.svg"), d.to_svg()).unwrap();
                }
            }
            println!(
                "{n} spots, game {seed}: {} moves not routed",
                failed - failed_before
            );
        }
    }
    excess.sort_by(f64::total_cmp);
    let at = |q: f64| excess[((excess.len() - 1) as f64 * q) as usize];
    println!(
        "routed {routed}, not {failed}, {:.1} ms per route; back-and-forth turning (rad): median {:.2}, 90% {:.2}, 99% {:.2}, max {:.2}",
        1000.0 * time / (routed + failed).max(1) as f64,
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}
