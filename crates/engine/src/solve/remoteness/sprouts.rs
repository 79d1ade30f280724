//! Sprouts as sums of lands (the independent parts of a position): remoteness of positions and the value
//! of every move. Only small positions are within a budget: the nimber of a land here is a plain search
//! of its game tree, not the Sprouts solver's.

use serde::{Deserialize, Serialize};

use crate::games::sprouts::{Land, Position};
use crate::solve::heap::Outcome;

use super::{RemotenessReport, RemotenessSearch, SumGame, Unfinished, Value};

/// Sprouts, its parts the lands.
pub struct SproutsParts;

impl SumGame for SproutsParts {
    type Part = Land;

    fn options(&self, land: &Land) -> Vec<Vec<Land>> {
        land.children()
    }
}

/// One move (each distinct child position once) and the value of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SproutsMoveValue {
    /// The position after the move, canonical, in GLOP notation.
    pub child: String,
    /// Who wins it (the player then to move) and in how many moves the game then ends.
    pub outcome: Outcome,
    pub remoteness: u32,
}

impl SproutsMoveValue {
    pub fn value(&self) -> Value {
        Value {
            outcome: self.outcome,
            remoteness: self.remoteness,
        }
    }
}

impl RemotenessSearch<SproutsParts> {
    pub fn sprouts(misere: bool) -> Self {
        RemotenessSearch::new(SproutsParts, misere)
    }

    /// Every distinct child of `position` with its value. The budget counts new positions over the whole
    /// list.
    pub fn move_values(
        &mut self,
        position: &Position,
        max_nodes: u64,
        go_on: &mut impl FnMut() -> bool,
    ) -> Result<Vec<SproutsMoveValue>, Unfinished> {
        let mut values = Vec::new();
        let mut left = max_nodes;
        for child in position.children() {
            let value = self.value_while(child.lands(), left, go_on)?;
            left -= self.spent;
            values.push(SproutsMoveValue {
                child: child.to_string(),
                outcome: value.outcome,
                remoteness: value.remoteness,
            });
        }
        Ok(values)
    }

    /// The remoteness of `position` and every move's value, valuing at most `max_nodes` new positions and
    /// asking `go_on` now and then.
    pub fn report(
        &mut self,
        position: &Position,
        max_nodes: u64,
        mut go_on: impl FnMut() -> bool,
    ) -> RemotenessReport<SproutsMoveValue> {
        let value = self.value_while(position.lands(), max_nodes, &mut go_on);
        let left = max_nodes - self.spent;
        RemotenessReport::new(value, || self.move_values(position, left, &mut go_on))
    }
}
