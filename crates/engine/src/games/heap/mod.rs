//! Heap games: octal and hexadecimal codes, CGSuite's code language, the moves of a heap, and the boards
//! that are heaps in disguise (rows of dots for `0.137`, piles for Grundy's game). Rules only: values and
//! winning moves are in `solve::heap` (misère play in `solve::heap::misere`).
//!
//! ```
//! use sprague_engine::games::heap::HeapGame;
//! // Grundy's game: split a heap into two unequal heaps. A heap of 6 splits as 5+1 or 4+2 (not 3+3).
//! let grundy: HeapGame = "grundy".parse().unwrap();
//! let splits: Vec<Vec<usize>> = grundy.moves(6).into_iter().map(|m| m.pieces).collect();
//! assert_eq!(splits, [vec![1, 5], vec![2, 4]]);
//! // Kayles (0.77): knock down one pin or two adjacent ones, anywhere in the row.
//! let kayles: HeapGame = "0.77".parse().unwrap();
//! assert_eq!(kayles, HeapGame::kayles());
//! assert!(kayles.moves(3).iter().any(|m| m.removed == 1 && m.pieces == [1, 1]));
//! ```

mod code;
mod digit;
pub mod dots;
mod moves;
mod named_games;
mod piles;

pub use code::{CodeError, CodeErrorKind, HeapGame};
pub use digit::{Digit, SplitRule};
pub use dots::{DotComponent, DotError, DotHeapMove, DotRow};
pub use moves::HeapMove;
pub use named_games::{game_names, named_game, NamedGame, NAMED_GAMES};
pub use piles::PileSplit;
