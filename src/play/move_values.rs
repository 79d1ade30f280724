//! Every legal move of a heap board with the value of the position it leaves, from the solver's move
//! values (which list a heap move once; two mirror dots leave the same heaps, so both get its value).

use super::board::{Board, BoardMove};
use crate::worker::protocol::PositionAnswer;
use sprague_engine::solve::heap::Outcome;
use sprague_engine::solve::remoteness::Value;

/// A board move and the value of the position after it, for the player then to move: a move is winning
/// when that is `Outcome::P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMoveValue {
    pub mv: BoardMove,
    pub after: Value,
}

impl BoardMoveValue {
    pub fn wins(&self) -> bool {
        self.after.outcome == Outcome::P
    }
}

/// The value of every legal move of `board`, in the board's order; empty when the answer has no move
/// values (its search passed its budget).
pub fn board_move_values(board: &Board, answer: &PositionAnswer) -> Vec<BoardMoveValue> {
    let Some(values) = &answer.values.move_values else {
        return Vec::new();
    };
    let sorted = |heaps: &[usize]| {
        let mut heaps: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        heaps
    };
    board
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut after = board.clone();
            after.play(mv).ok()?;
            let heaps = sorted(&after.heaps());
            let value = values.iter().find(|m| sorted(&m.result) == heaps)?;
            Some(BoardMoveValue {
                mv,
                after: value.value(),
            })
        })
        .collect()
}
