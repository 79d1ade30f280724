//! A dead ring drawn snug around one land of a multi-land layout: two spots joined by three curves
//! (no lives left at either), so the land's regions stay apart from the others and the ring
//! vanishes in reduction. The frame hugs the land's bounding box (a rounded box) and is closed at
//! the top by an eye wide enough to read as two spots and a lens.

use std::f64::consts::{FRAC_PI_2, PI};

use super::drawing::{Curve, Drawing, Spot};
use super::geometry::Point;

/// Room in pixels kept between the land's bounding box and its ring.
const PAD: f64 = 24.0;
/// Least half-size of a ring (a ring round one spot still reads as a ring with an eye).
const LEAST_HALF: f64 = 42.0;
/// Half the distance between the eye's two spots, at most.
const EYE_HALF: f64 = 22.0;
/// How far each arc of the eye bulges from the frame.
const EYE_BULGE: f64 = 11.0;
/// The frame is a superellipse of this exponent (a rounded box).
const ROUNDNESS: f64 = 4.0;

/// An axis-aligned box: (left, top, right, bottom).
pub(crate) type Bounds = (f64, f64, f64, f64);

/// The bounding box of a drawing's spots and curve points; `None` for an empty drawing.
pub(crate) fn bounds(d: &Drawing) -> Option<Bounds> {
    let points = d
        .spots
        .iter()
        .map(|s| s.at)
        .chain(d.curves.iter().flat_map(|c| c.points.iter().copied()));
    points.fold(None, |acc, p| {
        Some(match acc {
            None => (p.x, p.y, p.x, p.y),
            Some((l, t, r, b)) => (l.min(p.x), t.min(p.y), r.max(p.x), b.max(p.y)),
        })
    })
}

/// Draws a dead ring around `inside` (the land's bounding box), kept within `cell`.
pub(crate) fn ring_around(out: &mut Drawing, inside: Bounds, cell: Bounds) {
    let (l, t, r, b) = inside;
    let (cx, cy) = ((l + r) * 0.5, (t + b) * 0.5);
    // The box's corners lie inside a superellipse whose half-axes are 2^(1/4) × the box's
    // half-sizes; a little more keeps the corners clear.
    let widen = 2f64.powf(1.0 / ROUNDNESS) * 1.04;
    let room_x = (cx - cell.0).min(cell.2 - cx) - 3.0;
    let room_y = (cy - cell.1).min(cell.3 - cy) - 3.0 - EYE_BULGE;
    let a = (((r - l) * 0.5 + PAD).max(LEAST_HALF) * widen).min(room_x);
    let bb = (((b - t) * 0.5 + PAD).max(LEAST_HALF) * widen).min(room_y);
    let at = |angle: f64| {
        let (c, s) = (angle.cos(), angle.sin());
        let e = 2.0 / ROUNDNESS;
        Point::new(
            cx + a * c.signum() * c.abs().powf(e),
            cy + bb * s.signum() * s.abs().powf(e),
        )
    };
    // The eye's spots sit on the top edge (flat there), `d` either side of the middle.
    let d = EYE_HALF.min(a * 0.35);
    let alpha = (d / a).powf(ROUNDNESS / 2.0).asin();
    push_ring(out, at, alpha, EYE_BULGE);
}

/// Pushes a dead ring: two spots at `at(-π/2 ∓ alpha)` (on the top of the closed curve `at`, a function
/// of the angle), the frame the long way round between them, and the eye — two short arcs between the
/// spots bulging `bulge` out of the frame and into it (the third, empty region such a ring must make).
pub(crate) fn push_ring(out: &mut Drawing, at: impl Fn(f64) -> Point, alpha: f64, bulge: f64) {
    let (left, right) = (at(-FRAC_PI_2 - alpha), at(-FRAC_PI_2 + alpha));
    let first = out.spots.len();
    out.spots.push(Spot { at: left });
    out.spots.push(Spot { at: right });
    // The long way round, from the left spot through the left side, the bottom and the right side.
    const STEPS: usize = 160;
    let sweep = 2.0 * PI - 2.0 * alpha;
    let mut frame: Vec<Point> = (0..=STEPS)
        .map(|k| at(-FRAC_PI_2 - alpha - sweep * k as f64 / STEPS as f64))
        .collect();
    frame[0] = left;
    frame[STEPS] = right;
    frame.dedup_by(|p, q| p.dist(*q) < 1e-6);
    let eye = |sign: f64| -> Vec<Point> {
        (0..=12)
            .map(|k| {
                let f = k as f64 / 12.0;
                let p = left.lerp(right, f);
                Point::new(p.x, p.y + sign * bulge * (PI * f).sin())
            })
            .collect()
    };
    for points in [frame, eye(-1.0), eye(1.0)] {
        out.curves.push(Curve {
            start: first,
            end: first + 1,
            points,
            middle: None,
        });
    }
}
