//! Judging moves from values: the marks of a game review and the computer's choice of reply.

use serde::{Deserialize, Serialize};

use super::Value;
use crate::solve::heap::Outcome;

/// What a move was, judged from the outcomes before and after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveMark {
    /// It left the opponent a lost position.
    Winning,
    /// The mover had a win and left the opponent a won position.
    Mistake,
    /// Every move lost: the position before it was already lost.
    NoChoice,
}

impl MoveMark {
    /// The mark of a move from a position of outcome `before` to one of outcome `after` (each for the
    /// player to move there).
    pub fn of(before: Outcome, after: Outcome) -> MoveMark {
        match (before, after) {
            (_, Outcome::P) => MoveMark::Winning,
            (Outcome::N, Outcome::N) => MoveMark::Mistake,
            (Outcome::P, Outcome::N) => MoveMark::NoChoice,
        }
    }
}

/// The best move among moves leaving positions of `values` (by index): the fastest win when there is
/// one, otherwise the move that lasts longest. Ties go to the first. `None` when there is no move.
pub fn best_reply(values: &[Value]) -> Option<usize> {
    let fastest_win = (0..values.len())
        .filter(|&i| values[i].outcome == Outcome::P)
        .min_by_key(|&i| values[i].remoteness);
    fastest_win.or_else(|| {
        (0..values.len())
            .rev()
            .max_by_key(|&i| values[i].remoteness)
    })
}
