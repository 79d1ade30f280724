//! Move → curve, the routing entry points: for a child position the engine names, find the move in
//! the drawing's terms (`route_candidates`), and try curve shapes for it until one is legal and makes
//! that child. The shapes, in order, are what this file decides; how each is made lives elsewhere.
//!
//! The mesh path (`mesh_path` for a join, `mesh_split` for a split) is made on coarse meshes first,
//! finer ones after. It zigzags; it is pulled tight (`smooth`: roomiest clearance first, loops too) and
//! rounded by corner cutting, smoothest first (`smoothing_tries`); where none of these passes, it is relaxed as an
//! elastic band (`band`: moved clear of the spots it passes too close to). A loop around nothing is
//! first tried as a round teardrop, one around lone spots only as a balloon holding them
//! (`loop_shape`). Each try is checked as a freehand curve and kept only if it makes the wanted
//! child.

use std::collections::HashSet;

use crate::games::sprouts::Position;

use super::band::{relax, ObstacleIndex};
use super::drawing::Drawing;
use super::geometry::{chaikin, dist_to_segment, Point};
use super::legality::CurveMove;
use super::loop_shape::{balloons, teardrops};
use super::mesh_path::build_curve;
use super::planar::{wedge, PlanarMap};
use super::route_candidates::{child_string, for_each_candidate, Candidate};
use super::smooth::Obstacles;
use super::smoothing_tries::{PulledPaths, SMOOTHING_TRIES};

/// Clearance of a teardrop or balloon from the drawing (away from its own spot).
const DROP_CLEARANCE: f64 = 12.0;

impl Drawing {
    /// A curve realising exactly the child `child` (canonical), checked as a freehand curve would be;
    /// `None` if the child is not a child of this drawing's position (or no curve was found).
    pub fn route(&self, child: &Position) -> Option<CurveMove> {
        let map = PlanarMap::new(self);
        let lives = self.lives();
        let regions = map.spot_walks();
        let mut tried: HashSet<String> = HashSet::new();
        let mut result = None;
        for_each_candidate(&map, &lives, &mut |cand| {
            let text = child_string(&map, &regions, &lives, cand);
            let matches = match &text {
                Some(t) if tried.contains(t) => false,
                Some(t) => {
                    let ok = t.parse::<Position>().ok().as_ref() == Some(child);
                    if !ok {
                        tried.insert(t.clone());
                    }
                    ok
                }
                None => false,
            };
            if matches {
                if let Some(mv) = self.curve_for(&map, cand, child) {
                    result = Some(mv);
                    return true;
                }
            }
            false
        });
        result
    }

    /// The distinct children this drawing can reach with one curve, in the drawing's own terms.
    ///
    /// Usually the engine's children exactly; but where a region has at most 3 lives the engine's
    /// canonical form keeps only the multiset of its vertices (GLOP's rule: the finer structure does
    /// not change the game), and some of the engine's children of such a position may need a
    /// structure this drawing does not have: it reaches an equivalent child instead.
    pub fn children(&self) -> Vec<Position> {
        let map = PlanarMap::new(self);
        let lives = self.lives();
        let regions = map.spot_walks();
        let mut seen: HashSet<String> = HashSet::new();
        let mut out: Vec<Position> = Vec::new();
        for_each_candidate(&map, &lives, &mut |cand| {
            if let Some(text) = child_string(&map, &regions, &lives, cand) {
                if seen.insert(text.clone()) {
                    if let Ok(p) = text.parse::<Position>() {
                        if !out.contains(&p) {
                            out.push(p);
                        }
                    }
                }
            }
            false
        });
        out
    }

    /// The end spots of the moves (in this drawing's terms) that make `child`.
    pub(super) fn move_ends(&self, child: &Position) -> Vec<[usize; 2]> {
        let map = PlanarMap::new(self);
        let lives = self.lives();
        let regions = map.spot_walks();
        let mut ends = Vec::new();
        for_each_candidate(&map, &lives, &mut |cand| {
            let text = child_string(&map, &regions, &lives, cand);
            if text.and_then(|t| t.parse::<Position>().ok()).as_ref() == Some(child) {
                let pair = [cand.first.spot, cand.second.spot];
                if !ends.contains(&pair) {
                    ends.push(pair);
                }
            }
            false
        });
        ends
    }

    pub(super) fn curve_for(
        &self,
        map: &PlanarMap,
        cand: &Candidate,
        child: &Position,
    ) -> Option<CurveMove> {
        // A coarse mesh gives calmer curves; a finer one fits narrow places (the last, split twice,
        // fits necks between curves only one triangle wide). Curves that keep well clear of other
        // spots are preferred (crowded spots make later moves hard to draw).
        let obstacles = Obstacles::of(self);
        // The band's index is built only if a band is needed (few curves get that far).
        let mut index: Option<ObstacleIndex> = None;
        let mut lenient: Option<CurveMove> = None;
        let is_loop = cand.first == cand.second;
        // The lone spots a loop goes round, if it goes round nothing else (none: an empty loop).
        let held: Option<Vec<Point>> =
            cand.inside.as_ref().filter(|_| is_loop).and_then(|inside| {
                inside
                    .iter()
                    .map(|&w| map.walks[w].isolated.map(|s| map.nodes[s]))
                    .collect()
            });
        let empty_loop = held.as_ref().is_some_and(|h| h.is_empty());
        // An empty loop is a round teardrop where one fits; a loop round lone spots a balloon.
        if let Some(held) = &held {
            let (start, width) = wedge(map, &cand.first);
            let at = map.nodes[cand.first.spot];
            let drops: Box<dyn Iterator<Item = Vec<Point>>> = if held.is_empty() {
                Box::new(teardrops(at, start, width))
            } else {
                Box::new(balloons(at, start, width, held))
            };
            for drop in drops {
                let Ok(mv) = self.check_curve(&drop) else {
                    continue;
                };
                if mv.child() != child {
                    continue;
                }
                // Round shapes keep well off other curves too (the mesh's paths are pulled
                // tight with such a clearance).
                if self.keeps_clear(&mv)
                    && obstacles.clear_of(&drop, at, DROP_CLEARANCE, DROP_CLEARANCE)
                {
                    return Some(mv);
                }
                lenient.get_or_insert(mv);
            }
        }
        for (grid, splits) in [(44.0, 1), (24.0, 1), (13.0, 1), (7.0, 1), (7.0, 2)] {
            if lenient.is_some() {
                break;
            }
            let Some(line) = build_curve(map, cand, grid, splits) else {
                continue;
            };
            // Each try is checked as a freehand curve, so it can only fail, never mislead; one that
            // keeps clear of other spots ends the search.
            let mut attempt = |smooth: &[Point]| -> bool {
                let Ok(mv) = self.check_curve(smooth) else {
                    return false;
                };
                if mv.child() != child {
                    return false;
                }
                if self.keeps_clear(&mv) {
                    lenient = Some(mv);
                    return true;
                }
                lenient.get_or_insert(mv);
                false
            };
            // Smoothest first: pulled tight and rounded; then plainer versions if that touches
            // anything. Tries are made one at a time, as most curves pass the first.
            let mut paths = PulledPaths::new(&line, &obstacles);
            let tries = SMOOTHING_TRIES
                .iter()
                .filter(|t| !(empty_loop && t.pulls()));
            let mut done = false;
            for smoothing in tries {
                if attempt(&smoothing.shape(&mut paths)) {
                    done = true;
                    break;
                }
            }
            if done {
                return lenient;
            }
            // Last, the elastic band: it moves the path away from spots it passes too close to
            // (narrow places). It straightens small wiggles fast but large detours slowly, so it
            // starts from the path pulled tight (a loop from the path itself).
            let index = index.get_or_insert_with(|| ObstacleIndex::of(self));
            let band = if is_loop {
                relax(&line, index)
            } else {
                relax(paths.tightest(), index)
            };
            if attempt(&chaikin(&band)) || attempt(&band) {
                return lenient;
            }
        }
        lenient
    }

    /// True when the curve stays [`ROOMY`] away from every spot but its own ends (away from them), and
    /// a loop is not tiny.
    fn keeps_clear(&self, mv: &CurveMove) -> bool {
        let points = mv.points();
        let (a, b) = (points[0], points[points.len() - 1]);
        // A loop must leave room inside it for later moves.
        if mv.from() == mv.to() && points.iter().all(|p| p.dist(a) < 4.0 * ROOMY) {
            return false;
        }
        points.windows(2).all(|w| {
            if w[0].dist(a) < ROOMY || w[1].dist(b) < ROOMY {
                return true;
            }
            self.spots
                .iter()
                .all(|s| dist_to_segment(s.at, w[0], w[1]) >= ROOMY)
        })
    }
}

/// Clearance from other spots that routed curves aim for.
const ROOMY: f64 = 10.0;
