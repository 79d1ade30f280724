//! A candidate move as a path through a triangle mesh of its face: the helper points the curve
//! leaves its spots through, the mesh of the face, and for a join (two different boundaries) the
//! shortest way from lead to lead. A split's path (which needs an inner side) is `mesh_split`.
//!
//! The path zigzags through the middles of mesh edges; `smoothing_tries` rounds it afterwards.

use std::collections::VecDeque;

use super::drawing::{HEIGHT, WIDTH};
use super::geometry::{dist_to_segment, segments_touch, Point};
use super::mesh::Mesh;
use super::mesh_split::{split_curve, spots_on_each_side, Side};
use super::planar::{wedge, Corner, PlanarMap};
use super::route_candidates::Candidate;

/// The helper point a new curve leaves its spot through: on the wedge's ray at `fraction` of its
/// width, as far out (up to 30, at most `reach`) as keeps it well clear of the drawing.
fn lead_point(map: &PlanarMap, c: &Corner, fraction: f64, reach: f64) -> Point {
    let (start, width) = wedge(map, c);
    let at = map.nodes[c.spot];
    let angle = start + width * fraction;
    let mut point = at;
    let steps = [30.0, 22.0, 16.0, 11.0, 8.0, 5.5, 4.0, 2.5];
    for d in steps.into_iter().filter(|&d| d <= reach.max(2.5)) {
        point = Point::new(at.x + d * angle.cos(), at.y + d * angle.sin());
        let inside = point.x > 0.0 && point.y > 0.0 && point.x < WIDTH && point.y < HEIGHT;
        let clear = map.half_edges.iter().step_by(2).all(|he| {
            let (a, b) = (map.nodes[he.from], map.nodes[he.to]);
            dist_to_segment(point, a, b) >= 0.35 * d
                && (he.from == c.spot || he.to == c.spot || !segments_touch(at, point, a, b))
        }) && map.nodes[..map.spot_count]
            .iter()
            .enumerate()
            .all(|(s, p)| s == c.spot || p.dist(point) >= 0.5 * d);
        if inside && clear {
            break;
        }
    }
    point
}

/// The mesh path for a candidate in a mesh of grid step `grid` (refined `splits` times), from
/// its first spot to its second; `None` if the face cannot be meshed or the path not found.
pub(super) fn build_curve(
    map: &PlanarMap,
    cand: &Candidate,
    grid: f64,
    splits: usize,
) -> Option<Vec<Point>> {
    let is_loop = cand.first == cand.second;
    let (u, v) = (cand.first.spot, cand.second.spot);
    let leads: Vec<(usize, Point)> = if is_loop {
        vec![
            (u, lead_point(map, &cand.first, 1.0 / 3.0, f64::INFINITY)),
            (u, lead_point(map, &cand.first, 2.0 / 3.0, f64::INFINITY)),
        ]
    } else {
        let (pu, pv) = (map.nodes[u], map.nodes[v]);
        let mut leads = [f64::INFINITY, 0.3 * pu.dist(pv)].into_iter().map(|reach| {
            (
                lead_point(map, &cand.first, 0.5, reach),
                lead_point(map, &cand.second, 0.5, reach),
            )
        });
        // Two spots close together: their first steps must not cross each other (the face
        // could not be meshed); shorter ones are tried.
        let (lu, lv) = leads
            .clone()
            .find(|&(lu, lv)| !segments_touch(pu, lu, pv, lv))
            .or_else(|| leads.next())?;
        vec![(u, lu), (v, lv)]
    };
    let mesh = Mesh::of_face(map, &leads, grid, splits, face_area(map, cand.region, grid))?;
    let (lead1, lead2) = (map.nodes.len(), map.nodes.len() + 1);
    match &cand.inside {
        None => join_path(&mesh, u, lead1, v, lead2),
        Some(inside) => {
            // In the unbounded face the box may end up on either side (the sphere does not care):
            // a person draws the curve round the side with fewer spots, so that side is enclosed
            // (the box on the other side) when it can be; else the other way.
            let sides: Vec<Side> = if cand.region == 0 {
                let (inner, outer) = spots_on_each_side(map, cand, inside);
                if inner <= outer {
                    vec![Side::Outer, Side::Inner]
                } else {
                    vec![Side::Inner, Side::Outer]
                }
            } else {
                vec![Side::Outer]
            };
            sides
                .into_iter()
                .find_map(|b| split_curve(map, &mesh, cand, inside, b))
        }
    }
}

/// The bounding box of a face (the whole box for the unbounded one), a grid step wider all round.
fn face_area(map: &PlanarMap, region: usize, grid: f64) -> (Point, Point) {
    let whole = (Point::new(0.0, 0.0), Point::new(WIDTH, HEIGHT));
    if region == 0 {
        return whole;
    }
    let (mut lo, mut hi) = (whole.1, whole.0);
    for &w in &map.regions[region] {
        let walk = &map.walks[w];
        let nodes = walk
            .half_edges
            .iter()
            .map(|&h| map.half_edges[h].from)
            .chain(walk.isolated);
        for node in nodes {
            let p = map.nodes[node];
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
    }
    (
        Point::new(lo.x - grid, lo.y - grid),
        Point::new(hi.x + grid, hi.y + grid),
    )
}

/// Shortest way through the mesh from lead to lead, through the middles of the edges crossed; it
/// keeps out of the strip along the box where it can.
fn join_path(mesh: &Mesh, u: usize, lead1: usize, v: usize, lead2: usize) -> Option<Vec<Point>> {
    let near_box = |t: usize| mesh.near_box(t);
    let ends = (u, lead1, v, lead2);
    mesh_path(mesh, ends, &near_box).or_else(|| mesh_path(mesh, ends, &|_| false))
}

/// Shortest way through the mesh (in triangles) from lead to lead, not entering the triangles
/// `avoid` marks (but those touching a lead).
fn mesh_path(
    mesh: &Mesh,
    (u, lead1, v, lead2): (usize, usize, usize, usize),
    avoid: &dyn Fn(usize) -> bool,
) -> Option<Vec<Point>> {
    let touches = |t: usize, x: usize| mesh.tris[t].contains(&x);
    let n = mesh.tris.len();
    let mut came: Vec<Option<(usize, (usize, usize))>> = vec![None; n];
    let mut seen = vec![false; n];
    let mut queue = VecDeque::new();
    for (t, seen) in seen.iter_mut().enumerate() {
        if touches(t, lead1) {
            *seen = true;
            queue.push_back(t);
        }
    }
    let mut end = None;
    while let Some(t) = queue.pop_front() {
        if touches(t, lead2) {
            end = Some(t);
            break;
        }
        for (nb, e) in mesh.neighbours(t, false) {
            if !seen[nb] && (touches(nb, lead2) || !avoid(nb)) {
                seen[nb] = true;
                came[nb] = Some((t, e));
                queue.push_back(nb);
            }
        }
    }
    let mut t = end?;
    let mut middle = Vec::new();
    while let Some((prev, e)) = came[t] {
        middle.push(mesh.pos[e.0].lerp(mesh.pos[e.1], 0.5));
        t = prev;
    }
    middle.reverse();
    let mut line = vec![mesh.pos[u], mesh.pos[lead1]];
    line.extend(middle);
    line.push(mesh.pos[lead2]);
    line.push(mesh.pos[v]);
    Some(line)
}
