//! Pulling a routed curve tight: the path found through the mesh zigzags from triangle to triangle;
//! replace runs of it by straight shortcuts that keep a clearance from the drawing and sweep over
//! nothing (no spot or curve point inside the shape between the old run and the shortcut), so every
//! spot and curve stays on the side of the curve it was on. Corner cutting then rounds the result;
//! the caller checks the final curve as a freehand one.

use super::drawing::{box_sides, Drawing};
use super::geometry::{dist_to_segment, point_in_polygon, segment_distance, segments_touch, Point};

/// Longest run of path points one shortcut may replace (bounds the work per curve).
const MAX_RUN: usize = 60;

/// What a new curve must keep clear of: the drawing's segments (and the box's sides) and points.
pub(crate) struct Obstacles {
    pub(super) segments: Vec<(Point, Point)>,
    /// The spots, then the curves' inner points.
    pub(super) points: Vec<Point>,
    pub(super) spot_count: usize,
}

impl Obstacles {
    pub fn of(drawing: &Drawing) -> Obstacles {
        let mut segments = Vec::new();
        let mut points: Vec<Point> = drawing.spots.iter().map(|s| s.at).collect();
        let spot_count = points.len();
        for curve in &drawing.curves {
            for w in curve.points.windows(2) {
                segments.push((w[0], w[1]));
            }
            points.extend(&curve.points[1..curve.points.len().saturating_sub(1)]);
        }
        // The box's sides, so that shortcuts keep off the edge of the picture too.
        segments.extend(box_sides());
        Obstacles {
            segments,
            points,
            spot_count,
        }
    }

    /// Is every point of `line` farther than `radius` from `own` (the curve's end spot) at least
    /// `clearance` away from the drawing (its spots, curves and the box's sides)?
    pub(super) fn clear_of(&self, line: &[Point], own: Point, radius: f64, clearance: f64) -> bool {
        line.iter().filter(|p| p.dist(own) > radius).all(|&p| {
            let spots = self.points[..self.spot_count]
                .iter()
                .filter(|s| s.dist(own) > 1e-9)
                .all(|s| s.dist(p) >= clearance);
            spots
                && self.segments.iter().all(|&(c, d)| {
                    c.x.min(d.x) > p.x + clearance
                        || c.x.max(d.x) < p.x - clearance
                        || c.y.min(d.y) > p.y + clearance
                        || c.y.max(d.y) < p.y - clearance
                        || dist_to_segment(p, c, d) >= clearance
                })
        })
    }

    /// May the straight segment `a`–`b` replace the run `run` (from `a` to `b`)? `ends` are the
    /// curve's own end spots, which the first and last segments may touch.
    fn shortcut_ok(&self, run: &[Point], ends: [Option<Point>; 2], clearance: f64) -> bool {
        let (a, b) = (run[0], run[run.len() - 1]);
        let (lo_x, hi_x) = (a.x.min(b.x) - clearance, a.x.max(b.x) + clearance);
        let (lo_y, hi_y) = (a.y.min(b.y) - clearance, a.y.max(b.y) + clearance);
        let at_end = |p: Point| ends.iter().flatten().any(|e| e.dist(p) < 1e-9);
        // Every curve at an end spot is near it: within `clearance` of the curve's own end spot the
        // shortcut need only not touch anything (else the end could only be reached the way the
        // mesh path came, often round the spot in a hairpin). `kept` is the part that keeps clear.
        let kept = kept_part(a, b, at_end(a), at_end(b), clearance);
        for &(c, d) in &self.segments {
            if c.x.max(d.x) < lo_x
                || c.x.min(d.x) > hi_x
                || c.y.max(d.y) < lo_y
                || c.y.min(d.y) > hi_y
            {
                continue;
            }
            if at_end(c) || at_end(d) {
                // A segment at the curve's own end spot: only touching it away from the spot is
                // forbidden (running along it too).
                let (c, d) = if at_end(c) { (c, d) } else { (d, c) };
                if segments_touch(a, b, c.lerp(d, 1e-6), d) {
                    return false;
                }
                continue;
            }
            let too_close = match kept {
                Some((p, q)) => segment_distance(p, q, c, d) < clearance,
                None => false,
            };
            if too_close || segments_touch(a, b, c, d) {
                return false;
            }
        }
        // Spots with no curve are not on any segment.
        let spots = &self.points[..self.spot_count];
        if spots.iter().any(|&p| {
            p.x >= lo_x
                && p.x <= hi_x
                && p.y >= lo_y
                && p.y <= hi_y
                && !at_end(p)
                && kept.is_some_and(|(c, d)| dist_to_segment(p, c, d) < clearance)
        }) {
            return false;
        }
        // Nothing may change sides: no drawing point inside the swept shape.
        let (mut lx, mut hx, mut ly, mut hy) = (a.x, a.x, a.y, a.y);
        for p in run {
            lx = lx.min(p.x);
            hx = hx.max(p.x);
            ly = ly.min(p.y);
            hy = hy.max(p.y);
        }
        !self.points.iter().any(|&p| {
            p.x > lx && p.x < hx && p.y > ly && p.y < hy && !at_end(p) && point_in_polygon(p, run)
        })
    }
}

/// The part of the segment `a`–`b` farther than `radius` along it from the ends marked (`None` if
/// nothing is left).
fn kept_part(
    a: Point,
    b: Point,
    from_a: bool,
    from_b: bool,
    radius: f64,
) -> Option<(Point, Point)> {
    let length = a.dist(b);
    let cut_a = if from_a { radius } else { 0.0 };
    let cut_b = if from_b { radius } else { 0.0 };
    if length <= cut_a + cut_b {
        return None;
    }
    Some((a.lerp(b, cut_a / length), a.lerp(b, 1.0 - cut_b / length)))
}

/// The path with runs replaced by clear straight shortcuts (greedy, longest first).
pub(crate) fn pull_tight(line: &[Point], obstacles: &Obstacles, clearance: f64) -> Vec<Point> {
    let n = line.len();
    if n < 3 {
        return line.to_vec();
    }
    let ends = [Some(line[0]), Some(line[n - 1])];
    let is_loop = line[0].dist(line[n - 1]) < 1e-9;
    let mut out = vec![line[0]];
    let mut i = 0;
    while i < n - 1 {
        let last = (i + MAX_RUN).min(n - 1);
        let mut next = i + 1;
        for j in (i + 2..=last).rev() {
            if is_loop && i == 0 && j == n - 1 {
                continue; // a loop cannot shrink to nothing
            }
            if obstacles.shortcut_ok(&line[i..=j], ends, clearance) {
                next = j;
                break;
            }
        }
        out.push(line[next]);
        i = next;
    }
    out
}
