//! The question policy ([`super::policy`]) run by a [`Solver`]: the parts asked of a position, in
//! the policy's order, all over one base — written once for the CLI, the Python package and any
//! other caller.

use crate::games::sprouts::Position;

use super::base::Base;
use super::parallel::{Cancelled, Control, Solver};
use super::policy::{self, Part, Questions};

/// The answers to [`Questions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers {
    /// Lost for the player to move.
    pub losing: bool,
    /// The winning move the proof of the outcome named, if any.
    pub winning_move: Option<Position>,
    pub nimber: Option<u32>,
    /// Every winning move, in the order of [`Position::children`] (empty for a lost position).
    pub winning_moves: Option<Vec<Position>>,
}

impl Solver {
    /// Answers `questions` on `position`, reading from and adding to `base`: each part the policy
    /// asks for, in its order, skipping the search where the outcome settles a part.
    pub fn answer(
        &self,
        position: &Position,
        questions: Questions,
        base: &mut Base,
        control: &Control,
    ) -> Result<Answers, Cancelled> {
        let mut answers = Answers {
            losing: false,
            winning_move: None,
            nimber: None,
            winning_moves: None,
        };
        for part in policy::parts(questions) {
            match part {
                Part::Outcome => {
                    let outcome = self.outcome(position, base, control)?;
                    answers.losing = outcome.losing;
                    answers.winning_move = outcome.winning_move;
                }
                Part::WinningMoves => {
                    let moves = match policy::moves_known_from_outcome(answers.losing) {
                        Some(moves) => moves,
                        None => self.analyze(position, base, control)?.winning_moves,
                    };
                    answers.winning_moves = Some(moves);
                }
                Part::Nimber => {
                    let misere = self.method().is_misere();
                    let nimber = match policy::nimber_known_from_outcome(answers.losing, misere) {
                        Some(nimber) => nimber,
                        None => self.nimber(position, base, control)?,
                    };
                    answers.nimber = Some(nimber);
                }
            }
        }
        Ok(answers)
    }
}
