//! The candidate moves of a drawing, in its own terms: which face, which two corners, and (for a
//! split) which of the face's other boundaries go on the inner side; and the position string each
//! one makes, written as the engine's moves would write it.
//!
//! Routing, `children` and the spot-to-spot move list all walk the same candidates, so a move
//! the router draws and a move the player is offered are the same move.

use super::geometry::Point;
use super::planar::{Corner, PlanarMap};
use super::to_position::write_position;

/// One move in the drawing's terms.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    pub(super) region: usize,
    pub(super) first: Corner,
    pub(super) second: Corner,
    /// For a split: the other walks of the region that go on the inner side.
    pub(super) inside: Option<Vec<usize>>,
}

/// Most boundaries of one face whose sides are tried one by one (2^k ways).
pub(super) const MAX_SIDE_CHOICES: usize = 12;

/// Calls `f` on every candidate move until it returns true.
pub(super) fn for_each_candidate(
    map: &PlanarMap,
    lives: &[u8],
    f: &mut dyn FnMut(&Candidate) -> bool,
) {
    for (r, walks) in map.regions.iter().enumerate() {
        let live = |w: usize| map.corners(w).iter().any(|c| lives[c.spot] > 0);
        let isolated: Vec<usize> = walks
            .iter()
            .copied()
            .filter(|&w| map.walks[w].isolated.is_some())
            .collect();
        let others: Vec<usize> = walks
            .iter()
            .copied()
            .filter(|&w| map.walks[w].isolated.is_none() && live(w))
            .collect();
        // Isolated spots are interchangeable: use the first one or two.
        let mut usable: Vec<usize> = others.clone();
        usable.extend(isolated.iter().take(2));
        for (x, &w1) in usable.iter().enumerate() {
            for &w2 in &usable[x + 1..] {
                let both_isolated =
                    map.walks[w1].isolated.is_some() && map.walks[w2].isolated.is_some();
                let second_isolated = isolated.get(1).is_some_and(|&s| s == w1 || s == w2);
                if second_isolated && !both_isolated {
                    continue;
                }
                for c1 in map.corners(w1) {
                    for c2 in map.corners(w2) {
                        if lives[c1.spot] == 0 || lives[c2.spot] == 0 {
                            continue;
                        }
                        let cand = Candidate {
                            region: r,
                            first: c1,
                            second: c2,
                            inside: None,
                        };
                        if f(&cand) {
                            return;
                        }
                    }
                }
            }
        }
        for &w in others.iter().chain(isolated.iter().take(1)) {
            let rest: Vec<usize> = others.iter().copied().filter(|&o| o != w).collect();
            let spots: Vec<usize> = isolated.iter().copied().filter(|&o| o != w).collect();
            if rest.len() > MAX_SIDE_CHOICES {
                continue;
            }
            let corners = map.corners(w);
            for a in 0..corners.len() {
                for b in a..corners.len() {
                    let (c1, c2) = (corners[a], corners[b]);
                    let ok = if a == b {
                        lives[c1.spot] >= 2
                    } else {
                        c1.spot != c2.spot && lives[c1.spot] >= 1 && lives[c2.spot] >= 1
                    };
                    if !ok {
                        continue;
                    }
                    // Isolated spots are interchangeable: enclose the nearest ones — nearest to
                    // the curve's two ends, or (another try) nearest to the arc of the boundary
                    // that goes inside, whose neighbourhood the curve encloses.
                    let at = |w: &usize| map.nodes[map.walks[*w].isolated.unwrap_or(0)];
                    let mut spots = spots.clone();
                    let near =
                        |w: &usize| at(w).dist(map.nodes[c1.spot]) + at(w).dist(map.nodes[c2.spot]);
                    spots.sort_by(|x, y| near(x).total_cmp(&near(y)));
                    let arc = inner_arc(map, c1, c2);
                    let mut by_arc = spots.clone();
                    if !arc.is_empty() {
                        let to_arc = |w: &usize| {
                            arc.iter()
                                .map(|p| p.dist(at(w)))
                                .fold(f64::INFINITY, f64::min)
                        };
                        by_arc.sort_by(|x, y| to_arc(x).total_cmp(&to_arc(y)));
                    }
                    let orders: Vec<&Vec<usize>> = if by_arc == spots {
                        vec![&spots]
                    } else {
                        vec![&spots, &by_arc]
                    };
                    for mask in 0u32..(1 << rest.len()) {
                        for k in 0..=spots.len() {
                            for (o, order) in orders.iter().enumerate() {
                                let prefix = &order[..k];
                                // The second order's prefix only if it encloses other spots.
                                if o > 0 && prefix.iter().all(|w| orders[0][..k].contains(w)) {
                                    continue;
                                }
                                let mut inside: Vec<usize> = (0..rest.len())
                                    .filter(|&i| mask >> i & 1 == 1)
                                    .map(|i| rest[i])
                                    .collect();
                                inside.extend(prefix);
                                let cand = Candidate {
                                    region: r,
                                    first: c1,
                                    second: c2,
                                    inside: Some(inside),
                                };
                                if f(&cand) {
                                    return;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The points of the walk's arc from corner `c1` to corner `c2` (the side a split puts inside).
fn inner_arc(map: &PlanarMap, c1: Corner, c2: Corner) -> Vec<Point> {
    let walk = &map.walks[c1.walk];
    let len = walk.half_edges.len();
    if len == 0 || c1 == c2 {
        return Vec::new();
    }
    let arc = (c2.position + len - c1.position) % len;
    (1..=arc)
        .map(|k| map.nodes[map.half_edges[walk.half_edges[(c1.position + k) % len]].from])
        .collect()
}

/// The position string after a candidate move (written as the engine's moves would write it).
pub(super) fn child_string(
    map: &PlanarMap,
    regions: &[Vec<Vec<usize>>],
    lives: &[u8],
    cand: &Candidate,
) -> Option<String> {
    let mut lives = lives.to_vec();
    let m = lives.len();
    lives.push(1);
    let (u, v) = (cand.first.spot, cand.second.spot);
    lives[u] = lives[u].checked_sub(1)?;
    lives[v] = lives[v].checked_sub(1)?;
    let walks = &map.regions[cand.region];
    let slot = |w: usize| walks.iter().position(|&x| x == w);
    let index = |c: &Corner| map.corners(c.walk).iter().position(|x| x == c);
    // The walk read from a corner, closed by that corner again unless it is an isolated spot.
    let read_from = |c: &Corner| -> Option<Vec<usize>> {
        let list = &regions[cand.region][slot(c.walk)?];
        let i = index(c)?;
        let mut out: Vec<usize> = list[i..].iter().chain(&list[..i]).copied().collect();
        if map.walks[c.walk].isolated.is_none() {
            out.push(list[i]);
        }
        Some(out)
    };
    let mut next: Vec<Vec<Vec<usize>>> = regions.to_vec();
    match &cand.inside {
        None => {
            let mut merged = read_from(&cand.first)?;
            merged.push(m);
            merged.extend(read_from(&cand.second)?);
            merged.push(m);
            let (s1, s2) = (slot(cand.first.walk)?, slot(cand.second.walk)?);
            let region = &mut next[cand.region];
            let mut kept: Vec<Vec<usize>> = region
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != s1 && k != s2)
                .map(|(_, w)| w.clone())
                .collect();
            kept.push(merged);
            *region = kept;
        }
        Some(inside) => {
            let s0 = slot(cand.first.walk)?;
            let list = &regions[cand.region][s0];
            let (a, b) = (index(&cand.first)?, index(&cand.second)?);
            let (side_a, side_b) = if a == b {
                (vec![u, m], {
                    let mut o = read_from(&cand.first)?;
                    o.push(m);
                    o
                })
            } else {
                let mut x: Vec<usize> = list[a..=b].to_vec();
                x.push(m);
                let mut y: Vec<usize> = list[b..].iter().chain(&list[..=a]).copied().collect();
                y.push(m);
                (x, y)
            };
            let mut region_a = vec![side_a];
            let mut region_b = vec![side_b];
            for (k, &w) in walks.iter().enumerate() {
                if k == s0 {
                    continue;
                }
                if inside.contains(&w) {
                    region_a.push(regions[cand.region][k].clone());
                } else {
                    region_b.push(regions[cand.region][k].clone());
                }
            }
            next[cand.region] = region_a;
            next.push(region_b);
        }
    }
    write_position(&next, &lives).ok()
}
