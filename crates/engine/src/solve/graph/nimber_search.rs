//! The normal-play nimber of a connected graph: the mex, over its moves, of the XOR of the nimbers of the
//! components a move leaves. Kept as an explicit stack so that it runs in short steps (the worker answers
//! messages between them) and never recurses deeply.

use crate::games::graph::{CanonicalGraph, Graph, VertexSet};

use super::table::{GraphBudget, GraphSolveError, Tables};

/// The nimber of a component of one or two vertices (a vertex, an edge: one move, to nothing) needs no
/// table; everything larger is looked up under its canonical form (returned when the tables lack it).
pub fn known_nimber(
    graph: &Graph,
    part: VertexSet,
    tables: &Tables,
) -> Result<u32, CanonicalGraph> {
    if part.len() <= 2 {
        return Ok(1);
    }
    let canonical = CanonicalGraph::of(graph, part);
    tables.nimber(&canonical).ok_or(canonical)
}

struct Frame {
    graph: CanonicalGraph,
    next_vertex: usize,
    /// Bit `g` set when a move to a position of nimber `g` was found (nimbers are at most 64).
    seen: u128,
}

/// A search for one component's nimber, run by [`NimberSearch::run`] in steps.
pub struct NimberSearch {
    stack: Vec<Frame>,
    value: Option<u32>,
}

impl NimberSearch {
    pub fn new(root: CanonicalGraph, tables: &Tables) -> NimberSearch {
        let value = tables.nimber(&root);
        let stack = if value.is_some() {
            Vec::new()
        } else {
            vec![Frame {
                graph: root,
                next_vertex: 0,
                seen: 0,
            }]
        };
        NimberSearch { stack, value }
    }

    /// Works through at most `*steps` moves (counting them down); the nimber once it is known.
    pub fn run(
        &mut self,
        tables: &mut Tables,
        budget: GraphBudget,
        steps: &mut u64,
    ) -> Result<Option<u32>, GraphSolveError> {
        while let Some(top) = self.stack.last_mut() {
            if *steps == 0 {
                return Ok(None);
            }
            *steps -= 1;
            let graph = top.graph.graph();
            if top.next_vertex == graph.vertex_count() {
                let nimber = (!top.seen).trailing_zeros();
                let done = self.stack.pop().expect("the stack has a top");
                tables.insert_nimber(done.graph, nimber, budget)?;
                if self.stack.is_empty() {
                    self.value = Some(nimber);
                }
                continue;
            }
            let rest = graph
                .vertices()
                .minus(graph.closed_neighbourhood(top.next_vertex));
            let mut xor = 0;
            let mut unknown = None;
            for part in graph.components(rest) {
                match known_nimber(graph, part, tables) {
                    Ok(nimber) => xor ^= nimber,
                    Err(canonical) => {
                        unknown = Some(canonical);
                        break;
                    }
                }
            }
            match unknown {
                // Solve that part first, then look at this move again.
                Some(part) => self.stack.push(Frame {
                    graph: part,
                    next_vertex: 0,
                    seen: 0,
                }),
                None => {
                    top.seen |= 1u128 << xor;
                    top.next_vertex += 1;
                }
            }
        }
        Ok(self.value)
    }
}
