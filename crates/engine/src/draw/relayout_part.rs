//! A child's drawing made by laying out afresh only the part of the parent's drawing the move is in.
//!
//! The drawing's connected parts (spots linked by curves) are grouped: first the parts holding the
//! move's end spots, then every part reaching into the rectangle those take, until a group's
//! rectangle holds nothing else. Everything outside the rectangle then lies in one face around it,
//! and the drawing is the sum of the group and the rest: if the rest's lands are among the child's,
//! the child's other lands are laid out from scratch inside the rectangle (grown into the free room
//! around it), and every spot and curve of the rest keeps its exact place; if the fresh part's outer
//! region would merge with live spots around the room, it is fenced off by a dead ring. The fresh
//! part must be crossing-free and the result, read back, must give the child; otherwise the group
//! takes in the nearest other part and tries again.

use crate::games::sprouts::{Land, Position};

use super::drawing::{Curve, Drawing, OnCurve, HEIGHT, WIDTH};
use super::geometry::{segments_touch, Point};
use super::layout_check::crossing_free;
use super::layout_search::{append_mapped, fence};

/// Room kept between the rectangle of the redrawn part and anything kept.
const PAD: f64 = 10.0;
/// Steps by which the rectangle grows into free room (each 8% of its size), at most.
const GROW_STEPS: usize = 12;
/// A rectangle smaller than this on either side is grown to it if there is room (a part drawn
/// very small is hard to read and to play in).
const MIN_SIDE: f64 = 160.0;

/// An axis-aligned rectangle (x0, y0, x1, y1).
#[derive(Clone, Copy, Debug)]
struct Rect {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Rect {
    fn around(points: impl Iterator<Item = Point>) -> Option<Rect> {
        let mut r: Option<Rect> = None;
        for p in points {
            let q = r.get_or_insert(Rect {
                x0: p.x,
                y0: p.y,
                x1: p.x,
                y1: p.y,
            });
            q.x0 = q.x0.min(p.x);
            q.y0 = q.y0.min(p.y);
            q.x1 = q.x1.max(p.x);
            q.y1 = q.y1.max(p.y);
        }
        r
    }

    /// Grown by `d` on every side, kept inside the drawing box.
    fn grown(self, dx: f64, dy: f64) -> Rect {
        Rect {
            x0: (self.x0 - dx).max(0.0),
            y0: (self.y0 - dy).max(0.0),
            x1: (self.x1 + dx).min(WIDTH),
            y1: (self.y1 + dy).min(HEIGHT),
        }
    }

    fn width(self) -> f64 {
        self.x1 - self.x0
    }

    fn height(self) -> f64 {
        self.y1 - self.y0
    }

    fn contains(self, p: Point) -> bool {
        (self.x0..=self.x1).contains(&p.x) && (self.y0..=self.y1).contains(&p.y)
    }

    /// True when the segment `ab` has a point in the rectangle.
    fn meets_segment(self, a: Point, b: Point) -> bool {
        if self.contains(a) || self.contains(b) {
            return true;
        }
        let c = [
            Point::new(self.x0, self.y0),
            Point::new(self.x1, self.y0),
            Point::new(self.x1, self.y1),
            Point::new(self.x0, self.y1),
        ];
        (0..4).any(|i| segments_touch(a, b, c[i], c[(i + 1) % 4]))
    }
}

impl Drawing {
    /// A drawing of `child` keeping every spot and curve outside the part of this drawing the move
    /// is in (see the module notes), with the number of this drawing's spots that were moved (or
    /// dropped); `None` when no such part short of the whole drawing works, or `child` is not a
    /// child of this drawing's position. The kept spots come first, in their old order.
    pub fn relayout_part(&self, child: &Position) -> Option<(Drawing, usize)> {
        let part_of = self.parts();
        let parts = part_of.iter().max().map_or(0, |&m| m + 1);
        // The groups to start from: the parts of the move's end spots; where no move of this
        // drawing gives exactly `child` (the engine lists small regions' moves up to equivalence),
        // each part with a live spot in turn.
        let mut seeds: Vec<Vec<usize>> = self
            .move_ends(child)
            .iter()
            .map(|&[a, b]| vec![part_of[a], part_of[b]])
            .collect();
        if seeds.is_empty() {
            if !self.position().ok()?.children().contains(child) {
                return None;
            }
            let lives = self.lives();
            seeds = (0..parts)
                .filter(|&p| (0..self.spots.len()).any(|s| part_of[s] == p && lives[s] > 0))
                .map(|p| vec![p])
                .collect();
        }
        let mut best: Option<(Drawing, usize)> = None;
        for seed in seeds {
            let mut group = vec![false; parts];
            for p in seed {
                group[p] = true;
            }
            if let Some(found) = self.redraw_group(child, &part_of, group) {
                if best.as_ref().is_none_or(|b| found.1 < b.1) {
                    best = Some(found);
                }
            }
        }
        best
    }

    /// Grows `group` until its part of the drawing can be laid out again (module notes).
    fn redraw_group(
        &self,
        child: &Position,
        part_of: &[usize],
        mut group: Vec<bool>,
    ) -> Option<(Drawing, usize)> {
        loop {
            let rect = self.close_group(part_of, &mut group)?;
            if let Some(done) = self.try_group(child, part_of, &group, rect) {
                return Some(done);
            }
            // Take in the nearest part left out, and try again.
            let centre = Point::new((rect.x0 + rect.x1) / 2.0, (rect.y0 + rect.y1) / 2.0);
            let nearest = (0..self.spots.len())
                .filter(|&s| !group[part_of[s]])
                .min_by(|&s, &t| {
                    let d = |s: usize| self.spots[s].at.dist(centre);
                    d(s).total_cmp(&d(t))
                })?;
            group[part_of[nearest]] = true;
        }
    }

    /// Adds to `group` every part reaching into the group's rectangle (padded), until none does;
    /// the rectangle, or `None` once the group is the whole drawing.
    fn close_group(&self, part_of: &[usize], group: &mut [bool]) -> Option<Rect> {
        loop {
            if group.iter().all(|&g| g) {
                return None;
            }
            let points = self
                .spots
                .iter()
                .enumerate()
                .filter(|(s, _)| group[part_of[*s]])
                .map(|(_, s)| s.at)
                .chain(
                    self.curves
                        .iter()
                        .filter(|c| group[part_of[c.start]])
                        .flat_map(|c| c.points.iter().copied()),
                );
            let rect = Rect::around(points)?.grown(PAD, PAD);
            let reaching: Vec<usize> = self.parts_meeting(part_of, group, rect);
            if reaching.is_empty() {
                return Some(rect);
            }
            for p in reaching {
                group[p] = true;
            }
        }
    }

    /// The parts outside `group` with a spot or a curve in `rect`.
    fn parts_meeting(&self, part_of: &[usize], group: &[bool], rect: Rect) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .spots
            .iter()
            .enumerate()
            .filter(|(s, spot)| !group[part_of[*s]] && rect.contains(spot.at))
            .map(|(s, _)| part_of[s])
            .chain(
                self.curves
                    .iter()
                    .filter(|c| !group[part_of[c.start]])
                    .filter(|c| c.points.windows(2).any(|w| rect.meets_segment(w[0], w[1])))
                    .map(|c| part_of[c.start]),
            )
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The drawing with `group`'s parts replaced by a fresh layout of the child's lands the rest
    /// does not hold, inside `rect` grown into the free room; checked against `child`.
    fn try_group(
        &self,
        child: &Position,
        part_of: &[usize],
        group: &[bool],
        rect: Rect,
    ) -> Option<(Drawing, usize)> {
        let (rest, dropped) = self.without_group(part_of, group);
        let mut lands: Vec<Land> = child.lands().to_vec();
        for land in rest.position().ok()?.lands() {
            let k = lands.iter().position(|l| l == land)?;
            lands.swap_remove(k);
        }
        // No lands left (the move killed its part): the part is dropped, nothing drawn in its place.
        let fresh = Drawing::layout(&Position::from_lands(lands)).ok()?;
        // The fresh part goes inside the room, which nothing kept reaches into: it can only cross
        // itself. (The kept drawing is not checked: routed curves may graze by this strict test.)
        if !crossing_free(&fresh) {
            return None;
        }
        let room = self.free_room(part_of, group, rect);
        let mut out = rest.clone();
        place_fitted(&mut out, &fresh, room);
        if out.position().ok().as_ref() == Some(child) {
            return Some((out, dropped));
        }
        // The fresh part's outer region merged with live spots around it: fence it off with a
        // dead ring (as the lands of a fresh layout are), inside the ring's rounded corners.
        let mut out = rest;
        fence(&mut out, room.x0, room.y0, room.width(), room.height());
        let (mx, my) = (0.14 * room.width(), 0.17 * room.height());
        let inner = Rect {
            x0: room.x0 + mx,
            y0: room.y0 + my,
            x1: room.x1 - mx,
            y1: room.y1 - my,
        };
        place_fitted(&mut out, &fresh, inner);
        (out.position().ok().as_ref() == Some(child)).then_some((out, dropped))
    }

    /// `rect` grown step by step while no part outside `group` reaches into it.
    fn free_room(&self, part_of: &[usize], group: &[bool], rect: Rect) -> Rect {
        let mut room = rect;
        let (dx, dy) = (
            0.08 * rect.width().max(MIN_SIDE),
            0.08 * rect.height().max(MIN_SIDE),
        );
        for _ in 0..GROW_STEPS {
            let next = room.grown(dx, dy);
            if !self.parts_meeting(part_of, group, next).is_empty() {
                break;
            }
            room = next;
        }
        // Back off from whatever stopped the growth.
        let (px, py) = (PAD.min(room.width() / 4.0), PAD.min(room.height() / 4.0));
        room.grown(-px, -py)
    }

    /// This drawing without the spots and curves of `group`'s parts (the other spots renumbered in
    /// order), and how many spots went.
    fn without_group(&self, part_of: &[usize], group: &[bool]) -> (Drawing, usize) {
        let mut number = vec![usize::MAX; self.spots.len()];
        let mut out = Drawing::default();
        for (s, spot) in self.spots.iter().enumerate() {
            if !group[part_of[s]] {
                number[s] = out.spots.len();
                out.spots.push(spot.clone());
            }
        }
        for c in self.curves.iter().filter(|c| !group[part_of[c.start]]) {
            out.curves.push(Curve {
                start: number[c.start],
                end: number[c.end],
                points: c.points.clone(),
                middle: c.middle.map(|m| OnCurve {
                    spot: number[m.spot],
                    index: m.index,
                }),
            });
        }
        let dropped = self.spots.len() - out.spots.len();
        (out, dropped)
    }

    /// The connected part of each spot (spots linked by curves), numbered from 0.
    fn parts(&self) -> Vec<usize> {
        let n = self.spots.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for c in &self.curves {
            let mut linked = vec![c.start, c.end];
            linked.extend(c.middle.map(|m| m.spot));
            for &s in &linked[1..] {
                let (a, b) = (find(&mut parent, linked[0]), find(&mut parent, s));
                parent[a] = b;
            }
        }
        let mut number = vec![usize::MAX; n];
        let mut next = 0;
        (0..n)
            .map(|s| {
                let root = find(&mut parent, s);
                if number[root] == usize::MAX {
                    number[root] = next;
                    next += 1;
                }
                number[root]
            })
            .collect()
    }
}

/// Adds `inner` to `out`, its own extent (with a margin) scaled alike both ways to fit `room`,
/// centred, never enlarged (a fresh layout already chose a readable size).
fn place_fitted(out: &mut Drawing, inner: &Drawing, room: Rect) {
    let points = inner
        .spots
        .iter()
        .map(|s| s.at)
        .chain(inner.curves.iter().flat_map(|c| c.points.iter().copied()));
    let Some(own) = Rect::around(points) else {
        return;
    };
    let own = own.grown(PAD, PAD);
    let scale = (room.width() / own.width().max(1.0))
        .min(room.height() / own.height().max(1.0))
        .min(1.0);
    let (ox, oy) = (
        room.x0 + (room.width() - own.width() * scale) / 2.0,
        room.y0 + (room.height() - own.height() * scale) / 2.0,
    );
    append_mapped(out, inner, |p| {
        Point::new(ox + (p.x - own.x0) * scale, oy + (p.y - own.y0) * scale)
    });
}
