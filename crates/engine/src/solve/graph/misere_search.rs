//! Misère outcomes of sums of components. In misère play a sum's outcome is not a function of its parts'
//! nimbers, so the search runs on sums: a sorted list of canonical components (equal sums, equal keys).
//! A move replaces one component by the components it leaves. With no component left, the player to move
//! has no move and wins.

use crate::games::graph::{CanonicalGraph, Graph, VertexSet};

use super::table::{ComponentSum, GraphBudget, GraphSolveError, Tables};

/// The canonical sum of the components of `set` in `graph`.
pub fn sum_of(graph: &Graph, set: VertexSet) -> ComponentSum {
    let mut sum: ComponentSum = graph
        .components(set)
        .into_iter()
        .map(|part| CanonicalGraph::of(graph, part))
        .collect();
    sum.sort_unstable();
    sum
}

/// The sum after marking `vertex` of component `index` of `sum`.
pub fn sum_after(sum: &ComponentSum, index: usize, vertex: usize) -> ComponentSum {
    let graph = sum[index].graph();
    let rest = graph.vertices().minus(graph.closed_neighbourhood(vertex));
    let mut child: ComponentSum = sum
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != index)
        .map(|(_, part)| part.clone())
        .collect();
    child.extend(
        graph
            .components(rest)
            .into_iter()
            .map(|part| CanonicalGraph::of(graph, part)),
    );
    child.sort_unstable();
    child
}

struct Frame {
    sum: ComponentSum,
    index: usize,
    vertex: usize,
}

/// A search for one sum's misère outcome, run by [`GraphMisereSearch::run`] in steps.
pub struct GraphMisereSearch {
    stack: Vec<Frame>,
    win: Option<bool>,
}

impl GraphMisereSearch {
    pub fn new(root: ComponentSum, tables: &Tables) -> GraphMisereSearch {
        let win = if root.is_empty() {
            Some(true)
        } else {
            tables.misere_win(&root)
        };
        let stack = if win.is_some() {
            Vec::new()
        } else {
            vec![Frame {
                sum: root,
                index: 0,
                vertex: 0,
            }]
        };
        GraphMisereSearch { stack, win }
    }

    /// Works through at most `*steps` moves; whether the player to move wins, once known.
    pub fn run(
        &mut self,
        tables: &mut Tables,
        budget: GraphBudget,
        steps: &mut u64,
    ) -> Result<Option<bool>, GraphSolveError> {
        while let Some(top) = self.stack.last_mut() {
            if *steps == 0 {
                return Ok(None);
            }
            *steps -= 1;
            // Equal components have equal moves: try each distinct one once.
            while top.index < top.sum.len()
                && (top.vertex == top.sum[top.index].vertex_count()
                    || (top.index > 0 && top.sum[top.index] == top.sum[top.index - 1]))
            {
                top.index += 1;
                top.vertex = 0;
            }
            let finished = if top.index == top.sum.len() {
                Some(false) // every move leads to a win for the opponent
            } else {
                let child = sum_after(&top.sum, top.index, top.vertex);
                let child_win = if child.is_empty() {
                    Some(true)
                } else {
                    tables.misere_win(&child)
                };
                match child_win {
                    Some(false) => Some(true), // a move to a losing sum wins
                    Some(true) => {
                        top.vertex += 1;
                        None
                    }
                    None => {
                        self.stack.push(Frame {
                            sum: child,
                            index: 0,
                            vertex: 0,
                        });
                        None
                    }
                }
            };
            if let Some(win) = finished {
                let done = self.stack.pop().expect("the stack has a top");
                tables.insert_misere(done.sum, win, budget)?;
                if self.stack.is_empty() {
                    self.win = Some(win);
                }
            }
        }
        Ok(self.win)
    }
}
