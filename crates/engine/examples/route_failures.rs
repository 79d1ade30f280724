//! Study aid (not a test): the moves the router does not draw exactly, along the random 5- to 8-spot
//! games of the slow route test, written to a folder as SVG pictures and JSON drawings (with the
//! child wanted) to look at.
//!
//! `cargo run -p sprague-engine --example route_failures -- /tmp/route-fail [games]`

use std::fs;

use sprague_engine::draw::Drawing;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/route-fail".into());
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(4);
    fs::create_dir_all(&dir).expect("output folder");
    let (mut routed, mut failed) = (0usize, 0usize);
    for n in 5..=8 {
        for seed in 1..=games {
            let mut rng = Rng(seed * 7919 + n as u64);
            let mut d = Drawing::start(n);
            let mut step = 0;
            loop {
                let position = d.position().unwrap();
                let drawable = d.children();
                let mut next = Vec::new();
                for child in position.children() {
                    if !drawable.contains(&child) {
                        continue;
                    }
                    match d.route(&child) {
                        Some(mv) => {
                            routed += 1;
                            next.push(d.play(&mv, None));
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
                            println!("{name}: {position} -> {child}");
                            failed += 1;
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                let k = rng.below(next.len());
                d = next.swap_remove(k);
                step += 1;
            }
        }
    }
    println!("routed {routed}, not routed {failed}");
}
