//! An empty loop (one that encloses nothing) drawn as a person draws it: a round teardrop leaving
//! its spot into the free part of its corner, as large as fits. The mesh's border path for such a
//! loop follows the triangles and comes out lumpy.

use std::f64::consts::PI;

use super::drawing::edge_distance;
use super::geometry::Point;

/// Reaches (spot to the far side of the loop) tried, largest first.
const REACHES: [f64; 7] = [90.0, 68.0, 52.0, 40.0, 30.0, 22.0, 15.0];
/// Directions tried, as fractions of the corner's width (its middle first).
const DIRECTIONS: [f64; 5] = [0.5, 0.35, 0.65, 0.2, 0.8];
/// Widest half-opening of a teardrop at its spot.
const MAX_HALF_OPENING: f64 = 0.65;
/// Least distance a teardrop keeps from the box's edge.
const BOX_MARGIN: f64 = 12.0;
/// Spacing of the points along the round part.
const STEP: f64 = 5.0;

/// Teardrops at `at` inside the corner that starts at angle `start` and is `width` wide
/// (counterclockwise), largest and most central first.
pub(super) fn teardrops(at: Point, start: f64, width: f64) -> impl Iterator<Item = Vec<Point>> {
    REACHES.into_iter().flat_map(move |reach| {
        DIRECTIONS.into_iter().filter_map(move |fraction| {
            // The opening keeps inside the corner, with a margin on each side.
            let room = 0.8 * width * fraction.min(1.0 - fraction);
            let half_opening = room.min(MAX_HALF_OPENING);
            (half_opening > 0.05)
                .then(|| teardrop(at, start + width * fraction, half_opening, reach))
                .filter(|drop| drop.iter().all(|&p| edge_distance(p) >= BOX_MARGIN))
        })
    })
}

/// A teardrop from `at` towards `angle`: two straight sides `half_opening` either side of it,
/// tangent to a circle whose far side is `reach` away.
fn teardrop(at: Point, angle: f64, half_opening: f64, reach: f64) -> Vec<Point> {
    let sin = half_opening.sin();
    let radius = reach * sin / (1.0 + sin);
    let centre_distance = reach / (1.0 + sin);
    let centre = at.towards(angle, centre_distance);
    // The round part runs from one tangent point round the far side to the other.
    let first = angle - half_opening - PI / 2.0;
    let sweep = PI + 2.0 * half_opening;
    let pieces = ((sweep * radius / STEP).ceil() as usize).max(8);
    let mut points = vec![at];
    points.extend(
        (0..=pieces).map(|k| centre.towards(first + sweep * k as f64 / pieces as f64, radius)),
    );
    points.push(at);
    points
}
