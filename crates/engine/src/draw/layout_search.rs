//! The fallback layout of one land: find a sequence of moves that leads to it from a start (a
//! breadth-first search over the engine's children, within a budget) and replay it with
//! [`Drawing::route`], so every curve is a routed, checked move.
//!
//! The constructive layout (`layout_plan`, with tangles) builds every land of the test sets; this
//! serves any it still cannot build. Limits (honest): a land
//! not found within the search budget ([`SEARCH_BUDGET`] positions, lands of at most
//! [`MAX_SEARCH_LIVES`] lives unless they are a start) gets [`LayoutError::NotFound`].

use std::collections::{HashMap, VecDeque};

use crate::games::sprouts::{Land, Position};

use super::drawing::{Curve, Drawing, OnCurve, Spot, HEIGHT, WIDTH};
use super::error::LayoutError;
use super::geometry::Point;
use super::layout_ring::push_ring;

/// Most positions the search for one land visits.
pub const SEARCH_BUDGET: usize = 8_000;
/// Lands with more lives than this are not searched for (unless they are a start): the search would
/// not reach them within its budget anyway.
pub const MAX_SEARCH_LIVES: usize = 15;

/// One land, drawn by replaying a move sequence that reaches it.
pub(crate) fn land_drawing(land: &Land) -> Result<Drawing, LayoutError> {
    let target = Position::from_lands(vec![land.clone()]);
    let path = find_moves(&target).ok_or(LayoutError::NotFound)?;
    let mut drawing = Drawing::start(path.0);
    for child in &path.1 {
        let mv = drawing.route(child).ok_or(LayoutError::NoCurve)?;
        drawing = drawing.play(&mv, None)?;
    }
    Ok(drawing)
}

/// The number of spots and the positions after each move of a game reaching `target`.
fn find_moves(target: &Position) -> Option<(usize, Vec<Position>)> {
    let lives = target.lives() as usize;
    let first = lives.div_ceil(3).max(1);
    let mut budget = SEARCH_BUDGET;
    for spots in first..first + 3 {
        let start = Position::start(spots).ok()?;
        let mut parent: HashMap<Position, Option<Position>> = HashMap::new();
        parent.insert(start.clone(), None);
        let mut queue = VecDeque::from([start]);
        while let Some(p) = queue.pop_front() {
            if p == *target {
                let mut path = vec![p.clone()];
                let mut at = p;
                while let Some(Some(prev)) = parent.get(&at) {
                    path.push(prev.clone());
                    at = prev.clone();
                }
                path.pop(); // the start itself
                path.reverse();
                return Some((spots, path));
            }
            if budget == 0 || lives > MAX_SEARCH_LIVES {
                return None;
            }
            budget -= 1;
            // A child with fewer lives than the target cannot lead to it.
            for child in p.children() {
                if (child.lives() as usize) >= lives && !parent.contains_key(&child) {
                    parent.insert(child.clone(), Some(p.clone()));
                    queue.push_back(child);
                }
            }
        }
    }
    None
}

/// A dead ring around the cell: two spots joined by three curves (no lives left at either). It is
/// drawn as one rounded frame round the cell, closed at the top by a small eye between the two
/// spots (the eye is the third, empty region such a ring must make).
pub(crate) fn fence(out: &mut Drawing, x0: f64, y0: f64, w: f64, h: f64) {
    let (cx, cy) = (x0 + w * 0.5, y0 + h * 0.5);
    let (a, b) = (w * 0.44, h * 0.44);
    // The frame is the superellipse |x/a|^4 + |y/b|^4 = 1 (a rounded box); the spots sit on its
    // top edge, `d` either side of the middle.
    let d = (w * 0.05).min(40.0);
    let alpha = (d / a).powi(2).asin();
    let at = |t: f64| {
        let (c, s) = (t.cos(), t.sin());
        Point::new(
            cx + a * c.signum() * c.abs().sqrt(),
            cy + b * s.signum() * s.abs().sqrt(),
        )
    };
    push_ring(out, at, alpha, (h * 0.03).min(12.0));
}

/// Copies `inner` (drawn in the whole box) into the rectangle at (x0, y0) of size w × h.
pub(crate) fn place(out: &mut Drawing, inner: &Drawing, x0: f64, y0: f64, w: f64, h: f64) {
    append_mapped(out, inner, |p| {
        Point::new(x0 + p.x / WIDTH * w, y0 + p.y / HEIGHT * h)
    });
}

/// Adds `inner` to `out` with every point moved by `map` (spots and curves renumbered after
/// `out`'s own).
pub(crate) fn append_mapped(out: &mut Drawing, inner: &Drawing, map: impl Fn(Point) -> Point) {
    let base = out.spots.len();
    out.spots
        .extend(inner.spots.iter().map(|s| Spot { at: map(s.at) }));
    out.curves.extend(inner.curves.iter().map(|c| Curve {
        start: c.start + base,
        end: c.end + base,
        points: c.points.iter().map(|&p| map(p)).collect(),
        middle: c.middle.map(|m| OnCurve {
            spot: m.spot + base,
            index: m.index,
        }),
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every land met in games from the 3-spot start (the engine's children).
    fn lands_met() -> BTreeSet<Land> {
        let mut seen = BTreeSet::new();
        let mut lands = BTreeSet::new();
        let mut stack = vec![Position::start(3).unwrap()];
        while let Some(p) = stack.pop() {
            if seen.insert(p.clone()) {
                lands.extend(p.lands().iter().cloned());
                stack.extend(p.children());
            }
        }
        lands
    }

    #[test]
    fn the_fallback_draws_each_land_it_reaches_as_that_land() {
        // The constructive layout builds these, so only this test runs the fallback on them: the
        // drawing it replays must be of the very land (read back from the picture's planar map).
        let lands = lands_met();
        assert!(lands.len() > 20, "{} lands", lands.len());
        for land in lands {
            let drawing = land_drawing(&land).unwrap_or_else(|e| panic!("{land}: {e}"));
            let drawn = drawing.position().unwrap();
            assert_eq!(drawn, Position::from_lands(vec![land.clone()]), "{land}");
        }
    }

    #[test]
    fn a_land_past_the_search_limit_is_not_found() {
        // The 6-spot start (18 lives) is drawn at once; its first child's land (17 lives) is beyond
        // MAX_SEARCH_LIVES and not a start.
        let big = Position::start(6).unwrap();
        let land = big.lands()[0].clone();
        assert!(land_drawing(&land).is_ok(), "a start is always drawn");
        let after = big.children().into_iter().next().unwrap();
        let land = after
            .lands()
            .iter()
            .max_by_key(|l| l.lives())
            .unwrap()
            .clone();
        assert!(land.lives() as usize > MAX_SEARCH_LIVES);
        assert!(matches!(land_drawing(&land), Err(LayoutError::NotFound)));
    }
}
