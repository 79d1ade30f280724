//! Misère play for heap games: exact outcomes and winning moves by search, genus symbols and tame play,
//! misère quotients.
//!
//! ```
//! use sprague_engine::games::heap::HeapGame;
//! use sprague_engine::solve::heap::Outcome;
//! use sprague_engine::solve::misere::MisereSolver;
//! // Misère Nim (Bouton): with every heap of 1, the player to move loses exactly when their number is
//! // odd; otherwise exactly when the nim-sum is 0.
//! let mut nim = MisereSolver::new(&HeapGame::nim());
//! assert_eq!(nim.outcome(&[1, 1, 1], 1_000_000).unwrap(), Outcome::P);
//! assert_eq!(nim.outcome(&[1, 1], 1_000_000).unwrap(), Outcome::N);
//! assert_eq!(nim.outcome(&[2, 3, 1], 1_000_000).unwrap(), Outcome::P); // 2 ^ 3 ^ 1 = 0
//! assert_eq!(nim.outcome(&[2, 2, 1], 1_000_000).unwrap(), Outcome::N);
//! ```

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
mod shortcut;
mod small_part;
mod tame;
mod verify;

pub use error::MisereError;
pub use genera::{GenusEntry, GenusTable};
pub use genus::Genus;
pub use position::{quotient_heaps, Budget, Method, MisereAnalysis, MisereSolver};
pub use quotient::{MisereQuotient, QuotientLimits, MAX_QUOTIENT_ELEMENTS, MAX_QUOTIENT_HEAP};
pub use reduce::{HeapTable, Key, MAX_MISERE_HEAP, MAX_POSITION_HEAPS};
pub use search::{MisereSearch, Step};
pub use shortcut::Shortcut;
pub use tame::tame_sum_outcome;
pub use verify::{Verification, MAX_VERIFY_POSITIONS};
