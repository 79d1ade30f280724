//! Move → curve: for a child position the engine names, find the move in the drawing's terms (which
//! face, which two corners, which boundaries go inside) and route a curve for it through a triangle
//! mesh of the face.
//!
//! A join (two different boundaries of a face) takes the shortest way through the mesh. A split (two
//! corners of one boundary, or a loop) must put exactly the chosen boundaries on its inner side: the
//! inner side is grown as a set of mesh triangles (those touching the inner arc of the boundary and the
//! chosen boundaries, linked by corridors, pockets filled), and the curve is its border.
//!
//! The mesh path zigzags; it is pulled tight (`smooth`: roomiest clearance first, loops too) and
//! rounded by corner cutting, smoothest first; where none of these passes, it is relaxed as an
//! elastic band (`band`: moved clear of the spots it passes too close to). A loop around nothing is
//! first tried as a round teardrop, one around lone spots only as a balloon holding them
//! (`loop_shape`). Each try is checked as a freehand curve and kept only if it makes the wanted
//! child.

use std::collections::{HashSet, VecDeque};
use std::f64::consts::PI;

use crate::games::sprouts::Position;

use super::band::{relax, ObstacleIndex};
use super::drawing::{edge_distance, Drawing, HEIGHT, WIDTH};
use super::geometry::{chaikin, dist_to_segment, resample, segments_touch, simplify, Point};
use super::legality::CurveMove;
use super::loop_shape::{balloons, teardrops};
use super::mesh::{key, Mesh, VertexKind};
use super::planar::{Corner, PlanarMap};
use super::smooth::{pull_tight, Obstacles};
use super::to_position::write_position;

/// One move in the drawing's terms.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    pub(super) region: usize,
    pub(super) first: Corner,
    pub(super) second: Corner,
    /// For a split: the other walks of the region that go on the inner side.
    pub(super) inside: Option<Vec<usize>>,
}

const INNER_ARC: usize = usize::MAX - 1;
const OUTER_ARC: usize = usize::MAX - 2;
const BOX: usize = usize::MAX - 3;
/// Width of the strip along the box that new curves keep out of (when they can).
const BOX_MARGIN: f64 = 24.0;

/// Clearances from the drawing that a routed path is pulled tight with, roomiest first.
const PULL_CLEARANCES: [f64; 3] = [20.0, 12.0, 6.0];

/// Clearance of a teardrop or balloon from the drawing (away from its own spot).
const DROP_CLEARANCE: f64 = 12.0;

/// Most boundaries of one face whose sides are tried one by one (2^k ways).
pub(super) const MAX_SIDE_CHOICES: usize = 12;

impl Drawing {
    /// A curve realising exactly the child `child` (canonical), checked as a freehand curve would be;
    /// `None` if the child is not a child of this drawing's position (or no curve was found).
    pub fn route(&self, child: &Position) -> Option<CurveMove> {
        self.validate().ok()?;
        let map = PlanarMap::new(self);
        let lives = self.lives();
        let regions = spot_walks(&map);
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
        if self.validate().is_err() {
            return Vec::new();
        }
        let map = PlanarMap::new(self);
        let lives = self.lives();
        let regions = spot_walks(&map);
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
        if self.validate().is_err() {
            return Vec::new();
        }
        let map = PlanarMap::new(self);
        let lives = self.lives();
        let regions = spot_walks(&map);
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
            let mut pulled: [Option<Vec<Point>>; 3] = [None, None, None];
            let recipes: [(Option<usize>, f64, usize, f64); 13] = [
                // (pulled with clearance #k, or the raw path with a simplification tolerance;
                //  resampling step before corner cutting; rounds; spacing of the raw path's points)
                (Some(0), 48.0, 5, 0.0),
                (Some(0), 28.0, 4, 0.0),
                (Some(1), 28.0, 4, 0.0),
                (Some(1), 10.0, 3, 0.0),
                (Some(2), 28.0, 4, 0.0),
                (Some(2), 10.0, 3, 0.0),
                (Some(1), 0.0, 0, 0.0),
                (Some(2), 0.0, 0, 0.0),
                (None, 8.0, 4, 8.0),
                (None, 3.0, 3, 8.0),
                (None, 0.0, 3, 6.0),
                (None, 0.0, 1, 0.0),
                (None, 0.0, 0, 0.0),
            ];
            // An empty loop is not pulled tight: it would shrink to nothing round its spot.
            let usable = recipes.iter().filter(|r| !(empty_loop && r.0.is_some()));
            let mut done = false;
            for &(pull, step, rounds, spacing) in usable {
                let mut smooth = match pull {
                    Some(k) => {
                        let clearance = PULL_CLEARANCES[k];
                        let tight = pulled[k].get_or_insert_with(|| {
                            pull_tight(&resample(&line, 6.0), &obstacles, clearance)
                        });
                        if step > 0.0 {
                            resample(tight, step)
                        } else {
                            tight.clone()
                        }
                    }
                    None if step > 0.0 => simplify(&line, step),
                    None => line.clone(),
                };
                for _ in 0..rounds {
                    smooth = chaikin(&smooth);
                }
                if pull.is_some() && rounds > 0 {
                    smooth = resample(&smooth, 6.0);
                } else if spacing > 0.0 {
                    smooth = resample(&smooth, spacing);
                }
                if attempt(&smooth) {
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
                let tight = pulled[2].get_or_insert_with(|| {
                    pull_tight(&resample(&line, 6.0), &obstacles, PULL_CLEARANCES[2])
                });
                relax(tight, index)
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

/// Each region's walks as the spots of their corners.
pub(super) fn spot_walks(map: &PlanarMap) -> Vec<Vec<Vec<usize>>> {
    map.regions
        .iter()
        .map(|walks| {
            walks
                .iter()
                .map(|&w| map.corners(w).iter().map(|c| c.spot).collect())
                .collect()
        })
        .collect()
}

/// Calls `f` on every candidate move until it returns true.
fn for_each_candidate(map: &PlanarMap, lives: &[u8], f: &mut dyn FnMut(&Candidate) -> bool) {
    for (r, walks) in map.regions.iter().enumerate() {
        let live = |w: usize| map.corners(w).iter().any(|c| lives[c.spot] > 0);
        let isolated: Vec<usize> = walks
            .iter()
            .copied()
            .filter(|&w| map.walks[w].isolated.is_some())
            .collect();
        let others: Vec<usize> = walks
            .iter()
            .copied()
            .filter(|&w| map.walks[w].isolated.is_none() && live(w))
            .collect();
        // Isolated spots are interchangeable: use the first one or two.
        let mut usable: Vec<usize> = others.clone();
        usable.extend(isolated.iter().take(2));
        for (x, &w1) in usable.iter().enumerate() {
            for &w2 in &usable[x + 1..] {
                let both_isolated =
                    map.walks[w1].isolated.is_some() && map.walks[w2].isolated.is_some();
                let second_isolated = isolated.get(1).is_some_and(|&s| s == w1 || s == w2);
                if second_isolated && !both_isolated {
                    continue;
                }
                for c1 in map.corners(w1) {
                    for c2 in map.corners(w2) {
                        if lives[c1.spot] == 0 || lives[c2.spot] == 0 {
                            continue;
                        }
                        let cand = Candidate {
                            region: r,
                            first: c1,
                            second: c2,
                            inside: None,
                        };
                        if f(&cand) {
                            return;
                        }
                    }
                }
            }
        }
        for &w in others.iter().chain(isolated.iter().take(1)) {
            let rest: Vec<usize> = others.iter().copied().filter(|&o| o != w).collect();
            let spots: Vec<usize> = isolated.iter().copied().filter(|&o| o != w).collect();
            if rest.len() > MAX_SIDE_CHOICES {
                continue;
            }
            let corners = map.corners(w);
            for a in 0..corners.len() {
                for b in a..corners.len() {
                    let (c1, c2) = (corners[a], corners[b]);
                    let ok = if a == b {
                        lives[c1.spot] >= 2
                    } else {
                        c1.spot != c2.spot && lives[c1.spot] >= 1 && lives[c2.spot] >= 1
                    };
                    if !ok {
                        continue;
                    }
                    // Isolated spots are interchangeable: enclose the nearest ones — nearest to
                    // the curve's two ends, or (another try) nearest to the arc of the boundary
                    // that goes inside, whose neighbourhood the curve encloses.
                    let at = |w: &usize| map.nodes[map.walks[*w].isolated.unwrap_or(0)];
                    let mut spots = spots.clone();
                    let near =
                        |w: &usize| at(w).dist(map.nodes[c1.spot]) + at(w).dist(map.nodes[c2.spot]);
                    spots.sort_by(|x, y| near(x).total_cmp(&near(y)));
                    let arc = inner_arc(map, c1, c2);
                    let mut by_arc = spots.clone();
                    if !arc.is_empty() {
                        let to_arc = |w: &usize| {
                            arc.iter()
                                .map(|p| p.dist(at(w)))
                                .fold(f64::INFINITY, f64::min)
                        };
                        by_arc.sort_by(|x, y| to_arc(x).total_cmp(&to_arc(y)));
                    }
                    let orders: Vec<&Vec<usize>> = if by_arc == spots {
                        vec![&spots]
                    } else {
                        vec![&spots, &by_arc]
                    };
                    for mask in 0u32..(1 << rest.len()) {
                        for k in 0..=spots.len() {
                            for (o, order) in orders.iter().enumerate() {
                                let prefix = &order[..k];
                                // The second order's prefix only if it encloses other spots.
                                if o > 0 && prefix.iter().all(|w| orders[0][..k].contains(w)) {
                                    continue;
                                }
                                let mut inside: Vec<usize> = (0..rest.len())
                                    .filter(|&i| mask >> i & 1 == 1)
                                    .map(|i| rest[i])
                                    .collect();
                                inside.extend(prefix);
                                let cand = Candidate {
                                    region: r,
                                    first: c1,
                                    second: c2,
                                    inside: Some(inside),
                                };
                                if f(&cand) {
                                    return;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The points of the walk's arc from corner `c1` to corner `c2` (the side a split puts inside).
fn inner_arc(map: &PlanarMap, c1: Corner, c2: Corner) -> Vec<Point> {
    let walk = &map.walks[c1.walk];
    let len = walk.half_edges.len();
    if len == 0 || c1 == c2 {
        return Vec::new();
    }
    let arc = (c2.position + len - c1.position) % len;
    (1..=arc)
        .map(|k| map.nodes[map.half_edges[walk.half_edges[(c1.position + k) % len]].from])
        .collect()
}

/// The position string after a candidate move (written as the engine's moves would write it).
pub(super) fn child_string(
    map: &PlanarMap,
    regions: &[Vec<Vec<usize>>],
    lives: &[u8],
    cand: &Candidate,
) -> Option<String> {
    let mut lives = lives.to_vec();
    let m = lives.len();
    lives.push(1);
    let (u, v) = (cand.first.spot, cand.second.spot);
    lives[u] = lives[u].checked_sub(1)?;
    lives[v] = lives[v].checked_sub(1)?;
    let walks = &map.regions[cand.region];
    let slot = |w: usize| walks.iter().position(|&x| x == w);
    let index = |c: &Corner| map.corners(c.walk).iter().position(|x| x == c);
    // The walk read from a corner, closed by that corner again unless it is an isolated spot.
    let read_from = |c: &Corner| -> Option<Vec<usize>> {
        let list = &regions[cand.region][slot(c.walk)?];
        let i = index(c)?;
        let mut out: Vec<usize> = list[i..].iter().chain(&list[..i]).copied().collect();
        if map.walks[c.walk].isolated.is_none() {
            out.push(list[i]);
        }
        Some(out)
    };
    let mut next: Vec<Vec<Vec<usize>>> = regions.to_vec();
    match &cand.inside {
        None => {
            let mut merged = read_from(&cand.first)?;
            merged.push(m);
            merged.extend(read_from(&cand.second)?);
            merged.push(m);
            let (s1, s2) = (slot(cand.first.walk)?, slot(cand.second.walk)?);
            let region = &mut next[cand.region];
            let mut kept: Vec<Vec<usize>> = region
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != s1 && k != s2)
                .map(|(_, w)| w.clone())
                .collect();
            kept.push(merged);
            *region = kept;
        }
        Some(inside) => {
            let s0 = slot(cand.first.walk)?;
            let list = &regions[cand.region][s0];
            let (a, b) = (index(&cand.first)?, index(&cand.second)?);
            let (side_a, side_b) = if a == b {
                (vec![u, m], {
                    let mut o = read_from(&cand.first)?;
                    o.push(m);
                    o
                })
            } else {
                let mut x: Vec<usize> = list[a..=b].to_vec();
                x.push(m);
                let mut y: Vec<usize> = list[b..].iter().chain(&list[..=a]).copied().collect();
                y.push(m);
                (x, y)
            };
            let mut region_a = vec![side_a];
            let mut region_b = vec![side_b];
            for (k, &w) in walks.iter().enumerate() {
                if k == s0 {
                    continue;
                }
                if inside.contains(&w) {
                    region_a.push(regions[cand.region][k].clone());
                } else {
                    region_b.push(regions[cand.region][k].clone());
                }
            }
            next[cand.region] = region_a;
            next.push(region_b);
        }
    }
    write_position(&next, &lives).ok()
}

/// The corner's wedge at its spot: start angle (the leaving half-edge) and width, counterclockwise.
fn wedge(map: &PlanarMap, c: &Corner) -> (f64, f64) {
    let walk = &map.walks[c.walk];
    if walk.isolated.is_some() {
        let at = map.nodes[c.spot];
        let toward = at.angle_to(Point::new(WIDTH / 2.0, HEIGHT / 2.0));
        return (toward + PI, 2.0 * PI);
    }
    let h_in = walk.half_edges[c.position];
    let h_out = map.next[h_in];
    let at = map.nodes[c.spot];
    let a_out = at.angle_to(map.nodes[map.half_edges[h_out].to]);
    let a_twin = at.angle_to(map.nodes[map.half_edges[h_in ^ 1].to]);
    let mut width = (a_twin - a_out).rem_euclid(2.0 * PI);
    if h_out == h_in ^ 1 || width < 1e-12 {
        width = 2.0 * PI;
    }
    (a_out, width)
}

/// The helper point a new curve leaves its spot through: on the wedge's ray at `fraction` of its
/// width, as far out (up to 30, at most `reach`) as keeps it well clear of the drawing.
fn lead_point(map: &PlanarMap, c: &Corner, fraction: f64, reach: f64) -> Point {
    let (start, width) = wedge(map, c);
    let at = map.nodes[c.spot];
    let angle = start + width * fraction;
    let mut point = at;
    let steps = [30.0, 22.0, 16.0, 11.0, 8.0, 5.5, 4.0, 2.5];
    for d in steps.into_iter().filter(|&d| d <= reach.max(2.5)) {
        point = Point::new(at.x + d * angle.cos(), at.y + d * angle.sin());
        let inside = point.x > 0.0 && point.y > 0.0 && point.x < WIDTH && point.y < HEIGHT;
        let clear = map.half_edges.iter().step_by(2).all(|he| {
            let (a, b) = (map.nodes[he.from], map.nodes[he.to]);
            dist_to_segment(point, a, b) >= 0.35 * d
                && (he.from == c.spot || he.to == c.spot || !segments_touch(at, point, a, b))
        }) && map.nodes[..map.spot_count]
            .iter()
            .enumerate()
            .all(|(s, p)| s == c.spot || p.dist(point) >= 0.5 * d);
        if inside && clear {
            break;
        }
    }
    point
}

/// Which side of the new curve a mesh triangle must be on, from what it touches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Inner,
    Outer,
}

fn build_curve(map: &PlanarMap, cand: &Candidate, grid: f64, splits: usize) -> Option<Vec<Point>> {
    let is_loop = cand.first == cand.second;
    let (u, v) = (cand.first.spot, cand.second.spot);
    let leads: Vec<(usize, Point)> = if is_loop {
        vec![
            (u, lead_point(map, &cand.first, 1.0 / 3.0, f64::INFINITY)),
            (u, lead_point(map, &cand.first, 2.0 / 3.0, f64::INFINITY)),
        ]
    } else {
        let (pu, pv) = (map.nodes[u], map.nodes[v]);
        let mut leads = [f64::INFINITY, 0.3 * pu.dist(pv)].into_iter().map(|reach| {
            (
                lead_point(map, &cand.first, 0.5, reach),
                lead_point(map, &cand.second, 0.5, reach),
            )
        });
        // Two spots close together: their first steps must not cross each other (the face
        // could not be meshed); shorter ones are tried.
        let (lu, lv) = leads
            .clone()
            .find(|&(lu, lv)| !segments_touch(pu, lu, pv, lv))
            .or_else(|| leads.next())?;
        vec![(u, lu), (v, lv)]
    };
    let mesh = Mesh::of_face(map, &leads, grid, splits, face_area(map, cand.region, grid))?;
    let (lead1, lead2) = (map.nodes.len(), map.nodes.len() + 1);
    match &cand.inside {
        None => join_path(&mesh, u, lead1, v, lead2),
        Some(inside) => {
            // In the unbounded face the box may end up on either side (the sphere does not care):
            // a person draws the curve round the side with fewer spots, so that side is enclosed
            // (the box on the other side) when it can be; else the other way.
            let sides: Vec<Side> = if cand.region == 0 {
                let (inner, outer) = spots_on_each_side(map, cand, inside);
                if inner <= outer {
                    vec![Side::Outer, Side::Inner]
                } else {
                    vec![Side::Inner, Side::Outer]
                }
            } else {
                vec![Side::Outer]
            };
            sides
                .into_iter()
                .find_map(|b| split_curve(map, &mesh, cand, inside, b))
        }
    }
}

/// The bounding box of a face (the whole box for the unbounded one), a grid step wider all round.
fn face_area(map: &PlanarMap, region: usize, grid: f64) -> (Point, Point) {
    let whole = (Point::new(0.0, 0.0), Point::new(WIDTH, HEIGHT));
    if region == 0 {
        return whole;
    }
    let (mut lo, mut hi) = (whole.1, whole.0);
    for &w in &map.regions[region] {
        let walk = &map.walks[w];
        let nodes = walk
            .half_edges
            .iter()
            .map(|&h| map.half_edges[h].from)
            .chain(walk.isolated);
        for node in nodes {
            let p = map.nodes[node];
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
    }
    (
        Point::new(lo.x - grid, lo.y - grid),
        Point::new(hi.x + grid, hi.y + grid),
    )
}

/// How many spots a split puts on its inner side and on its outer side (its own ends on neither):
/// those of the walks each side gets, and the corners of each arc of the split walk.
fn spots_on_each_side(map: &PlanarMap, cand: &Candidate, inside: &[usize]) -> (usize, usize) {
    let ends = [cand.first.spot, cand.second.spot];
    let mut inner: HashSet<usize> = HashSet::new();
    let mut outer: HashSet<usize> = HashSet::new();
    for &w in &map.regions[cand.region] {
        if w == cand.first.walk {
            continue;
        }
        let side = if inside.contains(&w) {
            &mut inner
        } else {
            &mut outer
        };
        side.extend(map.corners(w).iter().map(|c| c.spot));
    }
    let w0 = cand.first.walk;
    let len = map.walks[w0].half_edges.len().max(1);
    let (i, j) = (cand.first.position, cand.second.position);
    let arc = (j + len - i) % len;
    for c in map.corners(w0) {
        if ends.contains(&c.spot) {
            continue;
        }
        if arc >= 1 && (c.position + len - i - 1) % len < arc - 1 {
            inner.insert(c.spot);
        } else {
            outer.insert(c.spot);
        }
    }
    (inner.len(), outer.len())
}

/// Shortest way through the mesh from lead to lead, through the middles of the edges crossed; it
/// keeps out of the strip along the box where it can.
fn join_path(mesh: &Mesh, u: usize, lead1: usize, v: usize, lead2: usize) -> Option<Vec<Point>> {
    let near_box = |t: usize| edge_distance(mesh.centroid(t)) < BOX_MARGIN;
    let ends = (u, lead1, v, lead2);
    mesh_path(mesh, ends, &near_box).or_else(|| mesh_path(mesh, ends, &|_| false))
}

/// Shortest way through the mesh (in triangles) from lead to lead, not entering the triangles
/// `avoid` marks (but those touching a lead).
fn mesh_path(
    mesh: &Mesh,
    (u, lead1, v, lead2): (usize, usize, usize, usize),
    avoid: &dyn Fn(usize) -> bool,
) -> Option<Vec<Point>> {
    let touches = |t: usize, x: usize| mesh.tris[t].contains(&x);
    let n = mesh.tris.len();
    let mut came: Vec<Option<(usize, (usize, usize))>> = vec![None; n];
    let mut seen = vec![false; n];
    let mut queue = VecDeque::new();
    for (t, seen) in seen.iter_mut().enumerate() {
        if touches(t, lead1) {
            *seen = true;
            queue.push_back(t);
        }
    }
    let mut end = None;
    while let Some(t) = queue.pop_front() {
        if touches(t, lead2) {
            end = Some(t);
            break;
        }
        for (nb, e) in mesh.neighbours(t, false) {
            if !seen[nb] && (touches(nb, lead2) || !avoid(nb)) {
                seen[nb] = true;
                came[nb] = Some((t, e));
                queue.push_back(nb);
            }
        }
    }
    let mut t = end?;
    let mut middle = Vec::new();
    while let Some((prev, e)) = came[t] {
        middle.push(mesh.pos[e.0].lerp(mesh.pos[e.1], 0.5));
        t = prev;
    }
    middle.reverse();
    let mut line = vec![mesh.pos[u], mesh.pos[lead1]];
    line.extend(middle);
    line.push(mesh.pos[lead2]);
    line.push(mesh.pos[v]);
    Some(line)
}

fn split_curve(
    map: &PlanarMap,
    mesh: &Mesh,
    cand: &Candidate,
    inside: &[usize],
    box_side: Side,
) -> Option<Vec<Point>> {
    let is_loop = cand.first == cand.second;
    let w0 = cand.first.walk;
    let len = map.walks[w0].half_edges.len().max(1);
    let (i, j) = (cand.first.position, cand.second.position);
    let arc = (j + len - i) % len; // edges e_{i+1} ..= e_j are on the inner arc
    let edge_inner = |k: usize| (k + len - i - 1) % len < arc;
    let corner_inner = |k: usize| arc >= 1 && (k + len - i - 1) % len < arc - 1;
    let mut position_in_walk = vec![0usize; map.half_edges.len()];
    for walk in &map.walks {
        for (k, &h) in walk.half_edges.iter().enumerate() {
            position_in_walk[h] = k;
        }
    }
    let walk_side = |w: usize| {
        if inside.contains(&w) {
            Side::Inner
        } else {
            Side::Outer
        }
    };
    let (start1, width1) = wedge(map, &cand.first);
    let (start2, width2) = wedge(map, &cand.second);
    let offset = |at: Point, c: Point, start: f64| (at.angle_to(c) - start).rem_euclid(2.0 * PI);

    // Side forced on triangle t by its vertex x, if x is on the drawing.
    // (side, piece touched): pieces are walks, the two arcs of the split walk, and the box.
    let arc = |s: Side| -> Option<(Side, usize)> {
        Some((
            s,
            if s == Side::Inner {
                INNER_ARC
            } else {
                OUTER_ARC
            },
        ))
    };
    let in_walk = |w: usize| -> Option<(Side, usize)> { Some((walk_side(w), w)) };
    let vertex_side = |t: usize, x: usize| -> Option<(Side, usize)> {
        let c = mesh.centroid(t);
        match mesh.kind[x] {
            VertexKind::Box => Some((box_side, BOX)),
            VertexKind::Free => None,
            VertexKind::Wall(h) => {
                let he = map.half_edges[h];
                let (a, b) = (map.nodes[he.from], map.nodes[he.to]);
                let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
                let h = if cross > 0.0 { h } else { h ^ 1 };
                let w = map.walk_of[h];
                if w == w0 {
                    arc(if edge_inner(position_in_walk[h]) {
                        Side::Inner
                    } else {
                        Side::Outer
                    })
                } else {
                    in_walk(w)
                }
            }
            VertexKind::Node(n) => {
                let at = map.nodes[n];
                if map.around[n].is_empty() {
                    // An isolated spot: its own walk.
                    let w = map.walks.iter().position(|wk| wk.isolated == Some(n))?;
                    if w == w0 {
                        let o = offset(at, c, start1);
                        return arc(if o > width1 / 3.0 && o < 2.0 * width1 / 3.0 {
                            Side::Inner
                        } else {
                            Side::Outer
                        });
                    }
                    return in_walk(w);
                }
                // The corner whose wedge holds the triangle: the leaving half-edge is the last one
                // at or before the triangle's direction.
                let dir = at.angle_to(c);
                let around = &map.around[n];
                let angles: Vec<f64> = around
                    .iter()
                    .map(|&h| at.angle_to(map.nodes[map.half_edges[h].to]))
                    .collect();
                let mut pick = around.len() - 1;
                for (k, &a) in angles.iter().enumerate() {
                    if a <= dir {
                        pick = k;
                    }
                }
                let h_in = around[(pick + 1) % around.len()] ^ 1;
                let w = map.walk_of[h_in];
                if w != w0 {
                    return in_walk(w);
                }
                let k = position_in_walk[h_in];
                if n == cand.first.spot && k == i {
                    let o = offset(at, c, start1);
                    return arc(if is_loop {
                        if o > width1 / 3.0 && o < 2.0 * width1 / 3.0 {
                            Side::Inner
                        } else {
                            Side::Outer
                        }
                    } else if o < width1 / 2.0 {
                        Side::Inner
                    } else {
                        Side::Outer
                    });
                }
                if n == cand.second.spot && k == j {
                    let o = offset(at, c, start2);
                    return arc(if o < width2 / 2.0 {
                        Side::Outer
                    } else {
                        Side::Inner
                    });
                }
                arc(if corner_inner(k) {
                    Side::Inner
                } else {
                    Side::Outer
                })
            }
        }
    };

    let n = mesh.tris.len();
    // forced[t]: Some(side) when t touches the drawing.
    let mut forced: Vec<Option<Side>> = vec![None; n];
    let mut pieces: Vec<Vec<usize>> = vec![Vec::new(); n];
    // A margin along the box stays outside, so curves keep off the edge of the picture.
    for t in 0..n {
        if edge_distance(mesh.centroid(t)) < BOX_MARGIN {
            forced[t] = Some(box_side);
            pieces[t].push(BOX);
        }
    }
    for t in 0..n {
        for &x in &mesh.tris[t] {
            if let Some((s, piece)) = vertex_side(t, x) {
                match forced[t] {
                    Some(f) if f != s && !pieces[t].contains(&BOX) => return None,
                    _ => forced[t] = Some(s),
                }
                pieces[t].push(piece);
            }
        }
    }
    let minimal: Vec<bool> = forced.iter().map(|f| *f == Some(Side::Inner)).collect();
    let voronoi = nearest_side(mesh, &forced, [cand.first.spot, cand.second.spot]);
    [voronoi, minimal]
        .into_iter()
        .find_map(|inner| border_curve(mesh, cand, &forced, &pieces, inner))
}

/// Free triangles go to the side whose forced triangles are nearer (through the mesh): the curve
/// then runs half-way between what it must keep on either side.
fn nearest_side(mesh: &Mesh, forced: &[Option<Side>], ends: [usize; 2]) -> Vec<bool> {
    let n = mesh.tris.len();
    let mut side: Vec<Option<Side>> = vec![None; n];
    // The outer side starts late next to the curve's own ends, so the curve leaves them boldly
    // (and an empty loop gets room) instead of hugging them.
    const DELAY: usize = 10;
    let mut layers: Vec<Vec<usize>> = vec![Vec::new(); DELAY + 1];
    for (t, f) in forced.iter().enumerate() {
        if let Some(s) = *f {
            let at_end = ends.iter().any(|e| mesh.tris[t].contains(e));
            let start = if s == Side::Outer && at_end { DELAY } else { 0 };
            layers[start].push(t);
        }
    }
    let mut d = 0;
    while d < layers.len() {
        let layer = std::mem::take(&mut layers[d]);
        for &t in &layer {
            if side[t].is_some() {
                continue;
            }
            side[t] = forced[t].or(side[t]);
        }
        let mut next = Vec::new();
        for &t in &layer {
            let Some(s) = side[t] else { continue };
            for (nb, _) in mesh.neighbours(t, true) {
                if side[nb].is_none() && forced[nb].is_none() {
                    side[nb] = Some(s);
                    next.push(nb);
                }
            }
        }
        if !next.is_empty() {
            if layers.len() <= d + 1 {
                layers.push(Vec::new());
            }
            layers[d + 1].extend(next);
        }
        d += 1;
    }
    side.iter().map(|s| *s == Some(Side::Inner)).collect()
}

/// Makes the inner side one piece (corridors), fills pockets, and reads the border between the sides
/// as a path of mesh points from the first spot to the second.
fn border_curve(
    mesh: &Mesh,
    cand: &Candidate,
    forced: &[Option<Side>],
    pieces: &[Vec<usize>],
    mut inner: Vec<bool>,
) -> Option<Vec<Point>> {
    let is_loop = cand.first == cand.second;
    let n = mesh.tris.len();

    // Link the inner triangles into one piece (through the pieces of drawing they touch, and through
    // corridors of free triangles).
    let components = |inner: &[bool], want: bool| -> Vec<usize> {
        // Union-find over triangles of one side; joined by open edges and by touching the same walk
        // (other than the split walk, whose two arcs are different sides).
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        let mut by_walk: rustc_hash::FxHashMap<usize, usize> = Default::default();
        for t in 0..n {
            if inner[t] != want {
                continue;
            }
            for (nb, _) in mesh.neighbours(t, true) {
                if inner[nb] == want {
                    let (a, b) = (find(&mut parent, t), find(&mut parent, nb));
                    parent[a] = b;
                }
            }
            for &w in &pieces[t] {
                match by_walk.get(&w) {
                    Some(&o) => {
                        let (a, b) = (find(&mut parent, t), find(&mut parent, o));
                        parent[a] = b;
                    }
                    None => {
                        by_walk.insert(w, t);
                    }
                }
            }
        }
        (0..n).map(|t| find(&mut parent, t)).collect()
    };

    // Each side must be one piece: pockets (touching nothing forced) change side, stray pieces get
    // a corridor to the main piece through free triangles of the other side. A few rounds, as a
    // corridor on one side may cut the other.
    let start_tri = (0..n).find(|&t| inner[t] && mesh.tris[t].contains(&cand.first.spot))?;
    let outer_seed = (0..n).find(|&t| forced[t] == Some(Side::Outer))?;
    let mut settled = false;
    for _ in 0..8 {
        let mut changed = false;
        for want in [true, false] {
            let seed = if want { start_tri } else { outer_seed };
            let wanted_side = if want { Side::Inner } else { Side::Outer };
            for _ in 0..64 {
                let comp = components(&inner, want);
                let main = comp[seed];
                // Pockets of this side with nothing forced go to the other side.
                let mut has_forced: HashSet<usize> = HashSet::new();
                for t in 0..n {
                    if inner[t] == want && forced[t] == Some(wanted_side) {
                        has_forced.insert(comp[t]);
                    }
                }
                for t in 0..n {
                    if inner[t] == want && comp[t] != main && !has_forced.contains(&comp[t]) {
                        inner[t] = !want;
                        changed = true;
                    }
                }
                let Some(stray) = (0..n).find(|&t| inner[t] == want && comp[t] != main) else {
                    break;
                };
                let target = comp[stray];
                let mut came: Vec<Option<usize>> = vec![None; n];
                let mut seen = vec![false; n];
                let mut queue = VecDeque::new();
                for t in 0..n {
                    if inner[t] == want && comp[t] == target {
                        seen[t] = true;
                        queue.push_back(t);
                    }
                }
                let mut reached = None;
                while let Some(t) = queue.pop_front() {
                    if inner[t] == want && comp[t] == main {
                        reached = Some(t);
                        break;
                    }
                    for (nb, _) in mesh.neighbours(t, false) {
                        let passable = forced[nb].is_none() || forced[nb] == Some(wanted_side);
                        if !seen[nb] && passable {
                            seen[nb] = true;
                            came[nb] = Some(t);
                            queue.push_back(nb);
                        }
                    }
                }
                let mut t = reached?;
                while let Some(p) = came[t] {
                    if inner[t] != want {
                        inner[t] = want;
                        changed = true;
                    }
                    t = p;
                }
            }
        }
        if !changed {
            settled = true;
            break;
        }
    }
    if !settled {
        return None;
    }

    // The border between the sides, as a path of mesh vertices from the first spot.
    let mut border: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    let mut edges: Vec<(&(usize, usize), &Vec<usize>)> = mesh.edge_tris.iter().collect();
    edges.sort_unstable_by_key(|(e, _)| **e);
    for (e, ts) in edges {
        if ts.len() == 2
            && inner[ts[0]] != inner[ts[1]]
            && mesh.edge(e.0, e.1) != super::mesh::EdgeKind::Wall
        {
            border.entry(e.0).or_default().push(e.1);
            border.entry(e.1).or_default().push(e.0);
        }
    }
    let (u, v) = (cand.first.spot, cand.second.spot);
    let edges_total: usize = border.values().map(Vec::len).sum::<usize>() / 2;
    let mut path = vec![u];
    let mut used: HashSet<(usize, usize)> = HashSet::new();
    let mut at = u;
    loop {
        let nexts: Vec<usize> = border
            .get(&at)?
            .iter()
            .copied()
            .filter(|&x| !used.contains(&key(at, x)))
            .collect();
        if at != u && nexts.len() != 1 {
            if at == v && nexts.is_empty() {
                break;
            }
            return None;
        }
        let x = *nexts.first()?;
        used.insert(key(at, x));
        path.push(x);
        at = x;
        if at == v {
            if is_loop && path.len() > 2 {
                break;
            }
            if !is_loop {
                break;
            }
        }
        if at != v && mesh.kind[at] != VertexKind::Free {
            return None;
        }
    }
    if used.len() != edges_total {
        return None;
    }
    Some(path.iter().map(|&x| mesh.pos[x]).collect())
}
