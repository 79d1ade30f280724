//! Canonical labelling: renumbering a graph's vertices so that isomorphic graphs become equal, which lets
//! the solver remember a component's value once for all its relabellings.
//!
//! The labelling is the `canonical-form` crate's (pure Rust, so it builds for the browser too; nauty's Rust
//! bindings need its C library). It searches the tree of partition refinements and prunes branches an
//! automorphism maps onto ones already seen; it returns the largest relabelling found under a fixed order.

use canonical_form::Canonize;

use super::graph::Graph;
use super::vertex_set::VertexSet;

/// A graph in its canonical labelling: two graphs are isomorphic exactly when their canonical forms are
/// equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CanonicalGraph(Graph);

impl CanonicalGraph {
    /// The canonical form of the subgraph of `graph` induced by `set`.
    pub fn of(graph: &Graph, set: VertexSet) -> CanonicalGraph {
        CanonicalGraph::new(&graph.induced(set))
    }

    pub fn new(graph: &Graph) -> CanonicalGraph {
        if graph.vertex_count() <= 1 {
            return CanonicalGraph(graph.clone());
        }
        let rows = Rows(graph.rows().to_vec()).canonical();
        CanonicalGraph(Graph::from_rows(rows.0))
    }

    pub fn graph(&self) -> &Graph {
        &self.0
    }

    pub fn vertex_count(&self) -> usize {
        self.0.vertex_count()
    }
}

/// Adjacency rows, ordered as the labelling's search needs.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Rows(Vec<u64>);

impl Canonize for Rows {
    fn size(&self) -> usize {
        self.0.len()
    }

    fn apply_morphism(&self, p: &[usize]) -> Self {
        let mut rows = vec![0u64; self.0.len()];
        for (u, &row) in self.0.iter().enumerate() {
            rows[p[u]] = VertexSet::from_bits(row)
                .iter()
                .fold(0, |image, v| image | 1 << p[v]);
        }
        Rows(rows)
    }

    fn invariant_neighborhood(&self, u: usize) -> Vec<Vec<usize>> {
        vec![VertexSet::from_bits(self.0[u]).iter().collect()]
    }
}
