//! Packing for the balloon layout (`layout_geometry`), plain geometry on sizes: disks around a
//! ring, boxes in rows, and the finished drawing scaled into its rectangle.

use std::f64::consts::{PI, TAU};

use super::drawing::Drawing;
use super::geometry::Point;

/// Least gap between neighbouring disks or boxes (and between a disk and what it must clear).
pub(super) const GAP: f64 = 0.45;

/// The ring radius for disks of the given radii around a centre, and the radius of the cluster.
pub(super) fn ring_for(radii: &[f64]) -> (f64, f64) {
    match radii {
        [] => (0.0, 0.0),
        [one] => (0.0, *one),
        _ => {
            let largest = radii.iter().copied().fold(0.0, f64::max);
            let mut rho = largest + GAP;
            for _ in 0..200 {
                let fits = radii
                    .iter()
                    .map(|f| (f + GAP / 2.0) / rho)
                    .try_fold(0.0, |sum, sine| {
                        (sine < 1.0).then(|| sum + 2.0 * sine.asin())
                    });
                if fits.is_some_and(|t| t <= TAU) {
                    break;
                }
                rho *= 1.08;
            }
            (rho, rho + largest)
        }
    }
}

/// Offsets of disks on a ring of radius `rho` (one disk: the centre), each in its own sector.
pub(super) fn ring_places(radii: &[f64], rho: f64) -> Vec<Point> {
    if radii.len() <= 1 {
        return vec![Point::new(0.0, 0.0); radii.len()];
    }
    let widths: Vec<f64> = radii
        .iter()
        .map(|f| 2.0 * ((f + GAP / 2.0) / rho).min(1.0).asin())
        .collect();
    let slack = ((TAU - widths.iter().sum::<f64>()) / radii.len() as f64).max(0.0);
    let mut at = -PI / 2.0;
    widths
        .iter()
        .map(|w| {
            let a = at + (w + slack) / 2.0;
            at += w + slack;
            Point::new(rho * a.cos(), rho * a.sin())
        })
        .collect()
}

/// Centres for boxes (width, height) packed in rows (tallest first, `GAP` apart), the rows' width
/// chosen so the whole fits an `aspect` (width / height) box best.
pub(super) fn pack_boxes(boxes: &[(f64, f64)], aspect: f64) -> Vec<Point> {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by(|&a, &b| boxes[b].1.total_cmp(&boxes[a].1));
    let total: f64 = boxes.iter().map(|b| b.0 + GAP).sum();
    let widest = boxes.iter().map(|b| b.0 + GAP).fold(0.0, f64::max);
    let mut best: Option<(f64, Vec<Point>)> = None;
    for k in 1..=boxes.len().max(1) {
        let limit = (total / k as f64).max(widest);
        let mut centres = vec![Point::new(0.0, 0.0); boxes.len()];
        // Each box is centred in its row's height (a spot beside a big component sits level
        // with its middle, not at its top corner).
        let mut row_of = vec![0usize; boxes.len()];
        let mut rows: Vec<(f64, f64)> = Vec::new(); // (top, height)
        let (mut x, mut y, mut row_height, mut width) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for &i in &order {
            let (bw, bh) = (boxes[i].0 + GAP, boxes[i].1 + GAP);
            if x > 0.0 && x + bw > limit + 1e-9 {
                rows.push((y, row_height));
                y += row_height;
                x = 0.0;
                row_height = 0.0;
            }
            centres[i] = Point::new(x + bw / 2.0, 0.0);
            row_of[i] = rows.len();
            x += bw;
            width = width.max(x);
            row_height = row_height.max(bh);
        }
        rows.push((y, row_height));
        for (i, c) in centres.iter_mut().enumerate() {
            let (top, h) = rows[row_of[i]];
            c.y = top + h / 2.0;
        }
        let height = y + row_height;
        let scale = (aspect / width.max(1e-9)).min(1.0 / height.max(1e-9));
        if best.as_ref().is_none_or(|(s, _)| scale > *s) {
            best = Some((scale, centres));
        }
    }
    best.map(|(_, c)| c).unwrap_or_default()
}

/// The corners (least, greatest) of the box around the points; the origin for none.
pub(super) fn bounds(points: impl Iterator<Item = Point>) -> (Point, Point) {
    let (mut lo, mut hi) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in points {
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    if lo.x.is_finite() {
        (lo, hi)
    } else {
        (Point::new(0.0, 0.0), Point::new(0.0, 0.0))
    }
}

/// Scales and moves the drawing into the rectangle, centred, at most `max_unit` per unit.
pub(super) fn fit(drawing: &mut Drawing, x0: f64, y0: f64, w: f64, h: f64, max_unit: f64) {
    let all = drawing
        .spots
        .iter()
        .map(|s| s.at)
        .chain(drawing.curves.iter().flat_map(|c| c.points.iter().copied()));
    let (mut lo, mut hi) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for p in all {
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    if !lo.x.is_finite() {
        return;
    }
    let (bw, bh) = ((hi.x - lo.x).max(1e-9), (hi.y - lo.y).max(1e-9));
    let unit = (w / bw).min(h / bh).min(max_unit);
    let (cx, cy) = ((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
    let map = |p: Point| {
        Point::new(
            x0 + w / 2.0 + (p.x - cx) * unit,
            y0 + h / 2.0 + (p.y - cy) * unit,
        )
    };
    for s in &mut drawing.spots {
        s.at = map(s.at);
    }
    for c in &mut drawing.curves {
        for p in &mut c.points {
            *p = map(*p);
        }
    }
}
