//! Node Kayles on any simple graph: a move marks a vertex, removing it and its neighbours; whoever cannot
//! move loses (in misère play, wins). On a path it is the independence game (a row of dots, 0.137).
//!
//! ```
//! use sprague_engine::games::graph::Graph;
//!
//! let graph: Graph = "4:0-1,1-2,2-3".parse().unwrap();
//! let rest = graph.vertices().minus(graph.closed_neighbourhood(1)); // mark vertex 1
//! assert_eq!(rest.iter().collect::<Vec<_>>(), vec![3]);
//! assert_eq!(graph, Graph::path(4).unwrap());
//! ```

mod canon;
#[allow(clippy::module_inception)]
mod graph;
mod position;
mod presets;
mod vertex_set;

pub use canon::CanonicalGraph;
pub use graph::{Graph, GraphError};
pub use position::{GraphPosition, MoveError};
pub use presets::{PresetKind, PRESETS};
pub use vertex_set::{VertexSet, MAX_VERTICES};
