//! What is asked of a position and the order it is answered in — the outcome first (a winning
//! move comes with it), then the nimber, then every winning move, all over one base — written once
//! for the CLI, the Python package and any other caller.

use crate::games::sprouts::Position;

use super::base::Base;
use super::parallel::{Cancelled, Control, Solver};

/// What is asked besides the outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Questions {
    /// The normal-play nimber (also with a misère method: a nimber is a normal-play value).
    pub nimber: bool,
    /// Every winning move.
    pub winning_moves: bool,
}

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
    /// Answers `questions` on `position`, reading from and adding to `base`. A normal-play loss
    /// has nimber 0 and no winning move, known without more search.
    pub fn answer(
        &self,
        position: &Position,
        questions: Questions,
        base: &mut Base,
        control: &Control,
    ) -> Result<Answers, Cancelled> {
        let outcome = self.outcome(position, base, control)?;
        let normal_loss = outcome.losing && !self.method().is_misere();
        let nimber = match (questions.nimber, normal_loss) {
            (false, _) => None,
            (true, true) => Some(0),
            (true, false) => Some(self.nimber(position, base, control)?),
        };
        let winning_moves = match (questions.winning_moves, outcome.losing) {
            (false, _) => None,
            (true, true) => Some(Vec::new()),
            (true, false) => Some(self.analyze(position, base, control)?.winning_moves),
        };
        Ok(Answers {
            losing: outcome.losing,
            winning_move: outcome.winning_move,
            nimber,
            winning_moves,
        })
    }
}
