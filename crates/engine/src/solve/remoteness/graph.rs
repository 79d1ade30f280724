//! Node Kayles as sums of connected components: remoteness of positions and the value of every move.

use serde::{Deserialize, Serialize};

use crate::solve::heap::Outcome;

use crate::games::graph::{CanonicalGraph, GraphPosition};

use super::{RemotenessReport, RemotenessSearch, SumGame, Unfinished, Value};

/// Node Kayles, its parts the connected components (each in canonical form, so that isomorphic
/// components are one part).
pub struct GraphParts;

impl SumGame for GraphParts {
    type Part = CanonicalGraph;

    fn options(&self, part: &CanonicalGraph) -> Vec<Vec<CanonicalGraph>> {
        let graph = part.graph();
        graph
            .vertices()
            .iter()
            .map(|vertex| {
                let rest = graph.vertices().minus(graph.closed_neighbourhood(vertex));
                graph
                    .components(rest)
                    .into_iter()
                    .map(|component| CanonicalGraph::of(graph, component))
                    .collect()
            })
            .collect()
    }
}

/// One legal move (a vertex still in play) and the value of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphMoveValue {
    pub vertex: usize,
    /// The position after the move, for the player then to move: who wins it, and in how many moves
    /// the game then ends (flat fields, as the JSON reads: the worker's messages cannot flatten).
    pub outcome: Outcome,
    pub remoteness: u32,
}

impl GraphMoveValue {
    pub fn value(&self) -> Value {
        Value {
            outcome: self.outcome,
            remoteness: self.remoteness,
        }
    }
}

impl RemotenessSearch<GraphParts> {
    pub fn graphs(misere: bool) -> Self {
        RemotenessSearch::new(GraphParts, misere)
    }

    /// The value of `position`, valuing at most `max_nodes` new sums.
    pub fn position_value(
        &mut self,
        position: &GraphPosition,
        max_nodes: u64,
    ) -> Result<Value, Unfinished> {
        self.value(&parts_of(position), max_nodes)
    }

    /// [`position_value`](Self::position_value), asking `go_on` now and then.
    pub fn position_value_while(
        &mut self,
        position: &GraphPosition,
        max_nodes: u64,
        go_on: &mut impl FnMut() -> bool,
    ) -> Result<Value, Unfinished> {
        self.value_while(&parts_of(position), max_nodes, go_on)
    }

    /// Every vertex still in play, in increasing order, with the value of the position marking it
    /// leaves. The budget counts new positions over the whole list.
    pub fn move_values(
        &mut self,
        position: &GraphPosition,
        max_nodes: u64,
        go_on: &mut impl FnMut() -> bool,
    ) -> Result<Vec<GraphMoveValue>, Unfinished> {
        let mut values = Vec::new();
        let mut left = max_nodes;
        for vertex in position.remaining().iter() {
            let mut after = position.clone();
            after.play(vertex).expect("a vertex in play can be marked");
            let value = self.position_value_while(&after, left, go_on)?;
            left -= self.spent;
            values.push(GraphMoveValue {
                vertex,
                outcome: value.outcome,
                remoteness: value.remoteness,
            });
        }
        Ok(values)
    }

    /// The remoteness of `position` and every move's value, valuing at most `max_nodes` new positions
    /// and asking `go_on` now and then.
    pub fn report(
        &mut self,
        position: &GraphPosition,
        max_nodes: u64,
        mut go_on: impl FnMut() -> bool,
    ) -> RemotenessReport<GraphMoveValue> {
        let value = self.position_value_while(position, max_nodes, &mut go_on);
        let left = max_nodes - self.spent;
        RemotenessReport::new(value, || self.move_values(position, left, &mut go_on))
    }
}

/// The components of a position, each canonical.
fn parts_of(position: &GraphPosition) -> Vec<CanonicalGraph> {
    let graph = position.graph();
    position
        .components()
        .into_iter()
        .map(|component| CanonicalGraph::of(graph, component))
        .collect()
}
