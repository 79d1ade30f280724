//! One question policy, three executors: the thread executor (`Solver::answer`) on 1, 2 and 4
//! threads, the stepped executor (`SteppedQuestion`, one node a step, alone and with helpers) and
//! the distributed master (`ProofNumberMaster` with 1, 2 and 4 actors, jobs of a few hundred nodes
//! so that its tree grows deep, jobs coming back in a shuffled order, actors killed, the master
//! resumed from checkpoints) must give the same answer — outcome, every winning move, nimber in normal play — and that
//! answer must be the published one (DESIGN.md) or the independent brute force's
//! (tests/common/sprouts_brute.rs), never the engine's own.

use crate::common;

use std::collections::BTreeSet;

use common::master_sim::{run_master, Faults};
use common::sprouts_brute::{Brute, State};
use common::stepped_pool::run_pool;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, Budgets, Control, Method, Questions, Solver, SteppedQuestion, DEFAULT_FORM_LIVES,
};

/// What an executor answered, in a form every executor can give.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    losing: bool,
    winning_moves: BTreeSet<Position>,
    /// Normal play only.
    nimber: Option<u32>,
}

fn method(misere: bool) -> Method {
    match misere {
        true => Method::MisereForms(DEFAULT_FORM_LIVES),
        false => Method::Normal,
    }
}

/// The thread executor on `threads` threads, from an empty base.
fn on_threads(position: &Position, misere: bool, threads: usize) -> Answer {
    let questions = Questions {
        nimber: !misere,
        winning_moves: true,
    };
    let solver = Solver::new(method(misere), threads);
    let answers = solver
        .answer(position, questions, &mut Base::new(), &Control::new())
        .unwrap();
    let winning_moves: BTreeSet<Position> = answers.winning_moves.unwrap().into_iter().collect();
    if let Some(named) = &answers.winning_move {
        assert!(winning_moves.contains(named), "{named} named, not winning");
    }
    Answer {
        losing: answers.losing,
        winning_moves,
        nimber: answers.nimber,
    }
}

/// The stepped executor's question, one node a step, with no budget of time or nodes left to run
/// out (the clock never moves): it must answer every part.
fn stepped(position: &Position, misere: bool) -> SteppedQuestion {
    let budgets = Budgets {
        step_nodes: 1,
        more_moves_ms: f64::INFINITY,
        nimber_nodes: u64::MAX,
        nimber_ms: f64::INFINITY,
        ..Budgets::default()
    };
    let still = Box::new(|| 0.0);
    SteppedQuestion::new(position.clone(), misere, Base::new(), None, budgets, still)
}

/// The stepped executor with `workers - 1` helpers (1: alone), news every step.
fn in_steps(position: &Position, misere: bool, workers: usize) -> Answer {
    let helpers = (1..workers)
        .map(|part| SteppedQuestion::helping(stepped(position, misere), part, workers).unwrap())
        .collect();
    let run = run_pool(stepped(position, misere), helpers, 1);
    let answer = run.first.finish().0.expect("the value is known");
    assert!(
        answer.children.iter().all(|(_, wins)| wins.is_some()),
        "{position}: every child settled"
    );
    Answer {
        losing: answer.losing,
        winning_moves: answer
            .children
            .into_iter()
            .filter_map(|(child, wins)| (wins == Some(true)).then_some(child))
            .collect(),
        nimber: answer.nimber,
    }
}

/// The distributed master with `actors` actors, jobs of `job_nodes` nodes; its answer is the one
/// it checked (and the tree's answer must be the same).
fn on_master(
    position: &Position,
    misere: bool,
    actors: usize,
    job_nodes: u64,
    faults: Faults,
) -> Answer {
    let questions = Questions {
        nimber: !misere,
        winning_moves: true,
    };
    let seed = 7 + actors as u64;
    let run = run_master(
        position,
        method(misere),
        questions,
        actors,
        job_nodes,
        seed,
        faults,
    );
    assert_eq!(
        run.tree, run.verified.answers,
        "{position}: the tree's answer and the checked one"
    );
    assert!(
        run.verified.refused.is_empty(),
        "{position}: {:?}",
        run.verified.refused
    );
    if faults.kill_every > 0 && run.progress.jobs_done >= faults.kill_every {
        assert!(run.kills > 0, "{position}: no actor was killed");
    }
    let answers = run.verified.answers;
    Answer {
        losing: answers.losing,
        winning_moves: answers.winning_moves.unwrap().into_iter().collect(),
        nimber: answers.nimber,
    }
}

/// Every executor's answer on `position`, each asserted equal to the first; returns it.
fn same_everywhere(position: &Position, misere: bool) -> Answer {
    let reference = on_threads(position, misere, 1);
    for threads in [2, 4] {
        let answer = on_threads(position, misere, threads);
        assert_eq!(
            answer, reference,
            "{position} misère {misere}: {threads} threads against 1"
        );
    }
    for workers in [1, 2, 3] {
        let answer = in_steps(position, misere, workers);
        assert_eq!(
            answer, reference,
            "{position} misère {misere}: in steps with {workers} workers against 1 thread"
        );
    }
    for (actors, job_nodes) in [(1, 5_000), (2, 300), (4, 60)] {
        let answer = on_master(position, misere, actors, job_nodes, Faults::default());
        assert_eq!(
            answer, reference,
            "{position} misère {misere}: the master with {actors} actors against 1 thread"
        );
    }
    let faults = Faults {
        kill_every: 5,
        checkpoint_every: 40,
    };
    let answer = on_master(position, misere, 3, 100, faults);
    assert_eq!(
        answer, reference,
        "{position} misère {misere}: the master with actors killed and restarts against 1 thread"
    );
    reference
}

/// DESIGN.md: in normal play the first player wins n spots exactly when n mod 6 is 3, 4 or 5.
fn published_normal_won(spots: usize) -> bool {
    matches!(spots % 6, 3..=5)
}

/// DESIGN.md: misère n = 1..12: W L L L W W L L L W W W (W: the first player wins).
const PUBLISHED_MISERE: &str = "WLLLWWLLLWWW";

/// The n-spot starts' nimbers (Lemoine and Viennot, computed far beyond 8 spots): 1 when the first
/// player wins, 0 when it loses.
fn published_start_nimber(spots: usize) -> u32 {
    u32::from(published_normal_won(spots))
}

/// The brute force's answer, the winning moves being the engine's children it finds lost.
fn brute_answer(brute: &mut Brute, position: &Position, misere: bool) -> Answer {
    let value = |brute: &mut Brute, p: &Position| brute.solve(&State::parse(&p.to_string()));
    let (nimber, misere_losing) = value(brute, position);
    let winning_moves = position
        .children()
        .into_iter()
        .filter(|child| {
            let (nimber, misere_losing) = value(brute, child);
            if misere {
                misere_losing
            } else {
                nimber == 0
            }
        })
        .collect();
    Answer {
        losing: if misere { misere_losing } else { nimber == 0 },
        winning_moves,
        nimber: (!misere).then_some(nimber),
    }
}

/// Each winning move's child is lost by another search than the executors' (the proof-number
/// search in normal play, whole positions in misère play), and so is every other child won.
fn moves_by_another_search(position: &Position, misere: bool) -> BTreeSet<Position> {
    let other = match misere {
        true => Method::MisereWhole,
        false => Method::Dfpn,
    };
    let solver = Solver::new(other, 1);
    let mut base = Base::new();
    position
        .children()
        .into_iter()
        .filter(|child| {
            solver
                .outcome(child, &mut base, &Control::new())
                .unwrap()
                .losing
        })
        .collect()
}

/// The n-spot start on every executor, against the published outcome; the winning moves against
/// the brute force up to 4 spots, and another search beyond. Returns the answer.
fn check_start(spots: usize, misere: bool, published_won: bool, brute: &mut Brute) -> Answer {
    let start = Position::start(spots).unwrap();
    let what = format!("{spots} spots, misère {misere}");
    let answer = same_everywhere(&start, misere);
    assert_eq!(answer.losing, !published_won, "{what}");
    assert_eq!(answer.winning_moves.is_empty(), answer.losing, "{what}");
    if spots <= 4 {
        assert_eq!(answer, brute_answer(brute, &start, misere), "{what}");
    } else {
        let moves = moves_by_another_search(&start, misere);
        assert_eq!(answer.winning_moves, moves, "{what}");
    }
    answer
}

#[test]
fn normal_starts_1_to_8_the_same_on_every_executor_and_as_published() {
    let mut brute = Brute::default();
    for spots in 1..=8 {
        let answer = check_start(spots, false, published_normal_won(spots), &mut brute);
        let nimber = Some(published_start_nimber(spots));
        assert_eq!(answer.nimber, nimber, "{spots} spots");
    }
}

#[test]
fn misere_starts_1_to_7_the_same_on_every_executor_and_as_published() {
    let mut brute = Brute::default();
    for spots in 1..=7 {
        let published_won = PUBLISHED_MISERE.as_bytes()[spots - 1] == b'W';
        let answer = check_start(spots, true, published_won, &mut brute);
        assert_eq!(answer.nimber, None, "misère {spots} spots: no nimber asked");
    }
}

#[test]
fn positions_of_several_lands_the_same_on_every_executor_and_as_the_brute_force() {
    let mut brute = Brute::default();
    // The brute force does not split lands, so it searches a sum's whole product: small sums only.
    let mut positions: Vec<Position> = ["0*1+0*2", "0*1+0*3", "0*2+0*2", "0*2+0*3"]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
    // Lands met in play, beside a start: each move from 3 spots, with 1 spot.
    for child in Position::start(3).unwrap().children() {
        positions.push(format!("{child}+0*1").parse().unwrap());
    }
    for position in &positions {
        assert!(position.lands().len() > 1, "{position}");
        for misere in [false, true] {
            let answer = same_everywhere(position, misere);
            let truth = brute_answer(&mut brute, position, misere);
            assert_eq!(answer, truth, "{position} misère {misere}");
        }
    }
}
