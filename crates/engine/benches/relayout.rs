//! Benchmark (not a test): what `relayout_how` does for the children the router cannot draw in the
//! current drawing, along random games (each move routed and played) from n spots.
//!
//! For each such child: which fallback gave its drawing (kept with isolated spots moved, one curve
//! redrawn, the move's part redrawn, fresh), how many of the parent's spots moved (counted here:
//! parent spots with no spot of the child's drawing at exactly the same place), and the time of the
//! whole fallback chain `relayout_how` (mean and worst, its own first failed route included); the
//! time of the bench's own failed route; and the same figures for `relayout_quick` (the steps after
//! a failed route, no curve redrawn).
//!
//! `cargo bench -p sprague-engine --bench relayout`
//! (environment: RELAYOUT_GAMES games per start, default 3; RELAYOUT_CHILDREN children tried per
//! step, default 8; RELAYOUT_MAX largest start, default 12; RELAYOUT_ONLY 1 or 2 for one section)
//!
//! Two kinds of games: played from the n-spot start (the drawing soon is one connected part), and
//! played from a fresh layout of a position with several lands (each in its own fenced cell, as
//! when a position is pasted or opened from a URL).

use std::time::Instant;

use sprague_engine::draw::{Drawing, Relayout};
use sprague_engine::games::sprouts::Position;

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
        .spots()
        .iter()
        .filter(|s| {
            !next
                .spots()
                .iter()
                .any(|t| t.at.x == s.at.x && t.at.y == s.at.y)
        })
        .count()
}

/// Tallies of one row.
#[derive(Default)]
struct Row {
    tried: usize,
    missing: usize,
    kept: usize,
    redrawn: usize,
    part: usize,
    fresh: usize,
    spots: usize,
    moved_sum: usize,
    moved_max: usize,
    time: f64,
    worst: f64,
    /// The same for `relayout_quick` (after the failed route, no curve redrawn).
    quick_part: usize,
    quick_fresh: usize,
    quick_moved: usize,
    quick_time: f64,
    quick_worst: f64,
    /// Time of the failed routes themselves.
    route_fail: f64,
}

impl Row {
    fn print(&self, label: &str) {
        let k = self.missing.max(1) as f64;
        println!(
            "{label:>7}  {:>5}  {:>8}  {:>4}  {:>13}  {:>12}  {:>5}  {:>12.1}  {:>10.1}  {:>9}  {:>7.0}  {:>6.0}  {:>13.0}  {:>10}  {:>11}  {:>12.1}  {:>8.1}  {:>7.1}",
            self.tried,
            self.missing,
            self.kept,
            self.redrawn,
            self.part,
            self.fresh,
            self.spots as f64 / k,
            self.moved_sum as f64 / k,
            self.moved_max,
            1000.0 * self.time / k,
            1000.0 * self.worst,
            1000.0 * self.route_fail / k,
            self.quick_part,
            self.quick_fresh,
            self.quick_moved as f64 / k,
            1000.0 * self.quick_time / k,
            1000.0 * self.quick_worst,
        );
    }
}

/// Plays a random game from `start` (each step: up to `per_step` children, routed; those the router
/// misses relaid), tallying into `row` and `times`.
fn play(start: Drawing, rng: &mut Rng, per_step: usize, row: &mut Row, times: &mut Vec<f64>) {
    let mut d = start;
    loop {
        let mut children = d.position().unwrap().children();
        // A random sample of the children (all of them when few).
        while children.len() > per_step {
            children.swap_remove(rng.below(children.len()));
        }
        let (mut next, mut relaid) = (Vec::new(), Vec::new());
        for child in &children {
            row.tried += 1;
            let t = Instant::now();
            let routed = d.route(child);
            let route_time = t.elapsed().as_secs_f64();
            if let Some(mv) = routed {
                next.push(d.play(&mv, None).expect("the move fits its drawing"));
                continue;
            }
            row.missing += 1;
            row.route_fail += route_time;
            let t = Instant::now();
            let (quick, quick_how) = d.relayout_quick(child).expect("quick relayout");
            let took = t.elapsed().as_secs_f64();
            row.quick_time += took;
            row.quick_worst = row.quick_worst.max(took);
            assert_eq!(&quick.position().unwrap(), child);
            row.quick_moved += moved(&d, &quick);
            match quick_how {
                Relayout::LandRedrawn { .. } => row.quick_part += 1,
                Relayout::Fresh => row.quick_fresh += 1,
                _ => {}
            }
            let t = Instant::now();
            let (drawn, how) = d.relayout_how(child).expect("relayout");
            let took = t.elapsed().as_secs_f64();
            row.time += took;
            row.worst = row.worst.max(took);
            times.push(took);
            assert_eq!(&drawn.position().unwrap(), child);
            let m = moved(&d, &drawn);
            row.spots += d.spots().len();
            row.moved_sum += m;
            row.moved_max = row.moved_max.max(m);
            match how {
                Relayout::Kept => row.kept += 1,
                Relayout::CurveRedrawn { .. } => row.redrawn += 1,
                Relayout::LandRedrawn { .. } => row.part += 1,
                Relayout::Fresh => row.fresh += 1,
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

fn main() {
    let games = env("RELAYOUT_GAMES", 3) as u64;
    let per_step = env("RELAYOUT_CHILDREN", 8);
    let max = env("RELAYOUT_MAX", 12);
    let only = env("RELAYOUT_ONLY", 0); // 1 or 2: that section alone
    let header = "  spots  tried  no-curve  kept  curve-redrawn  part-redrawn  fresh  spots/parent  moved-mean  moved-max  ms-mean  ms-max  ms-route-fail  quick-part  quick-fresh  quick-moved  quick-ms  quick-max";
    let mut times: Vec<f64> = Vec::new();
    println!("1. games played from the n-spot start ({games} games per start, up to {per_step} children per step)");
    println!("{header}");
    for n in (5..=max).filter(|_| only != 2) {
        let mut row = Row::default();
        for seed in 1..=games {
            let mut rng = Rng(seed * 9973 + n as u64);
            play(Drawing::start(n), &mut rng, per_step, &mut row, &mut times);
        }
        row.print(&n.to_string());
    }
    println!("\n2. games played from a fresh layout of a position with several lands, met along an engine game from n spots");
    println!("{header}");
    for n in (6..=max).step_by(2).filter(|_| only != 1) {
        let mut row = Row::default();
        for seed in 1..=games {
            let mut rng = Rng(seed * 104_723 + n as u64);
            let mut p = Position::start(n).unwrap();
            while p.lands().len() < 2 && !p.is_terminal() {
                let children = p.children();
                p = children[rng.below(children.len())].clone();
            }
            if let Ok(d) = Drawing::layout(&p) {
                play(d, &mut rng, per_step, &mut row, &mut times);
            }
        }
        row.print(&n.to_string());
    }
    times.sort_by(f64::total_cmp);
    if let Some(&last) = times.last() {
        let median = times[times.len() / 2];
        let over = times.iter().filter(|&&t| t > 1.0).count();
        println!(
            "\nfallback chain (relayout_how, its first failed route included) over all: {} runs, median {:.0} ms, worst {:.0} ms, {over} over 1 s",
            times.len(),
            1000.0 * median,
            1000.0 * last
        );
    }
}
