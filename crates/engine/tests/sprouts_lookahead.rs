//! The lookahead player (alpha-beta to a growing depth) against a plain minimax written here: whole
//! positions, children from the rules, no base, no land sums. With nothing solved on the side and an
//! empty base, its exact answers must be the minimax's; stopped early, a win it claims must be real.

use crate::common;
use sprague_engine::solve::sprouts::Search as _;

use std::collections::HashMap;

use common::Rng;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, Lookahead, Step, LOSS, WIN};

/// Is the position lost for the player to move? Plain minimax over the rules' children.
fn lost(position: &Position, misere: bool, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let children = position.children();
    let answer = if children.is_empty() {
        !misere
    } else {
        children.iter().all(|c| !lost(c, misere, memo))
    };
    memo.insert(position.clone(), answer);
    answer
}

/// Positions met along random games from the n-spot start.
fn sample(n: usize, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start(n).unwrap();
        loop {
            out.push(p.clone());
            let children = p.children();
            if children.is_empty() {
                break;
            }
            p = children[rng.below(children.len())].clone();
        }
    }
    out.sort();
    out.dedup();
    out
}

fn run_to_end(position: &Position, misere: bool) -> sprague_engine::solve::sprouts::Lookout {
    let mut search = Lookahead::new(position, misere, Base::new()).solving_up_to(0);
    loop {
        if let Step::Done(found) = search.step(1_000) {
            return found;
        }
    }
}

#[test]
fn exact_answers_match_minimax_from_four_spots() {
    for misere in [false, true] {
        let mut memo = HashMap::new();
        let positions = sample(4, 12, 0x5eed + misere as u64);
        assert!(positions.len() > 50, "a broad sample: {}", positions.len());
        for position in &positions {
            let found = run_to_end(position, misere);
            assert!(found.exact, "{position}");
            let children = position.children();
            if children.is_empty() {
                continue;
            }
            let expected_lost = lost(position, misere, &mut memo);
            assert_eq!(
                found.score,
                if expected_lost { LOSS } else { WIN },
                "{position} misère={misere}"
            );
            // The best moves are winning ones (at least one; the search stops once the win is proven),
            // or every move when all lose.
            let winning: Vec<Position> = children
                .iter()
                .filter(|c| lost(c, misere, &mut memo))
                .cloned()
                .collect();
            assert!(!found.best_moves.is_empty(), "{position}");
            if winning.is_empty() {
                let (mut best, mut all) = (found.best_moves.clone(), children.clone());
                best.sort();
                all.sort();
                assert_eq!(best, all, "{position} misère={misere}");
            } else {
                for mv in &found.best_moves {
                    assert!(winning.contains(mv), "{mv} from {position} misère={misere}");
                }
            }
        }
    }
}

#[test]
fn a_win_claimed_early_is_real_and_moves_are_legal() {
    // From 5 spots, stopped after a few expansions: whatever it returns is a legal move, and a claimed
    // win (or loss) agrees with the minimax.
    let mut memo = HashMap::new();
    for position in sample(5, 3, 0xfeed).iter().step_by(3) {
        let children = position.children();
        if children.is_empty() {
            continue;
        }
        let mut search = Lookahead::new(position, false, Base::new()).solving_up_to(0);
        let mut steps = 0;
        while steps < 40 && matches!(search.step(5), Step::Running { .. }) {
            steps += 1;
        }
        let found = search.lookout().expect("one iteration is cheap").clone();
        assert!(!found.best_moves.is_empty());
        for mv in &found.best_moves {
            assert!(children.contains(mv), "{mv} is a move of {position}");
            if found.score == WIN {
                assert!(lost(mv, false, &mut memo), "{mv} was claimed to win");
            }
        }
        if found.score == LOSS {
            assert!(
                lost(position, false, &mut memo),
                "{position} was claimed lost"
            );
        }
    }
}

#[test]
fn solving_small_lands_on_the_side_changes_no_answer() {
    // With the default (small lands solved when met, base filled) the answers are the same.
    let mut memo = HashMap::new();
    for position in sample(4, 4, 0xabc).iter().step_by(2) {
        if position.children().is_empty() {
            continue;
        }
        let mut search = Lookahead::new(position, false, Base::new());
        let found = loop {
            if let Step::Done(found) = search.step(1_000) {
                break found;
            }
        };
        let expected = if lost(position, false, &mut memo) {
            LOSS
        } else {
            WIN
        };
        assert_eq!(found.score, expected, "{position}");
    }
}
