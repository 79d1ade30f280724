//! A check that a built drawing is plane: no two curves cross or touch except where they share an
//! end spot, and no curve passes through a spot it does not end at. The constructive layout of a
//! tree-like land is plane by construction; a tangle's barycentric drawing is only plane when its
//! map is well connected, so it is checked before use.

use super::drawing::Drawing;
use super::geometry::{dist_to_segment, segments_touch, Point};

/// Closest a curve may pass to a spot it does not end at (in drawing units).
const SPOT_GAP: f64 = 1e-3;

/// True when no curves cross (see the module notes).
pub(crate) fn crossing_free(drawing: &Drawing) -> bool {
    // Segments with their curve and whether each end is the curve's first / last point.
    struct Segment {
        a: Point,
        b: Point,
        curve: usize,
        index: usize,
        last: bool,
    }
    let mut segments = Vec::new();
    for (c, curve) in drawing.curves.iter().enumerate() {
        let n = curve.points.len();
        for i in 0..n.saturating_sub(1) {
            segments.push(Segment {
                a: curve.points[i],
                b: curve.points[i + 1],
                curve: c,
                index: i,
                last: i + 2 == n,
            });
        }
    }
    let boxed = |s: &Segment| {
        (
            s.a.x.min(s.b.x),
            s.a.y.min(s.b.y),
            s.a.x.max(s.b.x),
            s.a.y.max(s.b.y),
        )
    };
    let mut order: Vec<usize> = (0..segments.len()).collect();
    order.sort_by(|&i, &j| boxed(&segments[i]).0.total_cmp(&boxed(&segments[j]).0));
    for (oi, &i) in order.iter().enumerate() {
        let (s, bs) = (&segments[i], boxed(&segments[i]));
        for &j in &order[oi + 1..] {
            let (t, bt) = (&segments[j], boxed(&segments[j]));
            if bt.0 > bs.2 {
                break;
            }
            if bt.1 > bs.3 || bt.3 < bs.1 {
                continue;
            }
            // Neighbours along one curve share a point by design.
            if s.curve == t.curve && s.index.abs_diff(t.index) == 1 {
                continue;
            }
            if !segments_touch(s.a, s.b, t.a, t.b) {
                continue;
            }
            // Touching only at a shared curve end (a spot) is allowed.
            let ends = |x: &Segment| {
                let mut e = Vec::new();
                if x.index == 0 {
                    e.push(x.a);
                }
                if x.last {
                    e.push(x.b);
                }
                e
            };
            let shared = ends(s)
                .into_iter()
                .any(|p| ends(t).iter().any(|&q| q.dist(p) < 1e-9));
            if !shared || overlapping(s.a, s.b, t.a, t.b) {
                return false;
            }
        }
    }
    // No curve through a spot it does not end at.
    for (k, spot) in drawing.spots.iter().enumerate() {
        for s in &segments {
            let near = dist_to_segment(spot.at, s.a, s.b) < SPOT_GAP;
            let own =
                (s.index == 0 && s.a.dist(spot.at) < 1e-9) || (s.last && s.b.dist(spot.at) < 1e-9);
            let middle = drawing.curves[s.curve].middle.is_some_and(|m| m.spot == k);
            if near && !own && !middle {
                return false;
            }
        }
    }
    true
}

/// True when two segments sharing an end also run along each other (collinear overlap).
fn overlapping(a: Point, b: Point, c: Point, d: Point) -> bool {
    let col = |p: Point, q: Point, r: Point| super::geometry::cross(p, q, r).abs() < 1e-9;
    col(a, b, c) && col(a, b, d) && {
        let shared_is = |p: Point| p.dist(c) < 1e-9 || p.dist(d) < 1e-9;
        let (s, o) = if shared_is(a) { (a, b) } else { (b, a) };
        let other = if s.dist(c) < 1e-9 { d } else { c };
        // Same direction from the shared point: they overlap.
        (o.x - s.x) * (other.x - s.x) + (o.y - s.y) * (other.y - s.y) > 0.0
    }
}
