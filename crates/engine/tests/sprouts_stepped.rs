//! A Sprouts question answered in steps (`SteppedQuestion`), alone and with helpers settling
//! children and handing each other what they learn (as the web app's pool of workers does): the
//! answers are checked against an independent brute force (tests/common/sprouts_brute.rs) and
//! published values, and a pool's answer must be a single worker's.

use crate::common;
use sprague_engine::solve::sprouts::Search as _;

use common::sprouts_brute::{Brute, State};
use common::stepped_pool::run_pool;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{helper_share, Base, Budgets, SteppedAnswer, SteppedQuestion};
use std::cell::Cell;
use std::rc::Rc;

/// A clock that never moves: no budget of time runs out.
fn still() -> Box<dyn Fn() -> f64> {
    Box::new(|| 0.0)
}

fn question(position: &Position, misere: bool) -> SteppedQuestion {
    let base = Base::new();
    SteppedQuestion::new(
        position.clone(),
        misere,
        base,
        None,
        Budgets::default(),
        still(),
    )
}

fn run(question: &mut SteppedQuestion) {
    while !question.is_done() {
        question.step();
    }
}

fn alone(position: &Position, misere: bool) -> SteppedAnswer {
    let mut one = question(position, misere);
    run(&mut one);
    one.finish().0.expect("the value is known")
}

/// The first worker with `parts - 1` helpers (see [`run_pool`]), news every `every` steps. Returns
/// the answer, how many entries were handed over, and how many of them were misère states on forms
/// (each worker numbers its forms itself).
fn pooled(
    position: &Position,
    misere: bool,
    parts: usize,
    every: u64,
) -> (SteppedAnswer, usize, usize) {
    let helpers = (1..parts)
        .map(|part| SteppedQuestion::helping(question(position, misere), part, parts).unwrap())
        .collect();
    let run = run_pool(question(position, misere), helpers, every);
    let answer = run.first.finish().0.expect("the value is known");
    (answer, run.handed, run.states)
}

/// Whether moving to each child wins, by the brute force.
fn brute_marks(position: &Position, misere: bool, brute: &mut Brute) -> Vec<Option<bool>> {
    position
        .children()
        .iter()
        .map(|child| {
            let (nimber, misere_losing) = brute.solve(&State::parse(&child.to_string()));
            Some(if misere { misere_losing } else { nimber == 0 })
        })
        .collect()
}

fn marks(answer: &SteppedAnswer) -> Vec<Option<bool>> {
    answer.children.iter().map(|(_, wins)| *wins).collect()
}

#[test]
fn the_helpers_shares_cover_every_child_once_from_the_last() {
    assert_eq!(helper_share(7, 1, 2), [6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(helper_share(7, 1, 3), [6, 4, 2, 0]);
    assert_eq!(helper_share(7, 2, 3), [5, 3, 1]);
    for parts in 2..6 {
        for n in 0..12 {
            let mut all: Vec<usize> = (1..parts).flat_map(|p| helper_share(n, p, parts)).collect();
            all.sort_unstable();
            assert_eq!(
                all,
                (0..n).collect::<Vec<_>>(),
                "{n} children, {parts} workers"
            );
        }
    }
}

#[test]
fn alone_and_pooled_the_marks_are_the_brute_forces_on_every_4_spot_position() {
    let mut brute = Brute::default();
    let positions: Vec<Position> = common::reachable(4).into_iter().collect();
    assert!(positions.len() > 100);
    for (i, position) in positions.iter().enumerate() {
        if position.children().is_empty() {
            continue;
        }
        for misere in [false, true] {
            let what = format!("{position} misère {misere}");
            let expected = brute_marks(position, misere, &mut brute);
            let one = alone(position, misere);
            assert_eq!(marks(&one), expected, "{what}, alone");
            assert_eq!(one.losing, !expected.contains(&Some(true)), "{what}");
            assert_eq!(one.workers, 1);
            // A sample with helpers: 2 to 4 workers, news every step or every few.
            if i % 5 == 0 {
                let (parts, every) = (2 + i % 3, 1 + i as u64 % 4);
                let (pool, _, _) = pooled(position, misere, parts, every);
                assert_eq!(marks(&pool), expected, "{what}, {parts} workers");
                assert_eq!(
                    (pool.losing, pool.nimber),
                    (one.losing, one.nimber),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn a_pool_answers_as_one_worker_does_on_the_starts() {
    // Published: normal n spots is lost when n mod 6 is 0, 1 or 2 (nimbers 0 0 1 1 1 0 for 1–6);
    // misère 1–7 spots: N P P P N N P (Lemoine–Viennot).
    for (spots, misere, lost, nimber) in [
        (4, false, false, Some(1)),
        (5, false, false, Some(1)),
        (6, false, true, Some(0)),
        (4, true, true, None),
        (5, true, false, None),
        (6, true, false, None),
        (7, true, true, None),
    ] {
        let position = Position::start(spots).unwrap();
        let one = alone(&position, misere);
        assert_eq!(
            (one.losing, one.nimber),
            (lost, nimber),
            "{spots} spots misère {misere}"
        );
        for (parts, every) in [(2, 1), (2, 7), (3, 3), (4, 1)] {
            let (pool, handed, states) = pooled(&position, misere, parts, every);
            let what = format!("{spots} spots misère {misere}, {parts} workers");
            assert_eq!(
                (pool.losing, pool.nimber),
                (one.losing, one.nimber),
                "{what}"
            );
            assert_eq!(pool.children, one.children, "{what}");
            // A lost position's children are all won without a search: it may end before any news.
            assert!(pool.workers > 1 || lost, "{what}: the helpers were heard");
            assert!(
                handed > 0 || lost,
                "{what}: learned entries were handed over"
            );
            // From 6 spots on, the searches on forms decide states with small lands.
            assert!(
                states > 0 || lost || !misere || spots < 6,
                "{what}: states on forms were handed over"
            );
        }
    }
}

#[test]
fn a_losing_child_found_by_a_helper_proves_the_position_won() {
    let position = Position::start(5).unwrap();
    let mut helper = SteppedQuestion::helping(question(&position, false), 1, 2).unwrap();
    run(&mut helper);
    assert!(helper.settled().iter().any(|&(_, wins)| wins));
    // Before the first worker searched anything: the position's value comes from the news.
    let mut first = question(&position, false);
    first.hear(1, helper.settled(), helper.progress().nodes);
    assert!(first.knows_winning_move());
    run(&mut first);
    let answer = first.finish().0.unwrap();
    assert!(!answer.losing);
    assert!(answer.children.iter().all(|(_, wins)| wins.is_some()));
}

#[test]
fn every_child_found_won_by_helpers_proves_the_position_lost() {
    // Normal 6 spots and misère 4 spots are lost for the player to move.
    for (spots, misere) in [(6, false), (4, true)] {
        let position = Position::start(spots).unwrap();
        let mut first = question(&position, misere);
        let settled: Vec<Vec<(String, bool)>> = (1..3)
            .map(|part| {
                let mut helper =
                    SteppedQuestion::helping(question(&position, misere), part, 3).unwrap();
                run(&mut helper);
                helper.settled()
            })
            .collect();
        first.hear(1, settled[0].clone(), 1);
        assert!(
            !first.is_done(),
            "{spots}: half of the children prove nothing"
        );
        first.hear(2, settled[1].clone(), 1);
        assert!(first.is_done(), "{spots}: every child is won");
        let (answer, _, _) = first.finish();
        let answer = answer.expect("the value is known");
        assert!(answer.losing, "{spots}");
        assert_eq!(answer.workers, 3);
    }
}

#[test]
fn news_that_are_not_a_helpers_or_not_about_a_child_prove_nothing() {
    let position = Position::start(3).unwrap();
    let mut first = question(&position, false);
    let claim = vec![("0*9".to_string(), true)];
    first.hear(0, claim.clone(), 5); // part 0 is the first worker itself
    assert_eq!(first.progress().nodes, 0);
    first.hear(1, claim, 5); // a helper's, but not a child of this position
    assert!(!first.knows_winning_move() && !first.is_done());
    run(&mut first);
    let answer = first.finish().0.unwrap();
    assert_eq!(
        (answer.losing, answer.nimber),
        (false, Some(1)),
        "published: 3 spots is *1"
    );
}

#[test]
fn once_a_winning_move_is_known_the_search_for_more_stops_on_time() {
    // A clock that moves a second per reading: the children's full pass stops once a winning move
    // is known, and what was settled agrees with the complete answer.
    let position: Position = "0*6.1a1a".parse().unwrap(); // a move from 8 spots (lost): won
    let complete = alone(&position, false);
    let seconds = Rc::new(Cell::new(0.0));
    let clock = {
        let seconds = seconds.clone();
        Box::new(move || {
            seconds.set(seconds.get() + 1_000.0);
            seconds.get()
        })
    };
    let budgets = Budgets {
        quick_child_nodes: 0,
        ..Budgets::default()
    };
    let mut timed = SteppedQuestion::new(position, false, Base::new(), None, budgets, clock);
    run(&mut timed);
    let answer = timed.finish().0.unwrap();
    assert_eq!(answer.losing, complete.losing);
    let unsettled = answer
        .children
        .iter()
        .filter(|(_, wins)| wins.is_none())
        .count();
    assert!(unsettled > 0, "the search for more winning moves stopped");
    assert!(answer.children.iter().any(|(_, wins)| *wins == Some(true)));
    for ((child, wins), (_, full)) in answer.children.iter().zip(&complete.children) {
        if wins.is_some() {
            assert_eq!(wins, full, "{child}");
        }
    }
}

#[test]
fn the_first_winning_move_comes_from_the_proof_of_the_value() {
    // Proving a won position's value stores a losing child: the computer's question (one winning
    // move) needs no search beyond that proof.
    use sprague_engine::solve::sprouts::{NormalAnswer, NormalSearch};
    for spots in [4, 5, 9] {
        let position = Position::start(spots).unwrap();
        let mut proof = NormalSearch::losing(&position, 0, Base::new());
        assert!(
            matches!(proof.run(), NormalAnswer::Losing(false)),
            "{spots} spots is won"
        );
        let proof_nodes = proof.nodes();
        let mut computer = question(&position, false).stop_at_first_winning_move();
        run(&mut computer);
        assert!(computer.knows_winning_move());
        assert_eq!(computer.progress().nodes, proof_nodes, "{spots} spots");
        // And the move named is winning: the brute force says the child is lost (4 and 5 spots).
        let answer = computer.finish().0.unwrap();
        if spots < 9 {
            let mut brute = Brute::default();
            for (child, wins) in &answer.children {
                if *wins == Some(true) {
                    assert_eq!(
                        brute.solve(&State::parse(&child.to_string())).0,
                        0,
                        "{child}"
                    );
                }
            }
        }
    }
}
