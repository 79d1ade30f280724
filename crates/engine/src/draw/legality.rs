//! Freehand curves: is the curve a legal move, and if not, why; which child position it makes; and
//! playing it (placing the new spot on it).

use serde::{Deserialize, Serialize};

use crate::games::sprouts::Position;

use super::curve_rules::{IllegalCurve, MAX_POINTS, MIN_LENGTH, SNAP_RADIUS, SPOT_CLEARANCE};
use super::drawing::{on_spot, Curve, Drawing, OnCurve, Spot};
use super::error::DrawingError;
use super::geometry::{
    dist_to_segment, first_touch, point_at_fraction, polyline_length, project_on_polyline,
    segments_touch, signed_area2, Point,
};
use super::segment_grid::SegmentGrid;

/// A legal move: the curve (from spot `from` to spot `to`, ends on the spots) and the child position
/// it makes. Made by [`Drawing::check_curve`] and [`Drawing::route`]; serialised with the child as
/// its position string (a stored move read back is only as good as its store: check it again with
/// [`Drawing::check_curve`] on its points before trusting it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "StoredCurveMove", into = "StoredCurveMove")]
pub struct CurveMove {
    from: usize,
    to: usize,
    points: Vec<Point>,
    child: Position,
}

/// The serialised form of a [`CurveMove`].
#[derive(Serialize, Deserialize)]
struct StoredCurveMove {
    from: usize,
    to: usize,
    points: Vec<Point>,
    child: String,
}

impl From<CurveMove> for StoredCurveMove {
    fn from(mv: CurveMove) -> StoredCurveMove {
        StoredCurveMove {
            from: mv.from,
            to: mv.to,
            points: mv.points,
            child: mv.child.to_string(),
        }
    }
}

impl TryFrom<StoredCurveMove> for CurveMove {
    type Error = crate::games::sprouts::ParseError;

    fn try_from(stored: StoredCurveMove) -> Result<CurveMove, Self::Error> {
        Ok(CurveMove {
            from: stored.from,
            to: stored.to,
            points: stored.points,
            child: stored.child.parse()?,
        })
    }
}

impl CurveMove {
    pub fn from(&self) -> usize {
        self.from
    }
    pub fn to(&self) -> usize {
        self.to
    }
    pub fn points(&self) -> &[Point] {
        &self.points
    }
    /// The child position (canonical) this curve makes.
    pub fn child(&self) -> &Position {
        &self.child
    }
}

impl Drawing {
    /// Checks a freehand curve: its ends snap to spots (within [`SNAP_RADIUS`]) with lives left
    /// (2 for a loop); it may not cross or touch any curve or itself, nor pass through a spot.
    pub fn check_curve(&self, raw: &[Point]) -> Result<CurveMove, IllegalCurve> {
        if raw.len() > MAX_POINTS {
            return Err(IllegalCurve::TooManyPoints);
        }
        if raw.iter().any(|p| !p.is_finite()) {
            return Err(IllegalCurve::NotFinite);
        }
        if raw.len() < 2 {
            return Err(IllegalCurve::TooShort);
        }
        let nearest = |p: Point| -> Option<usize> {
            (0..self.spots.len())
                .filter(|&s| self.spots[s].at.dist(p) <= SNAP_RADIUS)
                .min_by(|&a, &b| {
                    self.spots[a]
                        .at
                        .dist(p)
                        .total_cmp(&self.spots[b].at.dist(p))
                })
        };
        let from = nearest(raw[0]).ok_or(IllegalCurve::StartsOffSpot)?;
        let to = nearest(raw[raw.len() - 1]).ok_or(IllegalCurve::EndsOffSpot)?;
        self.lives_for(from, to)?;
        let points = snapped(raw, self.spots[from].at, self.spots[to].at);
        if polyline_length(&points) < MIN_LENGTH
            || (from == to && (points.len() < 4 || signed_area2(&points).abs() < 1.0))
        {
            return Err(IllegalCurve::TooShort);
        }
        self.check_geometry(from, to, &points)?;
        let next = self.with_curve(from, to, &points, None);
        debug_assert_eq!(
            next.check(),
            Ok(()),
            "a legal curve keeps the drawing well formed"
        );
        let child = next.position().map_err(|_| IllegalCurve::InvalidDrawing)?;
        Ok(CurveMove {
            from,
            to,
            points,
            child,
        })
    }

    /// Plays a move: the curve is added with a new spot on it, at the point of the curve nearest to
    /// `new_spot_at` (kept away from the ends), or where the curve has most room around it (between
    /// a fifth and four fifths of its length, the middle preferred when there is room enough).
    ///
    /// The move must have been made for this drawing (by [`Drawing::check_curve`] or
    /// [`Drawing::route`] on it): one made for another drawing is refused with
    /// [`DrawingError::MoveNotForThisDrawing`] when its spots are not spots of this drawing or lack
    /// the lives, or its curve does not start and end at them; and the drawing made is checked as
    /// [`Drawing::new`] checks one. (Crossings are not looked for: a curve that fits but crosses
    /// this drawing's curves is for [`Drawing::check_curve`] to refuse.)
    pub fn play(
        &self,
        mv: &CurveMove,
        new_spot_at: Option<Point>,
    ) -> Result<Drawing, DrawingError> {
        self.fits(mv).map_err(DrawingError::MoveNotForThisDrawing)?;
        let at = new_spot_at.unwrap_or_else(|| self.roomiest_point(&mv.points));
        let next = self.with_curve(mv.from, mv.to, &mv.points, Some(at));
        next.check()?;
        Ok(next)
    }

    /// Does a move fit this drawing: its ends spots of it with lives left, its curve (two points at
    /// least) starting and ending at them?
    fn fits(&self, mv: &CurveMove) -> Result<(), IllegalCurve> {
        let from = self
            .spots
            .get(mv.from)
            .ok_or(IllegalCurve::StartsOffSpot)?
            .at;
        let to = self.spots.get(mv.to).ok_or(IllegalCurve::EndsOffSpot)?.at;
        self.lives_for(mv.from, mv.to)?;
        let points = &mv.points;
        if points.len() < 2 {
            return Err(IllegalCurve::TooShort);
        }
        if !on_spot(points[0], from) {
            return Err(IllegalCurve::StartsOffSpot);
        }
        if !on_spot(points[points.len() - 1], to) {
            return Err(IllegalCurve::EndsOffSpot);
        }
        Ok(())
    }

    /// Have spots `from` and `to` (spots of this drawing) the lives for a curve between them: one
    /// each, two for a loop?
    fn lives_for(&self, from: usize, to: usize) -> Result<(), IllegalCurve> {
        let lives = self.lives();
        if from == to && lives[from] < 2 {
            return Err(if lives[from] == 0 {
                IllegalCurve::NoLivesLeft { spot: from }
            } else {
                IllegalCurve::LoopNeedsTwoLives {
                    spot: from,
                    lives: lives[from],
                }
            });
        }
        for s in [from, to] {
            if lives[s] == 0 {
                return Err(IllegalCurve::NoLivesLeft { spot: s });
            }
        }
        Ok(())
    }

    /// The point of a new curve farthest from the drawing's spots and curves (ties to the middle).
    fn roomiest_point(&self, points: &[Point]) -> Point {
        const ENOUGH: f64 = 40.0;
        let room = |p: Point| -> f64 {
            let spots = self.spots.iter().map(|s| s.at.dist(p));
            let curves = self.curves.iter().flat_map(|c| {
                c.points
                    .windows(2)
                    .map(move |w| dist_to_segment(p, w[0], w[1]))
            });
            spots
                .chain(curves)
                .fold(f64::INFINITY, f64::min)
                .min(ENOUGH)
        };
        let mut best = (f64::NEG_INFINITY, point_at_fraction(points, 0.5).1);
        for k in 0..=12 {
            // From the middle outwards, so the middle wins ties.
            let offset = (k + 1) / 2;
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            let fraction = 0.5 + sign * 0.05 * offset as f64;
            let p = point_at_fraction(points, fraction).1;
            let r = room(p);
            if r > best.0 + 1e-9 {
                best = (r, p);
            }
        }
        best.1
    }

    fn with_curve(&self, from: usize, to: usize, points: &[Point], at: Option<Point>) -> Drawing {
        let total = polyline_length(points);
        let fraction = match at {
            Some(p) => {
                let (i, t, _) = project_on_polyline(p, points);
                let before = polyline_length(&points[..=i]) + points[i].dist(points[i + 1]) * t;
                (before / total).clamp(0.2, 0.8)
            }
            None => 0.5,
        };
        let (segment, spot_at) = point_at_fraction(points, fraction);
        let mut line = points[..=segment].to_vec();
        line.push(spot_at);
        let index = line.len() - 1;
        line.extend_from_slice(&points[segment + 1..]);
        line.dedup_by(|a, b| a.dist(*b) < 1e-9);
        let index = line
            .iter()
            .position(|p| p.dist(spot_at) < 1e-9)
            .unwrap_or(index);
        // Where the spot fell on a point of the curve, that point was kept: the spot and its point
        // must be the very same (a spot a hair off its curve makes a curve ending there cross it).
        line[index] = spot_at;
        let mut next = self.clone();
        next.spots.push(Spot { at: spot_at });
        next.curves.push(Curve {
            start: from,
            end: to,
            points: line,
            middle: Some(OnCurve {
                spot: next.spots.len() - 1,
                index,
            }),
        });
        next
    }

    /// Crossings with the curve itself, with other curves, and spots on the way.
    fn check_geometry(&self, from: usize, to: usize, points: &[Point]) -> Result<(), IllegalCurve> {
        let n = points.len() - 1; // segments
        let is_loop = from == to;
        // Only segments in cells near each other can touch.
        let mut grid = SegmentGrid::of(points);
        for i in 0..n {
            for j in grid.near(points[i], points[i + 1], 0.0) {
                if j <= i {
                    continue;
                }
                let (a, b, c, d) = (points[i], points[i + 1], points[j], points[j + 1]);
                let adjacent = j == i + 1 || (is_loop && i == 0 && j == n - 1);
                if adjacent {
                    // Sharing one point is fine; folding back onto each other is not.
                    let (shared, p, q) = if j == i + 1 { (b, a, d) } else { (a, b, c) };
                    if overlaps_at(shared, p, q) {
                        return Err(IllegalCurve::CrossesItself);
                    }
                } else if segments_touch(a, b, c, d) {
                    return Err(IllegalCurve::CrossesItself);
                }
            }
        }
        // The first and last steps may linger near their own spot.
        let near_start = points
            .iter()
            .take_while(|p| p.dist(points[0]) < 2.0 * SPOT_CLEARANCE)
            .count()
            .max(1);
        let near_end = points
            .iter()
            .rev()
            .take_while(|p| p.dist(points[n]) < 2.0 * SPOT_CLEARANCE)
            .count()
            .max(1);
        for (s, spot) in self.spots.iter().enumerate() {
            for i in grid.near(spot.at, spot.at, SPOT_CLEARANCE) {
                if (i < near_start && s == from) || (i + near_end >= n && s == to) {
                    continue;
                }
                if dist_to_segment(spot.at, points[i], points[i + 1]) < SPOT_CLEARANCE {
                    return Err(IllegalCurve::PassesThroughSpot { spot: s });
                }
            }
        }
        // Every meeting is looked at, to report the first along the new curve: (segment, parameter on
        // it, curve met).
        let mut first: Option<(usize, f64, usize)> = None;
        for edge in self.edges() {
            for w in edge.points.windows(2) {
                let (c, d) = (w[0], w[1]);
                for i in grid.near(c, d, 0.0) {
                    if first.is_some_and(|(j, _, _)| j < i) {
                        continue;
                    }
                    let (a, b) = (points[i], points[i + 1]);
                    let at_start = i == 0 && (c == a || d == a);
                    let at_end = i == n - 1 && (c == b || d == b);
                    let met = if at_start || at_end {
                        let shared = if at_start { a } else { b };
                        let mine = if at_start { b } else { a };
                        let theirs = if c == shared { d } else { c };
                        let other_end_touches = if at_start {
                            dist_to_segment(b, c, d) == 0.0
                        } else {
                            dist_to_segment(a, c, d) == 0.0
                        };
                        if overlaps_at(shared, mine, theirs) {
                            Some(if at_start { 0.0 } else { 1.0 })
                        } else if other_end_touches {
                            Some(if at_start { 1.0 } else { 0.0 })
                        } else {
                            None
                        }
                    } else {
                        first_touch(a, b, c, d)
                    };
                    if let Some(t) = met {
                        if first.is_none_or(|(j, u, _)| (i, t) < (j, u)) {
                            first = Some((i, t, edge.curve));
                        }
                    }
                }
            }
        }
        match first {
            Some((i, t, curve)) => Err(IllegalCurve::CrossesCurve {
                curve,
                at: points[i].lerp(points[i + 1], t),
            }),
            None => Ok(()),
        }
    }
}

/// True when segments from `shared` to `p` and to `q` leave in the same direction (overlap).
fn overlaps_at(shared: Point, p: Point, q: Point) -> bool {
    let (ux, uy) = (p.x - shared.x, p.y - shared.y);
    let (vx, vy) = (q.x - shared.x, q.y - shared.y);
    let cross = ux * vy - uy * vx;
    let dot = ux * vx + uy * vy;
    let scale = (ux.hypot(uy) * vx.hypot(vy)).max(1e-300);
    dot > 0.0 && (cross / scale).abs() < 1e-9
}

/// The curve with its ends moved onto the spots, dropping the points drawn inside the snap circles
/// (a curve that already starts or ends exactly on its spot is kept as it is there).
fn snapped(raw: &[Point], from: Point, to: Point) -> Vec<Point> {
    let exact = |p: Point, s: Point| p.dist(s) < 1e-9;
    let mut lo = 0;
    if exact(raw[0], from) {
        lo = 1;
    } else {
        while lo + 1 < raw.len() && raw[lo].dist(from) <= SNAP_RADIUS {
            lo += 1;
        }
    }
    let mut hi = raw.len();
    if exact(raw[hi - 1], to) {
        hi -= 1;
    } else {
        while hi > lo + 1 && raw[hi - 1].dist(to) <= SNAP_RADIUS {
            hi -= 1;
        }
    }
    let mut points = vec![from];
    points.extend_from_slice(&raw[lo..hi.max(lo)]);
    points.push(to);
    points.dedup_by(|a, b| a.dist(*b) < 1e-9);
    if points.len() == 1 {
        points.push(to);
    }
    points
}
