//! Benchmark (not a test): the drawing layer. Routes every child along random games from n spots
//! (time per routed curve, and how many children found no curve), then lays out the positions met
//! (time per layout, and how many were beyond the layout's search).
//!
//! `cargo bench -p sprague-engine --bench draw`   (environment: DRAW_GAMES, default 3 per start)

use std::time::Instant;

use sprague_engine::draw::Drawing;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn main() {
    let games: u64 = std::env::var("DRAW_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    println!("spots  routed  no-curve  ms/route | laid-out  beyond  ms/layout");
    for n in 2..=8 {
        let (mut routed, mut missing, mut route_time) = (0usize, 0usize, 0.0f64);
        let mut positions = Vec::new();
        for seed in 1..=games {
            let mut rng = Rng(seed * 6151 + n as u64);
            let mut d = Drawing::start(n);
            loop {
                let children = d.position().unwrap().children();
                let mut next = Vec::new();
                for child in &children {
                    let t = Instant::now();
                    let mv = d.route(child);
                    route_time += t.elapsed().as_secs_f64();
                    match mv {
                        Some(mv) => {
                            routed += 1;
                            next.push(d.play(&mv, None));
                        }
                        None => missing += 1,
                    }
                }
                if next.is_empty() {
                    break;
                }
                d = next.swap_remove(rng.below(next.len()));
                positions.push(d.position().unwrap());
            }
        }
        let (mut laid, mut beyond, mut layout_time) = (0usize, 0usize, 0.0f64);
        for p in &positions {
            let t = Instant::now();
            let r = Drawing::layout(p);
            layout_time += t.elapsed().as_secs_f64();
            match r {
                Ok(_) => laid += 1,
                Err(_) => beyond += 1,
            }
        }
        println!(
            "{n:>5}  {routed:>6}  {missing:>8}  {:>8.1} | {laid:>8}  {beyond:>6}  {:>9.1}",
            1000.0 * route_time / (routed + missing).max(1) as f64,
            1000.0 * layout_time / positions.len().max(1) as f64,
        );
    }
}
