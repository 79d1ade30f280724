//! How questions on a Sprouts position are answered — outcome, first winning move, every winning
//! move, nimber — on one thread or on several.
//!
//! On several threads the work is split at the top of the tree: a position is won exactly when one
//! of its children is lost, so its children are the jobs, handed out in order to the threads as
//! they come free. An outcome question stops at the first lost child (which is a winning move); a
//! list of winning moves runs every child; a nimber is found heap by heap, the couple (P, n) being
//! lost exactly when no child (P', n) is. Each thread searches over its own base and shares what it
//! proves with the others between slices ([`super::learning`]). A base holds only proven facts, so
//! whatever each thread happens to know when, the answers — outcome, nimber, the set of winning
//! moves — are those of one thread; only the work done varies.
//!
//! On one thread the question runs on the caller's thread over one search of the whole position.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::thread;

use thiserror::Error;

use crate::games::sprouts::Position;

use super::base::Base;
use super::learning::SharedLearning;
use super::normal::{NormalAnswer, NormalSearch, Step};
use super::outcome_job::{Kit, Method, OutcomeJob};

/// Nodes a thread searches between looks at the shared learning and at the cancel flag (a few
/// milliseconds of work).
const SLICE: u64 = 2_000;

/// Shared with the threads of a run: a cancel flag and a count of nodes searched, both readable
/// and settable from another thread (a progress display, a cancel button).
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    nodes: AtomicU64,
}

impl Control {
    pub fn new() -> Control {
        Control::default()
    }

    /// Asks the run to stop; it returns [`Cancelled`] within one slice of work per thread.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Nodes searched so far, over every thread.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    fn add_nodes(&self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }
}

/// A run was cancelled through its [`Control`]. What it proved is still in the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("cancelled")]
pub struct Cancelled;

/// The outcome of a position, with a winning move when one came with the proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Lost for the player to move.
    pub losing: bool,
    /// A child lost for the opponent, when the search named one (always on several threads).
    pub winning_move: Option<Position>,
}

/// The outcome of a position and every winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub losing: bool,
    /// The children lost for the opponent, in the order of [`Position::children`].
    pub winning_moves: Vec<Position>,
}

/// Answers questions on positions by one [`Method`] on a number of threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver {
    method: Method,
    threads: usize,
}

impl Solver {
    /// `threads` is at least 1.
    pub fn new(method: Method, threads: usize) -> Solver {
        Solver {
            method,
            threads: threads.max(1),
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether `position` is lost for the player to move, with a winning move when the proof
    /// gave one. Reads from and adds to `base`.
    pub fn outcome(
        &self,
        position: &Position,
        base: &mut Base,
        control: &Control,
    ) -> Result<Outcome, Cancelled> {
        if position.is_terminal() {
            // Normal play: no move left loses. Misère play: it wins.
            let losing = !self.method.is_misere();
            return Ok(Outcome {
                losing,
                winning_move: None,
            });
        }
        if self.threads == 1 {
            let losing = self.one_question(position, 0, base, control)?;
            let winning_move = (!losing).then(|| self.known_winning_move(position, base));
            return Ok(Outcome {
                losing,
                winning_move: winning_move.flatten(),
            });
        }
        let jobs: Vec<(Position, u32)> = position.children().into_iter().map(|c| (c, 0)).collect();
        let answers = self.run_jobs(&jobs, true, base, control)?;
        let winning_move = jobs
            .iter()
            .zip(&answers)
            .find(|(_, lost)| **lost == Some(true))
            .map(|((child, _), _)| child.clone());
        Ok(Outcome {
            losing: winning_move.is_none(),
            winning_move,
        })
    }

    /// The outcome of `position` and all its winning moves.
    pub fn analyze(
        &self,
        position: &Position,
        base: &mut Base,
        control: &Control,
    ) -> Result<Analysis, Cancelled> {
        let children = position.children();
        let lost: Vec<bool> = if self.threads == 1 {
            let outcome = self.outcome(position, base, control)?;
            if outcome.losing {
                return Ok(Analysis {
                    losing: true,
                    winning_moves: Vec::new(),
                });
            }
            let mut lost = Vec::with_capacity(children.len());
            for child in &children {
                lost.push(self.one_question(child, 0, base, control)?);
            }
            lost
        } else {
            let jobs: Vec<(Position, u32)> = children.iter().map(|c| (c.clone(), 0)).collect();
            let answers = self.run_jobs(&jobs, false, base, control)?;
            answers.into_iter().map(|a| a == Some(true)).collect()
        };
        let winning_moves: Vec<Position> = children
            .into_iter()
            .zip(lost)
            .filter_map(|(child, lost)| lost.then_some(child))
            .collect();
        let losing = if position.is_terminal() {
            !self.method.is_misere()
        } else {
            winning_moves.is_empty()
        };
        Ok(Analysis {
            losing,
            winning_moves,
        })
    }

    /// The normal-play nimber of `position` (the XOR of its lands' nimbers). Misère methods are
    /// answered as their normal-play counterpart: a nimber is a normal-play value.
    pub fn nimber(
        &self,
        position: &Position,
        base: &mut Base,
        control: &Control,
    ) -> Result<u32, Cancelled> {
        if let Some(known) = base.nimber(position) {
            return Ok(known);
        }
        if self.threads == 1 {
            let mut search = NormalSearch::nimber(position, std::mem::take(base));
            let answer = run_sliced(control, |budget| {
                let before = search.nodes();
                let step = search.step(budget);
                control.add_nodes(search.nodes() - before);
                step
            });
            *base = search.into_base();
            return match answer? {
                NormalAnswer::Nimber(n) => Ok(n),
                NormalAnswer::Losing(_) => unreachable!("a nimber search answers a nimber"),
            };
        }
        let mut nimber = 0;
        for land in super::normal::unpaired(position.lands()) {
            nimber ^= match base.nimber_of_land(land) {
                Some(n) => n,
                None => {
                    self.land_nimber(&Position::from_lands(vec![land.clone()]), base, control)?
                }
            };
        }
        Ok(nimber)
    }

    /// The nimber of a one-land position: the least n such that no child P' has nimber n (the
    /// couple (P, n) is lost), each heap in turn a parallel question over the children.
    fn land_nimber(
        &self,
        land: &Position,
        base: &mut Base,
        control: &Control,
    ) -> Result<u32, Cancelled> {
        let method = match self.method {
            Method::Dfpn => Method::Dfpn,
            _ => Method::Normal,
        };
        let solver = Solver { method, ..*self };
        let children = land.children();
        for n in 0.. {
            let jobs: Vec<(Position, u32)> = children.iter().map(|c| (c.clone(), n)).collect();
            let answers = solver.run_jobs(&jobs, true, base, control)?;
            if !answers.contains(&Some(true)) {
                base.insert_nimber(land, n);
                return Ok(n);
            }
        }
        unreachable!("a land has finitely many children, so some heap is no child's nimber")
    }

    /// A child the base knows to be lost, if any.
    fn known_winning_move(&self, position: &Position, base: &Base) -> Option<Position> {
        position.children().into_iter().find(|child| {
            if self.method.is_misere() {
                base.misere_losing(child) == Some(true)
            } else {
                base.nimber(child) == Some(0)
            }
        })
    }

    /// One question on this thread: is `position` plus a heap of `heap` lost?
    fn one_question(
        &self,
        position: &Position,
        heap: u32,
        base: &mut Base,
        control: &Control,
    ) -> Result<bool, Cancelled> {
        let mut kit = Kit::new(std::mem::take(base));
        let mut job = OutcomeJob::start(self.method, position, heap, &mut kit);
        let answer = run_sliced(control, |budget| {
            let before = job.nodes();
            let step = job.step(budget);
            control.add_nodes(job.nodes() - before);
            match step {
                Step::Done(lost) => Step::Done(lost),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            }
        });
        job.finish(&mut kit);
        *base = kit.base;
        answer
    }

    /// Runs the questions "is `position` plus `heap` lost?" of `jobs` on the threads; the answer
    /// of each, `None` for those not run because the run stopped early (at the first lost one when
    /// `stop_at_lost`). Everything learned is added to `base`, also when cancelled.
    fn run_jobs(
        &self,
        jobs: &[(Position, u32)],
        stop_at_lost: bool,
        base: &mut Base,
        control: &Control,
    ) -> Result<Vec<Option<bool>>, Cancelled> {
        let shared = SharedLearning::default();
        let next = AtomicUsize::new(0);
        let found_lost = AtomicBool::new(false);
        let stop =
            || control.is_cancelled() || (stop_at_lost && found_lost.load(Ordering::Relaxed));
        let start: &Base = base;
        let answered: Vec<(usize, bool)> = thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads.min(jobs.len()))
                .map(|thread| {
                    let (shared, next, found_lost, stop) = (&shared, &next, &found_lost, &stop);
                    scope.spawn(move || {
                        let mut kit = Kit::new(start.clone());
                        kit.base.note_fresh();
                        let mut reader = shared.reader(thread);
                        let mut answered = Vec::new();
                        while !stop() {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            let Some((position, heap)) = jobs.get(index) else {
                                break;
                            };
                            shared.exchange(&mut reader, &mut kit.base);
                            let mut job = OutcomeJob::start(self.method, position, *heap, &mut kit);
                            let answer = loop {
                                let before = job.nodes();
                                let step = job.step(SLICE);
                                control.add_nodes(job.nodes() - before);
                                if let Step::Done(lost) = step {
                                    break Some(lost);
                                }
                                shared.exchange(&mut reader, job.base_mut());
                                if stop() {
                                    break None;
                                }
                            };
                            job.finish(&mut kit);
                            if let Some(lost) = answer {
                                answered.push((index, lost));
                                if lost {
                                    found_lost.store(true, Ordering::Relaxed);
                                }
                            }
                        }
                        shared.exchange(&mut reader, &mut kit.base);
                        answered
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| match worker.join() {
                    Ok(answered) => answered,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        });
        shared.add_all_to(base);
        if control.is_cancelled() {
            return Err(Cancelled);
        }
        let mut answers = vec![None; jobs.len()];
        for (index, lost) in answered {
            answers[index] = Some(lost);
        }
        Ok(answers)
    }
}

/// Steps a search in slices until it is done or the control is cancelled.
fn run_sliced<A>(control: &Control, mut step: impl FnMut(u64) -> Step<A>) -> Result<A, Cancelled> {
    loop {
        if control.is_cancelled() {
            return Err(Cancelled);
        }
        if let Step::Done(answer) = step(SLICE) {
            return Ok(answer);
        }
    }
}
