//! Study aid (not a test): router failures in drawings laid out from scratch (a position with
//! several lands, as pasted or opened from a URL) and then played on, written as JSON (drawing,
//! position, child) with an SVG picture, to save as test fixtures for the part relayout.
//!
//! `cargo run -p sprague-engine --example relayout_fixtures -- /tmp/relayout-fixtures [games]`

use std::fs;

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .unwrap_or_else(|| "/tmp/relayout-fixtures".into());
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(3);
    fs::create_dir_all(&dir).expect("output folder");
    let mut failed = 0;
    for n in [6, 8, 10, 12] {
        for seed in 1..=games {
            let mut rng = Rng(seed * 104_723 + n as u64);
            // A position a few moves into an engine game, with at least two lands.
            let mut p = Position::start(n).unwrap();
            while p.lands().len() < 2 {
                let children = p.children();
                if children.is_empty() {
                    break;
                }
                p = children[rng.below(children.len())].clone();
            }
            let Ok(mut d) = Drawing::layout(&p) else {
                continue;
            };
            let mut step = 0;
            loop {
                let position = d.position().unwrap();
                let mut next = Vec::new();
                for child in position.children() {
                    match d.route(&child) {
                        Some(mv) => {
                            next.push(d.play(&mv, None).expect("the move fits its drawing"))
                        }
                        None => {
                            let name = format!("{dir}/n{n}-g{seed}-s{step}-{failed}");
                            fs::write(format!("{name}.svg"), d.to_svg()).unwrap();
                            let json = serde_json::json!({
                                "position": position.to_string(),
                                "child": child.to_string(),
                                "drawing": d,
                            });
                            fs::write(format!("{name}.json"), json.to_string()).unwrap();
                            let part = d.relayout_part(&child).map(|(_, moved)| moved);
                            println!(
                                "{name}: {position} -> {child}: {} spots, part moves {part:?}",
                                d.spots().len()
                            );
                            failed += 1;
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                d = next.swap_remove(rng.below(next.len()));
                step += 1;
            }
        }
    }
    println!("not routed {failed}");
}
