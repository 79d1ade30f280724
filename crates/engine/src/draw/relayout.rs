//! A drawing of a child position made from a drawing of its parent, keeping as much as it can where
//! it was (spots jumping around confuse players):
//! 1. the routed curve added, nothing else moved;
//! 2. else the isolated spots (no curve at them) moved to the roomiest places that keep the position
//!    (an isolated spot may go anywhere in its region), and the curve routed in that drawing;
//! 3. else only the part of the drawing the move is in laid out afresh, in the room that part took,
//!    every other spot and curve kept exactly (`relayout_part`), if that moves only a few spots;
//! 4. else one curve drawn again by the router (the one nearest the move's ends; its middle spot put
//!    back as near as it can be to where it was, every other spot and curve kept), and the child
//!    routed in that drawing;
//! 5. else the part redrawn as in 3, however many spots that moves;
//! 6. else a fresh layout of the child, mirrored whichever way puts its spots nearest the old ones.

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
/// Most curves drawn again, one at a time, to make room for a move: each costs two routings, and
/// a routing that fails takes seconds in a crowded drawing of 20-odd spots (a second and third
/// try, as before, rarely succeeded where the first failed and tripled the worst case).
const CURVES_REDRAWN: usize = 1;
/// A redrawn part moving at most this many spots is taken before trying to redraw a curve (which
/// moves one spot, but routes twice).
pub const SMALL_PART: usize = 4;

/// How [`Drawing::relayout_how`] made the child's drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relayout {
    /// Every curve and every spot on a curve where it was (isolated spots may have moved), the new
    /// curve added.
    Kept,
    /// As `Kept`, except that one curve was drawn again (its middle spot moved along with it).
    CurveRedrawn { curve: usize },
    /// The connected part of the drawing the move is in (with whatever lay within its bounds)
    /// laid out afresh in the room it took; every other spot and curve kept exactly where it was.
    /// `moved`: how many of the parent's spots were moved (or dropped as dead).
    LandRedrawn { moved: usize },
    /// Laid out afresh.
    Fresh,
}

impl Drawing {
    /// A drawing of `child` made from this one (see the module notes). The flag says whether this
    /// drawing was kept: every curve and every spot on a curve where it was (isolated spots may have
    /// moved), with the new curve added.
    pub fn relayout_child(&self, child: &Position) -> Result<(Drawing, bool), LayoutError> {
        let (drawing, how) = self.relayout_how(child)?;
        Ok((drawing, how == Relayout::Kept))
    }

    /// As [`Drawing::relayout_child`], saying how much of this drawing was kept.
    pub fn relayout_how(&self, child: &Position) -> Result<(Drawing, Relayout), LayoutError> {
        if let Some(mv) = self.route(child) {
            return Ok((self.play(&mv, None)?, Relayout::Kept));
        }
        self.relayout_unroutable(child)
    }

    /// As [`Drawing::relayout_how`] for a child the caller already failed to route in this drawing
    /// (saves repeating that routing, the costliest step when it fails).
    ///
    /// The steps after the failed route, cheapest first where they keep as much: the isolated
    /// spots spread (and a route, only if one moved); the move's part redrawn when that moves at
    /// most [`SMALL_PART`] spots (no routing at all); one curve redrawn (two routings); the move's
    /// part redrawn whatever its size; a fresh layout.
    pub fn relayout_unroutable(
        &self,
        child: &Position,
    ) -> Result<(Drawing, Relayout), LayoutError> {
        self.fallbacks(child, true, CURVES_REDRAWN)
    }

    /// As [`Drawing::relayout_unroutable`] with no routing at all (no isolated spots spread and
    /// routed, no curve redrawn): the move's part redrawn, else a fresh layout. It takes
    /// milliseconds where a routing that fails takes seconds (a crowded drawing of 20-odd spots);
    /// the price is more spots moved where spreading the isolated spots or redrawing one curve
    /// would have let the router draw the move.
    pub fn relayout_quick(&self, child: &Position) -> Result<(Drawing, Relayout), LayoutError> {
        self.fallbacks(child, false, 0)
    }

    /// The steps of [`Drawing::relayout_unroutable`]: the isolated spots spread and routed if
    /// `spread`, at most `curves` curves redrawn.
    fn fallbacks(
        &self,
        child: &Position,
        spread: bool,
        curves: usize,
    ) -> Result<(Drawing, Relayout), LayoutError> {
        let spread = if spread {
            self.with_isolated_spots_spread()
        } else {
            None
        };
        if let Some(spread) = &spread {
            if let Some(mv) = spread.route(child) {
                return Ok((spread.play(&mv, None)?, Relayout::Kept));
            }
        }
        let base = spread.as_ref().unwrap_or(self);
        let part = base.relayout_part(child).map(|(redrawn, _)| {
            let moved = self.spots_moved(&redrawn);
            (redrawn, Relayout::LandRedrawn { moved })
        });
        if let Some(done) = part
            .as_ref()
            .filter(|(d, _)| self.spots_moved(d) <= SMALL_PART)
        {
            return Ok(done.clone());
        }
        for curve in base.curves_near_move(child).into_iter().take(curves) {
            if let Some(redrawn) = base.with_curve_redrawn(curve) {
                if let Some(mv) = redrawn.route(child) {
                    return Ok((redrawn.play(&mv, None)?, Relayout::CurveRedrawn { curve }));
                }
            }
        }
        if let Some(done) = part {
            return Ok(done);
        }
        let fresh = Drawing::layout(child)?;
        Ok((self.nearest_mirror(fresh, child), Relayout::Fresh))
    }

    /// How many of this drawing's spots have no spot of `next` at exactly the same place: the
    /// spots a player sees move (or vanish) between the two drawings.
    pub fn spots_moved(&self, next: &Drawing) -> usize {
        self.spots
            .iter()
            .filter(|s| !next.spots.iter().any(|t| t.at == s.at))
            .count()
    }

    /// The curves that carry a middle spot with no other curve at it (those the router can draw
    /// again), the one passing nearest to the end spots of the moves making `child` first.
    fn curves_near_move(&self, child: &Position) -> Vec<usize> {
        let ends: Vec<Point> = self
            .move_ends(child)
            .iter()
            .flatten()
            .map(|&s| self.spots[s].at)
            .collect();
        let degrees = self.degrees();
        let mut near: Vec<(f64, usize)> = self
            .curves
            .iter()
            .enumerate()
            .filter(|(_, c)| c.middle.is_some_and(|m| degrees[m.spot] == 2))
            .map(|(k, c)| {
                let distance = c
                    .points
                    .windows(2)
                    .flat_map(|w| ends.iter().map(|&e| dist_to_segment(e, w[0], w[1])))
                    .fold(f64::INFINITY, f64::min);
                (distance, k)
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        near.into_iter().map(|(_, k)| k).collect()
    }

    /// This drawing with curve `k` (which carries a middle spot with no other curve at it) drawn
    /// again by the router in the drawing without it; the middle spot keeps its number and goes as
    /// near as it can to where it was. `None` if the router finds no curve.
    fn with_curve_redrawn(&self, k: usize) -> Option<Drawing> {
        let curve = self.curves.get(k)?;
        let middle = curve.middle?.spot;
        if self.degrees().get(middle) != Some(&2) {
            return None; // another curve ends at the middle spot: it cannot be taken away
        }
        let position = self.position().ok()?;
        // Without the curve and its middle spot (spots after it move down by one).
        let down = |s: usize| if s > middle { s - 1 } else { s };
        let mut without = self.clone();
        without.curves.remove(k);
        without.spots.remove(middle);
        for c in &mut without.curves {
            c.start = down(c.start);
            c.end = down(c.end);
            if let Some(m) = &mut c.middle {
                m.spot = down(m.spot);
            }
        }
        let mv = without.route(&position)?;
        let mut next = without.play(&mv, Some(self.spots[middle].at)).ok()?;
        // The new spot (last) back to its old number, the new curve back to its old place.
        let last = next.spots.len() - 1;
        let up = |s: usize| {
            if s == last {
                middle
            } else if s >= middle {
                s + 1
            } else {
                s
            }
        };
        let spot = next.spots.pop()?;
        next.spots.insert(middle, spot);
        for c in &mut next.curves {
            c.start = up(c.start);
            c.end = up(c.end);
            if let Some(m) = &mut c.middle {
                m.spot = up(m.spot);
            }
        }
        let redrawn = next.curves.pop()?;
        next.curves.insert(k, redrawn);
        (next.position().ok()? == position).then_some(next)
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
