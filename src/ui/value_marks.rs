//! "Show values": how one legal move is marked — green when it wins, red when it loses — on a board with
//! how long the game then lasts, in words a child reads; in a list of moves (Sprouts) with its verdict in
//! words.

use crate::play::move_values::BoardMoveValue;

/// The marks of one move on the board.
pub struct ValueMarks {
    /// `wins` or `loses`, for the colour.
    pub class: &'static str,
    /// The tooltip.
    pub title: String,
    /// `P` or `N`: the position after the move, for the player then to move (for tests and tools).
    pub after: &'static str,
    /// Moves left after this one with best play.
    pub remoteness: String,
}

/// The marks of a board move.
pub fn board_value_marks(value: &BoardMoveValue) -> ValueMarks {
    value_marks(value.wins(), value.after.remoteness)
}

/// The marks of a move that `wins` (leaves a lost position) or not, after which the game lasts `left`
/// more moves.
pub fn value_marks(wins: bool, left: u32) -> ValueMarks {
    let moves = if left == 1 { "move" } else { "moves" };
    let (class, title, after) = if wins {
        let title = if left == 0 {
            "Wins: the other player cannot move.".to_string()
        } else {
            format!("Wins: whatever they do, you can win. Then {left} more {moves} with best play.")
        };
        ("wins", title, "P")
    } else {
        let title = format!("Loses if they play well. Then {left} more {moves} with best play.");
        ("loses", title, "N")
    };
    ValueMarks {
        class,
        title,
        after,
        remoteness: left.to_string(),
    }
}

/// How a move of a list is marked when the solver may not have decided it: its class (the colour) and
/// the word shown — `wins`, `loses`, or `not decided` when the solver ran out of time on it.
pub fn win_mark(wins: Option<bool>) -> (&'static str, &'static str) {
    match wins {
        Some(true) => ("wins", "wins"),
        Some(false) => ("loses", "loses"),
        None => ("undecided", "not decided"),
    }
}
