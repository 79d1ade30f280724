//! The proof-number master driven in one process, as a distributed executor would drive it: each
//! actor is a `JobRunner` of its own, messages go through their bytes, and the order in which jobs
//! come back is shuffled by a seeded generator. Faults can be injected: an actor killed with its job
//! out (the job is released and the actor replaced by a fresh one), and the master checkpointed and
//! resumed from the bytes.

use super::Rng;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Answers, Base, Control, Job, JobReport, JobRunner, MasterOptions, MasterProgress, Method,
    ProofNumberMaster, Questions, VerifiedAnswer,
};

/// Faults to inject, each every so many reports (0: never).
#[derive(Clone, Copy, Debug, Default)]
pub struct Faults {
    pub kill_every: u64,
    pub checkpoint_every: u64,
}

/// A run's result.
pub struct SimRun {
    pub verified: VerifiedAnswer,
    pub tree: Answers,
    pub progress: MasterProgress,
    pub kills: u64,
    pub resumes: u64,
}

#[allow(clippy::too_many_arguments)]
pub fn run_master(
    position: &Position,
    method: Method,
    questions: Questions,
    actors: usize,
    job_nodes: u64,
    seed: u64,
    faults: Faults,
) -> SimRun {
    let options = MasterOptions { job_nodes };
    let mut master =
        ProofNumberMaster::new(position, method, questions, Base::new(), options).unwrap();
    let mut runners: Vec<JobRunner> = (0..actors).map(|_| JobRunner::new(method)).collect();
    let mut out: Vec<(usize, Job)> = Vec::new();
    let mut idle: Vec<usize> = (0..actors).collect();
    let mut rng = Rng(seed.max(1));
    let (mut reports, mut kills, mut resumes) = (0u64, 0u64, 0u64);
    while !master.is_done() {
        while let Some(&actor) = idle.last() {
            let Some(job) = master.next_job(actor) else {
                break;
            };
            idle.pop();
            for batch in master.relay_for(actor) {
                runners[actor].take_in(&batch).unwrap();
            }
            let job = Job::from_bytes(&job.to_bytes()).unwrap();
            out.push((actor, job));
        }
        assert!(
            !out.is_empty(),
            "{position}: the master handed out nothing and is not done"
        );
        let (actor, job) = out.swap_remove(rng.below(out.len()));
        reports += 1;
        if faults.kill_every > 0 && reports % faults.kill_every == 0 {
            master.release(job.id);
            runners[actor] = JobRunner::new(method);
            master.forget_actor(actor);
            idle.push(actor);
            kills += 1;
            continue;
        }
        let report = runners[actor].run(&job, &mut || true).unwrap();
        let report = JobReport::from_bytes(&report.to_bytes()).unwrap();
        master.report(actor, &report).unwrap();
        idle.push(actor);
        if faults.checkpoint_every > 0 && reports % faults.checkpoint_every == 0 {
            // A restart: the master from its checkpoint, the actors' jobs lost, the actors kept.
            let bytes = master.checkpoint();
            master = ProofNumberMaster::resume(&bytes, position, method, questions).unwrap();
            out.clear();
            idle = (0..actors).collect();
            resumes += 1;
        }
    }
    let tree = master.tree_answer().unwrap();
    let verified = master.verified_answer(1, &Control::new()).unwrap().unwrap();
    SimRun {
        verified,
        tree,
        progress: master.progress(),
        kills,
        resumes,
    }
}
