//! Turns, shared by every game: whose move it is after some moves, whether that is the computer, who won
//! when no move is left, and what to call each side.

use super::setup::{Opponent, Rules, Side};

/// The side to move after `moves_made` moves.
pub fn side_to_move(moves_made: usize) -> Side {
    if moves_made.is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    }
}

pub fn other(side: Side) -> Side {
    match side {
        Side::First => Side::Second,
        Side::Second => Side::First,
    }
}

/// Whether `side` is played by the computer.
pub fn is_computer(opponent: Opponent, side: Side) -> bool {
    matches!(opponent, Opponent::Computer { moves_first, .. } if moves_first == (side == Side::First))
}

/// The winner of a finished game in which `stuck` is to move and cannot: in normal play the other side
/// (who moved last), in misère play `stuck` itself.
pub fn winner(rules: Rules, stuck: Side) -> Side {
    match rules {
        Rules::Normal => other(stuck),
        Rules::Misere => stuck,
    }
}

/// "You", "Computer", "Player 1" or "Player 2".
pub fn name(opponent: Opponent, side: Side) -> &'static str {
    match (opponent, side) {
        (Opponent::Human, Side::First) => "Player 1",
        (Opponent::Human, Side::Second) => "Player 2",
        (opponent, side) if is_computer(opponent, side) => "Computer",
        _ => "You",
    }
}

/// The status line's classes once the game is over and `winner` won: `won` when a person beat the
/// computer, `lost` when the computer won (so that no winning green greets a loss), plain between two
/// people.
pub fn over_classes(opponent: Opponent, winner: Side) -> &'static str {
    match (opponent, name(opponent, winner)) {
        (Opponent::Human, _) => "over",
        (_, "Computer") => "over lost",
        _ => "over won",
    }
}

/// The status line of a game: whose turn, or who won and why.
pub fn status(
    rules: Rules,
    opponent: Opponent,
    moves_made: usize,
    over: bool,
    busy: bool,
) -> String {
    let to_move = side_to_move(moves_made);
    if over {
        let winner = winner(rules, to_move);
        let (who, loser) = (name(opponent, winner), name(opponent, other(winner)));
        let wins = match who {
            "You" => "You win".to_string(),
            "Computer" => "The computer wins".to_string(),
            player => format!("{player} wins"),
        };
        let in_sentence = |who: &str| match who {
            "You" => "you".to_string(),
            "Computer" => "the computer".to_string(),
            player => player.to_string(),
        };
        return match rules {
            Rules::Normal => format!(
                "Game over: {wins} — {} made the last move.",
                in_sentence(who)
            ),
            Rules::Misere => format!(
                "Game over: {wins} — {} had to make the last move.",
                in_sentence(loser)
            ),
        };
    }
    match opponent {
        Opponent::Computer { .. } if is_computer(opponent, to_move) && busy => {
            "The computer is thinking…".into()
        }
        Opponent::Computer { .. } if is_computer(opponent, to_move) => {
            "The computer's turn.".into()
        }
        Opponent::Computer { .. } => "Your turn.".into(),
        Opponent::Human => format!("{} to move.", name(opponent, to_move)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::setup::Level;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_loss_to_the_computer_is_not_coloured_as_a_win() {
        let computer_second = Opponent::Computer {
            moves_first: false,
            level: Level::Perfect,
        };
        assert_eq!(over_classes(computer_second, Side::Second), "over lost");
        assert_eq!(over_classes(computer_second, Side::First), "over won");
        assert_eq!(over_classes(Opponent::Human, Side::Second), "over");
    }

    #[wasm_bindgen_test]
    fn who_moves_and_who_wins() {
        let computer_second = Opponent::Computer {
            moves_first: false,
            level: Level::Perfect,
        };
        assert!(!is_computer(computer_second, side_to_move(0)));
        assert!(is_computer(computer_second, side_to_move(1)));
        // One move made and the game over: the first player moved last.
        assert_eq!(
            status(Rules::Normal, computer_second, 1, true, false),
            "Game over: You win — you made the last move."
        );
        assert_eq!(
            status(Rules::Misere, computer_second, 1, true, false),
            "Game over: The computer wins — you had to make the last move."
        );
        assert_eq!(
            status(Rules::Normal, Opponent::Human, 3, false, false),
            "Player 2 to move."
        );
    }
}
