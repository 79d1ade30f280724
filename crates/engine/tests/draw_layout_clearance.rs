//! Readability of fresh layouts, measured with geometry written here: in the layout of every
//! position reachable from the 4-spot start and of positions met along random 8-spot games, every
//! spot keeps a clear distance from every curve it is not on, and from every other spot.

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;

use crate::common;
use common::{to_segment, Rng};

/// Least clearances in pixels (spot to a curve it is not on, spot to spot), as achieved: spots are
/// drawn about 8 px wide, so these are floors against getting worse, not yet all that reads well.
/// Measured least, before this session's layout changes → after (chains measured as lines, longer
/// bridges): 4-spot positions spot-curve 4.7 → 9.2 px, spot-spot 4.7 → 12.5 px (`2abcAcba|BC|ABC`);
/// random 8-spot ones spot-curve 3.6 → 5.8 px, spot-spot 4.8 → 5.8 px
/// (`0.A.BC|0.BD.EF|1a1a.A|CD|EF`: a chain of circles hung inwards, still measured as nested disks).
const FOUR_SPOTS: (f64, f64) = (8.0, 12.0);
const EIGHT_SPOTS: (f64, f64) = (5.0, 5.0);

/// The smallest spot-to-foreign-curve and spot-to-spot distances of a drawing.
fn clearances(d: &Drawing) -> (f64, f64) {
    let mut to_curve = f64::INFINITY;
    for (s, spot) in d.spots().iter().enumerate() {
        for c in d.curves() {
            let on = c.start == s || c.end == s || c.middle.is_some_and(|m| m.spot == s);
            if on {
                continue;
            }
            for w in c.points.windows(2) {
                to_curve = to_curve.min(to_segment(spot.at, w[0], w[1]));
            }
        }
    }
    let mut between = f64::INFINITY;
    for (i, a) in d.spots().iter().enumerate() {
        for b in &d.spots()[i + 1..] {
            between = between.min((a.at.x - b.at.x).hypot(a.at.y - b.at.y));
        }
    }
    (to_curve, between)
}

/// Lays out every position and checks the least clearances (naming the worst position).
fn check(positions: impl IntoIterator<Item = Position>, least: (f64, f64)) -> usize {
    let (mut count, mut worst_curve, mut worst_spot) = (
        0,
        (f64::INFINITY, String::new()),
        (f64::INFINITY, String::new()),
    );
    for p in positions {
        let d = Drawing::layout(&p).unwrap();
        let (to_curve, between) = clearances(&d);
        if to_curve < worst_curve.0 {
            worst_curve = (to_curve, p.to_string());
        }
        if between < worst_spot.0 {
            worst_spot = (between, p.to_string());
        }
        count += 1;
    }
    println!(
        "least spot-curve clearance {:.1} px ({}), least spot-spot {:.1} px ({})",
        worst_curve.0, worst_curve.1, worst_spot.0, worst_spot.1
    );
    assert!(
        worst_curve.0 >= least.0,
        "{}: a spot {:.1} px from a curve it is not on",
        worst_curve.1,
        worst_curve.0
    );
    assert!(
        worst_spot.0 >= least.1,
        "{}: two spots {:.1} px apart",
        worst_spot.1,
        worst_spot.0
    );
    count
}

#[test]
fn spots_stand_clear_in_layouts_of_four_spot_positions() {
    assert!(check(common::reachable(4), FOUR_SPOTS) > 100);
}

#[test]
fn spots_stand_clear_in_layouts_of_random_eight_spot_positions() {
    let mut positions = Vec::new();
    for seed in 1..=6u64 {
        let mut rng = Rng(seed * 31_337 + 8);
        let mut p = Position::start(8).unwrap();
        loop {
            let children = p.children();
            if children.is_empty() {
                break;
            }
            p = children[rng.below(children.len())].clone();
            positions.push(p.clone());
        }
    }
    assert!(check(positions, EIGHT_SPOTS) > 50);
}
