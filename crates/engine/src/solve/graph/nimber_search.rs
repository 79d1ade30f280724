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
    /// The move under way when some of the parts it leaves had to be searched first: the XOR of the parts
    /// already known, and the canonical forms of the others (so that they are labelled only once).
    waiting: Option<(u32, Vec<CanonicalGraph>)>,
}

impl Frame {
    fn new(graph: CanonicalGraph) -> Frame {
        Frame {
            graph,
            next_vertex: 0,
            seen: 0,
            waiting: None,
        }
    }
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
            vec![Frame::new(root)]
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
            let (known, unknown) = match top.waiting.take() {
                Some(waiting) => waiting,
                None => {
                    let rest = graph
                        .vertices()
                        .minus(graph.closed_neighbourhood(top.next_vertex));
                    let mut xor = 0;
                    let mut unknown = Vec::new();
                    for part in graph.components(rest) {
                        match known_nimber(graph, part, tables) {
                            Ok(nimber) => xor ^= nimber,
                            Err(canonical) => unknown.push(canonical),
                        }
                    }
                    (xor, unknown)
                }
            };
            let mut xor = known;
            let mut missing = None;
            for part in &unknown {
                match tables.nimber(part) {
                    Some(nimber) => xor ^= nimber,
                    None => {
                        missing = Some(part.clone());
                        break;
                    }
                }
            }
            match missing {
                // Solve that part first, then come back to this move (its parts kept, already labelled).
                Some(part) => {
                    top.waiting = Some((known, unknown));
                    self.stack.push(Frame::new(part));
                }
                None => {
                    top.seen |= 1u128 << xor;
                    top.next_vertex += 1;
                }
            }
        }
        Ok(self.value)
    }
}
