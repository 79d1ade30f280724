//! A split's path through the mesh: the move must put exactly the chosen boundaries on its inner
//! side, so the inner side is grown as a set of mesh triangles (those touching the inner arc of the
//! split boundary and the chosen boundaries, free triangles going to the nearer side, the inner
//! side linked by corridors, pockets filled) and the curve is the border between the two sides.

use std::collections::{HashSet, VecDeque};
use std::f64::consts::PI;

use super::geometry::Point;
use super::mesh::{key, Mesh, VertexKind};
use super::planar::{wedge, PlanarMap};
use super::route_candidates::Candidate;

/// Pieces of drawing a mesh triangle may touch, besides the face's walks (their own indices): the
/// two arcs of the boundary being split, and the box.
const INNER_ARC: usize = usize::MAX - 1;
const OUTER_ARC: usize = usize::MAX - 2;
const BOX: usize = usize::MAX - 3;

/// Which side of the new curve a mesh triangle must be on, from what it touches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Side {
    Inner,
    Outer,
}

/// How many spots a split puts on its inner side and on its outer side (its own ends on neither):
/// those of the walks each side gets, and the corners of each arc of the split walk.
pub(super) fn spots_on_each_side(
    map: &PlanarMap,
    cand: &Candidate,
    inside: &[usize],
) -> (usize, usize) {
    let ends = [cand.first.spot, cand.second.spot];
    let mut inner: HashSet<usize> = HashSet::new();
    let mut outer: HashSet<usize> = HashSet::new();
    for &w in &map.regions[cand.region] {
        if w == cand.first.walk {
            continue;
        }
        let side = if inside.contains(&w) {
            &mut inner
        } else {
            &mut outer
        };
        side.extend(map.corners(w).iter().map(|c| c.spot));
    }
    let w0 = cand.first.walk;
    let len = map.walks[w0].half_edges.len().max(1);
    let (i, j) = (cand.first.position, cand.second.position);
    let arc = (j + len - i) % len;
    for c in map.corners(w0) {
        if ends.contains(&c.spot) {
            continue;
        }
        if arc >= 1 && (c.position + len - i - 1) % len < arc - 1 {
            inner.insert(c.spot);
        } else {
            outer.insert(c.spot);
        }
    }
    (inner.len(), outer.len())
}

/// The border of the inner side the split `cand` makes (the walks `inside` with it; the box on
/// side `box_side`), as mesh points from its first spot to its second; `None` if the sides the
/// drawing forces on the mesh contradict each other or the border is not one path.
pub(super) fn split_curve(
    map: &PlanarMap,
    mesh: &Mesh,
    cand: &Candidate,
    inside: &[usize],
    box_side: Side,
) -> Option<Vec<Point>> {
    let is_loop = cand.first == cand.second;
    let w0 = cand.first.walk;
    let len = map.walks[w0].half_edges.len().max(1);
    let (i, j) = (cand.first.position, cand.second.position);
    let arc = (j + len - i) % len; // edges e_{i+1} ..= e_j are on the inner arc
    let edge_inner = |k: usize| (k + len - i - 1) % len < arc;
    let corner_inner = |k: usize| arc >= 1 && (k + len - i - 1) % len < arc - 1;
    let mut position_in_walk = vec![0usize; map.half_edges.len()];
    for walk in &map.walks {
        for (k, &h) in walk.half_edges.iter().enumerate() {
            position_in_walk[h] = k;
        }
    }
    let walk_side = |w: usize| {
        if inside.contains(&w) {
            Side::Inner
        } else {
            Side::Outer
        }
    };
    let (start1, width1) = wedge(map, &cand.first);
    let (start2, width2) = wedge(map, &cand.second);
    let offset = |at: Point, c: Point, start: f64| (at.angle_to(c) - start).rem_euclid(2.0 * PI);

    // Side forced on triangle t by its vertex x, if x is on the drawing.
    // (side, piece touched): pieces are walks, the two arcs of the split walk, and the box.
    let arc = |s: Side| -> Option<(Side, usize)> {
        Some((
            s,
            if s == Side::Inner {
                INNER_ARC
            } else {
                OUTER_ARC
            },
        ))
    };
    let in_walk = |w: usize| -> Option<(Side, usize)> { Some((walk_side(w), w)) };
    let vertex_side = |t: usize, x: usize| -> Option<(Side, usize)> {
        let c = mesh.centroid(t);
        match mesh.kind[x] {
            VertexKind::Box => Some((box_side, BOX)),
            VertexKind::Free => None,
            VertexKind::Wall(h) => {
                let he = map.half_edges[h];
                let (a, b) = (map.nodes[he.from], map.nodes[he.to]);
                let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
                let h = if cross > 0.0 { h } else { h ^ 1 };
                let w = map.walk_of[h];
                if w == w0 {
                    arc(if edge_inner(position_in_walk[h]) {
                        Side::Inner
                    } else {
                        Side::Outer
                    })
                } else {
                    in_walk(w)
                }
            }
            VertexKind::Node(n) => {
                let at = map.nodes[n];
                if map.around[n].is_empty() {
                    // An isolated spot: its own walk.
                    let w = map.walks.iter().position(|wk| wk.isolated == Some(n))?;
                    if w == w0 {
                        let o = offset(at, c, start1);
                        return arc(if o > width1 / 3.0 && o < 2.0 * width1 / 3.0 {
                            Side::Inner
                        } else {
                            Side::Outer
                        });
                    }
                    return in_walk(w);
                }
                // The corner whose wedge holds the triangle: the leaving half-edge is the last one
                // at or before the triangle's direction.
                let dir = at.angle_to(c);
                let around = &map.around[n];
                let angles: Vec<f64> = around
                    .iter()
                    .map(|&h| at.angle_to(map.nodes[map.half_edges[h].to]))
                    .collect();
                let mut pick = around.len() - 1;
                for (k, &a) in angles.iter().enumerate() {
                    if a <= dir {
                        pick = k;
                    }
                }
                let h_in = around[(pick + 1) % around.len()] ^ 1;
                let w = map.walk_of[h_in];
                if w != w0 {
                    return in_walk(w);
                }
                let k = position_in_walk[h_in];
                if n == cand.first.spot && k == i {
                    let o = offset(at, c, start1);
                    return arc(if is_loop {
                        if o > width1 / 3.0 && o < 2.0 * width1 / 3.0 {
                            Side::Inner
                        } else {
                            Side::Outer
                        }
                    } else if o < width1 / 2.0 {
                        Side::Inner
                    } else {
                        Side::Outer
                    });
                }
                if n == cand.second.spot && k == j {
                    let o = offset(at, c, start2);
                    return arc(if o < width2 / 2.0 {
                        Side::Outer
                    } else {
                        Side::Inner
                    });
                }
                arc(if corner_inner(k) {
                    Side::Inner
                } else {
                    Side::Outer
                })
            }
        }
    };

    let n = mesh.tris.len();
    // forced[t]: Some(side) when t touches the drawing.
    let mut forced: Vec<Option<Side>> = vec![None; n];
    let mut pieces: Vec<Vec<usize>> = vec![Vec::new(); n];
    // A margin along the box stays outside, so curves keep off the edge of the picture.
    for t in 0..n {
        if mesh.near_box(t) {
            forced[t] = Some(box_side);
            pieces[t].push(BOX);
        }
    }
    for t in 0..n {
        for &x in &mesh.tris[t] {
            if let Some((s, piece)) = vertex_side(t, x) {
                match forced[t] {
                    Some(f) if f != s && !pieces[t].contains(&BOX) => return None,
                    _ => forced[t] = Some(s),
                }
                pieces[t].push(piece);
            }
        }
    }
    let minimal: Vec<bool> = forced.iter().map(|f| *f == Some(Side::Inner)).collect();
    let voronoi = nearest_side(mesh, &forced, [cand.first.spot, cand.second.spot]);
    [voronoi, minimal]
        .into_iter()
        .find_map(|inner| border_curve(mesh, cand, &forced, &pieces, inner))
}

/// Free triangles go to the side whose forced triangles are nearer (through the mesh): the curve
/// then runs half-way between what it must keep on either side.
fn nearest_side(mesh: &Mesh, forced: &[Option<Side>], ends: [usize; 2]) -> Vec<bool> {
    let n = mesh.tris.len();
    let mut side: Vec<Option<Side>> = vec![None; n];
    // The outer side starts late next to the curve's own ends, so the curve leaves them boldly
    // (and an empty loop gets room) instead of hugging them.
    const DELAY: usize = 10;
    let mut layers: Vec<Vec<usize>> = vec![Vec::new(); DELAY + 1];
    for (t, f) in forced.iter().enumerate() {
        if let Some(s) = *f {
            let at_end = ends.iter().any(|e| mesh.tris[t].contains(e));
            let start = if s == Side::Outer && at_end { DELAY } else { 0 };
            layers[start].push(t);
        }
    }
    let mut d = 0;
    while d < layers.len() {
        let layer = std::mem::take(&mut layers[d]);
        for &t in &layer {
            if side[t].is_some() {
                continue;
            }
            side[t] = forced[t].or(side[t]);
        }
        let mut next = Vec::new();
        for &t in &layer {
            let Some(s) = side[t] else { continue };
            for (nb, _) in mesh.neighbours(t, true) {
                if side[nb].is_none() && forced[nb].is_none() {
                    side[nb] = Some(s);
                    next.push(nb);
                }
            }
        }
        if !next.is_empty() {
            if layers.len() <= d + 1 {
                layers.push(Vec::new());
            }
            layers[d + 1].extend(next);
        }
        d += 1;
    }
    side.iter().map(|s| *s == Some(Side::Inner)).collect()
}

/// Makes the inner side one piece (corridors), fills pockets, and reads the border between the sides
/// as a path of mesh points from the first spot to the second.
fn border_curve(
    mesh: &Mesh,
    cand: &Candidate,
    forced: &[Option<Side>],
    pieces: &[Vec<usize>],
    mut inner: Vec<bool>,
) -> Option<Vec<Point>> {
    let is_loop = cand.first == cand.second;
    let n = mesh.tris.len();

    // Link the inner triangles into one piece (through the pieces of drawing they touch, and through
    // corridors of free triangles).
    let components = |inner: &[bool], want: bool| -> Vec<usize> {
        // Union-find over triangles of one side; joined by open edges and by touching the same walk
        // (other than the split walk, whose two arcs are different sides).
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        let mut by_walk: rustc_hash::FxHashMap<usize, usize> = Default::default();
        for t in 0..n {
            if inner[t] != want {
                continue;
            }
            for (nb, _) in mesh.neighbours(t, true) {
                if inner[nb] == want {
                    let (a, b) = (find(&mut parent, t), find(&mut parent, nb));
                    parent[a] = b;
                }
            }
            for &w in &pieces[t] {
                match by_walk.get(&w) {
                    Some(&o) => {
                        let (a, b) = (find(&mut parent, t), find(&mut parent, o));
                        parent[a] = b;
                    }
                    None => {
                        by_walk.insert(w, t);
                    }
                }
            }
        }
        (0..n).map(|t| find(&mut parent, t)).collect()
    };

    // Each side must be one piece: pockets (touching nothing forced) change side, stray pieces get
    // a corridor to the main piece through free triangles of the other side. A few rounds, as a
    // corridor on one side may cut the other.
    let start_tri = (0..n).find(|&t| inner[t] && mesh.tris[t].contains(&cand.first.spot))?;
    let outer_seed = (0..n).find(|&t| forced[t] == Some(Side::Outer))?;
    let mut settled = false;
    for _ in 0..8 {
        let mut changed = false;
        for want in [true, false] {
            let seed = if want { start_tri } else { outer_seed };
            let wanted_side = if want { Side::Inner } else { Side::Outer };
            for _ in 0..64 {
                let comp = components(&inner, want);
                let main = comp[seed];
                // Pockets of this side with nothing forced go to the other side.
                let mut has_forced: HashSet<usize> = HashSet::new();
                for t in 0..n {
                    if inner[t] == want && forced[t] == Some(wanted_side) {
                        has_forced.insert(comp[t]);
                    }
                }
                for t in 0..n {
                    if inner[t] == want && comp[t] != main && !has_forced.contains(&comp[t]) {
                        inner[t] = !want;
                        changed = true;
                    }
                }
                let Some(stray) = (0..n).find(|&t| inner[t] == want && comp[t] != main) else {
                    break;
                };
                let target = comp[stray];
                let mut came: Vec<Option<usize>> = vec![None; n];
                let mut seen = vec![false; n];
                let mut queue = VecDeque::new();
                for t in 0..n {
                    if inner[t] == want && comp[t] == target {
                        seen[t] = true;
                        queue.push_back(t);
                    }
                }
                let mut reached = None;
                while let Some(t) = queue.pop_front() {
                    if inner[t] == want && comp[t] == main {
                        reached = Some(t);
                        break;
                    }
                    for (nb, _) in mesh.neighbours(t, false) {
                        let passable = forced[nb].is_none() || forced[nb] == Some(wanted_side);
                        if !seen[nb] && passable {
                            seen[nb] = true;
                            came[nb] = Some(t);
                            queue.push_back(nb);
                        }
                    }
                }
                let mut t = reached?;
                while let Some(p) = came[t] {
                    if inner[t] != want {
                        inner[t] = want;
                        changed = true;
                    }
                    t = p;
                }
            }
        }
        if !changed {
            settled = true;
            break;
        }
    }
    if !settled {
        return None;
    }

    // The border between the sides, as a path of mesh vertices from the first spot.
    let mut border: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    let mut edges: Vec<(&(usize, usize), &Vec<usize>)> = mesh.edge_tris.iter().collect();
    edges.sort_unstable_by_key(|(e, _)| **e);
    for (e, ts) in edges {
        if ts.len() == 2
            && inner[ts[0]] != inner[ts[1]]
            && mesh.edge(e.0, e.1) != super::mesh::EdgeKind::Wall
        {
            border.entry(e.0).or_default().push(e.1);
            border.entry(e.1).or_default().push(e.0);
        }
    }
    let (u, v) = (cand.first.spot, cand.second.spot);
    let edges_total: usize = border.values().map(Vec::len).sum::<usize>() / 2;
    let mut path = vec![u];
    let mut used: HashSet<(usize, usize)> = HashSet::new();
    let mut at = u;
    loop {
        let nexts: Vec<usize> = border
            .get(&at)?
            .iter()
            .copied()
            .filter(|&x| !used.contains(&key(at, x)))
            .collect();
        if at != u && nexts.len() != 1 {
            if at == v && nexts.is_empty() {
                break;
            }
            return None;
        }
        let x = *nexts.first()?;
        used.insert(key(at, x));
        path.push(x);
        at = x;
        if at == v {
            if is_loop && path.len() > 2 {
                break;
            }
            if !is_loop {
                break;
            }
        }
        if at != v && mesh.kind[at] != VertexKind::Free {
            return None;
        }
    }
    if used.len() != edges_total {
        return None;
    }
    Some(path.iter().map(|&x| mesh.pos[x]).collect())
}
