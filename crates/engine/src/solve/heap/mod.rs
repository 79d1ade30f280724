//! Solving heap games. Normal play here: nim sequences (rare/common method), proven periods, values and
//! winning moves of positions, P-positions. Misère play in [`misere`], which builds on this module (its
//! nim sequences and [`Outcome`]); nothing here uses it.
//!
//! ```
//! use sprague_engine::games::heap::HeapGame;
//! use sprague_engine::solve::heap::{find_period, grundy_value, NimSequence};
//! // Grundy's game, A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, ...
//! let values: Vec<u16> = (0..10).map(|n| grundy_value(n).unwrap()).collect();
//! assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
//! // Dawson's chess (0.137): period 34 from heap 52 on, proven by the Guy–Smith theorem.
//! let sequence = NimSequence::compute(&"0.137".parse::<HeapGame>().unwrap(), 300).unwrap();
//! let periodicity = find_period(&sequence).unwrap().expect("proven within 300 heaps");
//! assert_eq!((periodicity.period, periodicity.preperiod), (34, 52));
//! ```

pub mod misere;

mod mask;
mod naive;
mod period;
mod position;
mod ppos;
mod rules;
mod sequence;

pub use mask::best_mask;
pub use naive::{plain_values, plain_values_until};
pub use period::{PeriodError, Periodicity};
pub use position::{analyze, AnalysisError, DotMark, Outcome, PositionAnalysis, WinningMove};
pub use ppos::{
    p_positions, PPositionError, PPositions, ValueClass, MAX_PAIR_TOTAL, MAX_TRIPLE_TOTAL,
};
pub use sequence::{NimSequence, SequenceError, SequenceStats, MAX_SEQUENCE_LEN, MAX_VALUE};

use crate::games::heap::HeapGame;

/// The smallest period that the values computed so far prove, with its least preperiod; `Ok(None)` when
/// none is proven yet (compute more values and ask again).
pub fn find_period(sequence: &NimSequence) -> Result<Option<Periodicity>, PeriodError> {
    period::proven_period(sequence.game(), sequence.values())
}

/// The nim value of a single heap of `n` in Grundy's game (`4!.0`).
pub fn grundy_value(n: usize) -> Result<u16, SequenceError> {
    let sequence = NimSequence::compute(&HeapGame::grundy(), n.saturating_add(1))?;
    Ok(sequence.values()[n])
}
