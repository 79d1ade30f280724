//! Heap games: octal and hexadecimal codes, CGSuite's code language, the moves of a heap, and the boards
//! that are heaps in disguise (rows of dots for `0.137`, piles for Grundy's game). Rules only: values and
//! winning moves are in `solve::heap`.

mod code;
mod digit;
pub mod dots;
mod moves;
mod piles;

pub use code::{CodeError, CodeErrorKind, HeapGame, ALIASES};
pub use digit::{Digit, SplitRule};
pub use dots::{DotComponent, DotError, DotHeapMove, DotRow};
pub use moves::HeapMove;
pub use piles::PileSplit;
