//! An elastic band: the path found through the mesh is right in topology (it leaves every spot and
//! curve on the side the move needs) but it zigzags from triangle to triangle and may pass close to
//! spots in narrow places. The band relaxes it, point by point, under two pulls: towards the middle
//! of its neighbours (which straightens and shortens it, as a person draws; a loop instead evens out
//! its bending, which smooths it without shrinking it round its spot) and away from the
//! nearest obstacle closer than [`CLEARANCE`] (so it runs down the middle of a narrow corridor and
//! rounds spots at a distance). A point only moves if the move sweeps over nothing: the new segments
//! touch nothing and no spot or curve point lies in the triangles the move sweeps, so every spot and
//! curve stays on its side. The caller still checks the result as a freehand curve.

use super::drawing::{Drawing, HEIGHT, WIDTH};
use super::geometry::{cross, dist_to_segment, segment_distance, segments_touch, Point};
use super::smooth::Obstacles;

/// Distance from other spots and curves that the band aims for (where there is room).
const CLEARANCE: f64 = 22.0;
/// Spacing of the band's points.
const STEP: f64 = 5.0;
/// Largest move of one point in one round (a fraction of its room is also a bound).
const MAX_MOVE: f64 = 2.0;
/// Most rounds of relaxation.
const ROUNDS: usize = 160;
/// Least distance a moved segment keeps from any obstacle.
const MIN_GAP: f64 = 0.3;
/// Most points in a band (long curves get a wider spacing).
const MAX_POINTS: usize = 400;
/// Side of the cells of the obstacle index.
const CELL: f64 = 16.0;

/// The drawing's segments (curves and the box) and points (spots and curve points), bucketed in a
/// grid of cells so that what is near a point is found quickly.
pub(crate) struct ObstacleIndex {
    segments: Vec<(Point, Point)>,
    points: Vec<Point>,
    /// Which points are spots (the band keeps further from them).
    spot_count: usize,
    columns: usize,
    rows: usize,
    segment_cells: Vec<Vec<u32>>,
    point_cells: Vec<Vec<u32>>,
}

impl ObstacleIndex {
    pub fn of(drawing: &Drawing) -> ObstacleIndex {
        let Obstacles {
            segments,
            points,
            spot_count,
        } = Obstacles::of(drawing);
        let columns = (WIDTH / CELL).ceil() as usize + 1;
        let rows = (HEIGHT / CELL).ceil() as usize + 1;
        let mut index = ObstacleIndex {
            segments,
            points,
            spot_count,
            columns,
            rows,
            segment_cells: vec![Vec::new(); columns * rows],
            point_cells: vec![Vec::new(); columns * rows],
        };
        for s in 0..index.segments.len() {
            let (a, b) = index.segments[s];
            let (c0, r0) = index.cell(Point::new(a.x.min(b.x), a.y.min(b.y)));
            let (c1, r1) = index.cell(Point::new(a.x.max(b.x), a.y.max(b.y)));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    index.segment_cells[r * columns + c].push(s as u32);
                }
            }
        }
        for p in 0..index.points.len() {
            let (c, r) = index.cell(index.points[p]);
            index.point_cells[r * columns + c].push(p as u32);
        }
        index
    }

    /// The cell holding `p` (clamped to the grid).
    fn cell(&self, p: Point) -> (usize, usize) {
        let c = (p.x / CELL).floor().clamp(0.0, (self.columns - 1) as f64) as usize;
        let r = (p.y / CELL).floor().clamp(0.0, (self.rows - 1) as f64) as usize;
        (c, r)
    }

    /// The cells meeting the box from `lo` to `hi`.
    fn cells(&self, lo: Point, hi: Point) -> impl Iterator<Item = usize> + '_ {
        let (c0, r0) = self.cell(lo);
        let (c1, r1) = self.cell(hi);
        (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| r * self.columns + c))
    }

    /// Segments that may come within `reach` of the box from `lo` to `hi` (some more than once).
    fn segments_near(&self, lo: Point, hi: Point, reach: f64) -> impl Iterator<Item = usize> + '_ {
        let lo = Point::new(lo.x - reach, lo.y - reach);
        let hi = Point::new(hi.x + reach, hi.y + reach);
        self.cells(lo, hi)
            .flat_map(move |cell| self.segment_cells[cell].iter().map(|&s| s as usize))
    }

    /// Points in the box from `lo` to `hi`.
    fn points_near(&self, lo: Point, hi: Point) -> impl Iterator<Item = usize> + '_ {
        self.cells(lo, hi)
            .flat_map(move |cell| self.point_cells[cell].iter().map(|&p| p as usize))
    }

    /// The nearest obstacle point to `p` within `reach` (on a segment, or a spot) and its distance;
    /// the spots in `ignore` and the segments ending at them are not counted.
    fn nearest(&self, p: Point, reach: f64, ignore: &[Point]) -> Option<(Point, f64)> {
        let mut best: Option<(Point, f64)> = None;
        for s in self.segments_near(p, p, reach) {
            let (a, b) = self.segments[s];
            if ignore.iter().any(|&e| e == a || e == b) {
                continue;
            }
            let q = closest_on_segment(p, a, b);
            let d = p.dist(q);
            if d < reach && best.is_none_or(|(_, bd)| d < bd) {
                best = Some((q, d));
            }
        }
        let reach_box = Point::new(reach, reach);
        let lo = Point::new(p.x - reach_box.x, p.y - reach_box.y);
        let hi = Point::new(p.x + reach_box.x, p.y + reach_box.y);
        for k in self.points_near(lo, hi) {
            let q = self.points[k];
            if k >= self.spot_count || ignore.contains(&q) {
                continue;
            }
            // A spot counts as nearer than it is: the band keeps further from spots than from curves.
            let d = p.dist(q) - SPOT_BIAS;
            if d < reach && best.is_none_or(|(_, bd)| d < bd) {
                best = Some((q, d.max(1e-6)));
            }
        }
        best
    }

    /// True when the segment `a`–`b` (replacing `old_a`–`old_b`) keeps from every obstacle segment
    /// at least `gap`, and from every spot at least [`SPOT_GAP`], or at least as much as the old
    /// segment did (so a band squeezed past a spot may still move away from it). The spots in
    /// `ignore` and the segments ending at them only must not be touched.
    fn segment_clear(
        &self,
        (a, b): (Point, Point),
        (old_a, old_b): (Point, Point),
        gap: f64,
        ignore: &[Point],
    ) -> bool {
        let lo = Point::new(a.x.min(b.x), a.y.min(b.y));
        let hi = Point::new(a.x.max(b.x), a.y.max(b.y));
        for s in self.segments_near(lo, hi, gap) {
            let (c, d) = self.segments[s];
            if ignore.iter().any(|&e| e == c || e == d) {
                if segments_touch(a, b, c, d) {
                    return false;
                }
                continue;
            }
            let now = segment_distance(a, b, c, d);
            if now < gap && now < segment_distance(old_a, old_b, c, d) {
                return false;
            }
        }
        let lo = Point::new(lo.x - SPOT_GAP, lo.y - SPOT_GAP);
        let hi = Point::new(hi.x + SPOT_GAP, hi.y + SPOT_GAP);
        self.points_near(lo, hi).all(|k| {
            let q = self.points[k];
            if k >= self.spot_count || ignore.contains(&q) {
                return true;
            }
            let now = dist_to_segment(q, a, b);
            now >= SPOT_GAP || (now > 0.0 && now >= dist_to_segment(q, old_a, old_b))
        })
    }

    /// True when no obstacle point lies in the triangle `a`, `b`, `c` (or on its edges).
    fn triangle_empty(&self, a: Point, b: Point, c: Point) -> bool {
        let lo = Point::new(a.x.min(b.x).min(c.x), a.y.min(b.y).min(c.y));
        let hi = Point::new(a.x.max(b.x).max(c.x), a.y.max(b.y).max(c.y));
        self.points_near(lo, hi)
            .all(|k| !in_triangle(self.points[k], a, b, c))
    }
}

/// How much nearer than it is a spot counts when the band keeps away from things.
const SPOT_BIAS: f64 = 2.5;

/// Least distance a moved segment keeps from a spot (more than the freehand check's
/// `SPOT_CLEARANCE`, so the result passes it).
const SPOT_GAP: f64 = 4.0;

fn closest_on_segment(p: Point, a: Point, b: Point) -> Point {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return a;
    }
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
    a.lerp(b, t)
}

/// Is `p` in the closed triangle `a`, `b`, `c`?
fn in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool {
    let (d1, d2, d3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
    let negative = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let positive = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    !(negative && positive)
}

/// Relaxes the path `line` (from its first spot to its last; the first and last two points, the
/// spots and the first steps out of them, stay where they are) and returns the band.
pub(crate) fn relax(line: &[Point], index: &ObstacleIndex) -> Vec<Point> {
    let n = line.len();
    if n < 4 {
        return line.to_vec();
    }
    let ends = [line[0], line[n - 1]];
    let is_loop = ends[0] == ends[1];
    // Long segments get points in between (the path's own points stay: a chord cutting a corner
    // could cut across a curve).
    let length: f64 = line.windows(2).map(|w| w[0].dist(w[1])).sum();
    let step = STEP.max(length / MAX_POINTS as f64);
    let mut band = vec![line[0], line[1]];
    for w in line[1..n - 1].windows(2) {
        let pieces = (w[0].dist(w[1]) / step).ceil().max(1.0) as usize;
        band.extend((1..=pieces).map(|k| w[0].lerp(w[1], k as f64 / pieces as f64)));
    }
    band.push(line[n - 1]);
    let n = band.len();
    // A point whose neighbours and itself stood still in the last round would stand still again.
    let mut moved = vec![true; n];
    for _ in 0..ROUNDS {
        let was_moved = std::mem::replace(&mut moved, vec![false; n]);
        let mut most: f64 = 0.0;
        for i in 2..n - 2 {
            if !(was_moved[i - 1] || was_moved[i] || was_moved[i + 1]) {
                continue;
            }
            let p = band[i];
            let (prev, next) = (band[i - 1], band[i + 1]);
            let mut force = if is_loop {
                // Evens out the bending instead of straightening: a loop keeps its size.
                let (a, b, c) = (pull(&band, i - 1), pull(&band, i), pull(&band, i + 1));
                Point::new(
                    0.5 * (b.x - 0.5 * (a.x + c.x)),
                    0.5 * (b.y - 0.5 * (a.y + c.y)),
                )
            } else {
                let pulled = pull(&band, i);
                Point::new(0.5 * pulled.x, 0.5 * pulled.y)
            };
            let room = index.nearest(p, CLEARANCE, &[]).map(|(q, d)| {
                let real = p.dist(q);
                if real > 1e-9 {
                    let push = 0.5 * (CLEARANCE - d) / real;
                    force.x += (p.x - q.x) * push;
                    force.y += (p.y - q.y) * push;
                }
                real
            });
            let room = room.unwrap_or(CLEARANCE);
            let size = force.x.hypot(force.y);
            let limit = MAX_MOVE.min(0.5 * room);
            if size < 1e-3 || limit < 1e-3 {
                continue;
            }
            let scale = (limit / size).min(1.0);
            let to = Point::new(p.x + force.x * scale, p.y + force.y * scale);
            let ok = index.segment_clear((prev, to), (prev, p), MIN_GAP, &ends)
                && index.segment_clear((to, next), (p, next), MIN_GAP, &ends)
                && index.triangle_empty(prev, p, to)
                && index.triangle_empty(p, to, next);
            if ok {
                band[i] = to;
                most = most.max(p.dist(to));
                moved[i] = p.dist(to) > 1e-3;
            }
        }
        if most < 0.05 {
            break;
        }
    }
    band
}

/// The pull of point `i` towards the middle of its neighbours.
fn pull(band: &[Point], i: usize) -> Point {
    let mid = band[i - 1].lerp(band[i + 1], 0.5);
    Point::new(mid.x - band[i].x, mid.y - band[i].y)
}
