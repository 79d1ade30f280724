//! A position of Node Kayles: a graph and the vertices still in play.

use super::graph::Graph;
use super::vertex_set::VertexSet;

/// A graph with some vertices removed by earlier moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GraphPosition {
    graph: Graph,
    remaining: VertexSet,
}

/// A move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("vertex {vertex} is not in the graph (its vertices are 0 to {last})", last = .vertices.saturating_sub(1))]
    NoSuchVertex { vertex: usize, vertices: usize },
    #[error("vertex {0} is already removed: a move marks a vertex still in play")]
    Removed(usize),
}

impl GraphPosition {
    /// The start: every vertex in play.
    pub fn start(graph: Graph) -> GraphPosition {
        let remaining = graph.vertices();
        GraphPosition { graph, remaining }
    }

    /// The start, then `moves` in turn.
    pub fn after_moves(graph: Graph, moves: &[usize]) -> Result<GraphPosition, MoveError> {
        let mut position = GraphPosition::start(graph);
        for &vertex in moves {
            position.play(vertex)?;
        }
        Ok(position)
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The vertices still in play; each is a legal move.
    pub fn remaining(&self) -> VertexSet {
        self.remaining
    }

    pub fn is_over(&self) -> bool {
        self.remaining.is_empty()
    }

    /// What marking `vertex` removes: it and its neighbours still in play.
    pub fn removed_by(&self, vertex: usize) -> VertexSet {
        self.graph
            .closed_neighbourhood(vertex)
            .intersection(self.remaining)
    }

    /// Marks `vertex`, removing it and its neighbours.
    pub fn play(&mut self, vertex: usize) -> Result<(), MoveError> {
        if vertex >= self.graph.vertex_count() {
            return Err(MoveError::NoSuchVertex {
                vertex,
                vertices: self.graph.vertex_count(),
            });
        }
        if !self.remaining.contains(vertex) {
            return Err(MoveError::Removed(vertex));
        }
        self.remaining = self.remaining.minus(self.removed_by(vertex));
        Ok(())
    }

    /// The connected components of what remains, each as its vertices.
    pub fn components(&self) -> Vec<VertexSet> {
        self.graph.components(self.remaining)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_removes_the_vertex_and_its_neighbours() {
        let graph: Graph = "5:0-1,1-2,2-3,3-4".parse().unwrap();
        let position = GraphPosition::after_moves(graph.clone(), &[2]).unwrap();
        assert_eq!(position.remaining().iter().collect::<Vec<_>>(), vec![0, 4]);
        assert_eq!(position.components().len(), 2);
        let mut over = position.clone();
        over.play(0).unwrap();
        over.play(4).unwrap();
        assert!(over.is_over());
        assert_eq!(
            GraphPosition::after_moves(graph.clone(), &[2, 3]),
            Err(MoveError::Removed(3))
        );
        assert!(GraphPosition::after_moves(graph, &[9])
            .unwrap_err()
            .to_string()
            .contains("0 to 4"));
    }
}
