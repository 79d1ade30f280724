//! The drawing model: spots at points and curves as polylines between spots.

use serde::{Deserialize, Serialize};

use super::error::DrawingError;
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

/// Is a curve's point on the spot at `spot`? (Within a hair: a curve's ends and middle point are at
/// their spots.)
pub(super) fn on_spot(point: Point, spot: Point) -> bool {
    point.dist(spot) < 1e-6
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

/// Spots and curves in the box `0..WIDTH` × `0..HEIGHT`, always well formed: every curve has two
/// points at least, starts and ends on its spots (and has its middle spot on it), coordinates are
/// finite and no spot has more than three curve ends. Built by the engine (`start`, `play`, the
/// layouts) or checked once by [`Drawing::new`] — which is also how serde reads one back from storage
/// or a message — so nothing that takes a `Drawing` needs to check it again. (Crossings are not
/// checked: curves come from `check_curve`, `route` or a layout, which all refuse them.)
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "DrawingParts")]
pub struct Drawing {
    pub(crate) spots: Vec<Spot>,
    pub(crate) curves: Vec<Curve>,
}

/// A drawing's fields as read, before [`Drawing::new`] checks them.
#[derive(Deserialize)]
struct DrawingParts {
    spots: Vec<Spot>,
    curves: Vec<Curve>,
}

impl TryFrom<DrawingParts> for Drawing {
    type Error = DrawingError;

    fn try_from(parts: DrawingParts) -> Result<Drawing, DrawingError> {
        Drawing::new(parts.spots, parts.curves)
    }
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
    /// A drawing of these spots and curves, if they are well formed (see [`Drawing`]).
    pub fn new(spots: Vec<Spot>, curves: Vec<Curve>) -> Result<Drawing, DrawingError> {
        let drawing = Drawing { spots, curves };
        drawing.check()?;
        Ok(drawing)
    }

    /// The spots, numbered as curves refer to them.
    pub fn spots(&self) -> &[Spot] {
        &self.spots
    }

    /// The curves, in the order they were drawn.
    pub fn curves(&self) -> &[Curve] {
        &self.curves
    }

    /// The spots and curves, to change and check again with [`Drawing::new`].
    pub fn into_parts(self) -> (Vec<Spot>, Vec<Curve>) {
        (self.spots, self.curves)
    }

    /// Checks what [`Drawing`] promises: indices, coordinates, curve ends and lives.
    pub(crate) fn check(&self) -> Result<(), DrawingError> {
        let spots = self.spots.len();
        if self.spots.iter().any(|s| !s.at.is_finite()) {
            return Err(DrawingError::NotFinite);
        }
        for (c, curve) in self.curves.iter().enumerate() {
            let mut ends = vec![curve.start, curve.end];
            ends.extend(curve.middle.map(|m| m.spot));
            if let Some(&spot) = ends.iter().find(|&&s| s >= spots) {
                return Err(DrawingError::NoSuchSpot {
                    curve: c,
                    spot,
                    spots,
                });
            }
            if curve.points.len() < 2 {
                return Err(DrawingError::TooFewPoints { curve: c });
            }
            if curve.points.iter().any(|p| !p.is_finite()) {
                return Err(DrawingError::NotFinite);
            }
            let near = |i: usize, s: usize| on_spot(curve.points[i], self.spots[s].at);
            let middle_ok = curve.middle.is_none_or(|m| {
                m.index > 0 && m.index + 1 < curve.points.len() && near(m.index, m.spot)
            });
            if !near(0, curve.start) || !near(curve.points.len() - 1, curve.end) || !middle_ok {
                return Err(DrawingError::EndsOffSpot { curve: c });
            }
        }
        if let Some((spot, &ends)) = self.degrees().iter().enumerate().find(|(_, &d)| d > 3) {
            return Err(DrawingError::TooManyCurveEnds { spot, ends });
        }
        Ok(())
    }

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
