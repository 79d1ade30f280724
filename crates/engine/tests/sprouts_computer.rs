//! The computer's preference among its Sprouts moves (`prefer`) and the facts it prefers them by
//! (`child_facts`), against an independent brute force (tests/common/sprouts_brute.rs) with a
//! remoteness of its own written here: plain minimax on whole positions, Winning Ways' rule.

use crate::common;

use std::collections::HashMap;

use common::sprouts_brute::{random_game_states, State};
use common::Rng;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    child_facts, known_outcome, prefer, Base, ChildFacts, Preferred, KNOWN_NODES,
};

/// Brute force: is `state` lost for the player to move, and its remoteness (Winning Ways: no move
/// is 0; a lost position lasts 1 + its longest child, a won one 1 + its shortest lost child).
fn brute(state: &State, misere: bool, memo: &mut HashMap<Vec<u8>, (bool, u32)>) -> (bool, u32) {
    let key = state.key();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let children = state.children();
    let value = if children.is_empty() {
        // Normal play: who cannot move loses; misère: wins.
        (!misere, 0)
    } else {
        let values: Vec<(bool, u32)> = children.iter().map(|c| brute(c, misere, memo)).collect();
        let quickest_win = values
            .iter()
            .filter(|(lost, _)| *lost)
            .map(|(_, r)| *r)
            .min();
        match quickest_win {
            Some(r) => (false, r + 1),
            None => (true, 1 + values.iter().map(|(_, r)| *r).max().unwrap()),
        }
    };
    memo.insert(key, value);
    value
}

/// Positions to try: the small starts and positions of random games from 5 and 6 spots.
fn positions() -> Vec<Position> {
    let mut rng = Rng(0x5eed_cafe);
    let mut positions: Vec<Position> = (2..=4).map(|n| Position::start(n).unwrap()).collect();
    for state in random_game_states(&mut rng, 24) {
        let position: Position = state.notation().parse().unwrap();
        if !position.children().is_empty() {
            positions.push(position);
        }
    }
    positions
}

/// The brute force's facts of `position`'s children: whether moving there wins, the remoteness, and
/// "known" as `known` says.
fn brute_facts(
    position: &Position,
    misere: bool,
    memo: &mut HashMap<Vec<u8>, (bool, u32)>,
    mut known: impl FnMut(usize) -> bool,
) -> Vec<ChildFacts> {
    position
        .children()
        .iter()
        .enumerate()
        .map(|(i, child)| {
            let (lost, remoteness) = brute(&State::parse(&child.to_string()), misere, memo);
            ChildFacts {
                wins: Some(lost),
                known: known(i),
                remoteness: Some(remoteness),
            }
        })
        .collect()
}

#[test]
fn the_preference_plays_winning_moves_known_first_and_when_lost_the_longest_lasting_known_ones() {
    let mut rng = Rng(0x0dd_ba11);
    let (mut won, mut lost_seen) = (0, 0);
    for misere in [false, true] {
        let mut memo = HashMap::new();
        for position in positions() {
            // Known: some moves at random (none, some or all), as the worker's test might find.
            let share = rng.below(3);
            let facts = brute_facts(&position, misere, &mut memo, |_| match share {
                0 => false,
                1 => rng.below(2) == 0,
                _ => true,
            });
            let pref = prefer(&facts);
            let known: Vec<usize> = (0..facts.len()).filter(|&i| facts[i].known).collect();
            let all: Vec<usize> = (0..facts.len()).collect();
            // The random draw: among the known moves, else any.
            assert_eq!(
                pref.any,
                if known.is_empty() {
                    all.clone()
                } else {
                    known.clone()
                }
            );
            let winning: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&i| facts[i].wins == Some(true))
                .collect();
            let (lost_here, _) = brute(&State::parse(&position.to_string()), misere, &mut memo);
            assert_eq!(lost_here, winning.is_empty(), "{position}");
            if !winning.is_empty() {
                won += 1;
                let known_winning: Vec<usize> = winning
                    .iter()
                    .copied()
                    .filter(|&i| facts[i].known)
                    .collect();
                let expected = if known_winning.is_empty() {
                    winning
                } else {
                    known_winning.clone()
                };
                assert_eq!(pref.best, expected, "{position}");
                assert_eq!(
                    pref.why,
                    Preferred::Winning {
                        known: !known_winning.is_empty()
                    }
                );
            } else {
                lost_seen += 1;
                let tier = if known.is_empty() {
                    all.clone()
                } else {
                    known.clone()
                };
                let longest = tier
                    .iter()
                    .map(|&i| facts[i].remoteness.unwrap())
                    .max()
                    .unwrap();
                let expected: Vec<usize> = tier
                    .iter()
                    .copied()
                    .filter(|&i| facts[i].remoteness == Some(longest))
                    .collect();
                assert_eq!(pref.best, expected, "{position}");
                assert_eq!(
                    pref.why,
                    Preferred::Lasting {
                        known: !known.is_empty(),
                        remoteness: Some(longest)
                    }
                );
                // Nothing in the tier lasts longer (and a known move is never passed over for an
                // unknown one that lasts longer).
                for &i in &pref.best {
                    assert!(known.is_empty() || facts[i].known);
                }
            }
        }
    }
    assert!(
        won > 5 && lost_seen > 5,
        "won {won}, lost {lost_seen}: both kinds tried"
    );
}

#[test]
fn without_every_remoteness_a_lost_position_keeps_to_known_moves_unranked_and_unknown_prefers_nothing(
) {
    let facts = |known: [bool; 3], remoteness: [Option<u32>; 3]| -> Vec<ChildFacts> {
        (0..3)
            .map(|i| ChildFacts {
                wins: Some(false),
                known: known[i],
                remoteness: remoteness[i],
            })
            .collect()
    };
    let pref = prefer(&facts([true, false, true], [Some(3), Some(9), None]));
    assert_eq!(pref.best, vec![0, 2]);
    assert_eq!(
        pref.why,
        Preferred::Lasting {
            known: true,
            remoteness: None
        }
    );
    // The unknown move lasts longer, but a known one is played.
    let pref = prefer(&facts([true, false, true], [Some(3), Some(9), Some(5)]));
    assert_eq!(pref.best, vec![2]);
    // Not every move settled and none winning: no preference; the draw is still among known moves.
    let mut open = facts([false, true, false], [None, None, None]);
    open[0].wins = None;
    let pref = prefer(&open);
    assert_eq!(
        (pref.best, pref.why, pref.any),
        (vec![], Preferred::Unknown, vec![1])
    );
    assert_eq!(prefer(&[]).best, Vec::<usize>::new());
}

#[test]
fn the_facts_agree_with_the_brute_force_and_small_games_are_known() {
    let (mut known, mut ranked) = (0, 0);
    for misere in [false, true] {
        let mut memo = HashMap::new();
        for position in positions() {
            let children = position.children();
            let (facts, mut base, mut forms) = child_facts(
                &children,
                &vec![None; children.len()],
                misere,
                Base::new(),
                None,
            );
            let brute_facts = brute_facts(&position, misere, &mut memo, |_| true);
            assert_eq!(facts.len(), children.len());
            for (i, (fact, truth)) in facts.iter().zip(&brute_facts).enumerate() {
                let child = &children[i];
                known += usize::from(fact.known);
                ranked += usize::from(fact.remoteness.is_some());
                // Whatever it settled agrees; a known move is settled.
                if fact.wins.is_some() {
                    assert_eq!(
                        fact.wins, truth.wins,
                        "{position} -> {child}, misère {misere}"
                    );
                }
                assert!(!fact.known || fact.wins.is_some(), "{position} -> {child}");
                if let Some(r) = fact.remoteness {
                    assert_eq!(
                        Some(r),
                        truth.remoteness,
                        "{position} -> {child}, misère {misere}"
                    );
                }
            }
            // Known means the hint there now answers within KNOWN_NODES over what the search
            // leaves (a move made known by a later round too), with the brute force's value.
            for (child, fact) in children.iter().zip(&facts).filter(|(_, f)| f.known) {
                let (lost, b, f) = known_outcome(child, misere, base, forms, KNOWN_NODES);
                (base, forms) = (b, f);
                assert_eq!(lost, fact.wins, "{position} -> {child}, misère {misere}");
            }
            // A game of at most 6 lives (2 spots) has a few dozen positions: every move is known
            // (even from an empty base), and when the position is lost every remoteness is found.
            if position.lives() <= 6 {
                assert!(facts.iter().all(|f| f.known), "{position}, misère {misere}");
                if facts.iter().all(|f| f.wins == Some(false)) {
                    assert!(facts.iter().all(|f| f.remoteness.is_some()), "{position}");
                }
            }
        }
    }
    eprintln!("{known} moves known, {ranked} with their remoteness");
    assert!(
        known > 100 && ranked > 20,
        "{known} known, {ranked} ranked: the comparisons ran"
    );
}
