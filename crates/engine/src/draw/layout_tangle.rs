//! The map of a tangled component: boundaries of one component whose regions, linked by shared
//! (uppercase) letters, form cycles (`AB|AC|BC`, `AB|AC|BD|CD`, ...). Such regions cannot all be
//! nested circles; they are the faces of a small plane graph instead.
//!
//! Take the graph H whose nodes are the boundaries (each in its own region) and whose edges are the
//! letters, each boundary's letters in its walking order giving the rotation at its node. Traced as
//! a map, H must lie on the sphere (V − E + F = 2). The drawn graph is H's dual: every face of H is a
//! dead junction where the regions around it meet (a face of k letters becomes a path of k − 2
//! junctions with three curve ends each, so none keeps a life); every letter is a 1-life spot on the
//! curve between two junctions, separating its two regions. A face of H of only two letters needs
//! no junction: the two letters follow each other on one curve.
//!
//! The map is combinatorial ([`TangleMap`]); its placement is here too (`Builder::place_tangle`):
//! the outer boundary's nodes on a circle, the rest by barycentric averaging (a Tutte drawing),
//! links optionally bent, and each boundary's other things (leaves, pockets, lowercase letters,
//! tree-like parts: circles of `layout_geometry`'s balloon layout) hung in the corners between its
//! letters.

use std::collections::HashMap;
use std::f64::consts::{PI, TAU};

use super::geometry::Point;
use super::layout_geometry::{ring_for, ring_places, Builder, ARC_STEP, BRIDGE, SPACING};
use super::layout_plan::CircleId;

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

/// The drawn graph of a tangled component, before coordinates.
#[derive(Clone, Debug, Default)]
pub(crate) struct TangleMap {
    /// Node count: the first nodes are the letters (in increasing order), the rest dead
    /// junctions.
    pub nodes: usize,
    /// Straight links between nodes (each letter has exactly two, each junction three).
    pub links: Vec<(usize, usize)>,
    /// For every boundary and every corner `j` of it (between its letters `j` and `j + 1`): a link
    /// on that corner's stretch of the boundary and the node it starts from there.
    pub corner_link: Vec<Vec<(usize, usize)>>,
    /// For every boundary, the nodes around its face in walking order; boundary 0's is the outer
    /// face of the drawing (no node twice).
    pub faces: Vec<Vec<usize>>,
}

/// The map of boundaries whose letters (uppercase, each shared by exactly two of them) are
/// `sequences[b]` in walking order; boundary 0 is the one drawn outermost. `None` if they do not
/// form a map on the sphere that can be drawn this way.
pub(crate) fn tangle_map(sequences: &[Vec<u8>]) -> Option<TangleMap> {
    let mut owners: HashMap<u8, Vec<(usize, usize)>> = HashMap::new();
    for (b, seq) in sequences.iter().enumerate() {
        if seq.is_empty() {
            return None;
        }
        for (j, &k) in seq.iter().enumerate() {
            owners.entry(k).or_default().push((b, j));
        }
    }
    if owners.values().any(|o| o.len() != 2 || o[0].0 == o[1].0) {
        return None;
    }
    let mut letters: Vec<u8> = owners.keys().copied().collect();
    letters.sort_unstable();
    let node_of: HashMap<u8, usize> = letters.iter().enumerate().map(|(i, &k)| (k, i)).collect();
    // The other occurrence of a letter.
    let across = |b: usize, k: u8| -> (usize, usize) {
        let o = &owners[&k];
        if o[0].0 == b {
            o[1]
        } else {
            o[0]
        }
    };

    // Faces of H as orbits of corners: from corner (b, j), leave b by its letter j + 1 and arrive at
    // the corner that letter starts on the other side.
    let mut face_of: Vec<Vec<usize>> = sequences
        .iter()
        .map(|s| vec![usize::MAX; s.len()])
        .collect();
    let mut faces_h: Vec<Vec<(usize, usize)>> = Vec::new();
    for b in 0..sequences.len() {
        for j in 0..sequences[b].len() {
            if face_of[b][j] != usize::MAX {
                continue;
            }
            let f = faces_h.len();
            let mut orbit = Vec::new();
            let (mut cb, mut cj) = (b, j);
            while face_of[cb][cj] == usize::MAX {
                face_of[cb][cj] = f;
                orbit.push((cb, cj));
                let seq = &sequences[cb];
                let k = seq[(cj + 1) % seq.len()];
                (cb, cj) = across(cb, k);
            }
            if (cb, cj) != (b, j) {
                return None;
            }
            faces_h.push(orbit);
        }
    }
    let (v, e, f) = (sequences.len(), letters.len(), faces_h.len());
    if v + f != e + 2 {
        return None;
    }

    let mut map = TangleMap {
        nodes: letters.len(),
        corner_link: sequences.iter().map(|s| vec![(0, 0); s.len()]).collect(),
        ..TangleMap::default()
    };
    // For each face of H: the node where each end letter's curve enters (`end_node`), and the
    // junction path between consecutive ends.
    let mut end_node: Vec<Vec<usize>> = Vec::with_capacity(faces_h.len());
    let mut junctions: Vec<Vec<usize>> = Vec::with_capacity(faces_h.len());
    for orbit in &faces_h {
        let k = orbit.len();
        let end_letter = |t: usize| -> usize {
            let (b, j) = orbit[t];
            let seq = &sequences[b];
            node_of[&seq[(j + 1) % seq.len()]]
        };
        if k == 2 {
            let (l1, l2) = (end_letter(0), end_letter(1));
            map.links.push((l1, l2));
            end_node.push(vec![l2, l1]);
            junctions.push(Vec::new());
            continue;
        }
        let first = map.nodes;
        map.nodes += k - 2;
        let path: Vec<usize> = (first..first + k - 2).collect();
        for w in path.windows(2) {
            map.links.push((w[0], w[1]));
        }
        let ends: Vec<usize> = (0..k).map(|t| path[junction_index(t, k)]).collect();
        for (t, &node) in ends.iter().enumerate() {
            map.links.push((end_letter(t), node));
        }
        end_node.push(ends);
        junctions.push(path);
    }
    // Each corner's link: the one from its closing letter into the face's junctions (or to the
    // other letter of a two-letter face).
    let link_index: HashMap<(usize, usize), usize> = map
        .links
        .iter()
        .enumerate()
        .flat_map(|(i, &(a, b))| [((a, b), i), ((b, a), i)])
        .collect();
    for (fi, orbit) in faces_h.iter().enumerate() {
        for (t, &(b, j)) in orbit.iter().enumerate() {
            let seq = &sequences[b];
            let letter = node_of[&seq[(j + 1) % seq.len()]];
            let link = *link_index.get(&(letter, end_node[fi][t]))?;
            map.corner_link[b][j] = (link, letter);
        }
    }
    // Faces of the drawing: each boundary's letters with the junctions of its corners between.
    for (b, seq) in sequences.iter().enumerate() {
        let mut face = Vec::new();
        for (j, &k) in seq.iter().enumerate() {
            face.push(node_of[&k]);
            let fi = face_of[b][j];
            let k_len = faces_h[fi].len();
            if k_len == 2 {
                continue;
            }
            let t = faces_h[fi].iter().position(|&c| c == (b, j))?;
            let from = junction_index((t + k_len - 1) % k_len, k_len);
            let to = junction_index(t, k_len);
            let path = &junctions[fi];
            if from <= to {
                face.extend(&path[from..=to]);
            } else {
                face.extend(path[to..=from].iter().rev());
            }
        }
        map.faces.push(face);
    }
    let outer = &map.faces[0];
    let mut seen = vec![false; map.nodes];
    for &n in outer {
        if std::mem::replace(&mut seen[n], true) {
            return None;
        }
    }
    Some(map)
}

/// The junction (of a path of k − 2) that end `t` (0-based, of k) of a face enters: the first two
/// ends at the first junction, the last two at the last, one each in between.
fn junction_index(t: usize, k: usize) -> usize {
    t.saturating_sub(1).min(k - 3)
}

/// Tangle placement: sizes and coordinates of a tangled component inside a layout being drawn
/// (the rest of the balloon layout, in `layout_geometry`, calls these for a tangle among its floats).
impl Builder<'_> {
    /// Radius of a tangle's outer circle, and how far its outside bags reach beyond it.
    pub(super) fn tangle_size(&mut self, t: usize) -> (f64, f64) {
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
    pub(super) fn place_tangle(&mut self, t: usize, centre: Point) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_regions_around_two_junctions() {
        // AB|AC|BC: a circle split by a chord (a theta): two junctions, three letter curves.
        let map = tangle_map(&[vec![0, 1], vec![0, 2], vec![1, 2]]).unwrap();
        assert_eq!(map.nodes, 5);
        let mut degree = vec![0; map.nodes];
        for &(a, b) in &map.links {
            degree[a] += 1;
            degree[b] += 1;
        }
        assert_eq!(degree, vec![2, 2, 2, 3, 3]);
    }

    #[test]
    fn k4_has_one_embedding_up_to_mirror() {
        // ABC|ADE|BDF|CEF: four regions meeting pairwise (H = K4). K4 is 3-connected, so its
        // plane embedding is unique up to a mirror (Whitney): with the first boundary's order
        // fixed, exactly one of the 2^3 orders of the others lies on the sphere.
        let base = [vec![0, 1, 2], vec![0, 3, 4], vec![1, 3, 5], vec![2, 4, 5]];
        let mut accepted = 0;
        for flips in 0..8 {
            let mut all = base.to_vec();
            for (b, seq) in all.iter_mut().enumerate().skip(1) {
                if flips & (1 << (b - 1)) != 0 {
                    seq.swap(1, 2);
                }
            }
            if let Some(map) = tangle_map(&all) {
                accepted += 1;
                // Four faces of three letters: a junction each; six letters.
                assert_eq!(map.nodes, 6 + 4);
            }
        }
        assert_eq!(accepted, 1);
    }
}
