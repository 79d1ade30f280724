//! Misère play for heap games: exact outcomes and winning moves by search, genus symbols and tame play,
//! misère quotients.

mod error;
mod extend;
mod genera;
mod genus;
mod memo;
mod one_move;
mod position;
mod predict;
mod presentation;
mod prove;
mod quotient;
mod reduce;
mod search;
mod small_part;
mod tame;

pub use error::MisereError;
pub use genera::{GenusEntry, GenusTable};
pub use genus::Genus;
pub use position::{quotient_heaps, Budget, Method, MisereAnalysis, MisereSolver};
pub use quotient::{
    MisereQuotient, QuotientLimits, Verification, MAX_QUOTIENT_ELEMENTS, MAX_QUOTIENT_HEAP,
};
pub use reduce::{HeapTable, Key, MAX_MISERE_HEAP, MAX_POSITION_HEAPS};
pub use search::{MisereSearch, Shortcut, Step};
pub use tame::tame_sum_outcome;
