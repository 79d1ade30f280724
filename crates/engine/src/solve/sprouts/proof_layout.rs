//! A layered (Sugiyama-style) drawing of a [`ProofGraph`], for showing it as a picture: couples in rows
//! by their lives (most lives at the top, as in the Glop manual's graphs, where the lives of each row are
//! written on the right), edges pointing down, long edges routed through one bend point per row they
//! cross, and the order within rows chosen by barycentre sweeps to reduce crossings.
//!
//! ```
//! use sprague_engine::games::sprouts::Position;
//! use sprague_engine::solve::sprouts::{self, extract_proof, proof_layout, Base, Detail};
//! let start = Position::start(2).unwrap();
//! let mut base = Base::new();
//! sprouts::losing(&start, &mut base);
//! let graph = extract_proof(&base, &start, 0).unwrap();
//! let layout = proof_layout::layout(&graph, Detail::Number, 0);
//! assert_eq!(layout.nodes.len(), graph.nodes.len());
//! assert!(layout.nodes.iter().all(|n| n.x >= 0.0 && n.x <= layout.width));
//! ```

use std::collections::HashMap;

use super::proof::{Detail, ProofGraph};

/// How a couple is coloured (the manual's colours: red, blue, yellow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum NodeKind {
    /// Lost for the player to move: nimber(position) = heap.
    Losing,
    /// Won for the player to move.
    Winning,
    /// A position of several lands, decided by its lands' nimbers.
    Lands,
}

impl NodeKind {
    /// Its name in pictures and pages (`losing`, `winning`, `lands`).
    pub fn as_str(self) -> &'static str {
        match self {
            NodeKind::Losing => "losing",
            NodeKind::Winning => "winning",
            NodeKind::Lands => "lands",
        }
    }
}

/// A couple placed in the picture; `index` is its index in the graph (the `n<index>` of the `.dot`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LaidNode {
    pub index: usize,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub label: String,
    /// The couple in words (position and heap), whatever the detail level.
    pub text: String,
    pub kind: NodeKind,
    pub lives: u32,
    pub row: usize,
}

/// An edge: from a couple to one it rests on, as a polyline (the two ends and the bends).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LaidEdge {
    pub from: usize,
    pub to: usize,
    pub points: Vec<(f64, f64)>,
}

/// A row of the picture: its height and the lives of its couples.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LaidRow {
    pub y: f64,
    pub lives: u32,
}

/// The picture of a proof graph: its couples, edges and rows placed, and its size.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ProofLayout {
    pub nodes: Vec<LaidNode>,
    pub edges: Vec<LaidEdge>,
    pub rows: Vec<LaidRow>,
    pub width: f64,
    pub height: f64,
}

/// Distance between rows, and the margin around the picture.
pub const ROW_GAP: f64 = 72.0;
pub const MARGIN: f64 = 24.0;
/// Space between neighbours in a row.
const GAP: f64 = 18.0;
/// Width of one character of a label (monospace at the size the page draws them).
pub const CHAR_WIDTH: f64 = 7.2;
/// Sweeps of the barycentre ordering (each down then up).
const SWEEPS: usize = 6;

fn label(detail: Detail, index: usize, text: &str) -> String {
    match detail {
        Detail::Dot => String::new(),
        Detail::Number => index.to_string(),
        Detail::Full => text.to_string(),
    }
}

fn width_of(detail: Detail, label: &str) -> f64 {
    match detail {
        Detail::Dot => 12.0,
        _ => label.chars().count() as f64 * CHAR_WIDTH + 16.0,
    }
}

/// Lays out the couples with at least `min_lives` lives (and the edges between them).
pub fn layout(graph: &ProofGraph, detail: Detail, min_lives: u32) -> ProofLayout {
    let kept: Vec<usize> = (0..graph.nodes.len())
        .filter(|&i| graph.nodes[i].lives >= min_lives)
        .collect();
    if kept.is_empty() {
        return ProofLayout::default();
    }
    let slot: HashMap<usize, usize> = kept.iter().enumerate().map(|(s, &i)| (i, s)).collect();
    let edges: Vec<(usize, usize)> = graph
        .edges
        .iter()
        .filter_map(|&(a, b)| Some((*slot.get(&a)?, *slot.get(&b)?)))
        .collect();
    let lives: Vec<u32> = kept.iter().map(|&i| graph.nodes[i].lives).collect();

    // Rows: by lives, most first; couples of equal lives linked by an edge (a heap move (P, n) -> (P, m))
    // are split over several rows by the longest such path, so that every edge points down.
    let mut same_lives_out: Vec<Vec<usize>> = vec![Vec::new(); kept.len()];
    for &(a, b) in &edges {
        if lives[a] == lives[b] && a != b {
            same_lives_out[a].push(b);
        }
    }
    let mut depth: Vec<Option<usize>> = vec![None; kept.len()];
    fn longest(
        v: usize,
        out: &[Vec<usize>],
        depth: &mut Vec<Option<usize>>,
        guard: usize,
    ) -> usize {
        // Depth counted from the node's lowest descendant of equal lives; `guard` stops a cycle.
        if let Some(d) = depth[v] {
            return d;
        }
        if guard == 0 {
            return 0;
        }
        let d = out[v]
            .iter()
            .map(|&w| longest(w, out, depth, guard - 1) + 1)
            .max()
            .unwrap_or(0);
        depth[v] = Some(d);
        d
    }
    let guard = kept.len();
    for v in 0..kept.len() {
        longest(v, &same_lives_out, &mut depth, guard);
    }
    let mut distinct: Vec<u32> = lives.clone();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    let mut first_row: HashMap<u32, usize> = HashMap::new();
    let mut rows_meta: Vec<u32> = Vec::new();
    for &l in &distinct {
        let tallest = (0..kept.len())
            .filter(|&v| lives[v] == l)
            .map(|v| depth[v].unwrap_or(0))
            .max()
            .unwrap_or(0);
        first_row.insert(l, rows_meta.len());
        rows_meta.extend(std::iter::repeat_n(l, tallest + 1));
    }
    let tallest_of = |l: u32| -> usize {
        let first = first_row[&l];
        rows_meta[first..].iter().take_while(|&&x| x == l).count() - 1
    };
    let row: Vec<usize> = (0..kept.len())
        .map(|v| first_row[&lives[v]] + tallest_of(lives[v]) - depth[v].unwrap_or(0))
        .collect();

    // Graph with one dummy vertex per row a long edge crosses.
    // Vertices 0..kept.len() are couples; the rest are bends.
    let mut vertex_row: Vec<usize> = row.clone();
    let mut chains: Vec<Vec<usize>> = Vec::new();
    for &(a, b) in &edges {
        let mut chain = vec![a];
        if row[b] > row[a] + 1 {
            for r in row[a] + 1..row[b] {
                vertex_row.push(r);
                chain.push(vertex_row.len() - 1);
            }
        }
        chain.push(b);
        chains.push(chain);
    }
    let vertices = vertex_row.len();
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); vertices];
    let mut down: Vec<Vec<usize>> = vec![Vec::new(); vertices];
    for chain in &chains {
        for pair in chain.windows(2) {
            if vertex_row[pair[1]] > vertex_row[pair[0]] {
                down[pair[0]].push(pair[1]);
                up[pair[1]].push(pair[0]);
            }
        }
    }
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); rows_meta.len()];
    for v in 0..vertices {
        rows[vertex_row[v]].push(v);
    }

    // Barycentre ordering.
    let mut position: Vec<f64> = vec![0.0; vertices];
    let renumber = |rows: &Vec<Vec<usize>>, position: &mut Vec<f64>| {
        for r in rows {
            for (i, &v) in r.iter().enumerate() {
                position[v] = i as f64;
            }
        }
    };
    renumber(&rows, &mut position);
    for _ in 0..SWEEPS {
        for row in rows.iter_mut().skip(1) {
            order_by(row, &up, &position);
            for (i, &v) in row.iter().enumerate() {
                position[v] = i as f64;
            }
        }
        for row in rows.iter_mut().rev().skip(1) {
            order_by(row, &down, &position);
            for (i, &v) in row.iter().enumerate() {
                position[v] = i as f64;
            }
        }
    }

    // Coordinates: each row packed left to right, then centred on the widest.
    let texts: Vec<String> = kept
        .iter()
        .map(|&i| {
            let node = &graph.nodes[i];
            format!("{} {}", node.position, node.heap)
        })
        .collect();
    let labels: Vec<String> = kept
        .iter()
        .zip(&texts)
        .map(|(&i, text)| label(detail, i, text))
        .collect();
    let width_of_vertex = |v: usize| -> f64 {
        if v < kept.len() {
            width_of(detail, &labels[v])
        } else {
            2.0
        }
    };
    let mut x: Vec<f64> = vec![0.0; vertices];
    let mut row_width: Vec<f64> = Vec::with_capacity(rows.len());
    for r in &rows {
        let mut at = 0.0;
        for &v in r {
            let w = width_of_vertex(v);
            x[v] = at + w / 2.0;
            at += w + GAP;
        }
        row_width.push((at - GAP).max(0.0));
    }
    let widest = row_width.iter().copied().fold(0.0, f64::max);
    for (r, vs) in rows.iter().enumerate() {
        let shift = MARGIN + (widest - row_width[r]) / 2.0;
        for &v in vs {
            x[v] += shift;
        }
    }
    let y_of = |r: usize| MARGIN + 12.0 + r as f64 * ROW_GAP;

    let nodes: Vec<LaidNode> = kept
        .iter()
        .enumerate()
        .map(|(v, &i)| {
            let node = &graph.nodes[i];
            LaidNode {
                index: i,
                x: x[v],
                y: y_of(row[v]),
                width: width_of_vertex(v),
                label: labels[v].clone(),
                text: texts[v].clone(),
                kind: if node.position.lands().len() >= 2 {
                    NodeKind::Lands
                } else if node.losing {
                    NodeKind::Losing
                } else {
                    NodeKind::Winning
                },
                lives: node.lives,
                row: row[v],
            }
        })
        .collect();
    let laid_edges = chains
        .iter()
        .zip(&edges)
        .map(|(chain, &(a, b))| LaidEdge {
            from: kept[a],
            to: kept[b],
            points: chain.iter().map(|&v| (x[v], y_of(vertex_row[v]))).collect(),
        })
        .collect();
    ProofLayout {
        nodes,
        edges: laid_edges,
        rows: rows_meta
            .iter()
            .enumerate()
            .map(|(r, &lives)| LaidRow { y: y_of(r), lives })
            .collect(),
        width: widest + 2.0 * MARGIN,
        height: y_of(rows_meta.len().saturating_sub(1)) + 12.0 + MARGIN,
    }
}

/// Sorts a row by the mean position of each vertex's neighbours in the row next to it (a vertex with
/// none keeps its place).
fn order_by(row: &mut [usize], neighbours: &[Vec<usize>], position: &[f64]) {
    let mut keyed: Vec<(f64, usize)> = row
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let n = &neighbours[v];
            let key = if n.is_empty() {
                i as f64
            } else {
                n.iter().map(|&w| position[w]).sum::<f64>() / n.len() as f64
            };
            (key, v)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (slot, (_, v)) in row.iter_mut().zip(keyed) {
        *slot = v;
    }
}
