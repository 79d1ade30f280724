//! Benchmark (not a test): what `relayout_how` does for the children the router cannot draw in the
//! current drawing, along random games (each move routed and played) from n spots.
//!
//! For each such child: which fallback gave its drawing (kept with isolated spots moved, one curve
//! redrawn, the move's part redrawn, fresh), how many of the parent's spots moved (counted here:
//! parent spots with no spot of the child's drawing at exactly the same place), and the time of the
//! whole fallback chain (mean and worst).
//!
//! `cargo bench -p sprague-engine --bench relayout`
//! (environment: RELAYOUT_GAMES games per start, default 3; RELAYOUT_CHILDREN children tried per
//! step, default 8; RELAYOUT_MAX largest start, default 14)

use std::time::Instant;

use sprague_engine::draw::{Drawing, Relayout};

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Parent spots with no spot of `next` at exactly the same coordinates.
fn moved(parent: &Drawing, next: &Drawing) -> usize {
    parent
        .spots
        .iter()
        .filter(|s| {
            !next
                .spots
                .iter()
                .any(|t| t.at.x == s.at.x && t.at.y == s.at.y)
        })
        .count()
}

fn main() {
    let games = env("RELAYOUT_GAMES", 3) as u64;
    let per_step = env("RELAYOUT_CHILDREN", 8);
    let max = env("RELAYOUT_MAX", 14);
    println!("relayout of children the router cannot draw ({games} games per start, up to {per_step} children per step)");
    println!("spots  tried  no-curve  kept  curve-redrawn  part-redrawn  fresh  spots/parent  moved-mean  moved-max  ms-mean  ms-max");
    let mut all_times: Vec<f64> = Vec::new();
    for n in 5..=max {
        let (mut tried, mut missing) = (0usize, 0usize);
        let (mut kept, mut redrawn, mut part, mut fresh) = (0usize, 0usize, 0usize, 0usize);
        let (mut spots, mut moved_sum, mut moved_max) = (0usize, 0usize, 0usize);
        let (mut time, mut worst) = (0.0f64, 0.0f64);
        for seed in 1..=games {
            let mut rng = Rng(seed * 9973 + n as u64);
            let mut d = Drawing::start(n);
            loop {
                let mut children = d.position().unwrap().children();
                // A random sample of the children (all of them when few).
                while children.len() > per_step {
                    children.swap_remove(rng.below(children.len()));
                }
                let (mut next, mut relaid) = (Vec::new(), Vec::new());
                for child in &children {
                    tried += 1;
                    if let Some(mv) = d.route(child) {
                        next.push(d.play(&mv, None));
                        continue;
                    }
                    missing += 1;
                    let t = Instant::now();
                    let (drawn, how) = d.relayout_how(child).expect("relayout");
                    let took = t.elapsed().as_secs_f64();
                    time += took;
                    worst = worst.max(took);
                    all_times.push(took);
                    assert_eq!(&drawn.position().unwrap(), child);
                    let m = moved(&d, &drawn);
                    spots += d.spots.len();
                    moved_sum += m;
                    moved_max = moved_max.max(m);
                    match how {
                        Relayout::Kept => kept += 1,
                        Relayout::CurveRedrawn { .. } => redrawn += 1,
                        Relayout::LandRedrawn { .. } => part += 1,
                        Relayout::Fresh => fresh += 1,
                    }
                    relaid.push(drawn);
                }
                // Play on from a routed child (the same games before and after a change to the
                // fallbacks), from a relaid one only when none was routed.
                if next.is_empty() {
                    next = relaid;
                }
                if next.is_empty() {
                    break;
                }
                d = next.swap_remove(rng.below(next.len()));
            }
        }
        let k = missing.max(1) as f64;
        println!(
            "{n:>5}  {tried:>5}  {missing:>8}  {kept:>4}  {redrawn:>13}  {part:>12}  {fresh:>5}  {:>12.1}  {:>10.1}  {moved_max:>9}  {:>7.0}  {:>6.0}",
            spots as f64 / k,
            moved_sum as f64 / k,
            1000.0 * time / k,
            1000.0 * worst,
        );
    }
    all_times.sort_by(f64::total_cmp);
    if let Some(&last) = all_times.last() {
        let median = all_times[all_times.len() / 2];
        let over = all_times.iter().filter(|&&t| t > 1.0).count();
        println!(
            "fallback chain over all: {} runs, median {:.0} ms, worst {:.0} ms, {over} over 1 s",
            all_times.len(),
            1000.0 * median,
            1000.0 * last
        );
    }
}
