//! Solving Node Kayles on graphs ([`crate::games::graph`]): normal-play nimbers by the Sprague–Grundy
//! theorem on connected components (a position's nimber is the XOR of its components'), misère outcomes by
//! search on sums of components, and every winning move. Components are remembered under their canonical
//! labelling, so isomorphic components are solved once.
//!
//! ```
//! use sprague_engine::games::graph::{Graph, GraphPosition};
//! use sprague_engine::solve::graph::GraphSolver;
//! use sprague_engine::solve::heap::Outcome;
//!
//! let mut solver = GraphSolver::default();
//! let cycle = GraphPosition::start(Graph::cycle(4).unwrap());
//! let normal = solver.analyze(&cycle, false).unwrap();
//! // Every move leaves one vertex (nimber 1): the 4-cycle is *0, the player to move loses.
//! assert_eq!((normal.nimber, normal.outcome), (Some(0), Outcome::P));
//! let misere = solver.analyze(&cycle, true).unwrap();
//! // In misère play leaving one vertex wins: the opponent must take it.
//! assert_eq!(misere.outcome, Outcome::N);
//! assert_eq!(misere.winning_moves, vec![0, 1, 2, 3]);
//! ```

mod base;
mod misere_search;
mod nimber_search;
mod query;
mod table;

pub use base::{BaseReport, GraphBaseError, MAGIC as GRAPH_BASE_MAGIC, MAX_BASE_BYTES};
pub use query::{ComponentValue, GraphAnalysis, GraphProgress, GraphQuery, GraphSolver};
pub use table::{GraphBudget, GraphSolveError};
