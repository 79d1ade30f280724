//! Misère play for heap games (the player who cannot move wins): exact outcomes and winning moves by
//! search, genus symbols and tame play, misère quotients. Normal play of the same games is the parent
//! module, [`crate::solve::heap`], whose nim sequences and [`Outcome`](crate::solve::heap::Outcome)
//! this module uses; Sprouts' and graphs' misère play are in [`crate::solve::sprouts`] and
//! [`crate::solve::graph`].
//!
//! The modules, each depending only on those above it (no cycles):
//! - `error` ([`MisereError`]); `genus` ([`Genus`] symbols); `tame` (the tame rule on genera);
//! - `reduce`: the heap table ([`HeapTable`]), heaps equal to smaller ones merged, and position keys;
//! - `genera`: genera of heaps and positions over the whole game tree ([`GenusTable`]);
//! - `shortcut`: a proven quotient as the search reads it ([`Shortcut`]), a leaf;
//! - `prove` (the complete check of a candidate quotient), `extend` (one heap-by-heap step of a quotient),
//!   `presentation` (generators and relations), then `quotient` ([`MisereQuotient`], which makes
//!   shortcuts) and `verify` (the bounded check of a quotient);
//! - the search's parts: `memo` (outcomes of decided positions) and, reading shortcuts, `one_move`
//!   (positions won by one move into a covered part), `predict` (move ordering), `small_part`
//!   (elements of covered parts);
//! - `search` ([`HeapMisereSearch`], run in slices, each answering a [`HeapMisereStep`]);
//! - `position` ([`MisereSolver`]: outcome, winning moves and genera of a position, by the tame rule or
//!   the search, with a quotient's shortcut when one is built).
//!
//! ```
//! use sprague_engine::games::heap::HeapGame;
//! use sprague_engine::solve::heap::Outcome;
//! use sprague_engine::solve::heap::misere::MisereSolver;
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
pub use search::{HeapMisereSearch, HeapMisereStep};
pub use shortcut::Shortcut;
pub use tame::tame_sum_outcome;
pub use verify::{Verification, MAX_VERIFY_POSITIONS};
