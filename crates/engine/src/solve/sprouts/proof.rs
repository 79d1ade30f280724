//! Proofs from a base: the couples (position, heap) that establish a result, as a graph, and its
//! Graphviz export in the style of the Glop manual (losing couples red, winning couples blue,
//! multi-land couples yellow; detail levels; a lives filter).
//!
//! A losing couple links to every child couple (all must be winning); a winning couple links to one
//! losing child; a multi-land couple links to the losing couples (land, nimber) of its lands.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::games::sprouts::Position;

use super::base::Base;

/// One couple of the proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofNode {
    pub position: Position,
    pub heap: u32,
    /// Lost for the player to move (nimber(position) = heap).
    pub losing: bool,
    pub lives: u32,
}

/// A proof graph: nodes, and edges from a couple to the couples it rests on.
#[derive(Clone, Debug, Default)]
pub struct ProofGraph {
    pub nodes: Vec<ProofNode>,
    pub edges: Vec<(usize, usize)>,
}

/// How much a node shows in the `.dot` export (Glop's detail levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Detail {
    /// A dot.
    Dot,
    /// The node's number (the text is in a comment).
    Number,
    /// The full couple: position and heap.
    Full,
}

impl Detail {
    /// Glop's level: 1 a dot, 2 the number, 3 the full couple.
    pub fn from_level(level: u32) -> Option<Detail> {
        match level {
            1 => Some(Detail::Dot),
            2 => Some(Detail::Number),
            3 => Some(Detail::Full),
            _ => None,
        }
    }

    pub fn level(self) -> u32 {
        match self {
            Detail::Dot => 1,
            Detail::Number => 2,
            Detail::Full => 3,
        }
    }
}

/// Builds the proof that (position, heap) is losing or winning, from the base's nimbers.
pub fn extract_proof(base: &Base, position: &Position, heap: u32) -> Result<ProofGraph, String> {
    let mut graph = ProofGraph::default();
    let mut index: HashMap<(Vec<u8>, u32), usize> = HashMap::new();
    let mut todo: Vec<(Position, u32)> = Vec::new();
    fn add(
        graph: &mut ProofGraph,
        index: &mut HashMap<(Vec<u8>, u32), usize>,
        todo: &mut Vec<(Position, u32)>,
        p: Position,
        n: u32,
        losing: bool,
    ) -> usize {
        let key = (p.key(), n);
        if let Some(&i) = index.get(&key) {
            return i;
        }
        graph.nodes.push(ProofNode {
            lives: p.lives(),
            position: p.clone(),
            heap: n,
            losing,
        });
        index.insert(key, graph.nodes.len() - 1);
        todo.push((p, n));
        graph.nodes.len() - 1
    }
    let root_losing = base.nimber(position) == Some(heap);
    add(
        &mut graph,
        &mut index,
        &mut todo,
        position.clone(),
        heap,
        root_losing,
    );
    while let Some((p, n)) = todo.pop() {
        let from = index[&(p.key(), n)];
        let known = base.nimber(&p);
        let land_nimbers: Option<Vec<u32>> =
            p.lands().iter().map(|l| base.nimber_of_land(l)).collect();
        let mut links: Vec<(Position, u32, bool)> = Vec::new();
        match (p.lands().len() >= 2, land_nimbers, known) {
            (true, Some(nimbers), _) => {
                for (land, v) in p.lands().iter().zip(nimbers) {
                    links.push((Position::from_lands(vec![land.clone()]), v, true));
                }
            }
            (_, _, Some(v)) if v == n => {
                let children = p.children();
                // A mex of k values is at most k: a larger stored nimber is wrong, and listing
                // every smaller heap would cost as much as the claim is large.
                if n as usize > children.len() {
                    return Err(format!(
                        "the base gives {p} nimber {n}, but it has only {} children",
                        children.len()
                    ));
                }
                for child in children {
                    links.push((child, n, false));
                }
                for m in 0..n {
                    links.push((p.clone(), m, false));
                }
            }
            (_, _, Some(v)) if v < n => links.push((p.clone(), v, true)),
            _ => {
                let child = p
                    .children()
                    .into_iter()
                    .find(|c| base.nimber(c) == Some(n))
                    .ok_or_else(|| format!("the base shows no child of {p} with nimber {n}"))?;
                links.push((child, n, true));
            }
        }
        for (q, m, losing) in links {
            let to = add(&mut graph, &mut index, &mut todo, q, m, losing);
            graph.edges.push((from, to));
        }
    }
    Ok(graph)
}

impl ProofGraph {
    /// Graphviz text. Only couples with at least `min_lives` lives are drawn.
    pub fn to_dot(&self, detail: Detail, colours: bool, min_lives: u32) -> String {
        let mut out =
            String::from("digraph proof {\n  node [style=filled, fontname=\"monospace\"];\n");
        for (i, node) in self.nodes.iter().enumerate() {
            if node.lives < min_lives {
                continue;
            }
            let colour = if !colours {
                "white"
            } else if node.position.lands().len() >= 2 {
                "yellow"
            } else if node.losing {
                "red"
            } else {
                "lightblue"
            };
            let text = format!("{} {}", node.position, node.heap);
            let attributes = match detail {
                Detail::Dot => "shape=point, label=\"\"".to_string(),
                Detail::Number => format!("label=\"{i}\""),
                Detail::Full => format!("label=\"{text}\""),
            };
            out.push_str(&format!(
                "  n{i} [{attributes}, fillcolor={colour}]; // {text}, {} lives\n",
                node.lives
            ));
        }
        for &(a, b) in &self.edges {
            if self.nodes[a].lives >= min_lives && self.nodes[b].lives >= min_lives {
                out.push_str(&format!("  n{a} -> n{b};\n"));
            }
        }
        out.push_str("}\n");
        out
    }
}
