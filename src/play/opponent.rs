//! How the computer picks its move, from the solver's answer and its level: on a heap board, on a graph,
//! and (as an order of moves to try) in Sprouts. The random numbers come from the caller, so the choice
//! can be tested.

use super::board::{Board, BoardMove};
use super::move_values::board_move_values;
use super::setup::Level;
use crate::worker::protocol::PositionAnswer;

/// How often the strong level plays a random move instead of a winning one.
const STRONG_SLIP: f64 = 0.25;

/// Why the computer chose its move, to tell the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// One of its best moves: a move to a P-position, or, when it cannot win and the values are known,
    /// one after which the game lasts longest.
    Winning,
    /// The position is lost (or the level played at random): any legal move.
    Random,
}

/// The computer's move, or `None` when the board has no move. `random` yields numbers in `[0, 1)`.
/// `answer` is the solver's analysis of `board` (absent when it could not be computed in time).
pub fn choose_move(
    board: &Board,
    answer: Option<&PositionAnswer>,
    level: Level,
    random: impl FnMut() -> f64,
) -> Option<(BoardMove, Reason)> {
    let winning: Vec<BoardMove> = answer
        .map(|answer| winning_board_moves(board, answer))
        .unwrap_or_default();
    choose_among(&board.legal_moves(), &winning, level, random)
}

/// The computer's move among `legal` ones, knowing which are `winning` (empty when the position is lost or
/// was not solved), at its `level`; any game's page uses it. `random` yields numbers in `[0, 1)`.
pub fn choose_among<M: Copy>(
    legal: &[M],
    winning: &[M],
    level: Level,
    mut random: impl FnMut() -> f64,
) -> Option<(M, Reason)> {
    if legal.is_empty() {
        return None;
    }
    if plays_best(level, &mut random) && !winning.is_empty() {
        return Some((pick(winning, random()), Reason::Winning));
    }
    Some((pick(legal, random()), Reason::Random))
}

/// The computer's moves in the order it would try them, for a game where its first choice may not be
/// playable as drawn (a Sprouts curve with no room on the picture): its `best` moves (winning, or a
/// lookahead's best; empty when none is known) shuffled, else every `legal` move shuffled, at its
/// `level`. `Reason::Random` with `best` not empty means it slipped.
pub fn choice_order<M: Clone>(
    legal: &[M],
    best: &[M],
    level: Level,
    random: impl FnMut() -> f64,
) -> (Vec<M>, Reason) {
    choice_order_among(legal, best, &[], level, random)
}

/// [`choice_order`], a random move (a slip, the learner, or no best move) drawn among `any` when it
/// is not empty (Sprouts: the moves to positions whose values the worker knows, so that the next hint
/// answers at once), else among every `legal` move.
pub fn choice_order_among<M: Clone>(
    legal: &[M],
    best: &[M],
    any: &[M],
    level: Level,
    mut random: impl FnMut() -> f64,
) -> (Vec<M>, Reason) {
    let random_among = if any.is_empty() { legal } else { any };
    let (among, reason) = if plays_best(level, &mut random) && !best.is_empty() {
        (best, Reason::Winning)
    } else {
        (random_among, Reason::Random)
    };
    let mut order = among.to_vec();
    // Fisher–Yates: every order equally likely.
    for i in (1..order.len()).rev() {
        order.swap(i, index_for(random(), i + 1));
    }
    (order, reason)
}

/// Whether the computer plays its best move this time, at `level`.
fn plays_best(level: Level, random: &mut impl FnMut() -> f64) -> bool {
    match level {
        Level::Perfect => true,
        Level::Strong => random() >= STRONG_SLIP,
        Level::Learner => false,
    }
}

/// The solver's winning moves as moves on this board.
pub fn winning_board_moves(board: &Board, answer: &PositionAnswer) -> Vec<BoardMove> {
    let mut moves = Vec::new();
    for heap_move in &answer.winning_moves {
        let pieces: Vec<usize> = heap_move.pieces.iter().map(|&p| p as usize).collect();
        if let Some(mv) = board.move_for(heap_move.heap_index, &pieces) {
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
    }
    moves
}

/// The legal moves of `board` after which the game lasts longest with best play, from the answer's
/// move values (empty without them). Mirror moves leave the same heaps, so they are found alike.
pub fn lasting_board_moves(board: &Board, answer: &PositionAnswer) -> Vec<BoardMove> {
    let values = board_move_values(board, answer);
    let longest = values.iter().map(|v| v.after.remoteness).max();
    values
        .into_iter()
        .filter(|v| Some(v.after.remoteness) == longest)
        .map(|v| v.mv)
        .collect()
}

fn pick<M: Copy>(moves: &[M], random: f64) -> M {
    moves[index_for(random, moves.len())]
}

/// An index below `len` (> 0) from a number in `[0, 1)`.
fn index_for(random: f64, len: usize) -> usize {
    ((random * len as f64) as usize).min(len - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::setup::Rules;
    use crate::worker::protocol::{HeapMoveAnswer, Outcome};
    use wasm_bindgen_test::wasm_bindgen_test;

    fn answer(winning_moves: Vec<HeapMoveAnswer>) -> PositionAnswer {
        PositionAnswer {
            code: "4!.0".into(),
            heaps: vec![7],
            rules: Rules::Normal,
            outcome: if winning_moves.is_empty() {
                Outcome::P
            } else {
                Outcome::N
            },
            heap_values: vec![0],
            nimber: 0,
            winning_moves,
            genera: None,
            tame: None,
            method: String::new(),
            values: sprague_engine::solve::remoteness::RemotenessReport {
                remoteness: None,
                move_values: None,
                remoteness_note: None,
            },
            elapsed_ms: 0.0,
        }
    }

    #[wasm_bindgen_test]
    fn the_order_of_choice_is_a_shuffle_of_the_best_moves_or_of_all() {
        let (legal, best) = (['a', 'b', 'c', 'd'], ['b', 'd']);
        let sorted = |mut v: Vec<char>| {
            v.sort_unstable();
            v
        };
        for r in [0.0, 0.3, 0.6, 0.99] {
            let (order, why) = choice_order(&legal, &best, Level::Perfect, || r);
            assert_eq!((sorted(order), why), (vec!['b', 'd'], Reason::Winning));
            let (order, why) = choice_order(&legal, &best, Level::Learner, || r);
            assert_eq!((sorted(order), why), (legal.to_vec(), Reason::Random));
            // Nothing known to be best: any move.
            let (order, why) = choice_order(&legal, &[], Level::Perfect, || r);
            assert_eq!((sorted(order), why), (legal.to_vec(), Reason::Random));
        }
        // The strong level slips below the slip rate and plays best above it.
        assert_eq!(
            choice_order(&legal, &best, Level::Strong, || 0.1).1,
            Reason::Random
        );
        assert_eq!(
            choice_order(&legal, &best, Level::Strong, || 0.5).1,
            Reason::Winning
        );
        // Every first choice is reachable: the shuffle is not stuck on one order.
        let mut firsts: Vec<char> = (0..40)
            .map(|i| {
                let mut k = i;
                let mut random = move || {
                    k = (k * 7 + 3) % 40;
                    k as f64 / 40.0
                };
                choice_order(&legal, &[], Level::Perfect, &mut random).0[0]
            })
            .collect();
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts, legal.to_vec());
        assert_eq!(
            choice_order::<char>(&[], &[], Level::Perfect, || 0.5).0,
            vec![]
        );
    }

    #[wasm_bindgen_test]
    fn perfect_plays_the_winning_move_and_learner_may_not() {
        let board = Board::Piles(vec![7]);
        let win = answer(vec![HeapMoveAnswer {
            heap_index: 0,
            pieces: vec![2, 5],
        }]);
        let best = BoardMove::Split { pile: 0, top: 2 };
        for r in [0.0, 0.3, 0.99] {
            assert_eq!(
                choose_move(&board, Some(&win), Level::Perfect, || r),
                Some((best, Reason::Winning))
            );
        }
        // The learner picks among every legal move.
        let picks: Vec<_> = (0..6)
            .map(|i| (i as f64 + 0.5) / 6.0)
            .map(|r| {
                choose_move(&board, Some(&win), Level::Learner, || r)
                    .unwrap()
                    .0
            })
            .collect();
        assert_eq!(picks, board.legal_moves());
        // Without an answer the perfect level still moves, at random.
        assert_eq!(
            choose_move(&board, None, Level::Perfect, || 0.0).map(|(_, why)| why),
            Some(Reason::Random)
        );
        assert_eq!(
            choose_move(&Board::Piles(vec![2, 1]), None, Level::Perfect, || 0.0),
            None
        );
    }

    #[wasm_bindgen_test]
    fn lost_it_fights_with_the_longest_lasting_moves_mirror_moves_included() {
        use sprague_engine::games::heap::DotRow;
        use sprague_engine::solve::remoteness::HeapMoveValue;
        // A row of 12 dots; say the game lasts longest after leaving rows of 4 and 5, which dot 5 and
        // its mirror, dot 6, both do (marking dot i leaves i - 1 dots and 12 - i - 2).
        let board = Board::Dots(DotRow::new(12).unwrap());
        let move_values = (0..12)
            .map(|i: usize| {
                let mut result: Vec<usize> = [i.saturating_sub(1), 12usize.saturating_sub(i + 2)]
                    .into_iter()
                    .filter(|&h| h > 0)
                    .collect();
                result.sort_unstable();
                let remoteness = if result == [4, 5] { 9 } else { 3 };
                HeapMoveValue {
                    heap_index: 0,
                    removed: 12 - result.iter().sum::<usize>(),
                    pieces: result.clone(),
                    result,
                    outcome: Outcome::N,
                    remoteness,
                }
            })
            .collect();
        let mut lost = answer(vec![]);
        lost.values.move_values = Some(move_values);
        assert_eq!(
            lasting_board_moves(&board, &lost),
            vec![BoardMove::Mark(5), BoardMove::Mark(6)]
        );
        // Without values, nothing is known to last.
        assert!(lasting_board_moves(&board, &answer(vec![])).is_empty());
    }
}
