//! Solvers: values, outcomes and winning moves computed from the rules in `games`.

pub mod graph;
pub mod heap;
pub mod misere;
pub mod sprouts;
