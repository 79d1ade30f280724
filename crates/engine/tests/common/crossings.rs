//! Crossings in a drawing, by brute force over pairs of segments, written for the tests (no code of the
//! drawing layer): proper crossings between curve segments (segments sharing an end do not count), and
//! spots lying inside a segment they do not end at.

use sprague_engine::draw::{Curve, Drawing, Point, Spot};

/// The orientation of `p` against the line `ab` (twice the signed triangle area).
pub fn orient(a: Point, b: Point, p: Point) -> f64 {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
}

fn cross(a: Point, b: Point, p: Point, q: Point) -> bool {
    orient(a, b, p) * orient(a, b, q) < 0.0 && orient(p, q, a) * orient(p, q, b) < 0.0
}

/// Spots lying inside the segment `ab` without being one of its ends.
fn spots_inside(d: &Drawing, a: Point, b: Point) -> usize {
    let len = a.dist(b);
    d.spots()
        .iter()
        .map(|spot| spot.at)
        .filter(|&s| s != a && s != b && len > 0.0)
        .filter(|&s| {
            let along = ((s.x - a.x) * (b.x - a.x) + (s.y - a.y) * (b.y - a.y)) / (len * len);
            (0.0..=1.0).contains(&along) && orient(a, b, s).abs() / len < 1e-6
        })
        .count()
}

fn segments(d: &Drawing, curve: usize) -> Vec<(Point, Point)> {
    d.curves()[curve]
        .points
        .windows(2)
        .map(|w| (w[0], w[1]))
        .collect()
}

/// Every crossing in the drawing.
pub fn crossings(d: &Drawing) -> usize {
    let all: Vec<(Point, Point)> = (0..d.curves().len()).flat_map(|c| segments(d, c)).collect();
    let mut count = 0;
    for (i, &(a, b)) in all.iter().enumerate() {
        count += all[i + 1..]
            .iter()
            .filter(|&&(p, q)| cross(a, b, p, q))
            .count();
        count += spots_inside(d, a, b);
    }
    count
}

/// The crossings of curve `k`: its segments against every other segment (its own included), and
/// spots inside its segments.
pub fn crossings_of_curve(d: &Drawing, k: usize) -> usize {
    let own = segments(d, k);
    let mut count = 0;
    for (i, &(a, b)) in own.iter().enumerate() {
        let others = (0..d.curves().len())
            .filter(|&c| c != k)
            .flat_map(|c| segments(d, c))
            .chain(own[i + 1..].iter().copied());
        count += others.filter(|&(p, q)| cross(a, b, p, q)).count();
        count += spots_inside(d, a, b);
    }
    count
}

/// A straight curve from spot `a` to spot `b` of `d` (for the crossing count's own tests).
pub fn straight(d: &Drawing, a: usize, b: usize) -> Curve {
    Curve {
        start: a,
        end: b,
        points: vec![d.spots()[a].at, d.spots()[b].at],
        middle: None,
    }
}

/// `d` with one more curve (any shape: crossings are for the count to find).
pub fn with_curve(d: &Drawing, curve: Curve) -> Drawing {
    let (spots, mut curves) = d.clone().into_parts();
    curves.push(curve);
    Drawing::new(spots, curves).expect("the curve ends on spots of the drawing")
}

/// `d` with one more (isolated) spot at `at`.
pub fn with_spot(d: &Drawing, at: Point) -> Drawing {
    let (mut spots, curves) = d.clone().into_parts();
    spots.push(Spot { at });
    Drawing::new(spots, curves).unwrap()
}
