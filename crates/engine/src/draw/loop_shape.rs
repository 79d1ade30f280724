//! A loop around nothing, or around lone spots only, drawn as a person draws it: a round teardrop
//! leaving its spot into the free part of its corner — around nothing as large as fits, around
//! spots a balloon holding them well inside. The mesh's border path for such a loop follows the
//! triangles and comes out lumpy; pulled tight round the spots, it leaves a thin sliver that no
//! later curve fits in.

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

/// Room a balloon leaves round the spots it holds, roomiest first.
const BALLOON_MARGINS: [f64; 4] = [40.0, 28.0, 18.0, 12.0];
/// Turns from the direction of the spots held, tried in order.
const BALLOON_TURNS: [f64; 5] = [0.0, 0.25, -0.25, 0.5, -0.5];
/// Half-openings of a balloon at its spot, tried in order.
const BALLOON_OPENINGS: [f64; 4] = [0.65, 0.5, 0.38, 0.28];
/// Farthest a balloon reaches from its spot.
const BALLOON_MAX_REACH: f64 = 500.0;

/// Balloons at `at`, inside the corner from angle `start`, `width` wide (counterclockwise), each the
/// smallest teardrop of its direction and opening whose round part holds every point of `held`
/// (not empty) at least a margin inside; roomiest margins and most direct first.
pub(super) fn balloons<'a>(
    at: Point,
    start: f64,
    width: f64,
    held: &'a [Point],
) -> impl Iterator<Item = Vec<Point>> + 'a {
    let centre = Point::new(
        held.iter().map(|p| p.x).sum::<f64>() / held.len() as f64,
        held.iter().map(|p| p.y).sum::<f64>() / held.len() as f64,
    );
    let toward = at.angle_to(centre);
    BALLOON_MARGINS.into_iter().flat_map(move |margin| {
        BALLOON_TURNS.into_iter().flat_map(move |turn| {
            BALLOON_OPENINGS
                .into_iter()
                .filter_map(move |half_opening| {
                    let angle = toward + turn;
                    // The opening keeps inside the corner, with a margin on each side.
                    let fraction = (angle - start).rem_euclid(2.0 * PI) / width;
                    let room = 0.8 * width * fraction.min(1.0 - fraction);
                    if fraction >= 1.0 || half_opening > room {
                        return None;
                    }
                    let reach = smallest_reach(at, angle, half_opening, held, margin)?;
                    let drop = teardrop(at, angle, half_opening, reach);
                    drop.iter()
                        .all(|&p| edge_distance(p) >= BOX_MARGIN)
                        .then_some(drop)
                })
        })
    })
}

/// The smallest reach (in steps of 4) at which the teardrop's circle holds every point of `held` at
/// least `margin` inside.
fn smallest_reach(
    at: Point,
    angle: f64,
    half_opening: f64,
    held: &[Point],
    margin: f64,
) -> Option<f64> {
    let sin = half_opening.sin();
    let mut reach = 2.0 * margin;
    while reach <= BALLOON_MAX_REACH {
        let radius = reach * sin / (1.0 + sin);
        let centre = at.towards(angle, reach / (1.0 + sin));
        if held.iter().all(|p| p.dist(centre) + margin <= radius) {
            return Some(reach);
        }
        reach += 4.0;
    }
    None
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Even-odd point-in-polygon test (written here, not the engine's).
    fn inside(p: Point, polygon: &[Point]) -> bool {
        let mut odd = false;
        for w in polygon.windows(2) {
            let (a, b) = (w[0], w[1]);
            if (a.y > p.y) != (b.y > p.y) && a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) > p.x {
                odd = !odd;
            }
        }
        odd
    }

    /// Least distance from `p` to the polyline, measured at finely spaced points of it.
    fn room(p: Point, line: &[Point]) -> f64 {
        line.windows(2)
            .flat_map(|w| (0..=20).map(move |k| w[0].lerp(w[1], k as f64 / 20.0)))
            .map(|q| q.dist(p))
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn a_balloon_holds_its_spots_with_room() {
        let at = Point::new(500.0, 300.0);
        let groups = [
            vec![Point::new(560.0, 420.0)],
            vec![Point::new(400.0, 380.0), Point::new(450.0, 430.0)],
            vec![
                Point::new(620.0, 250.0),
                Point::new(640.0, 330.0),
                Point::new(700.0, 290.0),
            ],
        ];
        for held in &groups {
            // The whole turn round the spot is free: a corner starting straight up.
            let drops: Vec<Vec<Point>> = balloons(at, -PI / 2.0, 2.0 * PI, held).collect();
            assert!(!drops.is_empty(), "no balloon round {held:?}");
            for drop in &drops {
                assert_eq!(drop[0], at);
                assert_eq!(drop[drop.len() - 1], at);
                for &p in held {
                    assert!(inside(p, drop), "{p:?} not held");
                    assert!(
                        room(p, drop) >= 12.0 - 1e-6,
                        "{p:?} only {:.1} inside",
                        room(p, drop)
                    );
                }
            }
            // The first is the roomiest: every spot at least the largest margin inside.
            assert!(held.iter().all(|&p| room(p, &drops[0]) >= 40.0 - 1.0));
        }
    }

    #[test]
    fn a_balloon_keeps_to_its_corner() {
        // The corner is the quarter turn from straight right to straight down: spots held there
        // give balloons whose sides leave the spot inside the corner.
        let at = Point::new(300.0, 200.0);
        let held = [Point::new(400.0, 300.0)];
        let drops: Vec<Vec<Point>> = balloons(at, 0.0, PI / 2.0, &held).collect();
        assert!(!drops.is_empty());
        for drop in drops {
            for p in [drop[1], drop[drop.len() - 2]] {
                let angle = at.angle_to(p).rem_euclid(2.0 * PI);
                assert!(angle > 0.0 && angle < PI / 2.0, "leaves at {angle:.2} rad");
            }
        }
    }
}
