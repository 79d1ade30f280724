//! Benchmark (not a test): the drawing layer.
//!
//! 1. Routing: every child along random games from n spots (each move routed and played): time per
//!    routed curve, how many children found no curve, the time to check a routed curve again as
//!    a freehand one, and for the children with no curve what `relayout_how` did (kept the drawing
//!    with isolated spots moved, drew one curve again, redrew the move's part, or laid the child
//!    out afresh).
//! 2. Layout: positions of random games (engine moves) from n spots: how many the constructive
//!    layout builds, how many go to the search fallback and how many are beyond it, time per layout.
//!
//! `cargo bench -p sprague-engine --bench draw`   (environment: DRAW_GAMES, default 3 per start)

use std::time::Instant;

use sprague_engine::draw::{Drawing, LayoutError, Relayout};
use sprague_engine::games::sprouts::Position;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn main() {
    let games: u64 = std::env::var("DRAW_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    println!("routing ({games} games per start)");
    println!("spots  routed  no-curve  not-drawable  ms/route  ms/no-curve  us/check_curve  relayout-kept  relayout-redrawn  relayout-part  relayout-fresh");
    for n in 2..=8 {
        let (mut routed, mut missing, mut route_time) = (0usize, 0usize, 0.0f64);
        // Children the drawing cannot reach at all (see `Drawing::children`), and the time spent on
        // children it reaches but found no curve for.
        let (mut undrawable, mut missing_time) = (0usize, 0.0f64);
        let (mut checks, mut check_time) = (0usize, 0.0f64);
        let (mut kept, mut redrawn, mut part, mut fresh) = (0usize, 0usize, 0usize, 0usize);
        for seed in 1..=games {
            let mut rng = Rng(seed * 6151 + n as u64);
            let mut d = Drawing::start(n);
            loop {
                let children = d.position().unwrap().children();
                let drawable = d.children();
                let mut next = Vec::new();
                for child in &children {
                    let t = Instant::now();
                    let mv = d.route(child);
                    let took = t.elapsed().as_secs_f64();
                    route_time += took;
                    if mv.is_none() && !drawable.contains(child) {
                        undrawable += 1;
                    } else if mv.is_none() {
                        missing_time += took;
                    }
                    match mv {
                        Some(mv) => {
                            routed += 1;
                            let t = Instant::now();
                            let again = d.check_curve(mv.points());
                            check_time += t.elapsed().as_secs_f64();
                            checks += 1;
                            assert!(again.is_ok());
                            next.push(d.play(&mv, None).expect("the move fits its drawing"));
                        }
                        None => {
                            missing += 1;
                            match d.relayout_how(child) {
                                Ok((_, Relayout::Kept)) => kept += 1,
                                Ok((_, Relayout::CurveRedrawn { .. })) => redrawn += 1,
                                Ok((_, Relayout::LandRedrawn { .. })) => part += 1,
                                Ok((_, Relayout::Fresh)) => fresh += 1,
                                Err(e) => panic!("{child}: {e}"),
                            }
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                d = next.swap_remove(rng.below(next.len()));
            }
        }
        println!(
            "{n:>5}  {routed:>6}  {:>8}  {undrawable:>12}  {:>8.1}  {:>11.0}  {:>14.0}  {kept:>13}  {redrawn:>16}  {part:>13}  {fresh:>14}",
            missing - undrawable,
            1000.0 * route_time / (routed + missing).max(1) as f64,
            1000.0 * missing_time / (missing - undrawable).max(1) as f64,
            1e6 * check_time / checks.max(1) as f64,
        );
    }

    println!("\nlayout of positions from random games ({games} games per start)");
    println!(
        "spots  positions  constructive  searched  beyond  ms/layout  ms/constructive  ms/worst"
    );
    for n in 2..=12 {
        let mut positions = Vec::new();
        for seed in 1..=games {
            let mut rng = Rng(seed * 7727 + n as u64);
            let mut p = Position::start(n).unwrap();
            positions.push(p.clone());
            loop {
                let children = p.children();
                if children.is_empty() {
                    break;
                }
                p = children[rng.below(children.len())].clone();
                positions.push(p.clone());
            }
        }
        let (mut built, mut build_time) = (0usize, 0.0f64);
        for p in &positions {
            let t = Instant::now();
            if Drawing::layout_constructive(p).is_ok() {
                built += 1;
            }
            build_time += t.elapsed().as_secs_f64();
        }
        let (mut searched, mut beyond, mut time, mut worst) = (0usize, 0usize, 0.0f64, 0.0f64);
        for p in &positions {
            let t = Instant::now();
            let r = Drawing::layout(p);
            let took = t.elapsed().as_secs_f64();
            time += took;
            worst = worst.max(took);
            match r {
                Ok(_) => {}
                Err(LayoutError::NotFound) => beyond += 1,
                Err(e) => panic!("{p}: {e}"),
            }
        }
        searched += positions.len() - built - beyond;
        println!(
            "{n:>5}  {:>9}  {built:>12}  {searched:>8}  {beyond:>6}  {:>9.2}  {:>15.2}  {:>8.1}",
            positions.len(),
            1000.0 * time / positions.len() as f64,
            1000.0 * build_time / positions.len() as f64,
            1000.0 * worst,
        );
    }
}
