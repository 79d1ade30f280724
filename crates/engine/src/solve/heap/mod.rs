//! Solving heap games in normal play: nim sequences (rare/common method), proven periods, values and
//! winning moves of positions, P-positions.

mod mask;
mod naive;
mod period;
mod position;
mod ppos;
mod rules;
mod sequence;

pub use mask::best_mask;
pub use naive::plain_values;
pub use period::{find_period, PeriodError, Periodicity};
pub use position::{analyze, AnalysisError, DotMark, Outcome, PositionAnalysis, WinningMove};
pub use ppos::{
    p_positions, PPositionError, PPositions, ValueClass, MAX_PAIR_TOTAL, MAX_TRIPLE_TOTAL,
};
pub use sequence::{NimSequence, SequenceError, SequenceStats, MAX_SEQUENCE_LEN, MAX_VALUE};

use crate::games::heap::HeapGame;

/// The nim value of a single heap of `n` in Grundy's game (`4!.0`).
pub fn grundy_value(n: usize) -> Result<u16, SequenceError> {
    let sequence = NimSequence::compute(&HeapGame::grundy(), n.saturating_add(1))?;
    Ok(sequence.values()[n])
}
