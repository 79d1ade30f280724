//! A triangle mesh of one face of a drawing, to route curves through: a constrained Delaunay
//! triangulation (the `spade` crate) of the drawing's points, a few helper points and the box, cut to
//! the triangles of one face, then split 1:4 (once, so that no small triangle touches two separate
//! parts of the face's boundary; or twice, so that a neck one triangle wide has triangles touching
//! neither side, for a curve to pass it both ways).

use rustc_hash::FxHashMap as HashMap;

use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

use super::drawing::{edge_distance, HEIGHT, WIDTH};
use super::geometry::{dist_to_segment, Point};
use super::planar::{NodeId, PlanarMap};

/// Width of the strip along the box that new curves keep out of (when they can).
const BOX_MARGIN: f64 = 24.0;

/// What a mesh vertex is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VertexKind {
    /// A point of the drawing (spot or polyline point).
    Node(NodeId),
    /// The middle of a drawing segment; the number is the segment's even half-edge.
    Wall(usize),
    /// On the box's edge.
    Box,
    /// Anywhere else.
    Free,
}

/// What a mesh edge is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EdgeKind {
    /// Part of the drawing: nothing may cross it.
    Wall,
    /// The helper edge out of a curve's end spot: the new curve's first step.
    Lead,
    Open,
}

pub(crate) struct Mesh {
    pub pos: Vec<Point>,
    pub kind: Vec<VertexKind>,
    pub tris: Vec<[usize; 3]>,
    pub edge_kind: HashMap<(usize, usize), EdgeKind>,
    pub edge_tris: HashMap<(usize, usize), Vec<usize>>,
}

pub(crate) fn key(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

impl Mesh {
    /// The mesh of the face containing the lead edge `leads[0]`; `leads` are helper points joined to
    /// spots (the new curve's first and last steps); helper points on a grid of spacing `grid` keep
    /// the triangles small and round. Each triangle is split 1:4 `splits` times (at least once):
    /// twice lets a curve pass a neck between curves only one triangle wide. Helper points go only
    /// in `area` (the face's bounding box: a fine grid over the whole box would be slow to mesh).
    pub fn of_face(
        map: &PlanarMap,
        leads: &[(NodeId, Point)],
        grid: f64,
        splits: usize,
        area: (Point, Point),
    ) -> Option<Mesh> {
        let mut pos: Vec<Point> = map.nodes.clone();
        let mut kind: Vec<VertexKind> = (0..pos.len()).map(VertexKind::Node).collect();
        let mut constraints: Vec<[usize; 2]> = Vec::new();
        let mut edge_kind: HashMap<(usize, usize), EdgeKind> = HashMap::default();
        let mut wall_half_edge: HashMap<(usize, usize), usize> = HashMap::default();
        for h in (0..map.half_edges.len()).step_by(2) {
            let he = map.half_edges[h];
            constraints.push([he.from, he.to]);
            edge_kind.insert(key(he.from, he.to), EdgeKind::Wall);
            wall_half_edge.insert(key(he.from, he.to), h);
        }
        let segments: Vec<(Point, Point)> = map
            .half_edges
            .iter()
            .step_by(2)
            .map(|he| (map.nodes[he.from], map.nodes[he.to]))
            .collect();
        for &(spot, p) in leads {
            pos.push(p);
            kind.push(VertexKind::Free);
            let id = pos.len() - 1;
            constraints.push([spot, id]);
            edge_kind.insert(key(spot, id), EdgeKind::Lead);
        }
        let corners = [
            Point::new(0.0, 0.0),
            Point::new(WIDTH, 0.0),
            Point::new(WIDTH, HEIGHT),
            Point::new(0.0, HEIGHT),
        ];
        for c in corners {
            pos.push(c);
            kind.push(VertexKind::Box);
        }
        let first_corner = pos.len() - 4;
        for k in 0..4 {
            constraints.push([first_corner + k, first_corner + (k + 1) % 4]);
        }
        // Helper grid, kept clear of the drawing and of the leads.
        let (nx, ny) = ((WIDTH / grid) as usize, (HEIGHT / grid) as usize);
        for gx in 1..nx {
            for gy in 1..ny {
                let offset = if gy % 2 == 0 { 0.0 } else { grid / 2.0 };
                let p = Point::new(gx as f64 * grid + offset - grid / 4.0, gy as f64 * grid);
                if p.x <= 4.0 || p.x >= WIDTH - 4.0 {
                    continue;
                }
                let (lo, hi) = area;
                if p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y {
                    continue;
                }
                let clear = segments
                    .iter()
                    .all(|&(a, b)| dist_to_segment(p, a, b) > grid * 0.4)
                    && map.nodes[..map.spot_count]
                        .iter()
                        .all(|s| s.dist(p) > grid * 0.5)
                    && leads
                        .iter()
                        .all(|&(s, l)| dist_to_segment(p, map.nodes[s], l) > grid * 0.4);
                if clear {
                    pos.push(p);
                    kind.push(VertexKind::Free);
                }
            }
        }
        if pos
            .iter()
            .any(|p| p.x < 0.0 || p.y < 0.0 || p.x > WIDTH || p.y > HEIGHT)
        {
            return None;
        }
        let vertices: Vec<Point2<f64>> = pos.iter().map(|p| Point2::new(p.x, p.y)).collect();
        let mut conflict = false;
        let cdt = ConstrainedDelaunayTriangulation::<Point2<f64>>::try_bulk_load_cdt(
            vertices,
            constraints,
            |_| conflict = true,
        )
        .ok()?;
        if conflict || cdt.num_vertices() != pos.len() {
            return None;
        }
        let all: Vec<[usize; 3]> = cdt
            .inner_faces()
            .map(|f| {
                let v = f.vertices();
                [v[0].fix().index(), v[1].fix().index(), v[2].fix().index()]
            })
            .collect();

        // The face: flood from a triangle on the first lead, never crossing a wall.
        let mut edge_tris: HashMap<(usize, usize), Vec<usize>> = HashMap::default();
        for (t, tri) in all.iter().enumerate() {
            for k in 0..3 {
                edge_tris
                    .entry(key(tri[k], tri[(k + 1) % 3]))
                    .or_default()
                    .push(t);
            }
        }
        let &(lead_spot, _) = leads.first()?;
        let lead_id = map.nodes.len();
        let seed = *edge_tris.get(&key(lead_spot, lead_id))?.first()?;
        let mut in_face = vec![false; all.len()];
        in_face[seed] = true;
        let mut stack = vec![seed];
        while let Some(t) = stack.pop() {
            for k in 0..3 {
                let e = key(all[t][k], all[t][(k + 1) % 3]);
                if edge_kind.get(&e) == Some(&EdgeKind::Wall) {
                    continue;
                }
                for &n in &edge_tris[&e] {
                    if !in_face[n] {
                        in_face[n] = true;
                        stack.push(n);
                    }
                }
            }
        }

        let mut tris: Vec<[usize; 3]> = all
            .iter()
            .zip(&in_face)
            .filter(|&(_, &inside)| inside)
            .map(|(tri, _)| *tri)
            .collect();
        for _ in 0..splits.max(1) {
            tris = split_in_four(
                &mut pos,
                &mut kind,
                &tris,
                &mut edge_kind,
                &mut wall_half_edge,
            );
        }
        let mut edge_tris: HashMap<(usize, usize), Vec<usize>> = HashMap::default();
        for (t, tri) in tris.iter().enumerate() {
            for k in 0..3 {
                edge_tris
                    .entry(key(tri[k], tri[(k + 1) % 3]))
                    .or_default()
                    .push(t);
            }
        }
        Some(Mesh {
            pos,
            kind,
            tris,
            edge_kind,
            edge_tris,
        })
    }

    pub fn edge(&self, a: usize, b: usize) -> EdgeKind {
        self.edge_kind
            .get(&key(a, b))
            .copied()
            .unwrap_or(EdgeKind::Open)
    }

    /// Whether triangle `t` lies in the strip along the box that new curves keep out of.
    pub fn near_box(&self, t: usize) -> bool {
        edge_distance(self.centroid(t)) < BOX_MARGIN
    }

    pub fn centroid(&self, t: usize) -> Point {
        let [a, b, c] = self.tris[t];
        let (pa, pb, pc) = (self.pos[a], self.pos[b], self.pos[c]);
        Point::new((pa.x + pb.x + pc.x) / 3.0, (pa.y + pb.y + pc.y) / 3.0)
    }

    /// Triangles across each open (non-wall) edge.
    pub fn neighbours(&self, t: usize, cross_leads: bool) -> Vec<(usize, (usize, usize))> {
        let tri = self.tris[t];
        let mut out = Vec::new();
        for k in 0..3 {
            let e = key(tri[k], tri[(k + 1) % 3]);
            match self.edge(e.0, e.1) {
                EdgeKind::Wall => continue,
                EdgeKind::Lead if !cross_leads => continue,
                _ => {}
            }
            for &n in &self.edge_tris[&e] {
                if n != t {
                    out.push((n, e));
                }
            }
        }
        out
    }
}

/// Splits every triangle 1:4 at the middles of its edges. A middle of a wall is on that wall, a
/// middle of a box edge on the box; the halves of an edge keep its kind.
fn split_in_four(
    pos: &mut Vec<Point>,
    kind: &mut Vec<VertexKind>,
    tris: &[[usize; 3]],
    edge_kind: &mut HashMap<(usize, usize), EdgeKind>,
    wall_half_edge: &mut HashMap<(usize, usize), usize>,
) -> Vec<[usize; 3]> {
    let on_box = |p: Point| p.x == 0.0 || p.y == 0.0 || p.x == WIDTH || p.y == HEIGHT;
    let mut mids: HashMap<(usize, usize), usize> = HashMap::default();
    let mut sub_kind: HashMap<(usize, usize), EdgeKind> = HashMap::default();
    let mut out = Vec::with_capacity(tris.len() * 4);
    for tri in tris {
        let mut m = [0usize; 3];
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            let e = key(a, b);
            let ek = edge_kind.get(&e).copied().unwrap_or(EdgeKind::Open);
            m[k] = *mids.entry(e).or_insert_with(|| {
                let mid = pos[a].lerp(pos[b], 0.5);
                pos.push(mid);
                kind.push(match (ek, kind[a], kind[b]) {
                    (EdgeKind::Wall, _, _) => VertexKind::Wall(wall_half_edge[&e]),
                    (_, VertexKind::Box, VertexKind::Box) if on_box(mid) => VertexKind::Box,
                    _ => VertexKind::Free,
                });
                pos.len() - 1
            });
            sub_kind.insert(key(a, m[k]), ek);
            sub_kind.insert(key(m[k], b), ek);
            if ek == EdgeKind::Wall {
                let h = wall_half_edge[&e];
                wall_half_edge.insert(key(a, m[k]), h);
                wall_half_edge.insert(key(m[k], b), h);
            }
        }
        out.push([tri[0], m[0], m[2]]);
        out.push([tri[1], m[1], m[0]]);
        out.push([tri[2], m[2], m[1]]);
        out.push([m[0], m[1], m[2]]);
    }
    *edge_kind = sub_kind;
    out
}
