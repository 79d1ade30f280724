//! Questions answered on 1, 2 and 4 threads, by every method, against the independent brute force
//! (tests/common/sprouts_brute.rs): the outcome, the nimber and the set of winning moves must be the
//! brute force's whatever the thread count. Also: the winning move that comes with a won outcome is
//! one, and a cancelled run gives back a base the next run finishes from.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::sprouts_brute::{random_game_states, Brute, State};
use common::Rng;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, Cancelled, Control, Method, Solver};

/// Thread counts, and how often the threads exchange what they learned (`None`: as by default;
/// every few nodes makes them hand each other facts on positions this small).
const RUNS: [(usize, Option<u64>); 4] = [(1, None), (2, None), (4, None), (2, Some(3))];
/// Every 4-spot position is asked on these in every run, and on 4 threads in the slow lane: 4 threads
/// time-share 2 cores and took most of this file's 270 s (the random 5- and 6-spot positions below
/// still run on 4 threads every time).
const RUNS_EVERY_RUN: [(usize, Option<u64>); 3] = [(1, None), (2, None), (2, Some(3))];
const METHODS: [Method; 4] = [
    Method::Normal,
    Method::Dfpn,
    Method::MisereWhole,
    Method::MisereForms(6),
];

/// What the brute force says of a position and of each of the engine's children of it (each
/// read back into the brute force's own representation from its notation).
struct Truth {
    nimber: u32,
    misere_losing: bool,
    normal_moves: BTreeSet<Position>,
    misere_moves: BTreeSet<Position>,
}

fn parse(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn truth(brute: &mut Brute, position: &Position) -> Truth {
    let (nimber, misere_losing) = brute.solve(&State::parse(&position.to_string()));
    let mut normal_moves = BTreeSet::new();
    let mut misere_moves = BTreeSet::new();
    for child in position.children() {
        let (child_nimber, child_misere_losing) = brute.solve(&State::parse(&child.to_string()));
        if child_nimber == 0 {
            normal_moves.insert(child.clone());
        }
        if child_misere_losing {
            misere_moves.insert(child);
        }
    }
    Truth {
        nimber,
        misere_losing,
        normal_moves,
        misere_moves,
    }
}

/// Asks every question of `position` by every method on every thread count of `runs`, each over a
/// fresh base (so the threads have the work to share), and compares with the brute force.
fn check(position: &Position, truth: &Truth, runs: &[(usize, Option<u64>)]) {
    for method in METHODS {
        let (losing, moves) = match method.is_misere() {
            true => (truth.misere_losing, &truth.misere_moves),
            false => (truth.nimber == 0, &truth.normal_moves),
        };
        for &(threads, exchange) in runs {
            let mut solver = Solver::new(method, threads);
            if let Some(nodes) = exchange {
                solver = solver.exchanging_every(nodes);
            }
            let control = Control::new();
            let context = format!("{position} by {method:?} on {threads} threads ({exchange:?})");

            let outcome = solver
                .outcome(position, &mut Base::new(), &control)
                .unwrap();
            assert_eq!(outcome.losing, losing, "outcome of {context}");
            if let Some(winning) = &outcome.winning_move {
                assert!(
                    moves.contains(winning),
                    "{winning} is no winning move of {context}"
                );
            }
            if threads > 1 && !losing && !position.is_terminal() {
                assert!(
                    outcome.winning_move.is_some(),
                    "no winning move came with {context}"
                );
            }

            let analysis = solver
                .analyze(position, &mut Base::new(), &control)
                .unwrap();
            assert_eq!(analysis.losing, losing, "analysis of {context}");
            let found: BTreeSet<Position> = analysis.winning_moves.into_iter().collect();
            assert_eq!(&found, moves, "winning moves of {context}");

            if !method.is_misere() {
                let nimber = solver.nimber(position, &mut Base::new(), &control).unwrap();
                assert_eq!(nimber, truth.nimber, "nimber of {context}");
            }
        }
    }
}

#[test]
fn every_position_from_4_spots_on_1_and_2_threads() {
    every_position_from_4_spots(&RUNS_EVERY_RUN);
}

#[test]
#[ignore = "slow (about 2 minutes): scripts/test-slow runs it"]
fn every_position_from_4_spots_on_4_threads() {
    every_position_from_4_spots(&[(4, None)]);
}

fn every_position_from_4_spots(runs: &[(usize, Option<u64>)]) {
    let mut brute = Brute::default();
    // Every state the brute force meets from the 4-spot start, as distinct engine positions.
    let mut states: BTreeMap<Position, State> = BTreeMap::new();
    let mut stack = vec![State::start(4)];
    let mut seen = HashSet::new();
    while let Some(state) = stack.pop() {
        if seen.insert(state.notation()) {
            stack.extend(state.children());
            states.entry(parse(&state.notation())).or_insert(state);
        }
    }
    assert!(states.len() > 100, "only {} positions", states.len());
    for (position, state) in &states {
        let truth = truth(&mut brute, position);
        // The brute force's value of the state itself, not only of its notation read back.
        assert_eq!(
            brute.solve(state),
            (truth.nimber, truth.misere_losing),
            "{position}"
        );
        check(position, &truth, runs);
    }
}

#[test]
fn random_5_and_6_spot_positions_on_1_2_and_4_threads() {
    let mut rng = Rng(0x5eed_1234_abcd);
    let mut brute = Brute::default();
    for state in random_game_states(&mut rng, 12) {
        let position = parse(&state.notation());
        let truth = truth(&mut brute, &position);
        assert_eq!(
            brute.solve(&state),
            (truth.nimber, truth.misere_losing),
            "{position}"
        );
        check(&position, &truth, &RUNS);
    }
}

#[test]
fn a_cancelled_run_stops_and_the_next_finishes_from_its_base() {
    // 9 spots: won for the player to move (n mod 6 is 3; Applegate, Jacobson and Sleator).
    let start = Position::start(9).unwrap();
    for threads in [1, 2] {
        let solver = Solver::new(Method::Normal, threads);
        let mut base = Base::new();
        let control = Control::new();
        let done = AtomicBool::new(false);
        let answer = std::thread::scope(|scope| {
            scope.spawn(|| {
                while control.nodes() < 5_000 && !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                control.cancel();
            });
            let answer = solver.analyze(&start, &mut base, &control);
            done.store(true, Ordering::Relaxed);
            answer
        });
        assert_eq!(answer, Err(Cancelled), "{threads} threads");
        let learned = base.normal_len();
        assert!(
            learned > 0,
            "nothing learned before the cancel on {threads} threads"
        );

        let analysis = solver.analyze(&start, &mut base, &Control::new()).unwrap();
        assert!(!analysis.losing, "9 spots is won ({threads} threads)");
        assert!(!analysis.winning_moves.is_empty());
        // Each winning move is a child that a fresh one-thread search finds lost.
        for child in &analysis.winning_moves {
            let fresh = Solver::new(Method::Normal, 1)
                .outcome(child, &mut Base::new(), &Control::new())
                .unwrap();
            assert!(fresh.losing, "{child} is not lost");
        }
    }
}

#[test]
fn a_cancelled_control_answers_cancelled_at_once() {
    let control = Control::new();
    control.cancel();
    let start = Position::start(12).unwrap();
    for threads in [1, 3] {
        let solver = Solver::new(Method::MisereForms(6), threads);
        let mut base = Base::new();
        assert_eq!(
            solver.outcome(&start, &mut base, &control),
            Err(Cancelled),
            "{threads} threads"
        );
    }
}
