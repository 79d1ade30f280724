//! The distributed master's trust model: batches are believed during the run, the answer is not.
//! A wrong entry slipped into a report misleads the tree, never the answer (it is refused by the
//! check and the answer is read from the checked entries); a damaged batch is refused by its
//! digest; a checkpoint of another question, or damaged, is refused. Values compared with the
//! published ones (DESIGN.md) and with the thread executor.

use crate::common;

use common::master_sim::{run_master, Faults};
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, Batch, Control, JobReport, JobResult, JobRunner, MasterError, MasterOptions, Method,
    ProofNumberMaster, Questions, RelayError, Solver,
};

fn moves() -> Questions {
    Questions {
        nimber: false,
        winning_moves: true,
    }
}

/// A batch claiming `position` has nimber `nimber`, as an actor would send it.
fn claim(position: &Position, nimber: u32) -> Batch {
    let mut base = Base::new();
    base.note_learned();
    base.insert_nimber(position, nimber);
    Batch::seal(&base.take_learned())
}

#[test]
fn a_wrong_entry_from_an_actor_misleads_the_tree_not_the_answer() {
    let start = Position::start(4).unwrap();
    let truth = Solver::new(Method::Normal, 1)
        .answer(&start, moves(), &mut Base::new(), &Control::new())
        .unwrap();
    // 4 spots: won (4 mod 6 = 4), so some child is lost: say it has nimber 2.
    let winning = truth.winning_moves.clone().unwrap();
    assert!(!truth.losing && !winning.is_empty());
    let mut master = ProofNumberMaster::new(
        &start,
        Method::Normal,
        moves(),
        Base::new(),
        MasterOptions::default(),
    )
    .unwrap();
    let forged = JobReport {
        id: u64::MAX,
        result: JobResult::Unfinished,
        nodes: 0,
        learned: claim(&winning[0], 2),
    };
    master.report(1, &forged).unwrap(); // from another actor: relayed to actor 0
    let mut runner = JobRunner::new(Method::Normal);
    while !master.is_done() {
        let job = master.next_job(0).expect("one actor always has work");
        for batch in master.relay_for(0) {
            runner.take_in(&batch).unwrap();
        }
        let report = runner.run(&job, &mut || true).unwrap();
        master.report(0, &report).unwrap();
    }
    let tree = master.tree_answer().unwrap();
    assert!(
        !tree.winning_moves.unwrap().contains(&winning[0]),
        "the tree believed the forged entry"
    );
    let checked = master.verified_answer(1, &Control::new()).unwrap().unwrap();
    assert_eq!(checked.answers.winning_moves, Some(winning));
    assert_eq!(checked.answers.losing, truth.losing);
    assert!(
        !checked.refused.is_empty(),
        "the check names the wrong entry"
    );
}

#[test]
fn a_damaged_batch_is_refused() {
    let batch = claim(&Position::start(3).unwrap(), 1).damaged();
    assert_eq!(batch.open(), Err(RelayError::Digest));
    let mut runner = JobRunner::new(Method::Normal);
    assert_eq!(runner.take_in(&batch), Err(RelayError::Digest));
    let report = JobReport {
        id: 0,
        result: JobResult::Won,
        nodes: 1,
        learned: batch,
    };
    let mut master = ProofNumberMaster::new(
        &Position::start(3).unwrap(),
        Method::Normal,
        moves(),
        Base::new(),
        MasterOptions::default(),
    )
    .unwrap();
    assert!(matches!(
        master.report(0, &report),
        Err(MasterError::Relay(RelayError::Digest))
    ));
    assert!(JobReport::from_bytes(b"not a report").is_err());
}

#[test]
fn a_checkpoint_of_another_question_or_damaged_is_refused() {
    let six = Position::start(6).unwrap();
    let mut master = ProofNumberMaster::new(
        &six,
        Method::Normal,
        moves(),
        Base::new(),
        MasterOptions { job_nodes: 50 },
    )
    .unwrap();
    let mut runner = JobRunner::new(Method::Normal);
    for _ in 0..3 {
        let job = master.next_job(0).unwrap();
        let report = runner.run(&job, &mut || true).unwrap();
        master.report(0, &report).unwrap();
    }
    let bytes = master.checkpoint();
    let resume = |bytes: &[u8], position: &Position, method: Method, questions: Questions| {
        ProofNumberMaster::resume(bytes, position, method, questions).err()
    };
    assert!(resume(&bytes, &six, Method::Normal, moves()).is_none());
    let five = Position::start(5).unwrap();
    let other = [
        resume(&bytes, &five, Method::Normal, moves()),
        resume(&bytes, &six, Method::MisereForms(10), moves()),
        resume(&bytes, &six, Method::Normal, Questions::default()),
        resume(&bytes[..bytes.len() / 2], &six, Method::Normal, moves()),
        resume(b"nonsense", &six, Method::Normal, moves()),
    ];
    for (i, error) in other.into_iter().enumerate() {
        assert!(
            matches!(error, Some(MasterError::Checkpoint(_))),
            "case {i}: {error:?}"
        );
    }
}

#[test]
fn the_nimber_of_a_sum_on_every_actor_count() {
    // Normal play, nimber asked: 0*2 + 0*3 has nimber 0 ^ 1 = 1 (DESIGN.md: 2 spots 0, 3 spots 1).
    let position: Position = "0*2+0*3".parse().unwrap();
    let questions = Questions {
        nimber: true,
        winning_moves: true,
    };
    for actors in [1, 2, 4] {
        let run = run_master(
            &position,
            Method::Normal,
            questions,
            actors,
            40,
            actors as u64,
            Faults::default(),
        );
        assert_eq!(run.verified.answers.nimber, Some(1), "{actors} actors");
        assert!(!run.verified.answers.losing);
    }
}
