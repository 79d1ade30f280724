//! Plane geometry on `f64` points: segment tests, distances, areas, point in polygon, smoothing.

use serde::{Deserialize, Serialize};

/// A point of the drawing box (x to the right, y downwards as in SVG).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    pub fn dist(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    pub fn lerp(self, other: Point, t: f64) -> Point {
        Point::new(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
        )
    }

    /// The point `distance` away from `self` in the direction `angle`.
    pub fn towards(self, angle: f64, distance: f64) -> Point {
        Point::new(
            self.x + distance * angle.cos(),
            self.y + distance * angle.sin(),
        )
    }

    /// Direction angle of the vector from `self` to `other`.
    pub fn angle_to(self, other: Point) -> f64 {
        (other.y - self.y).atan2(other.x - self.x)
    }
}

/// Cross product of (b - a) and (c - a): positive when a, b, c turn counterclockwise (in x-right,
/// y-up axes; in SVG's y-down axes the sign reads the other way, consistently everywhere here).
pub fn cross(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// True when the closed segments `ab` and `cd` have a point in common.
pub fn segments_touch(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = cross(c, d, a);
    let d2 = cross(c, d, b);
    let d3 = cross(a, b, c);
    let d4 = cross(a, b, d);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    (d1 == 0.0 && on_segment(c, d, a))
        || (d2 == 0.0 && on_segment(c, d, b))
        || (d3 == 0.0 && on_segment(a, b, c))
        || (d4 == 0.0 && on_segment(a, b, d))
}

/// Where the closed segment `ab` first meets `cd`, as the parameter along `ab` (0 at `a`, 1 at
/// `b`), or `None` when they do not touch. Agrees with [`segments_touch`].
pub fn first_touch(a: Point, b: Point, c: Point, d: Point) -> Option<f64> {
    let d1 = cross(c, d, a);
    let d2 = cross(c, d, b);
    let d3 = cross(a, b, c);
    let d4 = cross(a, b, d);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return Some(d1 / (d1 - d2));
    }
    // Touching at an end, or overlapping along a line: the touching point nearest `a`.
    let along = |p: Point| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len2 = dx * dx + dy * dy;
        if len2 == 0.0 {
            0.0
        } else {
            (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
        }
    };
    [
        (d1 == 0.0 && on_segment(c, d, a)).then_some(0.0),
        (d2 == 0.0 && on_segment(c, d, b)).then_some(1.0),
        (d3 == 0.0 && on_segment(a, b, c)).then(|| along(c)),
        (d4 == 0.0 && on_segment(a, b, d)).then(|| along(d)),
    ]
    .into_iter()
    .flatten()
    .min_by(f64::total_cmp)
}

/// For a point `p` collinear with `ab`: whether it lies between them.
fn on_segment(a: Point, b: Point, p: Point) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Distance from `p` to the closed segment `ab`.
pub fn dist_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return p.dist(a);
    }
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
    p.dist(a.lerp(b, t))
}

/// The closest point to `p` on the polyline, as (segment index, parameter on it, distance).
pub fn project_on_polyline(p: Point, line: &[Point]) -> (usize, f64, f64) {
    let mut best = (0, 0.0, f64::INFINITY);
    for (i, w) in line.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len2 = dx * dx + dy * dy;
        let t = if len2 == 0.0 {
            0.0
        } else {
            (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
        };
        let d = p.dist(a.lerp(b, t));
        if d < best.2 {
            best = (i, t, d);
        }
    }
    best
}

/// Twice the signed area of a closed polygon (positive when counterclockwise in x-right, y-up axes).
pub fn signed_area2(polygon: &[Point]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

/// Even-odd test: is `p` inside the closed polygon? (Edges walked twice cancel out, so a face walk
/// with dangling trees works as its polygon.)
pub fn point_in_polygon(p: Point, polygon: &[Point]) -> bool {
    let n = polygon.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Length of a polyline.
pub fn polyline_length(line: &[Point]) -> f64 {
    line.windows(2).map(|w| w[0].dist(w[1])).sum()
}

/// The point at arc-length fraction `t` (0..=1) and the index of the segment it lies on.
pub fn point_at_fraction(line: &[Point], t: f64) -> (usize, Point) {
    let total = polyline_length(line);
    let mut left = total * t.clamp(0.0, 1.0);
    for (i, w) in line.windows(2).enumerate() {
        let len = w[0].dist(w[1]);
        if left <= len && len > 0.0 {
            return (i, w[0].lerp(w[1], left / len));
        }
        left -= len;
    }
    let last = line.len().saturating_sub(2);
    (last, *line.last().unwrap_or(&Point::new(0.0, 0.0)))
}

/// One round of Chaikin corner cutting, keeping both ends fixed.
pub fn chaikin(line: &[Point]) -> Vec<Point> {
    if line.len() < 3 {
        return line.to_vec();
    }
    let mut out = Vec::with_capacity(line.len() * 2);
    out.push(line[0]);
    for (i, w) in line.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        if i > 0 {
            out.push(a.lerp(b, 0.25));
        }
        if i + 2 < line.len() {
            out.push(a.lerp(b, 0.75));
        }
    }
    out.push(line[line.len() - 1]);
    out
}

/// Resamples a polyline to points about `step` apart (ends kept).
pub fn resample(line: &[Point], step: f64) -> Vec<Point> {
    let total = polyline_length(line);
    let n = ((total / step).ceil() as usize).clamp(1, 4000);
    let mut out: Vec<Point> = (0..=n)
        .map(|k| point_at_fraction(line, k as f64 / n as f64).1)
        .collect();
    out[0] = line[0];
    out[n] = line[line.len() - 1];
    out
}

/// Douglas–Peucker simplification: drops points within `tolerance` of the simplified line (ends kept).
pub fn simplify(line: &[Point], tolerance: f64) -> Vec<Point> {
    if line.len() < 3 {
        return line.to_vec();
    }
    let mut keep = vec![false; line.len()];
    keep[0] = true;
    keep[line.len() - 1] = true;
    let mut stack = vec![(0, line.len() - 1)];
    while let Some((a, b)) = stack.pop() {
        let (mut far, mut far_d) = (a, 0.0);
        for i in a + 1..b {
            let d = dist_to_segment(line[i], line[a], line[b]);
            if d > far_d {
                far = i;
                far_d = d;
            }
        }
        if far_d > tolerance {
            keep[far] = true;
            stack.push((a, far));
            stack.push((far, b));
        }
    }
    line.iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(p, _)| *p)
        .collect()
}

/// Least distance between the closed segments `ab` and `cd`.
pub fn segment_distance(a: Point, b: Point, c: Point, d: Point) -> f64 {
    if segments_touch(a, b, c, d) {
        return 0.0;
    }
    dist_to_segment(a, c, d)
        .min(dist_to_segment(b, c, d))
        .min(dist_to_segment(c, a, b))
        .min(dist_to_segment(d, a, b))
}
