//! Positions of heap games (several heaps): value, outcome and every winning move, with the moves also
//! expressed on the boards (dots for `0.137`, piles for Grundy's game).

use super::sequence::NimSequence;
use crate::games::heap::{dots, HeapGame, HeapMove, PileSplit};
use serde::{Deserialize, Serialize};

/// Who wins with perfect play: `N` the player to move, `P` the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    N,
    P,
}

/// A dot to mark in the independence game: dot `dot` (0-based, from the left) of component `component`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DotMark {
    pub component: usize,
    pub dot: usize,
}

/// A move to a P-position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinningMove {
    /// Which heap of the position (index into the given heaps) is played in, and its size.
    pub heap_index: usize,
    pub heap: usize,
    /// Tokens removed, and the heaps left in its place (ascending).
    pub removed: usize,
    pub pieces: Vec<usize>,
    /// The whole position after the move: the heap replaced by its pieces, the others unchanged.
    pub result: Vec<usize>,
    /// For `0.137`: the dot to mark (the leftmost one if two do the same).
    pub dots: Option<DotMark>,
    /// For Grundy's game: the pile split.
    pub pile_split: Option<PileSplit>,
}

impl WinningMove {
    /// The position after `heap_move` on heap `heap_index` of `heaps`.
    pub fn position_after(heaps: &[usize], heap_index: usize, heap_move: &HeapMove) -> Vec<usize> {
        let mut result = heaps[..heap_index].to_vec();
        result.extend(&heap_move.pieces);
        result.extend(&heaps[heap_index + 1..]);
        result
    }

    /// `heap_move` on heap `heap_index` of `heaps`, leaving `result`, with the dot it marks (0.137) or
    /// the pile split it is (Grundy's game) for the boards.
    pub fn new(
        game: &HeapGame,
        heaps: &[usize],
        heap_index: usize,
        heap_move: HeapMove,
        result: Vec<usize>,
    ) -> Self {
        let heap = heaps[heap_index];
        let dots = game.is_independence().then(|| DotMark {
            component: heap_index,
            dot: dots::offset_leaving(heap, &heap_move.pieces).expect("a 0.137 move is a dot"),
        });
        let pile_split = match heap_move.pieces[..] {
            [a, _] if game.is_grundy() => PileSplit::new(heap_index, heap, a),
            _ => None,
        };
        WinningMove {
            heap_index,
            heap,
            removed: heap_move.removed,
            pieces: heap_move.pieces,
            result,
            dots,
            pile_split,
        }
    }
}

/// Everything about one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionAnalysis {
    pub heaps: Vec<usize>,
    /// The value of each heap.
    pub heap_values: Vec<u16>,
    /// The XOR of the heap values.
    pub nimber: u16,
    pub outcome: Outcome,
    pub winning_moves: Vec<WinningMove>,
}

/// Why a position could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    #[error("heap {heap} is beyond the {len} values computed; extend the sequence to at least {}", .heap + 1)]
    SequenceTooShort { heap: usize, len: usize },
    #[error("the sequence is for `{sequence}`, not for `{game}`")]
    WrongGame { game: String, sequence: String },
}

/// Value, outcome and all winning moves of the position `heaps` of `game`, using `sequence` for the values
/// of single heaps (it must cover the largest heap). Heaps of size 0 are allowed and are empty.
pub fn analyze(
    game: &HeapGame,
    sequence: &NimSequence,
    heaps: &[usize],
) -> Result<PositionAnalysis, AnalysisError> {
    if sequence.game() != game {
        return Err(AnalysisError::WrongGame {
            game: game.to_string(),
            sequence: sequence.game().to_string(),
        });
    }
    let value = |heap: usize| {
        sequence.value(heap).ok_or(AnalysisError::SequenceTooShort {
            heap,
            len: sequence.len(),
        })
    };
    let heap_values = heaps
        .iter()
        .map(|&h| value(h))
        .collect::<Result<Vec<u16>, _>>()?;
    let nimber = heap_values.iter().fold(0, |x, &v| x ^ v);
    let mut winning_moves = Vec::new();
    if nimber != 0 {
        for (heap_index, &heap) in heaps.iter().enumerate() {
            // The heap must become pieces worth exactly this.
            let target = nimber ^ heap_values[heap_index];
            for heap_move in game.moves(heap) {
                let pieces_value = heap_move
                    .pieces
                    .iter()
                    .fold(0, |x, &p| x ^ sequence.values()[p]);
                if pieces_value != target {
                    continue;
                }
                let result = WinningMove::position_after(heaps, heap_index, &heap_move);
                winning_moves.push(WinningMove::new(game, heaps, heap_index, heap_move, result));
            }
        }
    }
    Ok(PositionAnalysis {
        heaps: heaps.to_vec(),
        heap_values,
        nimber,
        outcome: if nimber == 0 { Outcome::P } else { Outcome::N },
        winning_moves,
    })
}
