//! A drawing of a child position made from a drawing of its parent, keeping as much as it can where
//! it was (spots jumping around confuse players):
//! 1. the routed curve added, nothing else moved;
//! 2. else the isolated spots (no curve at them) moved to the roomiest places that keep the position
//!    (an isolated spot may go anywhere in its region), and the curve routed in that drawing;
//! 3. else a fresh layout of the child, mirrored whichever way puts its spots nearest the old ones.

use crate::games::sprouts::Position;

use super::drawing::{Drawing, HEIGHT, WIDTH};
use super::error::LayoutError;
use super::geometry::{dist_to_segment, Point};

/// Spacing of the candidate places for an isolated spot.
const PLACE_STEP: f64 = 25.0;
/// Margin kept free along the box.
const BOX_MARGIN: f64 = 30.0;
/// Candidate places tried per isolated spot (roomiest first).
const PLACES_TRIED: usize = 6;

impl Drawing {
    /// A drawing of `child` made from this one (see the module notes). The flag says whether this
    /// drawing was kept: every curve and every spot on a curve where it was (isolated spots may have
    /// moved), with the new curve added.
    pub fn relayout_child(&self, child: &Position) -> Result<(Drawing, bool), LayoutError> {
        if let Some(mv) = self.route(child) {
            return Ok((self.play(&mv, None), true));
        }
        if let Some(spread) = self.with_isolated_spots_spread() {
            if let Some(mv) = spread.route(child) {
                return Ok((spread.play(&mv, None), true));
            }
        }
        let fresh = Drawing::layout(child)?;
        Ok((self.nearest_mirror(fresh, child), false))
    }

    /// This drawing with each isolated spot moved to the roomiest place (farthest from every curve,
    /// spot and the box's edge) where the drawing still gives the same position; `None` if none
    /// moved.
    pub fn with_isolated_spots_spread(&self) -> Option<Drawing> {
        let position = self.position().ok()?;
        let mut out = self.clone();
        let degrees = self.degrees();
        let mut moved = false;
        for s in (0..out.spots.len()).filter(|&s| degrees[s] == 0) {
            let here = room(&out, s, out.spots[s].at);
            let mut places: Vec<(f64, Point)> = candidate_places()
                .map(|p| (room(&out, s, p), p))
                .filter(|&(r, _)| r > here * 1.5 + 5.0)
                .collect();
            places.sort_by(|a, b| b.0.total_cmp(&a.0));
            let old = out.spots[s].at;
            for &(_, p) in places.iter().take(PLACES_TRIED) {
                out.spots[s].at = p;
                if out.position().ok().as_ref() == Some(&position) {
                    moved = true;
                    break;
                }
                out.spots[s].at = old;
            }
        }
        moved.then_some(out)
    }

    /// `fresh` or one of its mirror images (left-right, top-bottom, both), whichever still gives
    /// `child` and has its spots nearest this drawing's spots.
    fn nearest_mirror(&self, fresh: Drawing, child: &Position) -> Drawing {
        let mirrored = |flip_x: bool, flip_y: bool| {
            let map = |p: Point| {
                Point::new(
                    if flip_x { WIDTH - p.x } else { p.x },
                    if flip_y { HEIGHT - p.y } else { p.y },
                )
            };
            let mut d = fresh.clone();
            for s in &mut d.spots {
                s.at = map(s.at);
            }
            for c in &mut d.curves {
                for p in &mut c.points {
                    *p = map(*p);
                }
            }
            d
        };
        let distance = |d: &Drawing| -> f64 {
            self.spots
                .iter()
                .map(|old| {
                    d.spots
                        .iter()
                        .map(|new| new.at.dist(old.at))
                        .fold(f64::INFINITY, f64::min)
                })
                .filter(|x| x.is_finite())
                .sum()
        };
        let mut best = (distance(&fresh), fresh.clone());
        for (fx, fy) in [(true, false), (false, true), (true, true)] {
            let d = mirrored(fx, fy);
            let score = distance(&d);
            if score < best.0 && d.position().ok().as_ref() == Some(child) {
                best = (score, d);
            }
        }
        best.1
    }
}

/// Places on a grid over the box, inside its margin.
fn candidate_places() -> impl Iterator<Item = Point> {
    let nx = ((WIDTH - 2.0 * BOX_MARGIN) / PLACE_STEP) as usize;
    let ny = ((HEIGHT - 2.0 * BOX_MARGIN) / PLACE_STEP) as usize;
    (0..=nx).flat_map(move |i| {
        (0..=ny).map(move |j| {
            Point::new(
                BOX_MARGIN + i as f64 * PLACE_STEP,
                BOX_MARGIN + j as f64 * PLACE_STEP,
            )
        })
    })
}

/// Distance from `p` to the nearest curve, other spot or edge of the box (spot `s` itself ignored).
fn room(d: &Drawing, s: usize, p: Point) -> f64 {
    let mut r = p.x.min(WIDTH - p.x).min(p.y).min(HEIGHT - p.y);
    for (k, spot) in d.spots.iter().enumerate() {
        if k != s {
            r = r.min(spot.at.dist(p));
        }
    }
    for curve in &d.curves {
        for w in curve.points.windows(2) {
            r = r.min(dist_to_segment(p, w[0], w[1]));
        }
    }
    r
}
