//! Benchmark (not a test): the distributed master driven in one process, actors run one after
//! another on this thread, against the thread executor on one thread. Prints, per position, the
//! native time and nodes; then for the master with 1 actor (and `MASTER_ACTORS` actors): the actors'
//! time (the work a cluster would spread), the master's own time (tree, relay), the time of the
//! checked answer, nodes, jobs and tree size.
//!
//! `cargo bench -p sprague-engine --bench sprouts_master`
//! Environment: MASTER_POSITIONS (default "0*10 0*11 0*12"), MASTER_JOB_NODES (default the
//! engine's), MASTER_ACTORS (default 8), MASTER_MISERE (1: misère play), MASTER_TRACE (set: print
//! every job's question, result and nodes, to see where a run's work goes).

use std::time::Instant;

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, Control, Job, JobRunner, MasterOptions, Method, ProofNumberMaster, Questions, Solver,
    DEFAULT_FORM_LIVES, DEFAULT_JOB_NODES,
};

#[path = "common/measure.rs"]
mod measure;
use measure::env;

struct Run {
    actors_s: f64,
    master_s: f64,
    check_s: f64,
    nodes: u64,
    jobs: u64,
    tree: u64,
}

fn on_master(position: &Position, method: Method, actors: usize, job_nodes: u64) -> Run {
    let questions = Questions {
        nimber: false,
        winning_moves: true,
    };
    let t = Instant::now();
    let options = MasterOptions { job_nodes };
    let mut master =
        ProofNumberMaster::new(position, method, questions, Base::new(), options).unwrap();
    let mut runners: Vec<JobRunner> = (0..actors).map(|_| JobRunner::new(method)).collect();
    let mut out: Vec<(usize, Job)> = Vec::new();
    let mut idle: Vec<usize> = (0..actors).collect();
    let mut actors_s = 0.0;
    while !master.is_done() {
        while let Some(&actor) = idle.last() {
            let Some(job) = master.next_job(actor) else {
                break;
            };
            idle.pop();
            let relay = master.relay_for(actor);
            let t = Instant::now();
            for batch in relay {
                runners[actor].take_in(&batch).unwrap();
            }
            actors_s += t.elapsed().as_secs_f64();
            out.push((actor, job));
        }
        // The oldest job comes back first, as from actors of equal speed.
        let (actor, job) = out.remove(0);
        let t = Instant::now();
        let report = runners[actor].run(&job, &mut || true).unwrap();
        actors_s += t.elapsed().as_secs_f64();
        if std::env::var("MASTER_TRACE").is_ok() {
            println!(
                "    actor {actor} job {} {} +{}: {:?} {} nodes, {} learned",
                job.id,
                Position::from_key(&job.key).unwrap(),
                job.heap,
                report.result,
                report.nodes,
                report.learned.len()
            );
        }
        master.report(actor, &report).unwrap();
        idle.push(actor);
    }
    let total = t.elapsed().as_secs_f64();
    let t = Instant::now();
    master.verified_answer(1, &Control::new()).unwrap().unwrap();
    let progress = master.progress();
    Run {
        actors_s,
        master_s: total - actors_s,
        check_s: t.elapsed().as_secs_f64(),
        nodes: progress.nodes,
        jobs: progress.jobs_done,
        tree: progress.tree_nodes,
    }
}

fn main() {
    let positions: String = env("MASTER_POSITIONS", "0*10 0*11 0*12".to_string());
    let job_nodes = env("MASTER_JOB_NODES", DEFAULT_JOB_NODES);
    let many = env("MASTER_ACTORS", 8usize);
    let method = match env("MASTER_MISERE", 0u32) {
        1 => Method::MisereForms(DEFAULT_FORM_LIVES),
        _ => Method::Normal,
    };
    for text in positions.split_whitespace() {
        let position: Position = text.parse().unwrap();
        let questions = Questions {
            nimber: false,
            winning_moves: true,
        };
        let control = Control::new();
        let t = Instant::now();
        Solver::new(method, 1)
            .answer(&position, questions, &mut Base::new(), &control)
            .unwrap();
        let native = t.elapsed().as_secs_f64();
        println!(
            "{text}: native 1 thread {native:.2} s, {} nodes",
            control.nodes()
        );
        for actors in [1, many] {
            let run = on_master(&position, method, actors, job_nodes);
            println!(
                "  master, {actors} actor(s), jobs of {job_nodes}: actors {:.2} s, master {:.2} s, \
                 checked answer {:.2} s; {} nodes ({:.2} of native), {} jobs, tree {}",
                run.actors_s,
                run.master_s,
                run.check_s,
                run.nodes,
                run.nodes as f64 / control.nodes().max(1) as f64,
                run.jobs,
                run.tree
            );
        }
    }
}
