//! Study aid: one random game of the slow route test (n spots, game number `seed`), every position
//! on the way written as an SVG picture, to see how the routed curves shape the drawing.
//!
//! `cargo run -p sprague-engine --example route_game -- 6 4 /tmp/route-game`

use sprague_engine::draw::Drawing;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/route-game".into());
    std::fs::create_dir_all(&dir).expect("output folder");
    let mut rng = Rng(seed * 7919 + n as u64);
    let mut d = Drawing::start(n);
    for step in 0.. {
        std::fs::write(format!("{dir}/step{step:02}.svg"), d.to_svg()).unwrap();
        std::fs::write(
            format!("{dir}/step{step:02}.json"),
            serde_json::to_string(&d).unwrap(),
        )
        .unwrap();
        let position = d.position().unwrap();
        let drawable = d.children();
        let wanted: Vec<_> = position
            .children()
            .into_iter()
            .filter(|c| drawable.contains(c))
            .collect();
        let mut next: Vec<Drawing> = Vec::new();
        let mut missed: Vec<String> = Vec::new();
        for child in &wanted {
            match d.route(child) {
                Some(mv) => next.push(d.play(&mv, None).expect("the move fits its drawing")),
                None => missed.push(child.to_string()),
            }
        }
        println!(
            "step {step}: {position} (not routed: {})",
            missed.join(", ")
        );
        if next.is_empty() {
            break;
        }
        let k = rng.below(next.len());
        d = next.into_iter().nth(k).unwrap();
    }
}
