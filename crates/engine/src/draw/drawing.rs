//! The drawing model: spots at points and curves as polylines between spots.

use serde::{Deserialize, Serialize};

use super::geometry::Point;

/// Width of the drawing box: coordinates run over `0..WIDTH` × `0..HEIGHT`.
pub const WIDTH: f64 = 1000.0;
/// Height of the drawing box.
pub const HEIGHT: f64 = 700.0;

/// Distance from `p` (inside the box) to the box's edge.
pub(super) fn edge_distance(p: Point) -> f64 {
    p.x.min(p.y).min(WIDTH - p.x).min(HEIGHT - p.y)
}

/// The box's four sides, as segments.
pub(super) fn box_sides() -> [(Point, Point); 4] {
    let corners = [
        Point::new(0.0, 0.0),
        Point::new(WIDTH, 0.0),
        Point::new(WIDTH, HEIGHT),
        Point::new(0.0, HEIGHT),
    ];
    std::array::from_fn(|k| (corners[k], corners[(k + 1) % 4]))
}

/// A spot (a vertex of the drawing). Its lives follow from the curve ends at it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spot {
    pub at: Point,
}

/// The spot a move placed on its curve: `spot` sits at `points[index]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnCurve {
    pub spot: usize,
    pub index: usize,
}

/// A curve from spot `start` to spot `end` (equal for a loop): `points` begins at the start spot and
/// ends at the end spot. A curve drawn by a move carries the new spot (`middle`); a curve laid out
/// from a position string may have none (it only links spots).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    pub start: usize,
    pub end: usize,
    pub points: Vec<Point>,
    pub middle: Option<OnCurve>,
}

/// Spots and curves in the box `0..WIDTH` × `0..HEIGHT`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Drawing {
    pub spots: Vec<Spot>,
    pub curves: Vec<Curve>,
}

/// An edge of the planar map: one polyline between two spots (a curve with a middle spot makes two).
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    pub from: usize,
    pub to: usize,
    pub points: Vec<Point>,
    pub curve: usize,
}

impl Drawing {
    /// The start of an `n`-spot game: spots spread on a few rows across the box.
    pub fn start(n: usize) -> Drawing {
        let n = n.min(crate::games::sprouts::MAX_LIVES / 3);
        let rows = (1..=n).find(|r| r * r * 2 >= n).unwrap_or(1).max(1);
        let per_row = n.div_ceil(rows).max(1);
        let spots = (0..n)
            .map(|k| {
                let (row, col) = (k / per_row, k % per_row);
                let in_row = (n - row * per_row).min(per_row);
                let x = WIDTH * (col as f64 + 1.0) / (in_row as f64 + 1.0);
                let y = HEIGHT * (row as f64 + 1.0) / (rows as f64 + 1.0);
                Spot {
                    at: Point::new(x, y),
                }
            })
            .collect();
        Drawing {
            spots,
            curves: Vec::new(),
        }
    }

    /// Number of curve ends at each spot (a loop counts twice, a middle spot twice).
    pub fn degrees(&self) -> Vec<usize> {
        let mut degree = vec![0usize; self.spots.len()];
        for curve in &self.curves {
            for s in [curve.start, curve.end] {
                if let Some(d) = degree.get_mut(s) {
                    *d += 1;
                }
            }
            if let Some(m) = curve.middle {
                if let Some(d) = degree.get_mut(m.spot) {
                    *d += 2;
                }
            }
        }
        degree
    }

    /// Lives left at each spot (3 minus the curve ends there).
    pub fn lives(&self) -> Vec<u8> {
        self.degrees()
            .iter()
            .map(|&d| 3usize.saturating_sub(d) as u8)
            .collect()
    }

    /// The edges of the planar map: each curve, split at its middle spot.
    pub(crate) fn edges(&self) -> Vec<Edge> {
        let mut edges = Vec::new();
        for (c, curve) in self.curves.iter().enumerate() {
            match curve.middle {
                Some(m) if m.index > 0 && m.index + 1 < curve.points.len() => {
                    edges.push(Edge {
                        from: curve.start,
                        to: m.spot,
                        points: curve.points[..=m.index].to_vec(),
                        curve: c,
                    });
                    edges.push(Edge {
                        from: m.spot,
                        to: curve.end,
                        points: curve.points[m.index..].to_vec(),
                        curve: c,
                    });
                }
                _ => edges.push(Edge {
                    from: curve.start,
                    to: curve.end,
                    points: curve.points.clone(),
                    curve: c,
                }),
            }
        }
        edges
    }
}
