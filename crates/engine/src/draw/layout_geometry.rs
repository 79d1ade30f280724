//! Coordinates for a layout plan: a balloon layout of the circles.
//!
//! Sizes are measured bottom-up in units of the spacing between neighbouring things on a circle.
//! Each circle gives every element an angular sector; a circle hanging outwards (or inwards, inside
//! a home circle) from an element is placed on that element's ray, far enough for its whole subtree
//! (a disk) to stay inside the sector, so nothing crosses. Components floating in a region go on a
//! ring around the middle of its home circle, clear of everything hanging inwards; those of the
//! outermost region are drawn, measured by their bounding boxes and packed in rows. The result is
//! scaled into the requested rectangle.
//!
//! A tangled component among the floats is sized and placed by `layout_tangle` (with its map),
//! through the same `Builder`: its bags are circles placed here.

use std::f64::consts::{PI, TAU};

use super::drawing::{Curve, Drawing, OnCurve, Spot};
use super::geometry::Point;
use super::layout_plan::{CircleId, Element, Float, Plan, Side};

pub(super) const SPACING: f64 = 1.0;
const LEAF: f64 = 0.75;
const BUMP: f64 = 0.4;
/// Arc length from a pocket's spot to each of its two junctions.
const POCKET_HALF: f64 = 0.3;
/// Points of a pocket's bump from a junction to its spot.
const POCKET_STEPS: usize = 6;
/// Length of a bridge between circles (long enough for a spot on it to stand clear of both).
pub(super) const BRIDGE: f64 = 1.2;
const GAP: f64 = 0.45;
const MIN_RADIUS: f64 = 0.8;
/// Room taken by an isolated spot.
const SPOT_ROOM: f64 = 0.4;
/// Least room of an isolated spot of the outermost region, as a share of the largest thing there.
const SPOT_SHARE: f64 = 0.15;
/// Largest angle between two points of a drawn arc.
pub(super) const ARC_STEP: f64 = 0.1;

#[derive(Clone, Copy, Debug)]
pub(super) struct Size {
    /// Radius of the circle.
    r: f64,
    /// Radius of the disk around its centre holding everything hanging outwards.
    pub(super) reach: f64,
    /// Radius of the ring of floats inside, and of the whole cluster.
    ring: f64,
    central: f64,
    /// The one thing hanging inwards (no floats) sits in the middle instead of by the rim.
    centred: bool,
    /// For a circle whose subtree runs away from its parent in a straight line (a chain of
    /// circles each hanging the next outwards, opposite its own parent bridge, ending in a circle
    /// with nothing more hung from it): how far the subtree reaches ahead of the centre, and its
    /// half-width. Used when `tight` (see [`TangleStyle`]).
    line: Option<(f64, f64)>,
}

pub(super) struct Builder<'a> {
    pub(super) plan: &'a Plan,
    sizes: Vec<Option<Size>>,
    pub(super) drawing: Drawing,
    pub(super) style: TangleStyle,
}

/// How tangled components are drawn: `spread` scales their maps (more room for what hangs inside),
/// `mirror` draws them the other way round, `bend` curves their inner links. `tight`: a chain of circles hung outwards one from the
/// next is measured as the line it is, not as nested disks each twice its child's (which shrinks
/// long chains exponentially); such a drawing is only known to be plane once checked. The caller
/// tries a few styles until the drawing reads back right.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TangleStyle {
    pub spread: f64,
    pub mirror: bool,
    pub tight: bool,
    /// A tangle's inner links drawn as gentle curves (quadratic bends away from its middle)
    /// instead of straight chords; only known to stay plane once checked.
    pub bend: bool,
}

/// Lays the plan out and scales it into the rectangle `(x0, y0, w, h)`, at most `max_unit` pixels
/// per spacing unit.
pub(crate) fn draw_plan(
    plan: &Plan,
    rect: (f64, f64, f64, f64),
    max_unit: f64,
    style: TangleStyle,
) -> Drawing {
    let (x0, y0, w, h) = rect;
    let mut b = Builder {
        plan,
        sizes: vec![None; plan.circles.len()],
        drawing: Drawing::default(),
        style,
    };
    // Each root float drawn at the origin and measured by its bounding box (tighter than its
    // disk: a chain runs one way only), then the boxes packed in rows and the floats moved there.
    let mut placed = Vec::new();
    for &f in &plan.roots {
        let (spots, curves) = (b.drawing.spots.len(), b.drawing.curves.len());
        b.place_float(f, Point::new(0.0, 0.0));
        let points = b.drawing.spots[spots..].iter().map(|s| s.at).chain(
            b.drawing.curves[curves..]
                .iter()
                .flat_map(|c| c.points.iter().copied()),
        );
        let (lo, hi) = bounds(points);
        placed.push((spots, curves, lo, hi));
    }
    let mut boxes: Vec<(f64, f64)> = placed
        .iter()
        .map(|&(_, _, lo, hi)| (hi.x - lo.x + 2.0 * SPOT_ROOM, hi.y - lo.y + 2.0 * SPOT_ROOM))
        .collect();
    // Isolated spots beside a large component get room in proportion to it (once scaled to the
    // box, a spot's own room would leave them in a tight row).
    let largest = boxes.iter().map(|b| b.0.max(b.1)).fold(0.0, f64::max);
    for (b, f) in boxes.iter_mut().zip(&plan.roots) {
        if *f == Float::Spot {
            let room = b.0.max(largest * SPOT_SHARE);
            *b = (room, room);
        }
    }
    let centres = pack_boxes(&boxes, w / h);
    for (k, &(spots, curves, lo, hi)) in placed.iter().enumerate() {
        let next = placed.get(k + 1);
        let spot_end = next.map_or(b.drawing.spots.len(), |n| n.0);
        let curve_end = next.map_or(b.drawing.curves.len(), |n| n.1);
        let (dx, dy) = (
            centres[k].x - (lo.x + hi.x) / 2.0,
            centres[k].y - (lo.y + hi.y) / 2.0,
        );
        let shift = |p: Point| Point::new(p.x + dx, p.y + dy);
        for s in &mut b.drawing.spots[spots..spot_end] {
            s.at = shift(s.at);
        }
        for c in &mut b.drawing.curves[curves..curve_end] {
            for p in &mut c.points {
                *p = shift(*p);
            }
        }
    }
    let mut drawing = b.drawing;
    fit(&mut drawing, x0, y0, w, h, max_unit);
    drawing
}

impl Builder<'_> {
    pub(super) fn float_reach(&mut self, f: Float) -> f64 {
        match f {
            Float::Spot => SPOT_ROOM,
            Float::Core(c) => self.measure(c).reach,
            Float::Tangle(t) => {
                let (r, outward) = self.tangle_size(t);
                r + outward + GAP / 2.0
            }
        }
    }

    fn child_reach(&mut self, e: Element) -> f64 {
        match e {
            Element::Bridge { child, .. } => self.measure(child).reach,
            _ => 0.0,
        }
    }

    /// For an outward bridge to a chained child (when `tight`): the child's radius, and how far
    /// its line reaches ahead of its centre and to either side.
    fn chained(&mut self, e: Element) -> Option<Chained> {
        match e {
            Element::Bridge {
                side: Side::Out,
                child,
                ..
            } if self.style.tight => {
                let size = self.measure(child);
                let (ahead, half) = size.line?;
                Some(Chained {
                    r: size.r,
                    ahead,
                    half,
                })
            }
            _ => None,
        }
    }

    pub(super) fn measure(&mut self, c: CircleId) -> Size {
        if let Some(size) = self.sizes[c] {
            return size;
        }
        let circle = &self.plan.circles[c];
        let elements = circle.elements.clone();
        let floats = circle.floats.clone();
        let reach: Vec<f64> = elements.iter().map(|&e| self.child_reach(e)).collect();
        let chained: Vec<Option<Chained>> = elements.iter().map(|&e| self.chained(e)).collect();
        let float_reach: Vec<f64> = floats.iter().map(|&f| self.float_reach(f)).collect();
        let (ring, central) = ring_for(&float_reach);
        let inward_bridges: Vec<f64> = elements
            .iter()
            .zip(&reach)
            .filter(|(e, _)| matches!(e, Element::Bridge { side: Side::In, .. }))
            .map(|(_, &s)| s)
            .collect();
        let centred = floats.is_empty() && inward_bridges.len() == 1;
        let inward = elements
            .iter()
            .zip(&reach)
            .map(|(e, &s)| match e {
                Element::Leaf(Side::In) => LEAF,
                Element::Pocket(Side::In) => BUMP,
                Element::Bridge { side: Side::In, .. } => BRIDGE + 2.0 * s,
                _ => 0.0,
            })
            .fold(0.0, f64::max);
        let mut r = MIN_RADIUS;
        if centred {
            r = r.max(inward_bridges[0] + BRIDGE.max(LEAF) + GAP);
        } else if central > 0.0 || inward > 0.0 {
            r = r.max(central + inward + GAP);
        }
        r = r.max(SPACING * elements.len() as f64 / TAU);
        for _ in 0..200 {
            let total: Option<f64> = elements
                .iter()
                .zip(&reach)
                .zip(&chained)
                .map(|((&e, &s), &ch)| match ch {
                    Some(ch) => ch.width(r),
                    None => width(e, s, r, central, centred),
                })
                .sum();
            if total.is_some_and(|t| t <= TAU) {
                break;
            }
            r *= 1.08;
        }
        let outward = elements
            .iter()
            .zip(&reach)
            .zip(&chained)
            .map(|((e, &s), ch)| match (e, ch) {
                (_, Some(ch)) => BRIDGE + ch.r + ch.ahead,
                (Element::Leaf(Side::Out), _) => LEAF,
                (Element::Pocket(Side::Out), _) => BUMP,
                (
                    Element::Bridge {
                        side: Side::Out, ..
                    },
                    _,
                ) => BRIDGE + 2.0 * s,
                _ => 0.0,
            })
            .fold(0.0, f64::max);
        let reach_here = r + outward + GAP / 2.0;
        // A line: nothing else hung but the parent bridge and at most one chained child (which,
        // alone with the parent bridge, is placed right opposite it).
        let bridges = elements
            .iter()
            .filter(|e| matches!(e, Element::Bridge { .. }))
            .count();
        let line = if !floats.is_empty() {
            None
        } else if bridges == 0 {
            Some((reach_here, reach_here))
        } else if let ([_, _], [Some(ch)] | [Some(ch), None] | [None, Some(ch)]) =
            (elements.as_slice(), chained.as_slice())
        {
            elements
                .contains(&Element::ParentBridge)
                .then_some((r + BRIDGE + ch.r + ch.ahead, r.max(ch.half)))
        } else {
            None
        };
        let size = Size {
            r,
            reach: reach_here,
            ring,
            central,
            centred,
            line,
        };
        self.sizes[c] = Some(size);
        size
    }

    pub(super) fn new_spot(&mut self, at: Point) -> usize {
        self.drawing.spots.push(Spot { at });
        self.drawing.spots.len() - 1
    }

    pub(super) fn curve(
        &mut self,
        start: usize,
        end: usize,
        points: Vec<Point>,
        middle: Option<usize>,
    ) {
        let middle = middle.map(|index| OnCurve {
            spot: self.drawing.spots.len() - 1,
            index,
        });
        self.drawing.curves.push(Curve {
            start,
            end,
            points,
            middle,
        });
    }

    pub(super) fn place_float(&mut self, f: Float, at: Point) {
        match f {
            Float::Spot => {
                self.new_spot(at);
            }
            Float::Core(c) => {
                self.place(c, at, None);
            }
            Float::Tangle(t) => self.place_tangle(t, at),
        }
    }

    /// Places circle `c` centred at `centre`, its parent bridge (if any) at angle `towards_parent`;
    /// returns the spot where the parent bridge arrives.
    pub(super) fn place(
        &mut self,
        c: CircleId,
        centre: Point,
        towards_parent: Option<f64>,
    ) -> Option<usize> {
        let size = self.measure(c);
        let r = size.r;
        let elements = self.plan.circles[c].elements.clone();
        let floats = self.plan.circles[c].floats.clone();
        let reach: Vec<f64> = elements.iter().map(|&e| self.child_reach(e)).collect();
        let chained: Vec<Option<Chained>> = elements.iter().map(|&e| self.chained(e)).collect();
        let widths: Vec<f64> = elements
            .iter()
            .zip(&reach)
            .zip(&chained)
            .map(|((&e, &s), ch)| {
                match ch {
                    Some(ch) => ch.width(r),
                    None => width(e, s, r, size.central, size.centred),
                }
                .unwrap_or(SPACING / r)
            })
            .collect();
        let slack = ((TAU - widths.iter().sum::<f64>()) / elements.len().max(1) as f64).max(0.0);
        let mut angles = Vec::with_capacity(elements.len());
        let mut at = 0.0;
        for w in &widths {
            angles.push(at + (w + slack) / 2.0);
            at += w + slack;
        }
        // A root circle with one chain hung from it turns the chain to the right: long chains
        // lie along the box's longer side.
        let one_chain = match chained.iter().filter(|c| c.is_some()).count() {
            1 if elements
                .iter()
                .filter(|e| matches!(e, Element::Bridge { .. }))
                .count()
                == 1 =>
            {
                chained.iter().position(|c| c.is_some())
            }
            _ => None,
        };
        let shift = match (
            towards_parent,
            elements.iter().position(|e| *e == Element::ParentBridge),
            one_chain,
        ) {
            (Some(a), Some(k), _) => a - angles[k],
            (None, _, Some(k)) => -angles[k],
            _ => -PI / 2.0,
        };
        for a in &mut angles {
            *a += shift;
        }
        let on = |radius: f64, angle: f64| {
            Point::new(
                centre.x + radius * angle.cos(),
                centre.y + radius * angle.sin(),
            )
        };
        let outwards = |side: Side| if side == Side::Out { 1.0 } else { -1.0 };

        let mut ring: Vec<(f64, usize)> = Vec::new();
        let mut parent_spot = None;
        for (((&e, &a), &s), ch) in elements.iter().zip(&angles).zip(&reach).zip(&chained) {
            match e {
                Element::Letter(_) => {
                    let id = self.new_spot(on(r, a));
                    ring.push((a, id));
                }
                Element::ParentBridge => {
                    let id = self.new_spot(on(r, a));
                    ring.push((a, id));
                    parent_spot = Some(id);
                }
                Element::Leaf(side) => {
                    let j = self.new_spot(on(r, a));
                    ring.push((a, j));
                    let tip = on(r + outwards(side) * LEAF, a);
                    let leaf = self.new_spot(tip);
                    self.curve(j, leaf, vec![on(r, a), tip], None);
                }
                Element::Pocket(side) => {
                    let d = POCKET_HALF / r;
                    let (p1, p2) = (on(r, a - d), on(r, a + d));
                    let j1 = self.new_spot(p1);
                    let j2 = self.new_spot(p2);
                    ring.push((a - d, j1));
                    ring.push((a + d, j2));
                    // A smooth bump: its height grows as a sine arch from one junction to the
                    // other, the spot at its top.
                    let mut points: Vec<Point> = (0..=2 * POCKET_STEPS)
                        .map(|k| {
                            let t = k as f64 / (2 * POCKET_STEPS) as f64;
                            let lift = outwards(side) * BUMP * (PI * t).sin();
                            on(r + lift, a - d + 2.0 * d * t)
                        })
                        .collect();
                    points[0] = p1;
                    points[2 * POCKET_STEPS] = p2;
                    self.new_spot(points[POCKET_STEPS]);
                    self.curve(j1, j2, points, Some(POCKET_STEPS));
                }
                Element::Bridge {
                    side,
                    child,
                    lowercase,
                } => {
                    let j = self.new_spot(on(r, a));
                    ring.push((a, j));
                    let (distance, back) = match (side, ch) {
                        (Side::Out, Some(ch)) => (r + BRIDGE + ch.r, a + PI),
                        (Side::Out, None) => (r + BRIDGE + s, a + PI),
                        (Side::In, _) if size.centred => (0.0, a),
                        (Side::In, _) => (r - BRIDGE - s, a),
                    };
                    let child_centre = on(distance, a);
                    let Some(cj) = self.place(child, child_centre, Some(back)) else {
                        continue;
                    };
                    let (p, q) = (on(r, a), self.drawing.spots[cj].at);
                    if lowercase {
                        let mid = p.lerp(q, 0.5);
                        self.new_spot(mid);
                        self.curve(j, cj, vec![p, mid, q], Some(1));
                    } else {
                        self.curve(j, cj, vec![p, q], None);
                    }
                }
            }
        }

        // The circle itself: arcs between consecutive spots (a loop if there is only one).
        let n = ring.len();
        for k in 0..n {
            let (a, s) = ring[k];
            let (mut b, t) = ring[(k + 1) % n];
            if b <= a {
                b += TAU;
            }
            let steps = ((b - a) / ARC_STEP).ceil().max(2.0) as usize;
            let mut points: Vec<Point> = (0..=steps)
                .map(|i| on(r, a + (b - a) * i as f64 / steps as f64))
                .collect();
            points[0] = self.drawing.spots[s].at;
            points[steps] = self.drawing.spots[t].at;
            self.curve(s, t, points, None);
        }

        // Floats: one in the middle, several on a ring.
        let float_reach: Vec<f64> = floats.iter().map(|&f| self.float_reach(f)).collect();
        for (f, p) in floats.iter().zip(ring_places(&float_reach, size.ring)) {
            self.place_float(*f, Point::new(centre.x + p.x, centre.y + p.y));
        }
        parent_spot
    }
}

/// An outward bridge's child measured as a line (see `Size::line`).
#[derive(Clone, Copy, Debug)]
struct Chained {
    /// The child circle's radius (its centre sits `BRIDGE` beyond both rims).
    r: f64,
    /// How far the line reaches ahead of the child's centre.
    ahead: f64,
    /// Half the line's width.
    half: f64,
}

impl Chained {
    /// The angle the line needs on a circle of radius `r`: the cone holding its width from the
    /// nearest it comes (the child's centre; `None` if the circle is too small for it).
    fn width(self, r: f64) -> Option<f64> {
        let sine = (self.half + GAP / 2.0) / (r + BRIDGE + self.r);
        (sine < 1.0).then(|| (SPACING / r).max(2.0 * sine.asin()))
    }
}

/// The angle an element needs on a circle of radius `r` (floats inside reach `central`; `centred`:
/// the only thing hanging inwards sits in the middle); `None` if the circle is too small for it.
fn width(e: Element, reach: f64, r: f64, central: f64, centred: bool) -> Option<f64> {
    let base = SPACING / r;
    let cone = |d: f64| -> Option<f64> {
        let sine = (reach + GAP / 2.0) / d;
        (sine < 1.0).then(|| 2.0 * sine.asin())
    };
    match e {
        Element::Pocket(_) => Some((SPACING + 2.0 * POCKET_HALF) / r),
        Element::Bridge {
            side: Side::Out, ..
        } => Some(base.max(cone(r + BRIDGE + reach)?)),
        Element::Bridge { side: Side::In, .. } if centred => Some(base),
        Element::Bridge { side: Side::In, .. } => {
            let d = r - BRIDGE - reach;
            if d - reach < central + GAP {
                return None;
            }
            Some(base.max(cone(d)?))
        }
        _ => Some(base),
    }
}

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
fn pack_boxes(boxes: &[(f64, f64)], aspect: f64) -> Vec<Point> {
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
fn bounds(points: impl Iterator<Item = Point>) -> (Point, Point) {
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
fn fit(drawing: &mut Drawing, x0: f64, y0: f64, w: f64, h: f64, max_unit: f64) {
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
