//! A simple undirected graph of at most [`MAX_VERTICES`] vertices, its text form (`4:0-1,1-2,2-3`) and the
//! questions the rules ask of it: neighbourhoods, induced subgraphs and connected components.

use std::fmt;
use std::str::FromStr;

use super::vertex_set::{VertexSet, MAX_VERTICES};

/// A simple undirected graph on the vertices `0..n`: no loops, no repeated edges.
///
/// ```
/// use sprague_engine::games::graph::{Graph, GraphPosition};
/// use sprague_engine::solve::graph::GraphSolver;
/// // Node Kayles on a path of n vertices is a row of n dots, heap n of 0.137 (Dawson's chess): its
/// // values are OEIS A002187, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, ...
/// let mut solver = GraphSolver::default();
/// let values: Vec<u32> = (0..=10)
///     .map(|n| {
///         let path = GraphPosition::start(Graph::path(n).unwrap());
///         solver.analyze(&path, false).unwrap().nimber.unwrap()
///     })
///     .collect();
/// assert_eq!(values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    /// `adjacency[v]` holds the neighbours of `v`.
    adjacency: Vec<u64>,
}

/// What is wrong with a graph that was asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    #[error(
        "a graph has at most {MAX_VERTICES} vertices here (the solver's limit); {0} is too many"
    )]
    TooManyVertices(usize),
    #[error("{0:?} is not a number of vertices: use a whole number from 0 to {MAX_VERTICES}")]
    BadVertexCount(String),
    #[error("{0:?} is not an edge: write two vertex numbers joined by '-', as 0-1")]
    BadEdge(String),
    #[error("edge {0}-{0} joins vertex {0} to itself: a graph here has no loops")]
    SelfLoop(usize),
    #[error("edge {u}-{v} names vertex {missing}, but the vertices are 0 to {last}", last = .vertices.saturating_sub(1))]
    MissingVertex {
        u: usize,
        v: usize,
        missing: usize,
        vertices: usize,
    },
    #[error("the graph has no vertices, so edge {u}-{v} cannot be drawn")]
    EdgeWithoutVertices { u: usize, v: usize },
    #[error("edge {0}-{1} is listed twice")]
    DuplicateEdge(usize, usize),
    #[error(
        "{0:?} is not a graph: write the number of vertices, ':', then the edges, as 4:0-1,1-2,2-3"
    )]
    BadGraph(String),
    #[error("{what} needs {needs}; {given} was asked for")]
    BadPreset {
        what: &'static str,
        needs: &'static str,
        given: String,
    },
}

/// Quotes at most 40 characters of what the user wrote, so that an error never echoes a huge input back.
pub(crate) fn quote_window(text: &str) -> String {
    const WINDOW: usize = 40;
    match text.char_indices().nth(WINDOW) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

impl Graph {
    /// The graph with vertices `0..vertices` and the given edges, each checked.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        if vertices > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(vertices));
        }
        let mut graph = Graph {
            adjacency: vec![0; vertices],
        };
        for &(u, v) in edges {
            graph.add_edge(u, v)?;
        }
        Ok(graph)
    }

    /// Reads `vertices` and an edge list such as `0-1, 1-2` (commas or spaces between edges).
    pub fn from_edge_list(vertices: usize, edges: &str) -> Result<Graph, GraphError> {
        let mut pairs = Vec::new();
        for word in edges.split(|c: char| c == ',' || c.is_whitespace()) {
            if !word.is_empty() {
                pairs.push(parse_edge(word)?);
            }
        }
        Graph::new(vertices, &pairs)
    }

    fn add_edge(&mut self, u: usize, v: usize) -> Result<(), GraphError> {
        let n = self.adjacency.len();
        if n == 0 {
            return Err(GraphError::EdgeWithoutVertices { u, v });
        }
        if u == v {
            return Err(GraphError::SelfLoop(u));
        }
        if let Some(&missing) = [u, v].iter().find(|&&x| x >= n) {
            return Err(GraphError::MissingVertex {
                u,
                v,
                missing,
                vertices: n,
            });
        }
        if self.adjacency[u] >> v & 1 == 1 {
            return Err(GraphError::DuplicateEdge(u, v));
        }
        self.adjacency[u] |= 1 << v;
        self.adjacency[v] |= 1 << u;
        Ok(())
    }

    pub fn vertex_count(&self) -> usize {
        self.adjacency.len()
    }

    pub fn vertices(&self) -> VertexSet {
        VertexSet::first(self.vertex_count())
    }

    pub fn neighbours(&self, v: usize) -> VertexSet {
        VertexSet::from_bits(self.adjacency[v])
    }

    /// `v` and its neighbours: what marking `v` removes.
    pub fn closed_neighbourhood(&self, v: usize) -> VertexSet {
        VertexSet::from_bits(self.adjacency[v] | 1 << v)
    }

    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        u < self.vertex_count() && v < self.vertex_count() && self.adjacency[u] >> v & 1 == 1
    }

    /// The edges `(u, v)` with `u < v`, in increasing order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for (u, &row) in self.adjacency.iter().enumerate() {
            for v in VertexSet::from_bits(row >> u >> 1).iter() {
                edges.push((u, u + 1 + v));
            }
        }
        edges
    }

    /// The subgraph induced by `set`, its vertices renumbered `0..` in increasing order.
    pub fn induced(&self, set: VertexSet) -> Graph {
        let order: Vec<usize> = set.iter().collect();
        let mut position = [0usize; MAX_VERTICES];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let adjacency = order
            .iter()
            .map(|&v| {
                self.neighbours(v)
                    .intersection(set)
                    .iter()
                    .fold(0u64, |row, u| row | 1 << position[u])
            })
            .collect();
        Graph { adjacency }
    }

    /// The connected components of the subgraph induced by `set`, each as its set of vertices, ordered by
    /// their smallest vertex.
    pub fn components(&self, set: VertexSet) -> Vec<VertexSet> {
        let mut components = Vec::new();
        let mut rest = set;
        while let Some(start) = rest.first_vertex() {
            let mut component = VertexSet::single(start);
            let mut frontier = component;
            while !frontier.is_empty() {
                let mut reached = VertexSet::EMPTY;
                for v in frontier.iter() {
                    reached = reached.union(self.neighbours(v));
                }
                frontier = reached.intersection(rest).minus(component);
                component = component.union(frontier);
            }
            components.push(component);
            rest = rest.minus(component);
        }
        components
    }

    /// The adjacency rows, for the canonical labelling.
    pub(crate) fn rows(&self) -> &[u64] {
        &self.adjacency
    }

    pub(crate) fn from_rows(adjacency: Vec<u64>) -> Graph {
        Graph { adjacency }
    }
}

fn parse_edge(word: &str) -> Result<(usize, usize), GraphError> {
    let bad = || GraphError::BadEdge(quote_window(word));
    let (u, v) = word.split_once('-').ok_or_else(bad)?;
    let number = |s: &str| {
        if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            s.parse::<usize>().ok()
        }
    };
    Ok((number(u).ok_or_else(bad)?, number(v).ok_or_else(bad)?))
}

/// `n:u-v,u-v,…`: the number of vertices, then the edges (`5:` has five vertices and no edges).
impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.vertex_count())?;
        for (i, (u, v)) in self.edges().into_iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{u}-{v}")?;
        }
        Ok(())
    }
}

impl FromStr for Graph {
    type Err = GraphError;

    fn from_str(text: &str) -> Result<Graph, GraphError> {
        let text = text.trim();
        let (count, edges) = text
            .split_once(':')
            .ok_or_else(|| GraphError::BadGraph(quote_window(text)))?;
        let count = count.trim();
        let vertices =
            if !count.is_empty() && count.len() <= 6 && count.bytes().all(|b| b.is_ascii_digit()) {
                count.parse::<usize>().unwrap_or(usize::MAX)
            } else {
                return Err(GraphError::BadVertexCount(quote_window(count)));
            };
        Graph::from_edge_list(vertices, edges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_reads_back() {
        let graph: Graph = "4:0-1, 2-1,3-2".parse().unwrap();
        assert_eq!(graph.to_string(), "4:0-1,1-2,2-3");
        assert_eq!(graph.to_string().parse::<Graph>().unwrap(), graph);
        assert_eq!("3:".parse::<Graph>().unwrap().edges(), vec![]);
        assert_eq!("0:".parse::<Graph>().unwrap().vertex_count(), 0);
    }

    #[test]
    fn bad_graphs_are_refused_with_the_reason() {
        let error = |text: &str| text.parse::<Graph>().unwrap_err().to_string();
        assert!(error("3:1-1").contains("joins vertex 1 to itself"));
        assert!(error("3:0-3").contains("names vertex 3, but the vertices are 0 to 2"));
        assert!(error("3:0-1,1-0").contains("listed twice"));
        assert!(error("65:").contains("at most 64"));
        assert!(error("0:0-1").contains("no vertices"));
        assert!(error("3:0-x").contains("not an edge"));
        assert!(error("3 0-1").contains("not a graph"));
        assert!(error("x:").contains("not a number of vertices"));
        let long = format!("3:{}", "9".repeat(10_000));
        assert!(error(&long).chars().count() < 200);
    }

    #[test]
    fn components_and_induced_subgraphs() {
        let graph: Graph = "6:0-1,1-2,3-4".parse().unwrap();
        let parts = graph.components(graph.vertices());
        let listed: Vec<Vec<usize>> = parts.iter().map(|c| c.iter().collect()).collect();
        assert_eq!(listed, vec![vec![0, 1, 2], vec![3, 4], vec![5]]);
        let rest = graph.vertices().minus(graph.closed_neighbourhood(1));
        assert_eq!(graph.induced(rest).to_string(), "3:0-1");
    }
}
