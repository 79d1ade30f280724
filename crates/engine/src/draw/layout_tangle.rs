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
//! The map is combinatorial ([`TangleMap`]): the plan (`layout_plan`) builds it, and the balloon
//! layout (`layout_geometry`) places it.

use std::collections::HashMap;

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
