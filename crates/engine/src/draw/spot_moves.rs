//! The moves between two chosen spots, in the drawing's own terms: for each region both spots touch,
//! a curve joining two different boundaries, or — when both are on one boundary, or for a loop — a
//! curve splitting the region, with each choice of which other boundaries go inside. Distinct
//! resulting positions only (two choices that leave the same position are the same move).

use crate::games::sprouts::Position;

use super::drawing::Drawing;
use super::legality::CurveMove;
use super::planar::PlanarMap;
use super::route_candidates::{child_string, Candidate, MAX_SIDE_CHOICES};

/// One move between two chosen spots of a drawing (valid for that drawing only).
#[derive(Clone, Debug)]
pub struct SpotMove {
    /// The region (face) the curve goes through, numbered as the drawing's planar map numbers them
    /// (0 is the unbounded region).
    pub region: usize,
    /// `None` when the curve joins two different boundaries of the region. For a split (both ends on
    /// one boundary, or a loop), the other boundaries of the region that go on one side of the curve,
    /// each as the spots met around it.
    pub inside: Option<Vec<Vec<usize>>>,
    /// For a split, the other boundaries on the other side, likewise.
    pub outside: Vec<Vec<usize>>,
    /// The position the move leads to, in canonical form.
    pub child: Position,
    candidate: Candidate,
}

impl Drawing {
    /// The distinct moves joining spot `a` to spot `b` (`a == b`: a loop). Empty when the spots share
    /// no region, lack lives, or do not exist. Splits of regions with more than a dozen other
    /// boundaries that are not isolated spots are not listed (2^k choices).
    pub fn moves_between(&self, a: usize, b: usize) -> Vec<SpotMove> {
        let lives = self.lives();
        if a >= lives.len() || b >= lives.len() {
            return Vec::new();
        }
        let enough = if a == b {
            lives[a] >= 2
        } else {
            lives[a] >= 1 && lives[b] >= 1
        };
        if !enough {
            return Vec::new();
        }
        let map = PlanarMap::new(self);
        let regions = map.spot_walks();
        let mut out: Vec<SpotMove> = Vec::new();
        for (r, walks) in map.regions.iter().enumerate() {
            for candidate in candidates(&map, walks, r, a, b) {
                let Some(child) = child_string(&map, &regions, &lives, &candidate)
                    .and_then(|text| text.parse::<Position>().ok())
                else {
                    continue;
                };
                if out.iter().any(|m| m.child == child) {
                    continue;
                }
                let spots_of =
                    |w: &usize| -> Vec<usize> { map.corners(*w).iter().map(|c| c.spot).collect() };
                let (inside, outside) = match &candidate.inside {
                    None => (None, Vec::new()),
                    Some(inner) => {
                        let split = candidate.first.walk;
                        let outer = walks
                            .iter()
                            .filter(|w| **w != split && !inner.contains(w))
                            .map(spots_of)
                            .collect();
                        (Some(inner.iter().map(spots_of).collect()), outer)
                    }
                };
                out.push(SpotMove {
                    region: r,
                    inside,
                    outside,
                    child,
                    candidate,
                });
            }
        }
        out
    }

    /// A curve for one of [`Drawing::moves_between`]'s moves (of this drawing), checked as a freehand
    /// curve would be; `None` if none was found.
    pub fn draw_move(&self, mv: &SpotMove) -> Option<CurveMove> {
        let map = PlanarMap::new(self);
        self.curve_for(&map, &mv.candidate, &mv.child)
    }
}

/// Every way to draw a curve from `a` to `b` inside region `r` (whose walks are `walks`).
fn candidates(map: &PlanarMap, walks: &[usize], r: usize, a: usize, b: usize) -> Vec<Candidate> {
    let corners_at = |spot: usize| -> Vec<_> {
        walks
            .iter()
            .flat_map(|&w| map.corners(w))
            .filter(|c| c.spot == spot)
            .collect()
    };
    let mut out = Vec::new();
    for first in corners_at(a) {
        for second in corners_at(b) {
            if first.walk != second.walk {
                out.push(Candidate {
                    region: r,
                    first,
                    second,
                    inside: None,
                });
                continue;
            }
            if a == b && first != second {
                continue; // a loop leaves and comes back through the same corner
            }
            // A split is written from the earlier corner of the walk to the later one; which side is
            // called inside does not matter (the other side gets the other boundaries).
            let (first, second) = if first.position <= second.position {
                (first, second)
            } else {
                (second, first)
            };
            // Isolated spots are interchangeable: only how many go inside matters (the ones nearest the
            // curve's ends are enclosed); the other boundaries are chosen one by one.
            let (mut isolated, others): (Vec<usize>, Vec<usize>) = walks
                .iter()
                .copied()
                .filter(|&w| w != first.walk)
                .partition(|&w| map.walks[w].isolated.is_some());
            if others.len() > MAX_SIDE_CHOICES {
                continue;
            }
            let at = |w: usize| map.nodes[map.walks[w].isolated.unwrap_or(0)];
            let near =
                |w: usize| at(w).dist(map.nodes[first.spot]) + at(w).dist(map.nodes[second.spot]);
            isolated.sort_by(|&x, &y| near(x).total_cmp(&near(y)));
            for mask in 0u32..(1 << others.len()) {
                for enclosed in 0..=isolated.len() {
                    let inside = (0..others.len())
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| others[i])
                        .chain(isolated[..enclosed].iter().copied())
                        .collect();
                    out.push(Candidate {
                        region: r,
                        first,
                        second,
                        inside: Some(inside),
                    });
                }
            }
        }
    }
    out
}
