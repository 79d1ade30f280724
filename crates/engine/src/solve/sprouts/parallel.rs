//! The executor of the question policy ([`super::policy`]) on threads: how its units of work —
//! outcome, first winning move, every winning move, nimber — run on one thread or on several. What
//! is asked, in which order, and the budgets of the children's tries are the policy's.
//!
//! On several threads the work is split at the top of the tree. A position is won exactly when one
//! of its children is lost, so:
//! - **Is a position (plus a heap) lost?** One thread searches the position itself as one thread
//!   would, while the others take its children (with the same heap) from a queue, each with the
//!   policy's small budgets of nodes at first so that an easy lost child is found before a hard won one is
//!   finished. The first answer ends the run: the position's own, a lost child (a winning move),
//!   or every child won. The search of the whole position stays the fastest way to most answers
//!   (the proof-number search shares its table across the whole tree), so this is never much
//!   slower than one thread, and the children's work reaches it through the shared base.
//! - **Every winning move**: the children are the questions, run to the end. In misère play on
//!   forms all threads take them one at a time together, each putting off the states the others
//!   are on (as ABDADA does in chess programs), so that they split each child.
//! - **A nimber**: heap by heap, the couple (P, n) being lost exactly when no child (P', n) is.
//!
//! Each thread searches over its own base and shares what it proves with the others between
//! slices ([`super::learning`]). A base holds only proven facts, so whatever each thread happens
//! to know when, the answers — outcome, nimber, the set of winning moves — are those of one
//! thread; only the work done varies.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;

use thiserror::Error;

use crate::games::sprouts::Position;

use super::base::Base;
use super::busy_states::BusyStates;
use super::learning::SharedLearning;
use super::normal::{NormalAnswer, NormalSearch};
use super::outcome_job::{Kit, Method, OutcomeJob};
use super::policy::{self, PROBE_BUDGETS};
use super::search::{Search, Step};

/// Nodes a thread searches between looks at the shared learning and at the cancel flag (a few
/// milliseconds of work on small positions; on 30 spots and more nodes are slow, and 2,000 of them
/// kept a bounded run going up to 2 s past its bound).
const SLICE: u64 = 500;

/// The round over the children with no budget (a question alone in its group starts there).
const LAST_ROUND: usize = PROBE_BUDGETS.len();

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

    pub(super) fn add_nodes(&self, nodes: u64) {
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
///
/// ```
/// use sprague_engine::games::sprouts::Position;
/// use sprague_engine::solve::sprouts::{Base, Control, Method, Solver};
/// let (mut base, control) = (Base::new(), Control::new());
/// // Normal play: the first player wins n spots exactly when n mod 6 is 3, 4 or 5.
/// let normal = Solver::new(Method::Normal, 1);
/// for (spots, first_player_wins) in [(1, false), (2, false), (3, true), (4, true), (5, true), (6, false)] {
///     let start = Position::start(spots).unwrap();
///     let outcome = normal.outcome(&start, &mut base, &control).unwrap();
///     assert_eq!(outcome.losing, !first_player_wins, "{spots} spots");
/// }
/// // Misère play, 1 to 6 spots: W L L L W W.
/// let misere = Solver::new(Method::MisereForms(6), 1);
/// let lost: Vec<bool> = (1..=6)
///     .map(|spots| {
///         let start = Position::start(spots).unwrap();
///         misere.outcome(&start, &mut base, &control).unwrap().losing
///     })
///     .collect();
/// assert_eq!(lost, [false, true, true, true, false, false]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver {
    method: Method,
    threads: usize,
    /// Nodes a thread searches between looks at the shared learning.
    slice: u64,
}

impl Solver {
    /// `threads` is at least 1.
    pub fn new(method: Method, threads: usize) -> Solver {
        Solver {
            method,
            threads: threads.max(1),
            slice: SLICE,
        }
    }

    /// The same solver with threads that exchange what they learned every `nodes` nodes, at
    /// least one, rather than every 500: tests make threads hand each other facts on positions
    /// small enough to answer within one slice.
    pub fn exchanging_every(self, nodes: u64) -> Solver {
        Solver {
            slice: nodes.max(1),
            ..self
        }
    }

    pub fn method(&self) -> Method {
        self.method
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
            let mut kit = Kit::new(std::mem::take(base));
            let losing = self.one_question(position, 0, &mut kit, control);
            *base = kit.base;
            let losing = losing?;
            let winning_move = (!losing).then(|| self.known_winning_move(position, base));
            return Ok(Outcome {
                losing,
                winning_move: winning_move.flatten(),
            });
        }
        let (losing, winning_move) = self.decide(position, 0, base, control)?;
        Ok(Outcome {
            losing,
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
            // One kit for the position and every child: they share most of their states.
            let mut kit = Kit::new(std::mem::take(base));
            let lost = self.position_then_children(position, &children, &mut kit, control);
            *base = kit.base;
            match lost? {
                Some(lost) => lost,
                None => {
                    return Ok(Analysis {
                        losing: true,
                        winning_moves: Vec::new(),
                    })
                }
            }
        } else if !matches!(self.method, Method::MisereForms(_)) {
            // Each child in turn on every thread: its own search against its children's. (10
            // spots with moves: 1.2 s on 2 threads against 3.2 s with the children side by side.)
            let mut lost = Vec::with_capacity(children.len());
            for child in &children {
                lost.push(match child.is_terminal() {
                    true => !self.method.is_misere(),
                    false => self.decide(child, 0, base, control)?.0,
                });
            }
            lost
        } else {
            // The children are the questions, taken one at a time by every thread together (see
            // `run_jobs`): the threads number forms alike, hand each other the states they
            // decide, and put off the states another is on (`BusyStates`), so they split a child
            // between them. (11 spots misère with moves on 2 threads: 1.28 M nodes, 0.51 of one
            // thread's time; a child per thread: 1.39–1.67 M nodes, 0.52–0.64; with each
            // thread's forms its own: 1.81 M nodes, 0.74. Each child as an outcome question, its
            // own search against its children's: 1.61 M nodes, 0.64.)
            let jobs: Vec<Job> = children
                .iter()
                .enumerate()
                .map(|(group, child)| Job::new(child, 0, group))
                .collect();
            let run = self.run_jobs(&jobs, children.len(), Stop::Never, base, control)?;
            run.groups.into_iter().map(|a| a == Some(true)).collect()
        };
        let winning_moves: Vec<Position> = children
            .into_iter()
            .zip(lost)
            .filter_map(|(child, lost)| lost.then_some(child))
            .collect();
        let losing = if position.is_terminal() {
            !self.method.is_misere()
        } else {
            self.record(position, winning_moves.is_empty(), base);
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
        for n in 0.. {
            // (P, m) for m < n are known won: (P, n) is lost exactly when its other children are.
            if solver.decide(land, n, base, control)?.0 {
                base.insert_nimber(land, n);
                return Ok(n);
            }
        }
        unreachable!("a land has finitely many children, so some heap is no child's nimber")
    }

    /// Whether `position` plus a heap of `heap` is lost, and a child (plus the heap) that is lost
    /// when one was found: the position's own search against its children's (module docs).
    fn decide(
        &self,
        position: &Position,
        heap: u32,
        base: &mut Base,
        control: &Control,
    ) -> Result<(bool, Option<Position>), Cancelled> {
        const WHOLE: usize = 0;
        const CHILDREN: usize = 1;
        let children = position.children();
        let mut jobs = vec![Job::new(position, heap, WHOLE)];
        jobs.extend(children.iter().map(|child| Job::new(child, heap, CHILDREN)));
        let run = self.run_jobs(&jobs, 2, Stop::AtFirstAnswer, base, control)?;
        let lost_child = run.lost_job[CHILDREN].map(|index| jobs[index].position.clone());
        let losing = match (run.groups[WHOLE], run.groups[CHILDREN]) {
            (Some(lost), _) => lost,
            (None, Some(some_child_lost)) => !some_child_lost,
            (None, None) => unreachable!("a run that is not cancelled answers some group"),
        };
        if heap == 0 {
            self.record(position, losing, base);
        }
        let mut winning_move = match lost_child {
            Some(child) => Some(child),
            None if !losing && heap == 0 => self.known_winning_move(position, base),
            None => None,
        };
        if winning_move.is_none() && !losing && heap == 0 {
            // The whole position's search answered first, and its proof's lost child is not in
            // the base (a search on forms writes states with small lands to its forms, which
            // last only as long as the run): look for one among the children, most of whose
            // answers are now quick.
            let jobs: Vec<Job> = children.iter().map(|c| Job::new(c, 0, 0)).collect();
            let run = self.run_jobs(&jobs, 1, Stop::AtFirstAnswer, base, control)?;
            winning_move = run.lost_job[0].map(|index| jobs[index].position.clone());
        }
        Ok((losing, winning_move))
    }

    /// Writes the root's outcome, found from its children, into the base as the one-thread search
    /// would have (a proof read from the base needs it): misère outcomes both ways, a normal-play
    /// loss as the nimber 0.
    fn record(&self, position: &Position, losing: bool, base: &mut Base) {
        if self.method.is_misere() {
            base.insert_misere(position, losing);
        } else if losing {
            base.insert_nimber(position, 0);
        }
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

    /// On this thread: `None` if `position` is lost, else which of its `children` are lost.
    fn position_then_children(
        &self,
        position: &Position,
        children: &[Position],
        kit: &mut Kit,
        control: &Control,
    ) -> Result<Option<Vec<bool>>, Cancelled> {
        if !position.is_terminal() && self.one_question(position, 0, kit, control)? {
            return Ok(None);
        }
        let lost: Result<Vec<bool>, Cancelled> = children
            .iter()
            .map(|child| self.one_question(child, 0, kit, control))
            .collect();
        lost.map(Some)
    }

    /// One question on this thread, over (and adding to) `kit`: is `position` plus a heap of
    /// `heap` lost?
    fn one_question(
        &self,
        position: &Position,
        heap: u32,
        kit: &mut Kit,
        control: &Control,
    ) -> Result<bool, Cancelled> {
        let mut job = OutcomeJob::start(self.method, position, heap, kit);
        let answer = run_sliced(control, |budget| {
            let before = job.nodes();
            let step = job.step(budget);
            control.add_nodes(job.nodes() - before);
            match step {
                Step::Done(lost) => Step::Done(lost),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            }
        });
        job.finish(kit);
        answer
    }

    /// Runs the questions of `jobs` on the threads and answers for each of the `groups` whether
    /// one of its questions is lost: `Some(true)` as soon as one is (the group's other questions
    /// are then dropped), `Some(false)` when all are answered won, `None` when the run stopped
    /// first. Everything learned is added to `base`, also when cancelled.
    ///
    /// In a group of several questions each question first gets a budget of nodes
    /// ([`policy::probe_budget`]) and goes back to the end of the queue when it runs over, so that an easy
    /// lost one late in the list is found before a hard won one early in it is finished. (The work
    /// of an abandoned try is not lost: what it proved is in the base, and the proof-number table
    /// is kept.)
    fn run_jobs(
        &self,
        jobs: &[Job],
        groups: usize,
        stop: Stop,
        base: &mut Base,
        control: &Control,
    ) -> Result<RunAnswers, Cancelled> {
        let shared = SharedLearning::default();
        let busy = Arc::new(BusyStates::default());
        let groups = Groups::new(jobs, groups);
        let queue: Mutex<VecDeque<(usize, usize)>> = Mutex::new(
            (0..jobs.len())
                .map(|index| match groups.size(jobs[index].group) {
                    1 => (index, LAST_ROUND),
                    _ => (index, 0),
                })
                .collect(),
        );
        let finished = || control.is_cancelled() || groups.stop(stop);
        let runs = Runs::new(jobs.len());
        // Searches on forms put off each other's states, so threads on one question split it
        // (as ABDADA does). A run that answers every question takes them one at a time with
        // every thread: what the first teaches serves the next, as on one thread. (11 spots
        // misère with moves, 2 threads: 49 s, 1.27 M nodes; with a question per thread, joining
        // one only when none is left: 53–67 s, 1.39–1.67 M nodes; one thread: 104 s, 1.51 M.)
        // A run that stops at its first answer gives each thread a question of its own, and a
        // thread joins one only when none is left.
        let helps = matches!(self.method, Method::MisereForms(_));
        let together = helps && stop == Stop::Never;
        let open = |index: usize| !groups.answered(jobs[index].group);
        // A thread joining a question searches it to the end (no probe budget).
        let join = || {
            let running = helps.then(|| runs.to_help(open)).flatten();
            running.map(|index| (index, LAST_ROUND))
        };
        // Chosen and joined under the queue's lock: two threads starting at once see each other.
        let take = || {
            if finished() {
                return None;
            }
            let mut queue = lock(&queue);
            let running = together.then(join).flatten();
            let next = running.or_else(|| queue.pop_front()).or_else(join);
            if let Some((index, _)) = next {
                runs.join(index);
            }
            next
        };
        let start: &Base = base;
        thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads.min(jobs.len()))
                .map(|thread| {
                    let (shared, queue, groups, finished, take, runs) =
                        (&shared, &queue, &groups, &finished, &take, &runs);
                    let busy = busy.clone();
                    scope.spawn(move || {
                        let mut kit = Kit::sharing(start.clone(), self.method, shared.forms());
                        kit.busy = Some(busy);
                        let mut reader = shared.reader(thread);
                        while let Some((index, round)) = take() {
                            let Job {
                                position,
                                heap,
                                group,
                            } = &jobs[index];
                            if groups.answered(*group) || runs.is_done(index) {
                                runs.leave(index);
                                continue;
                            }
                            let dropped =
                                || finished() || groups.answered(*group) || runs.is_done(index);
                            let budget = policy::probe_budget(round).unwrap_or(u64::MAX);
                            let (base, forms) = kit.learning_mut();
                            shared.exchange(&mut reader, base, forms);
                            let mut job = OutcomeJob::start(self.method, position, *heap, &mut kit);
                            let answer = loop {
                                let before = job.nodes();
                                let step = job.step(self.slice);
                                control.add_nodes(job.nodes() - before);
                                if let Step::Done(lost) = step {
                                    break Some(lost);
                                }
                                let (base, forms) = job.learning_mut();
                                shared.exchange(&mut reader, base, forms);
                                if dropped() || job.nodes() >= budget {
                                    break None;
                                }
                            };
                            job.finish(&mut kit);
                            runs.leave(index);
                            match answer {
                                Some(lost) if runs.answer_once(index) => {
                                    groups.answer(*group, index, lost)
                                }
                                Some(_) => {}
                                None if !dropped() => lock(queue).push_back((index, round + 1)),
                                None => {}
                            }
                        }
                        let (base, forms) = kit.learning_mut();
                        shared.exchange(&mut reader, base, forms);
                    })
                })
                .collect();
            for worker in workers {
                if let Err(panic) = worker.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
        shared.add_all_to(base);
        if control.is_cancelled() {
            return Err(Cancelled);
        }
        Ok(groups.answers())
    }
}

/// One question of a parallel run: is `position` plus a heap of `heap` lost? It belongs to a
/// group ([`Solver::run_jobs`]).
struct Job {
    position: Position,
    heap: u32,
    group: usize,
}

impl Job {
    fn new(position: &Position, heap: u32, group: usize) -> Job {
        Job {
            position: position.clone(),
            heap,
            group,
        }
    }
}

/// Which questions of a parallel run threads are on, and which are answered.
struct Runs {
    runners: Vec<AtomicUsize>,
    done: Vec<AtomicBool>,
}

impl Runs {
    fn new(jobs: usize) -> Runs {
        Runs {
            runners: (0..jobs).map(|_| AtomicUsize::new(0)).collect(),
            done: (0..jobs).map(|_| AtomicBool::new(false)).collect(),
        }
    }

    fn join(&self, job: usize) {
        self.runners[job].fetch_add(1, Ordering::AcqRel);
    }

    fn leave(&self, job: usize) {
        self.runners[job].fetch_sub(1, Ordering::AcqRel);
    }

    /// The question with the fewest threads on it among those some thread is on, not answered,
    /// and `open`.
    fn to_help(&self, open: impl Fn(usize) -> bool) -> Option<usize> {
        (0..self.runners.len())
            .map(|job| (job, self.runners[job].load(Ordering::Acquire)))
            .filter(|&(job, runners)| runners > 0 && !self.is_done(job) && open(job))
            .min_by_key(|&(_, runners)| runners)
            .map(|(job, _)| job)
    }

    fn is_done(&self, job: usize) -> bool {
        self.done[job].load(Ordering::Acquire)
    }

    /// Marks a question answered: true for the first thread to answer it (two on one question
    /// may both finish).
    fn answer_once(&self, job: usize) -> bool {
        !self.done[job].swap(true, Ordering::AcqRel)
    }
}

/// When a parallel run may stop before every group is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Never,
    /// As soon as one group is answered.
    AtFirstAnswer,
}

/// What a parallel run found, per group: whether some question is lost, and which.
struct RunAnswers {
    groups: Vec<Option<bool>>,
    lost_job: Vec<Option<usize>>,
}

/// The groups' answers as the threads find them.
struct Groups {
    /// Questions not answered yet, per group.
    open: Vec<AtomicUsize>,
    state: Vec<AtomicU8>,
    /// The first question found lost in each group (`usize::MAX`: none).
    lost_job: Vec<AtomicUsize>,
}

const OPEN: u8 = 0;
const SOME_LOST: u8 = 1;
const ALL_WON: u8 = 2;

impl Groups {
    fn new(jobs: &[Job], groups: usize) -> Groups {
        let mut open: Vec<usize> = vec![0; groups];
        for job in jobs {
            open[job.group] += 1;
        }
        let state = open
            .iter()
            .map(|&open| AtomicU8::new(if open == 0 { ALL_WON } else { OPEN }))
            .collect();
        Groups {
            open: open.into_iter().map(AtomicUsize::new).collect(),
            state,
            lost_job: (0..groups).map(|_| AtomicUsize::new(usize::MAX)).collect(),
        }
    }

    fn size(&self, group: usize) -> usize {
        self.open[group].load(Ordering::Relaxed)
    }

    fn answered(&self, group: usize) -> bool {
        self.state[group].load(Ordering::Acquire) != OPEN
    }

    fn answer(&self, group: usize, job: usize, lost: bool) {
        if lost {
            let _ = self.lost_job[group].compare_exchange(
                usize::MAX,
                job,
                Ordering::AcqRel,
                Ordering::Acquire,
            );
            self.state[group].store(SOME_LOST, Ordering::Release);
        } else if self.open[group].fetch_sub(1, Ordering::AcqRel) == 1 {
            let _ = self.state[group].compare_exchange(
                OPEN,
                ALL_WON,
                Ordering::AcqRel,
                Ordering::Acquire,
            );
        }
    }

    fn stop(&self, stop: Stop) -> bool {
        stop == Stop::AtFirstAnswer && (0..self.state.len()).any(|group| self.answered(group))
    }

    fn answers(&self) -> RunAnswers {
        RunAnswers {
            groups: self
                .state
                .iter()
                .map(|s| match s.load(Ordering::Acquire) {
                    SOME_LOST => Some(true),
                    ALL_WON => Some(false),
                    _ => None,
                })
                .collect(),
            lost_job: self
                .lost_job
                .iter()
                .map(|j| Some(j.load(Ordering::Acquire)).filter(|&j| j != usize::MAX))
                .collect(),
        }
    }
}

/// The queue is only held to push or pop: a panic elsewhere cannot leave it half-changed.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Steps a search in slices until it is done or the control is cancelled.
pub(super) fn run_sliced<A>(
    control: &Control,
    mut step: impl FnMut(u64) -> Step<A>,
) -> Result<A, Cancelled> {
    loop {
        if control.is_cancelled() {
            return Err(Cancelled);
        }
        if let Step::Done(answer) = step(SLICE) {
            return Ok(answer);
        }
    }
}
