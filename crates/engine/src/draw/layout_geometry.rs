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
//! A tangled component among the floats is placed here too, in the same recursion (its bags are
//! circles, and floats sit in its faces): its map (`layout_tangle`) with the outer boundary's nodes
//! on a circle, the rest by barycentric averaging (a Tutte drawing), links optionally bent, and each
//! boundary's other things (leaves, pockets, lowercase letters, tree-like parts) hung in the corners
//! between its letters. Plain packing (rings of disks, rows of boxes, the final fit) is
//! `layout_packing`'s.

use std::collections::HashMap;
use std::f64::consts::{PI, TAU};

use super::drawing::{Curve, Drawing, OnCurve, Spot};
use super::geometry::Point;
use super::layout_packing::{bounds, fit, pack_boxes, ring_for, ring_places, GAP};
use super::layout_plan::{CircleId, Element, Float, Plan, Side};

const SPACING: f64 = 1.0;
const LEAF: f64 = 0.75;
const BUMP: f64 = 0.4;
/// Arc length from a pocket's spot to each of its two junctions.
const POCKET_HALF: f64 = 0.3;
/// Points of a pocket's bump from a junction to its spot.
const POCKET_STEPS: usize = 6;
/// Length of a bridge between circles (long enough for a spot on it to stand clear of both).
const BRIDGE: f64 = 1.2;
const MIN_RADIUS: f64 = 0.8;
/// Room taken by an isolated spot.
const SPOT_ROOM: f64 = 0.4;
/// Least room of an isolated spot of the outermost region, as a share of the largest thing there.
const SPOT_SHARE: f64 = 0.15;
/// Largest angle between two points of a drawn arc.
const ARC_STEP: f64 = 0.1;
/// Rounds of barycentric averaging for a tangle's inner nodes.
const TUTTE_ROUNDS: usize = 400;
/// Spacing of the nodes on a tangle's outer circle, in units (roomier than a circle's).
const TANGLE_SPACING: f64 = 1.5;
/// Least radius of a tangle's outer circle per square root of its faces.
const TANGLE_RADIUS: f64 = 0.8;
/// Sideways push of a bent tangle link's control point, as a share of its length (the curve
/// itself strays half as far).
const CHORD_BEND: f64 = 0.22;
/// Points per bent tangle link.
const CHORD_STEPS: f64 = 16.0;

#[derive(Clone, Copy, Debug)]
struct Size {
    /// Radius of the circle.
    r: f64,
    /// Radius of the disk around its centre holding everything hanging outwards.
    reach: f64,
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

struct Builder<'a> {
    plan: &'a Plan,
    sizes: Vec<Option<Size>>,
    drawing: Drawing,
    style: TangleStyle,
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
    fn float_reach(&mut self, f: Float) -> f64 {
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

    fn measure(&mut self, c: CircleId) -> Size {
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

    fn new_spot(&mut self, at: Point) -> usize {
        self.drawing.spots.push(Spot { at });
        self.drawing.spots.len() - 1
    }

    fn curve(&mut self, start: usize, end: usize, points: Vec<Point>, middle: Option<usize>) {
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

    fn place_float(&mut self, f: Float, at: Point) {
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
    fn place(&mut self, c: CircleId, centre: Point, towards_parent: Option<f64>) -> Option<usize> {
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

/// Tangle placement: sizes and coordinates of a tangled component among the floats. Placing it
/// hangs circles and floats in its corners, which are placed by the recursion above (so it is here,
/// in the same recursion, and its map is `layout_tangle`'s).
impl Builder<'_> {
    /// Radius of a tangle's outer circle, and how far its outside bags reach beyond it.
    fn tangle_size(&mut self, t: usize) -> (f64, f64) {
        let tangle = &self.plan.tangles[t];
        let (bags, floats) = (tangle.bags.clone(), tangle.floats.clone());
        let outer = tangle.map.faces[0].len();
        let (mut inner, mut outward) = (0.0f64, 0.0f64);
        for &(b, _, circle) in &bags {
            let room = BRIDGE + 2.0 * self.measure(circle).reach;
            if b == 0 {
                outward = outward.max(room);
            } else {
                inner += room;
            }
        }
        for cell in &floats {
            let reach: Vec<f64> = cell.iter().map(|&f| self.float_reach(f)).collect();
            inner += 2.0 * ring_for(&reach).1;
        }
        let cells = floats.len() as f64;
        let r = (SPACING * TANGLE_SPACING * outer as f64 / TAU)
            .max(TANGLE_RADIUS * cells.sqrt())
            .max(0.8 * inner);
        (r * self.style.spread, outward)
    }

    /// Draws a tangled component (see the module notes) centred at `centre`: its outer face's nodes
    /// on a circle, every other node at the average of its neighbours (a Tutte drawing: convex
    /// faces, nothing crossing when the map is 3-connected; the caller checks), then the bags hung
    /// in their corners and the floats at the middle of their faces.
    fn place_tangle(&mut self, t: usize, centre: Point) {
        let (r, _) = self.tangle_size(t);
        let tangle = self.plan.tangles[t].clone();
        let map = &tangle.map;
        let mut at = vec![centre; map.nodes];
        let mut fixed = vec![false; map.nodes];
        let outer = &map.faces[0];
        let turn = if self.style.mirror { -1.0 } else { 1.0 };
        for (i, &n) in outer.iter().enumerate() {
            let a = -PI / 2.0 + turn * TAU * i as f64 / outer.len() as f64;
            at[n] = Point::new(centre.x + r * a.cos(), centre.y + r * a.sin());
            fixed[n] = true;
        }
        let mut neighbours = vec![Vec::new(); map.nodes];
        for &(a, b) in &map.links {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        for _ in 0..TUTTE_ROUNDS {
            for n in 0..map.nodes {
                if fixed[n] || neighbours[n].is_empty() {
                    continue;
                }
                let k = neighbours[n].len() as f64;
                let (sx, sy) = neighbours[n]
                    .iter()
                    .fold((0.0, 0.0), |(x, y), &m| (x + at[m].x, y + at[m].y));
                at[n] = Point::new(sx / k, sy / k);
            }
        }
        // Bent links: each chain of inner two-link nodes (letters) between junctions or outer
        // nodes becomes one quadratic curve, its middle pushed away from the tangle's middle; the
        // chain's nodes move onto it. Per link (a, b): the curve and its parameters at a and b.
        let mut bent: HashMap<(usize, usize), BentLink> = HashMap::new();
        if self.style.bend {
            let on_outer: Vec<bool> = (0..map.nodes).map(|n| outer.contains(&n)).collect();
            let terminal = |n: usize| on_outer[n] || neighbours[n].len() != 2;
            let mut used = vec![false; map.links.len()];
            let link_of = |a: usize, b: usize| {
                map.links
                    .iter()
                    .position(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
            };
            for start in (0..map.nodes).filter(|&n| terminal(n)) {
                for &first in &neighbours[start] {
                    let Some(l) = link_of(start, first) else {
                        continue;
                    };
                    if used[l] || (on_outer[start] && on_outer[first]) {
                        continue;
                    }
                    let mut path = vec![start, first];
                    while !terminal(*path.last().unwrap_or(&start)) && path.len() <= map.nodes {
                        let (prev, here) = (path[path.len() - 2], path[path.len() - 1]);
                        let Some(&next) = neighbours[here].iter().find(|&&m| m != prev) else {
                            break;
                        };
                        path.push(next);
                    }
                    let end = *path.last().unwrap_or(&start);
                    if !terminal(end) {
                        continue;
                    }
                    let (p0, p2) = (at[start], at[end]);
                    let m = p0.lerp(p2, 0.5);
                    let (dx, dy) = (p2.x - p0.x, p2.y - p0.y);
                    let len = dx.hypot(dy).max(1e-9);
                    let mut normal = Point::new(-dy / len, dx / len);
                    // A chord across the outer circle bows inwards (the faces along the circle
                    // keep their room); a link from an inner junction bows outwards.
                    let outwards = !(on_outer[start] && on_outer[end]);
                    let away = (m.x - centre.x) * normal.x + (m.y - centre.y) * normal.y > 0.0;
                    if away != outwards {
                        normal = Point::new(-normal.x, -normal.y);
                    }
                    let push = CHORD_BEND * len;
                    let c = Point::new(m.x + normal.x * push, m.y + normal.y * push);
                    let k = (path.len() - 1) as f64;
                    for (i, w) in path.windows(2).enumerate() {
                        if let Some(l) = link_of(w[0], w[1]) {
                            used[l] = true;
                        }
                        let (ta, tb) = (i as f64 / k, (i + 1) as f64 / k);
                        bent.insert((w[0], w[1]), (p0, c, p2, ta, tb));
                        bent.insert((w[1], w[0]), (p0, c, p2, tb, ta));
                        if i > 0 {
                            at[w[0]] = quadratic(p0, c, p2, ta);
                        }
                    }
                }
            }
        }
        let at = at;
        let spots: Vec<usize> = at.iter().map(|&p| self.new_spot(p)).collect();
        // The area centroid of a face (its nodes' average where it has no area).
        let middle_of = |face: &[usize]| {
            let k = face.len().max(1) as f64;
            let (sx, sy) = face
                .iter()
                .fold((0.0, 0.0), |(x, y), &n| (x + at[n].x, y + at[n].y));
            let (mut area, mut cx, mut cy) = (0.0, 0.0, 0.0);
            for (i, &n) in face.iter().enumerate() {
                let (p, q) = (at[n], at[face[(i + 1) % face.len()]]);
                let c = p.x * q.y - q.x * p.y;
                area += c;
                cx += (p.x + q.x) * c;
                cy += (p.y + q.y) * c;
            }
            if area.abs() < 1e-9 {
                Point::new(sx / k, sy / k)
            } else {
                Point::new(cx / (3.0 * area), cy / (3.0 * area))
            }
        };
        // The outer face's links are arcs of its circle; the others straight.
        let mut outer_index = vec![None; map.nodes];
        for (i, &n) in outer.iter().enumerate() {
            outer_index[n] = Some(i);
        }
        let step = turn * TAU / outer.len() as f64;
        let arc_of = |a: usize, b: usize| -> Option<(f64, f64)> {
            let (ia, ib) = (outer_index[a]?, outer_index[b]?);
            let angle = |i: usize| -PI / 2.0 + step * i as f64;
            if outer.len() < 3 {
                None
            } else if ib == (ia + 1) % outer.len() {
                Some((angle(ia), angle(ia) + step))
            } else if ia == (ib + 1) % outer.len() {
                Some((angle(ia), angle(ia) - step))
            } else {
                None
            }
        };
        let on_circle = |t: f64| Point::new(centre.x + r * t.cos(), centre.y + r * t.sin());
        // Points of link (a, b) from fraction f0 to f1 (the ends exactly at the nodes).
        let piece = |a: usize, b: usize, f0: f64, f1: f64| -> Vec<Point> {
            match arc_of(a, b) {
                Some((t0, t1)) => {
                    let (s0, s1) = (t0 + (t1 - t0) * f0, t0 + (t1 - t0) * f1);
                    let n = ((s1 - s0).abs() / ARC_STEP).ceil().max(1.0) as usize;
                    (0..=n)
                        .map(|k| on_circle(s0 + (s1 - s0) * k as f64 / n as f64))
                        .collect()
                }
                None => match bent.get(&(a, b)) {
                    Some(&(p0, c, p2, ta, tb)) => {
                        let (s0, s1) = (ta + (tb - ta) * f0, ta + (tb - ta) * f1);
                        let n = ((s1 - s0).abs() * CHORD_STEPS).ceil().max(1.0) as usize;
                        (0..=n)
                            .map(|k| quadratic(p0, c, p2, s0 + (s1 - s0) * k as f64 / n as f64))
                            .collect()
                    }
                    None => vec![at[a].lerp(at[b], f0), at[a].lerp(at[b], f1)],
                },
            }
        };
        // Each link, split where bags hang from it.
        for (l, &(a, b)) in map.links.iter().enumerate() {
            let mut hung: Vec<(f64, usize, CircleId)> = Vec::new();
            for &(face, corner, circle) in &tangle.bags {
                let (link, near) = map.corner_link[face][corner];
                if link == l {
                    let from_a = if near == a { 1.0 / 3.0 } else { 2.0 / 3.0 };
                    hung.push((from_a, face, circle));
                }
            }
            if let [one] = hung.as_mut_slice() {
                one.0 = 0.5;
            }
            hung.sort_by(|x, y| x.0.total_cmp(&y.0));
            let (mut last, mut last_f) = (spots[a], 0.0);
            for &(f, face, circle) in &hung {
                let mut points = piece(a, b, last_f, f);
                points[0] = self.drawing.spots[last].at;
                let p = *points.last().unwrap_or(&at[a]);
                let j = self.new_spot(p);
                self.curve(last, j, points, None);
                (last, last_f) = (j, f);
                // Hang the bag in its face: outwards from the outer face's circle, else towards
                // the middle of the (convex) face.
                let (dx, dy) = (at[b].x - at[a].x, at[b].y - at[a].y);
                let len = dx.hypot(dy).max(1e-9);
                let mut normal = Point::new(-dy / len, dx / len);
                if face == 0 {
                    let d = p.dist(centre).max(1e-9);
                    normal = Point::new((p.x - centre.x) / d, (p.y - centre.y) / d);
                }
                let reach = self.measure(circle).reach;
                let d = BRIDGE + reach;
                let bag_centre = if face == 0 {
                    Point::new(p.x + normal.x * d, p.y + normal.y * d)
                } else {
                    // Alone in its face: in the middle; else part way there.
                    let alone = tangle.floats[face].is_empty()
                        && tangle.bags.iter().filter(|bag| bag.0 == face).count() == 1;
                    p.lerp(middle_of(&map.faces[face]), if alone { 1.0 } else { 0.6 })
                };
                if let Some(s) = self.place(circle, bag_centre, Some(bag_centre.angle_to(p))) {
                    let q = self.drawing.spots[s].at;
                    self.curve(j, s, vec![p, q], None);
                }
            }
            let mut points = piece(a, b, last_f, 1.0);
            if let Some(first) = points.first_mut() {
                *first = self.drawing.spots[last].at;
            }
            if let Some(end) = points.last_mut() {
                *end = at[b];
            }
            self.curve(last, spots[b], points, None);
        }
        for (face, floats) in tangle.floats.iter().enumerate().skip(1) {
            let m = middle_of(&map.faces[face]);
            let reach: Vec<f64> = floats.iter().map(|&f| self.float_reach(f)).collect();
            let (rho, _) = ring_for(&reach);
            for (f, p) in floats.iter().zip(ring_places(&reach, rho)) {
                self.place_float(*f, Point::new(m.x + p.x, m.y + p.y));
            }
        }
    }
}

/// A stretch of a bent tangle link: the quadratic curve (start, control, end) of its chain and the
/// curve's parameters at the link's two ends.
type BentLink = (Point, Point, Point, f64, f64);

/// The point at parameter `t` of the quadratic Bézier curve from `p0` to `p2` pulled towards `c`.
fn quadratic(p0: Point, c: Point, p2: Point, t: f64) -> Point {
    p0.lerp(c, t).lerp(c.lerp(p2, t), t)
}
