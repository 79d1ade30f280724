//! Heap games as sums of heaps: remoteness of positions and the value of every move.

use serde::{Deserialize, Serialize};

use crate::solve::heap::Outcome;

use crate::games::heap::HeapGame;
use crate::solve::heap::WinningMove;

use super::{RemotenessReport, RemotenessSearch, SumGame, Unfinished, Value};

/// A heap game, its parts the heaps.
pub struct HeapParts(pub HeapGame);

impl SumGame for HeapParts {
    type Part = usize;

    fn options(&self, heap: &usize) -> Vec<Vec<usize>> {
        self.0.options(*heap)
    }

    fn has_moves(&self, heap: &usize) -> bool {
        self.0.has_move(*heap)
    }

    fn min_moves(&self, heaps: &[usize]) -> u64 {
        self.0.min_moves(heaps)
    }
}

/// One legal move of a heap position and the value of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapMoveValue {
    /// The heap played in (index into the position's heaps), the tokens removed and the heaps left.
    pub heap_index: usize,
    pub removed: usize,
    pub pieces: Vec<usize>,
    /// The whole position after the move.
    pub result: Vec<usize>,
    /// The position after the move, for the player then to move: who wins it, and in how many moves
    /// the game then ends (flat fields, as the JSON reads: the worker's messages cannot flatten).
    pub outcome: Outcome,
    pub remoteness: u32,
}

impl HeapMoveValue {
    pub fn value(&self) -> Value {
        Value {
            outcome: self.outcome,
            remoteness: self.remoteness,
        }
    }
}

impl RemotenessSearch<HeapParts> {
    pub fn heaps(game: HeapGame, misere: bool) -> Self {
        RemotenessSearch::new(HeapParts(game), misere)
    }

    /// Every legal move of `heaps` (a move on each of two equal heaps counts twice), in the order of
    /// the heaps and then of [`HeapGame::moves`], with the value of the position it leaves. The budget
    /// counts new positions over the whole list.
    pub fn move_values(
        &mut self,
        heaps: &[usize],
        max_nodes: u64,
        go_on: &mut impl FnMut() -> bool,
    ) -> Result<Vec<HeapMoveValue>, Unfinished> {
        let mut values = Vec::new();
        let mut left = max_nodes;
        for (heap_index, &heap) in heaps.iter().enumerate() {
            for heap_move in self.game().0.moves(heap) {
                let result = WinningMove::position_after(heaps, heap_index, &heap_move);
                let value = self.value_while(&result, left, go_on)?;
                left -= self.spent;
                values.push(HeapMoveValue {
                    heap_index,
                    removed: heap_move.removed,
                    pieces: heap_move.pieces,
                    result,
                    outcome: value.outcome,
                    remoteness: value.remoteness,
                });
            }
        }
        Ok(values)
    }

    /// The remoteness of `heaps` and every move's value, valuing at most `max_nodes` new positions and
    /// asking `go_on` now and then.
    pub fn report(
        &mut self,
        heaps: &[usize],
        max_nodes: u64,
        mut go_on: impl FnMut() -> bool,
    ) -> RemotenessReport<HeapMoveValue> {
        let value = self.value_while(heaps, max_nodes, &mut go_on);
        let left = max_nodes - self.spent;
        RemotenessReport::new(value, || self.move_values(heaps, left, &mut go_on))
    }
}
