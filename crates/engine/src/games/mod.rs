//! Game rules only: positions, moves and notations. Nothing here knows about solving.

pub mod graph;
pub mod heap;
pub mod sprouts;
