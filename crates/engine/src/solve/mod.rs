//! Solvers: values, outcomes and winning moves computed from the rules in `games`, one module per family
//! of games, each holding both normal and misère play:
//! - [`heap`]: heap games (octal and hexadecimal codes, CGSuite code, Grundy's game); normal play in
//!   the module itself, misère play in [`heap::misere`];
//! - [`sprouts`]: Sprouts, normal play (`normal`) and misère play (`misere*`);
//! - [`graph`]: Node Kayles on graphs, nimbers of components and misère search on sums of components;
//! - [`remoteness`]: how long a game lasts with best play, for sums of heaps or components, and the
//!   marks of a game review;
//! - [`bounds`]: the bounds of nodes, time and memory that end a long run (for the CLI and Python).

pub mod bounds;
pub mod graph;
pub mod heap;
pub mod remoteness;
pub mod sprouts;
