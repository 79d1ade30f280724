//! The planar map of a drawing: half-edges sorted by angle at every point, the face walks they trace
//! (each walk keeps its face on the same side, as the notation wants), connected components, and the
//! regions (faces of the whole drawing) with their boundaries, found by containment.

use std::f64::consts::PI;

use super::drawing::{Drawing, HEIGHT, WIDTH};
use super::geometry::{point_in_polygon, signed_area2, Point};

pub(crate) type NodeId = usize;

/// One directed segment; its twin is `h ^ 1`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HalfEdge {
    pub from: NodeId,
    pub to: NodeId,
}

/// A closed walk around a face of one component (or an isolated spot on its own).
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    /// Half-edges in order, the face on the same side of each. Empty for an isolated spot.
    pub half_edges: Vec<usize>,
    /// The isolated spot, for a walk without half-edges.
    pub isolated: Option<NodeId>,
    pub component: usize,
    /// Twice the signed area of the walk's polygon.
    pub area2: f64,
}

/// A corner of a walk at a spot: the walk arrives by half-edge `into` (or is an isolated spot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corner {
    pub spot: usize,
    pub walk: usize,
    /// Position in the walk of the half-edge arriving at the spot (0 for an isolated spot).
    pub position: usize,
}

/// The corner's wedge at its spot: start angle (the leaving half-edge) and width, counterclockwise.
pub(super) fn wedge(map: &PlanarMap, c: &Corner) -> (f64, f64) {
    let walk = &map.walks[c.walk];
    if walk.isolated.is_some() {
        let at = map.nodes[c.spot];
        let toward = at.angle_to(Point::new(WIDTH / 2.0, HEIGHT / 2.0));
        return (toward + PI, 2.0 * PI);
    }
    let h_in = walk.half_edges[c.position];
    let h_out = map.next[h_in];
    let at = map.nodes[c.spot];
    let a_out = at.angle_to(map.nodes[map.half_edges[h_out].to]);
    let a_twin = at.angle_to(map.nodes[map.half_edges[h_in ^ 1].to]);
    let mut width = (a_twin - a_out).rem_euclid(2.0 * PI);
    if h_out == h_in ^ 1 || width < 1e-12 {
        width = 2.0 * PI;
    }
    (a_out, width)
}

#[derive(Clone, Debug)]
pub(crate) struct PlanarMap {
    /// Node positions; nodes `0..spot_count` are the spots, the rest interior polyline points.
    pub nodes: Vec<Point>,
    pub spot_count: usize,
    pub half_edges: Vec<HalfEdge>,
    /// Outgoing half-edges of each node, sorted by angle.
    pub around: Vec<Vec<usize>>,
    /// The half-edge following each one along its walk.
    pub next: Vec<usize>,
    pub walks: Vec<Walk>,
    pub walk_of: Vec<usize>,
    /// Each region lists its walks; region 0 is the unbounded one.
    pub regions: Vec<Vec<usize>>,
}

impl PlanarMap {
    pub fn new(drawing: &Drawing) -> PlanarMap {
        let spot_count = drawing.spots.len();
        let mut nodes: Vec<Point> = drawing.spots.iter().map(|s| s.at).collect();
        let edges = drawing.edges();
        let mut half_edges = Vec::new();
        for edge in &edges {
            let mut ids = vec![edge.from];
            for &p in &edge.points[1..edge.points.len().saturating_sub(1)] {
                nodes.push(p);
                ids.push(nodes.len() - 1);
            }
            ids.push(edge.to);
            for w in ids.windows(2) {
                half_edges.push(HalfEdge {
                    from: w[0],
                    to: w[1],
                });
                half_edges.push(HalfEdge {
                    from: w[1],
                    to: w[0],
                });
            }
        }
        let mut around: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        for (h, he) in half_edges.iter().enumerate() {
            around[he.from].push(h);
        }
        for (n, list) in around.iter_mut().enumerate() {
            let at = nodes[n];
            list.sort_by(|&a, &b| {
                let (ta, tb) = (half_edges[a].to, half_edges[b].to);
                at.angle_to(nodes[ta]).total_cmp(&at.angle_to(nodes[tb]))
            });
        }
        // Arriving at q by h, leave by the half-edge just before h's twin in angular order: the face
        // stays on the same side all along.
        let mut slot = vec![0usize; half_edges.len()];
        for list in &around {
            for (i, &h) in list.iter().enumerate() {
                slot[h] = i;
            }
        }
        let next: Vec<usize> = (0..half_edges.len())
            .map(|h| {
                let twin = h ^ 1;
                let list = &around[half_edges[h].to];
                list[(slot[twin] + list.len() - 1) % list.len()]
            })
            .collect();

        // Components (union-find over nodes).
        let mut parent: Vec<usize> = (0..nodes.len()).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for he in &half_edges {
            let (a, b) = (find(&mut parent, he.from), find(&mut parent, he.to));
            parent[a] = b;
        }

        let mut walks = Vec::new();
        let mut walk_of = vec![usize::MAX; half_edges.len()];
        for start in 0..half_edges.len() {
            if walk_of[start] != usize::MAX {
                continue;
            }
            let mut list = Vec::new();
            let mut h = start;
            loop {
                walk_of[h] = walks.len();
                list.push(h);
                h = next[h];
                if h == start {
                    break;
                }
            }
            let polygon: Vec<Point> = list.iter().map(|&h| nodes[half_edges[h].from]).collect();
            walks.push(Walk {
                half_edges: list,
                isolated: None,
                component: find(&mut parent, half_edges[start].from),
                area2: signed_area2(&polygon),
            });
        }
        for (s, out) in around.iter().enumerate().take(spot_count) {
            if out.is_empty() {
                walks.push(Walk {
                    half_edges: Vec::new(),
                    isolated: Some(s),
                    component: find(&mut parent, s),
                    area2: 0.0,
                });
            }
        }

        // Each component's outer walk is its smallest signed area (the bounded faces are positive);
        // its other walks bound faces of the component.
        let mut outer_of_component: Vec<Option<usize>> = vec![None; nodes.len()];
        for (w, walk) in walks.iter().enumerate() {
            let slot = &mut outer_of_component[walk.component];
            if slot.is_none_or(|o| walk.area2 < walks[o].area2) {
                *slot = Some(w);
            }
        }
        let is_outer = |w: usize| outer_of_component[walks[w].component] == Some(w);
        let polygon = |w: usize| -> Vec<Point> {
            walks[w]
                .half_edges
                .iter()
                .map(|&h| nodes[half_edges[h].from])
                .collect()
        };
        let inner_walks: Vec<(usize, Vec<Point>)> = (0..walks.len())
            .filter(|&w| !is_outer(w))
            .map(|w| (w, polygon(w)))
            .collect();

        let mut regions: Vec<Vec<usize>> = vec![Vec::new()];
        let mut region_of_walk = vec![0usize; walks.len()];
        for (w, _) in &inner_walks {
            region_of_walk[*w] = regions.len();
            regions.push(vec![*w]);
        }
        for w in 0..walks.len() {
            if !is_outer(w) {
                continue;
            }
            let probe = nodes[walks[w].component_node(&half_edges)];
            let container = inner_walks
                .iter()
                .filter(|(f, _)| walks[*f].component != walks[w].component)
                .filter(|(_, poly)| point_in_polygon(probe, poly))
                .min_by(|a, b| walks[a.0].area2.total_cmp(&walks[b.0].area2))
                .map(|(f, _)| region_of_walk[*f])
                .unwrap_or(0);
            region_of_walk[w] = container;
            regions[container].push(w);
        }
        PlanarMap {
            nodes,
            spot_count,
            half_edges,
            around,
            next,
            walks,
            walk_of,
            regions,
        }
    }

    pub fn is_spot(&self, node: NodeId) -> bool {
        node < self.spot_count
    }

    /// Each region's walks as the spots of their corners, in walk order.
    pub fn spot_walks(&self) -> Vec<Vec<Vec<usize>>> {
        self.regions
            .iter()
            .map(|walks| {
                walks
                    .iter()
                    .map(|&w| self.corners(w).iter().map(|c| c.spot).collect())
                    .collect()
            })
            .collect()
    }

    /// The corners of a walk at spots, in walk order.
    pub fn corners(&self, w: usize) -> Vec<Corner> {
        let walk = &self.walks[w];
        if let Some(s) = walk.isolated {
            return vec![Corner {
                spot: s,
                walk: w,
                position: 0,
            }];
        }
        walk.half_edges
            .iter()
            .enumerate()
            .filter(|&(_, &h)| self.is_spot(self.half_edges[h].to))
            .map(|(position, &h)| Corner {
                spot: self.half_edges[h].to,
                walk: w,
                position,
            })
            .collect()
    }
}

impl Walk {
    /// A node of the walk's component (to probe containment with).
    fn component_node(&self, half_edges: &[HalfEdge]) -> NodeId {
        match self.isolated {
            Some(s) => s,
            None => half_edges[self.half_edges[0]].from,
        }
    }
}
