//! A game's review, the same for every game: from the value of each position of the game (asked of the
//! solver, one position at a time), each move's mark — winning, a mistake, or no choice — with a move that
//! would have won where it was a mistake, and who was winning after each move. Nothing is guessed: a
//! position the solver did not decide leaves the moves next to it unmarked.

use super::setup::{Opponent, Side};
use super::turns;
use sprague_engine::solve::heap::Outcome;
pub use sprague_engine::solve::remoteness::MoveMark;

/// What the review knows of one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Not asked yet, or the answer is on its way.
    Waiting,
    /// The solver could not decide it (it says why).
    NotDecided(String),
    /// Its outcome for the player to move there, and how many moves the game then lasts with best play
    /// (when that was found); `better` names a winning move from it, for the review of a mistake made here.
    Known {
        outcome: Outcome,
        remoteness: Option<u32>,
        better: Option<String>,
    },
}

impl Judged {
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Judged::Known { outcome, .. } => Some(*outcome),
            _ => None,
        }
    }
}

/// One move of the game as the review shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewedMove {
    /// Who played it ("You", "Computer", "Player 1"…).
    pub who: &'static str,
    /// The move in words, as the move list shows it.
    pub text: String,
    /// `None` while either position next to it is not known.
    pub mark: Option<MoveMark>,
    /// For a mistake: a move that would have won instead.
    pub better: Option<String>,
    /// Who was winning after the move (with best play from there), when known.
    pub leader: Option<&'static str>,
    /// How many moves the game then lasts with best play, when known.
    pub remoteness: Option<u32>,
}

/// The review of a game of `texts.len()` moves from `values`, the judgement of each position from the
/// start to the last (one more than the moves).
pub fn review(opponent: Opponent, texts: &[String], values: &[Judged]) -> Vec<ReviewedMove> {
    assert_eq!(values.len(), texts.len() + 1, "a value for every position");
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let (before, after) = (&values[i], &values[i + 1]);
            let mark = match (before.outcome(), after.outcome()) {
                (Some(before), Some(after)) => Some(MoveMark::of(before, after)),
                _ => None,
            };
            let better = match (mark, before) {
                (Some(MoveMark::Mistake), Judged::Known { better, .. }) => better.clone(),
                _ => None,
            };
            let (leader, remoteness) = match after {
                Judged::Known {
                    outcome,
                    remoteness,
                    ..
                } => (
                    Some(turns::name(opponent, winner_at(i + 1, *outcome))),
                    *remoteness,
                ),
                _ => (None, None),
            };
            ReviewedMove {
                who: turns::name(opponent, turns::side_to_move(i)),
                text: text.clone(),
                mark,
                better,
                leader,
                remoteness,
            }
        })
        .collect()
}

/// The side winning with best play after `moves_made` moves, when the player to move then has `outcome`.
fn winner_at(moves_made: usize, outcome: Outcome) -> Side {
    let to_move = turns::side_to_move(moves_made);
    match outcome {
        Outcome::N => to_move,
        Outcome::P => turns::other(to_move),
    }
}

/// The mark in a few words a 13-year-old reads, for the move list and its tooltip.
pub fn mark_words(mark: MoveMark, better: Option<&str>) -> String {
    match (mark, better) {
        (MoveMark::Winning, _) => "A winning move.".into(),
        (MoveMark::Mistake, Some(better)) => format!("A mistake: {better} would have won."),
        (MoveMark::Mistake, None) => "A mistake: another move would have won.".into(),
        (MoveMark::NoChoice, _) => "No choice: every move here loses against best play.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::setup::Level;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn known(outcome: Outcome, better: Option<&str>) -> Judged {
        Judged::Known {
            outcome,
            remoteness: None,
            better: better.map(str::to_string),
        }
    }

    /// Nim from one pile of 3 between two people, worked by hand: Player 1 takes 1 (a mistake: taking all 3
    /// wins), Player 2 takes the other 2 (winning); then a third move, from a lost position to a won one,
    /// is one with no choice.
    #[wasm_bindgen_test]
    fn marks_follow_the_outcomes_on_both_sides_of_each_move() {
        use Outcome::{N, P};
        let texts: Vec<String> = ["3 → 2", "2 → 0", "x"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Values of the positions 0..=3, for the player to move at each.
        let values = vec![
            known(N, Some("3 → 0")),
            known(N, Some("2 → 0")),
            known(P, None),
            known(N, None),
        ];
        let moves = review(Opponent::Human, &texts, &values);
        assert_eq!(moves[0].mark, Some(MoveMark::Mistake));
        assert_eq!(moves[0].better.as_deref(), Some("3 → 0"));
        assert_eq!(moves[0].leader, Some("Player 2"));
        assert_eq!(moves[1].mark, Some(MoveMark::Winning));
        assert_eq!(moves[1].leader, Some("Player 2"));
        assert_eq!(moves[2].mark, Some(MoveMark::NoChoice));
        assert_eq!(moves[2].who, "Player 1");
    }

    #[wasm_bindgen_test]
    fn a_position_not_decided_leaves_both_moves_next_to_it_unmarked() {
        let texts = vec!["a".to_string(), "b".to_string()];
        let values = vec![
            known(Outcome::N, None),
            Judged::NotDecided("budget".into()),
            known(Outcome::P, None),
        ];
        let moves = review(
            Opponent::Computer {
                moves_first: true,
                level: Level::Perfect,
            },
            &texts,
            &values,
        );
        assert_eq!((moves[0].mark, moves[1].mark), (None, None));
        assert_eq!(moves[0].leader, None);
        assert_eq!((moves[0].who, moves[1].who), ("Computer", "You"));
        assert_eq!(
            moves[1].leader,
            Some("You"),
            "P for the computer to move: you lead"
        );
    }
}
