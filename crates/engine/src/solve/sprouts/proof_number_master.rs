//! The master of a distributed run: a proof-number tree over outcome questions, whose leaves go out
//! as [`Job`]s to actors that search (any executor: Ray actors through the Python package, or the
//! threads of a test), after the design of SPOTS' master (Čížek, arXiv 2511.10339).
//!
//! - **What is asked** is the question policy's ([`super::policy`]), in its order: the goals are the
//!   questions the answer needs — first the position itself (its outcome: one search, and a lost
//!   position's every child is won with it); when its winning moves are asked and it is won, then
//!   each of its children not settled yet; then, in normal play, the couples (land, n) that give the
//!   nimber, heap after heap. (Every child a goal from the start cost 0*14 twice the nodes of the
//!   native search on one actor: 515,000 on its first child alone, against 246,000 in all.)
//! - **The tree.** A node is a question "is this position plus a heap of n lost for the player to
//!   move?" with a proof number (work to show the player to move wins) and a disproof number (to show
//!   they lose), in negamax form: a node's proof number is the least disproof number of its children,
//!   its disproof number the sum of their proof numbers. A job is a most-proving leaf (down the goal
//!   from each node to the child of least disproof number), locked while it is out.
//! - **A job that comes back unfinished** is handed back to the same actor, which kept its search
//!   paused (its proof-number table and all), so one actor alone wastes nothing on the split —
//!   unless another actor settled a question meanwhile: then it starts afresh from its base, which
//!   may now answer at once what its paused tree would labour at ([`Job::fresh`]). When
//!   an actor asks for work and every leaf is out, the master expands the most-proving leaf that is
//!   out (its actor goes on with it, job after job; its children go to the idle actors, as the
//!   policy's helpers settle the children while the first worker searches the position): the tree
//!   grows as deep as the work needs, the number of jobs with the actors, and one hard question
//!   never holds the run to one actor.
//! - **What actors learn** comes back with each report ([`Batch`]) and is relayed to every other
//!   actor with its next job, and kept in the master's base, so a question proven anywhere is
//!   answered at once everywhere.
//! - **Trust.** Batches are believed during the run (actors run this program; a digest catches
//!   damage). The answer is not: [`ProofNumberMaster::verified_answer`] checks every entry of the
//!   master's base from the rules (the engine's complete check, in parts on all threads) and reads
//!   the answer from the checked entries alone; the engine's solver computes whatever a refused
//!   entry left open. So every answer rests on checked entries only.
//!
//! The master is a plain state machine — `next_job`, `report`, `release` — with no clock and no
//! threads, so any executor drives it and a test can drive it in any order.

use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::sprouts::Position;

use super::answers::Answers;
use super::base::Base;
use super::check::{verify_base_under, CheckOptions};
use super::dfpn::add;
use super::dfpn_table::INFINITE;
use super::normal::unpaired;
use super::outcome_job::Method;
use super::parallel::{Cancelled, Control, Solver};
use super::policy::{self, Questions};
use super::remote_job::{decode, encode, Batch, Job, JobReport, JobResult, RelayError};

/// Nodes a job may search before it comes back (about a tenth of a second natively): small enough
/// that a hard question is split among actors soon, large enough that the cost of a message (a
/// millisecond or two on Ray) is small against it.
pub const DEFAULT_JOB_NODES: u64 = 5_000;

type NodeId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum State {
    /// A leaf waiting for a job.
    Open,
    /// A leaf whose job is out.
    Out,
    /// Children made (a job may still be out on it).
    Expanded,
    Solved {
        lost: bool,
    },
}

#[derive(Clone, Debug)]
struct Node {
    position: Position,
    heap: u32,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    state: State,
    proof: u32,
    disproof: u32,
    /// Open leaves below (itself included).
    free: u32,
    /// Jobs out below (itself included).
    busy: u32,
}

/// A question the answer needs, a root of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum GoalKind {
    /// The position itself (its outcome).
    Position,
    /// The `index`-th child of the position (in the order of [`Position::children`]).
    Child { index: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct GoalNode {
    kind: GoalKind,
    node: NodeId,
}

/// How the master splits the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MasterOptions {
    /// Nodes each job may search.
    pub job_nodes: u64,
}

impl Default for MasterOptions {
    fn default() -> MasterOptions {
        MasterOptions {
            job_nodes: DEFAULT_JOB_NODES,
        }
    }
}

/// Where a run stands, for a progress display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MasterProgress {
    pub jobs_done: u64,
    pub jobs_out: u64,
    /// Nodes the actors searched.
    pub nodes: u64,
    pub tree_nodes: u64,
    /// Leaves the master expanded while their jobs were out (actors would have waited).
    pub expanded_while_out: u64,
    pub goals: u64,
    pub goals_solved: u64,
    /// The proof and disproof numbers of the goals not solved yet, summed (0 when all are).
    pub proof: u64,
    pub disproof: u64,
    /// Entries in the master's base.
    pub entries: u64,
}

/// Why a master cannot go on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MasterError {
    #[error("{0}")]
    Relay(#[from] RelayError),
    #[error("a nimber is a normal-play value: ask it without misère play")]
    MisereNimber,
    #[error("not a checkpoint of this run: {0}")]
    Checkpoint(String),
}

/// The answer of a run and how it was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifiedAnswer {
    pub answers: Answers,
    /// Entries of the base checked from the rules.
    pub checked_entries: usize,
    /// Entries the check found wrong or could not verify (the answer was read from the rest).
    pub refused: Vec<String>,
    /// The checked entries (and what the solver computed from them): the base a run hands back.
    pub base: Base,
}

/// See the module docs.
pub struct ProofNumberMaster {
    method: Method,
    questions: Questions,
    options: MasterOptions,
    root: Position,
    children: Vec<Position>,
    base: Base,
    nodes: Vec<Node>,
    goals: Vec<GoalNode>,
    /// Settled questions (position key, heap) → lost, so that a question met again is not asked.
    known: HashMap<(Vec<u8>, u32), bool>,
    jobs: HashMap<u64, OutJob>,
    /// Leaves whose job came back unfinished, by actor: the actor keeps its search paused and gets
    /// the leaf back with its next job, unless it was split meanwhile.
    held: HashMap<usize, OutJob>,
    /// Leaves the actors have settled so far: a paused search older than the last of them is
    /// started afresh (see [`Job::fresh`]).
    settled: u64,
    next_id: u64,
    /// Every batch learned, with the actor it came from (`usize::MAX`: the master's start base).
    relay: Vec<(usize, Batch)>,
    /// How far each actor has been sent the relay.
    relayed: Vec<usize>,
    /// Nimber questions (once the outcome is known): per target of [`policy::nimber_targets`], the
    /// couple (target, n) asked now, n counting up from 0 until one is lost…
    nimber_nodes: Option<Vec<NodeId>>,
    /// …and then the target's nimber.
    nimbers: Vec<Option<u32>>,
    progress: MasterProgress,
}

/// The origin of the batches the master makes (its start base, what its tree found).
const MASTER: usize = usize::MAX;

/// A leaf an actor searches, and how many leaves the actors had settled when its search began.
#[derive(Clone, Copy, Debug)]
struct OutJob {
    leaf: NodeId,
    since: u64,
}

impl ProofNumberMaster {
    /// A run answering `questions` on `position` by `method`, starting from `base` (what is known
    /// already; it is relayed to every actor).
    pub fn new(
        position: &Position,
        method: Method,
        questions: Questions,
        base: Base,
        options: MasterOptions,
    ) -> Result<ProofNumberMaster, MasterError> {
        if questions.nimber && method.is_misere() {
            return Err(MasterError::MisereNimber);
        }
        let mut master = ProofNumberMaster {
            method,
            questions,
            options,
            root: position.clone(),
            children: Vec::new(),
            base: Base::new(),
            nodes: Vec::new(),
            goals: Vec::new(),
            known: HashMap::default(),
            jobs: HashMap::default(),
            held: HashMap::default(),
            settled: 0,
            next_id: 0,
            relay: Vec::new(),
            relayed: Vec::new(),
            nimber_nodes: None,
            nimbers: Vec::new(),
            progress: MasterProgress::default(),
        };
        master.take_start_base(base);
        if questions.winning_moves {
            master.children = position.children();
        }
        let node = master.add_node(position.clone(), 0, None);
        master.goals.push(GoalNode {
            kind: GoalKind::Position,
            node,
        });
        master.advance();
        Ok(master)
    }

    /// The start base becomes the first batch of the relay (every actor needs it).
    fn take_start_base(&mut self, base: Base) {
        let mut entries = Base::new();
        entries.note_learned();
        entries.merge(&base);
        let learned = entries.take_learned();
        if !learned.is_empty() {
            self.relay.push((MASTER, Batch::seal(&learned)));
        }
        self.base = base;
        self.base.note_learned();
    }

    /// Takes in a base given on resuming a run: merged into the master's and relayed to the actors.
    pub fn take_in_base(&mut self, base: &Base) {
        let mut entries = Base::new();
        entries.note_learned();
        entries.merge(base);
        let learned = entries.take_learned();
        if !learned.is_empty() {
            self.base.take_in(&learned);
            self.relay.push((MASTER, Batch::seal(&learned)));
        }
    }

    fn misere(&self) -> bool {
        self.method.is_misere()
    }

    /// Whether the base or an earlier answer settles (position, heap): `Some(lost)`.
    fn settled(&self, position: &Position, heap: u32) -> Option<bool> {
        if let Some(&lost) = self.known.get(&(position.key(), heap)) {
            return Some(lost);
        }
        match self.misere() {
            true => self.base.misere_losing(position),
            false => self.base.nimber(position).map(|nimber| nimber == heap),
        }
    }

    fn add_node(&mut self, position: Position, heap: u32, parent: Option<NodeId>) -> NodeId {
        let id = self.nodes.len();
        let state = match self.settled(&position, heap) {
            Some(lost) => State::Solved { lost },
            // No move: lost in normal play, won in misère play.
            None if heap == 0 && position.is_terminal() => State::Solved {
                lost: !self.misere(),
            },
            None => State::Open,
        };
        // Proof number 1; to show a position lost every child must be shown won: its lives (a
        // cheap estimate of its moves) plus the heap, as the proof-number search's initial guess.
        let (proof, disproof, free) = match state {
            State::Solved { lost: true } => (INFINITE, 0, 0),
            State::Solved { lost: false } => (0, INFINITE, 0),
            _ => (1, add(position.lives(), heap.min(1 << 20)).max(1), 1),
        };
        self.nodes.push(Node {
            position,
            heap,
            parent,
            children: Vec::new(),
            state,
            proof,
            disproof,
            free,
            busy: 0,
        });
        self.progress.tree_nodes += 1;
        id
    }

    /// Makes the children of a leaf: the moves in the position (with the same heap) and, in normal
    /// play, the moves in the heap.
    fn expand(&mut self, id: NodeId) {
        let position = self.nodes[id].position.clone();
        let heap = self.nodes[id].heap;
        let mut children = Vec::new();
        for child in position.children() {
            children.push(self.add_node(child, heap, Some(id)));
        }
        if !self.misere() {
            for smaller in 0..heap {
                children.push(self.add_node(position.clone(), smaller, Some(id)));
            }
        }
        let node = &mut self.nodes[id];
        node.children = children;
        node.state = if node.children.is_empty() {
            // No move: lost in normal play, won in misère play.
            State::Solved {
                lost: !self.method.is_misere(),
            }
        } else {
            State::Expanded
        };
        self.update_upwards(id);
    }

    /// Recomputes a node from its children (or its own state) and every ancestor's.
    fn update_upwards(&mut self, from: NodeId) {
        let mut at = Some(from);
        while let Some(id) = at {
            self.recompute(id);
            at = self.nodes[id].parent;
        }
    }

    fn recompute(&mut self, id: NodeId) {
        let own_job = self.has_job(id) as u32;
        let node = &self.nodes[id];
        let (state, proof, disproof, free, busy) = match node.state {
            State::Solved { lost: true } => (node.state, INFINITE, 0, 0, 0),
            State::Solved { lost: false } => (node.state, 0, INFINITE, 0, 0),
            State::Open => (node.state, node.proof, node.disproof, 1, 0),
            State::Out => (node.state, node.proof, node.disproof, 0, 1),
            State::Expanded => {
                let mut proof = INFINITE;
                let mut disproof = 0;
                let (mut free, mut busy) = (0, own_job);
                let mut all_won = true;
                let mut lost_child = false;
                for &c in &node.children {
                    let child = &self.nodes[c];
                    match child.state {
                        State::Solved { lost: true } => lost_child = true,
                        State::Solved { lost: false } => {}
                        _ => all_won = false,
                    }
                    proof = proof.min(child.disproof);
                    disproof = add(disproof, child.proof);
                    free += child.free;
                    busy += child.busy;
                }
                if lost_child {
                    (State::Solved { lost: false }, 0, INFINITE, 0, 0)
                } else if all_won {
                    (State::Solved { lost: true }, INFINITE, 0, 0, 0)
                } else {
                    (State::Expanded, proof, disproof, free, busy)
                }
            }
        };
        let node = &mut self.nodes[id];
        let newly_solved =
            !matches!(node.state, State::Solved { .. }) && matches!(state, State::Solved { .. });
        node.state = state;
        node.proof = proof;
        node.disproof = disproof;
        node.free = free;
        node.busy = busy;
        if newly_solved {
            if let State::Solved { lost } = state {
                let (position, heap) = (node.position.clone(), node.heap);
                self.known.insert((position.key(), heap), lost);
                self.record(&position, heap, lost);
            }
        }
    }

    /// Writes what the tree found into the base where an entry can say it (and so relays it to the
    /// actors, and keeps it for the proof of the answer): a misère outcome; in normal play a lost
    /// couple whose lands' nimbers are all known but one gives that one's nimber.
    fn record(&mut self, position: &Position, heap: u32, lost: bool) {
        if self.misere() {
            if self.base.misere_losing(position).is_none() {
                self.base.insert_misere(position, lost);
            }
            return;
        }
        if !lost {
            return;
        }
        let mut nimber = heap;
        let mut unknown = Vec::new();
        for land in unpaired(position.lands()) {
            match self.base.nimber_of_land(land) {
                Some(v) => nimber ^= v,
                None => unknown.push(land.clone()),
            }
        }
        if let [land] = &unknown[..] {
            self.base
                .insert_nimber(&Position::from_lands(vec![land.clone()]), nimber);
        }
    }

    /// What the master itself learned since the last call, relayed as a batch of its own.
    fn relay_own(&mut self) {
        let learned = self.base.take_learned();
        if !learned.is_empty() {
            self.relay.push((MASTER, Batch::seal(&learned)));
        }
    }

    /// Whether the node still matters: neither it nor an ancestor is solved.
    fn live(&self, id: NodeId) -> bool {
        let mut at = Some(id);
        while let Some(n) = at {
            if matches!(self.nodes[n].state, State::Solved { .. }) {
                return false;
            }
            at = self.nodes[n].parent;
        }
        true
    }

    fn goal_solved(&self, goal: &GoalNode) -> Option<bool> {
        match self.nodes[goal.node].state {
            State::Solved { lost } => Some(lost),
            _ => None,
        }
    }

    /// Opens the next questions as the earlier ones are settled, in the policy's order: the
    /// outcome first; then, for every winning move, each child of a won position (a lost one has
    /// none: its every child is won); then each target's nimber as the least heap whose couple is
    /// lost.
    fn advance(&mut self) {
        let Some(losing) = self.outcome_so_far() else {
            return;
        };
        if self.questions.winning_moves && !losing && !self.moves_asked() {
            for index in 0..self.children.len() {
                let node = self.add_node(self.children[index].clone(), 0, None);
                self.goals.push(GoalNode {
                    kind: GoalKind::Child { index },
                    node,
                });
            }
        }
        if !self.questions.nimber {
            return;
        }
        if self.nimber_nodes.is_none() {
            let targets = policy::nimber_targets(&self.root, losing);
            self.nimbers = vec![None; targets.len()];
            let nodes = targets
                .into_iter()
                .map(|target| self.add_node(target, 0, None))
                .collect();
            self.nimber_nodes = Some(nodes);
        }
        let Some(mut nodes) = self.nimber_nodes.clone() else {
            return;
        };
        for (target, node) in nodes.iter_mut().enumerate() {
            while self.nimbers[target].is_none() {
                let (heap, state) = (self.nodes[*node].heap, self.nodes[*node].state);
                match state {
                    State::Solved { lost: true } => self.nimbers[target] = Some(heap),
                    State::Solved { lost: false } => {
                        let position = self.nodes[*node].position.clone();
                        *node = self.add_node(position, heap + 1, None);
                    }
                    _ => break,
                }
            }
        }
        self.nimber_nodes = Some(nodes);
    }

    /// The position's outcome (lost?) once its goal is settled.
    fn outcome_so_far(&self) -> Option<bool> {
        let goal = self.goals.iter().find(|g| g.kind == GoalKind::Position)?;
        self.goal_solved(goal)
    }

    /// Whether the children are goals (they become goals once the position is known won).
    fn moves_asked(&self) -> bool {
        self.goals
            .iter()
            .any(|g| matches!(g.kind, GoalKind::Child { .. }))
    }

    /// Every goal answered (the children's too, when the moves of a won position are asked).
    pub fn is_done(&self) -> bool {
        let Some(losing) = self.outcome_so_far() else {
            return false;
        };
        let moves_pending = self.questions.winning_moves
            && !losing
            && !self.children.is_empty()
            && !self.moves_asked();
        !moves_pending
            && self.goals.iter().all(|g| self.goal_solved(g).is_some())
            && (!self.questions.nimber
                || (self.nimber_nodes.is_some() && self.nimbers.iter().all(Option::is_some)))
    }

    /// The next job for actor `actor` (0, 1, …), or `None` when there is nothing to hand out now
    /// (every leaf is out and none can be split, or the run is done): the leaf it left unfinished,
    /// to go on with its paused search, else a most-proving open leaf, else part of the
    /// most-proving leaf that is out.
    pub fn next_job(&mut self, actor: usize) -> Option<Job> {
        if let Some(held) = self.held.remove(&actor) {
            let leaf = held.leaf;
            // Split meanwhile or not, the actor goes on with its search: the others take the
            // children (as the policy's first worker searches the position, its helpers the
            // children).
            let searched = matches!(self.nodes[leaf].state, State::Out | State::Expanded);
            if searched && self.live(leaf) && !self.has_job(leaf) {
                return Some(self.hand_out(leaf, Some(held.since)));
            }
            self.reopen_if_idle(leaf);
        }
        loop {
            if let Some(leaf) = self.free_leaf() {
                return Some(self.hand_out(leaf, None));
            }
            // Every leaf is out: split the most-proving one whose job is out, so that this actor
            // takes part of its work (its own job goes on; its answer still counts).
            let leaf = self.out_leaf()?;
            self.progress.expanded_while_out += 1;
            self.expand(leaf);
            self.advance();
            self.relay_own();
        }
    }

    fn has_job(&self, leaf: NodeId) -> bool {
        self.jobs.values().any(|job| job.leaf == leaf)
    }

    /// A held leaf no actor goes on with (split meanwhile, or its actor gone) is open to all.
    fn reopen_if_idle(&mut self, leaf: NodeId) {
        if self.nodes[leaf].state == State::Out && !self.has_job(leaf) {
            self.nodes[leaf].state = State::Open;
            self.update_upwards(leaf);
        }
    }

    /// Hands `leaf` out; `paused_since`: the actor goes on with its paused search of it, begun when
    /// the actors had settled that many leaves.
    fn hand_out(&mut self, leaf: NodeId, paused_since: Option<u64>) -> Job {
        let id = self.next_id;
        self.next_id += 1;
        if self.nodes[leaf].state == State::Open {
            self.nodes[leaf].state = State::Out;
        }
        // Once another actor has settled a question, the base may answer in a few nodes what the
        // paused search would labour at for long: it goes on from the paused tree only when
        // nothing was settled since it began. (Measured on 0*12 with 2 actors: the second goal
        // searched on from its own table took 90,000 nodes unfinished; afresh, after the first
        // goal's entries came, 5,600.)
        let fresh = paused_since.is_some_and(|since| since < self.settled);
        let since = match paused_since {
            Some(since) if !fresh => since,
            _ => self.settled,
        };
        self.jobs.insert(id, OutJob { leaf, since });
        self.update_upwards(leaf);
        self.progress.jobs_out = self.jobs.len() as u64;
        let node = &self.nodes[leaf];
        Job {
            id,
            key: node.position.key(),
            heap: node.heap,
            budget: self.options.job_nodes,
            fresh,
        }
    }

    /// The goals still open, those with the fewest jobs out first (the work spreads over them), then
    /// the nearest to an answer.
    fn open_goals(&self) -> Vec<NodeId> {
        let mut open: Vec<NodeId> = self
            .goals
            .iter()
            .filter(|g| self.goal_solved(g).is_none())
            .map(|g| g.node)
            .collect();
        if let Some(nodes) = &self.nimber_nodes {
            let asked = nodes.iter().zip(&self.nimbers);
            open.extend(asked.filter(|(_, n)| n.is_none()).map(|(&node, _)| node));
        }
        open.sort_by_key(|&n| {
            let node = &self.nodes[n];
            (node.busy, node.proof.min(node.disproof))
        });
        open
    }

    /// A most-proving open leaf: down from a goal, always to the child of least disproof number
    /// that still has an open leaf below it.
    fn free_leaf(&self) -> Option<NodeId> {
        let goal = self
            .open_goals()
            .into_iter()
            .find(|&g| self.nodes[g].free > 0)?;
        let mut at = goal;
        loop {
            let node = &self.nodes[at];
            if node.state == State::Open {
                return Some(at);
            }
            at = node
                .children
                .iter()
                .copied()
                .filter(|&c| self.nodes[c].free > 0)
                .min_by_key(|&c| (self.nodes[c].disproof, self.nodes[c].busy))?;
        }
    }

    /// The most-proving leaf whose job is out (to split), down from the busiest open goal.
    fn out_leaf(&self) -> Option<NodeId> {
        let goal = self
            .open_goals()
            .into_iter()
            .rev()
            .find(|&g| self.nodes[g].busy > 0)?;
        let mut at = goal;
        loop {
            let node = &self.nodes[at];
            match node.state {
                State::Out => return Some(at),
                State::Expanded => {}
                _ => return None,
            }
            at = node
                .children
                .iter()
                .copied()
                .filter(|&c| self.nodes[c].busy > 0)
                .filter(|&c| !matches!(self.nodes[c].state, State::Solved { .. }))
                .min_by_key(|&c| self.nodes[c].disproof)?;
        }
    }

    /// Takes in an actor's report: what it learned is kept and relayed, and the job's leaf is
    /// settled, or held for the actor to go on with if the job did not finish. `actor` names the
    /// actor (0, 1, …), so that
    /// its own entries are not sent back to it.
    pub fn report(&mut self, actor: usize, report: &JobReport) -> Result<(), MasterError> {
        if !report.learned.is_empty() {
            let entries = report.learned.open()?;
            self.base.take_in(&entries);
            self.relay.push((actor, report.learned.clone()));
        }
        self.progress.nodes += report.nodes;
        self.progress.jobs_done += 1;
        let Some(job) = self.jobs.remove(&report.id) else {
            return Ok(()); // a job released earlier (its actor was thought dead)
        };
        let leaf = job.leaf;
        self.progress.jobs_out = self.jobs.len() as u64;
        if self.live(leaf) {
            let lost = match report.result {
                JobResult::Lost => Some(true),
                JobResult::Won => Some(false),
                JobResult::Unfinished => None,
            };
            match lost {
                Some(lost) => {
                    self.nodes[leaf].state = State::Solved { lost };
                    let key = (self.nodes[leaf].position.key(), self.nodes[leaf].heap);
                    // A goal asked later (a child once the position is won) is then settled.
                    self.known.insert(key, lost);
                    self.settled += 1;
                }
                // The actor goes on with it (its search is paused), split or not.
                None => {
                    self.held.insert(actor, job);
                }
            }
        }
        self.update_upwards(leaf);
        self.advance();
        self.relay_own();
        Ok(())
    }

    /// A job whose actor died: its leaf is open again (what the actor sent before stays).
    pub fn release(&mut self, job: u64) {
        if let Some(OutJob { leaf, .. }) = self.jobs.remove(&job) {
            if self.nodes[leaf].state == State::Out {
                self.nodes[leaf].state = State::Open;
            }
            self.update_upwards(leaf);
            self.progress.jobs_out = self.jobs.len() as u64;
        }
    }

    /// The batches actor `actor` has not been sent yet (a new actor, or one restarted with
    /// [`ProofNumberMaster::forget_actor`], gets everything).
    pub fn relay_for(&mut self, actor: usize) -> Vec<Batch> {
        if self.relayed.len() <= actor {
            self.relayed.resize(actor + 1, 0);
        }
        let from = self.relayed[actor];
        self.relayed[actor] = self.relay.len();
        self.relay[from..]
            .iter()
            .filter(|(origin, _)| *origin != actor)
            .map(|(_, batch)| batch.clone())
            .collect()
    }

    /// Actor `actor` was replaced by a new one, with an empty base: it is sent everything again,
    /// and the leaf it held is open to all.
    pub fn forget_actor(&mut self, actor: usize) {
        if let Some(held) = self.held.remove(&actor) {
            self.reopen_if_idle(held.leaf);
        }
        if let Some(sent) = self.relayed.get_mut(actor) {
            *sent = 0;
        }
        for (origin, _) in self.relay.iter_mut().filter(|(o, _)| *o == actor) {
            // Its entries now reach its successor too.
            *origin = MASTER;
        }
    }

    pub fn progress(&self) -> MasterProgress {
        let mut progress = self.progress;
        progress.entries = (self.base.normal_len() + self.base.misere_len()) as u64;
        progress.goals = self.goals.len() as u64;
        for goal in &self.goals {
            let node = &self.nodes[goal.node];
            if self.goal_solved(goal).is_some() {
                progress.goals_solved += 1;
            } else {
                progress.proof += node.proof as u64;
                progress.disproof += node.disproof as u64;
            }
        }
        progress
    }

    /// The master's base: the start base and everything the actors reported.
    pub fn base(&self) -> &Base {
        &self.base
    }

    /// The answers the tree reached (not checked: see [`ProofNumberMaster::verified_answer`]).
    pub fn tree_answer(&self) -> Option<Answers> {
        if !self.is_done() {
            return None;
        }
        let losing = self.outcome_so_far()?;
        // A lost position has no winning move, and its children are no goals.
        let winning_moves = self.questions.winning_moves.then(|| {
            self.goals
                .iter()
                .filter_map(|g| match (g.kind, self.goal_solved(g)) {
                    (GoalKind::Child { index }, Some(true)) => Some(self.children[index].clone()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        });
        // A sum's nimber is the XOR of its lands' (none: a lost land or position, nimber 0).
        let nimber = self
            .questions
            .nimber
            .then(|| self.nimbers.iter().flatten().fold(0, |a, b| a ^ b));
        Some(Answers {
            losing,
            winning_move: winning_moves.as_ref().and_then(|m| m.first().cloned()),
            nimber,
            winning_moves,
        })
    }

    /// The answer, proven from checked entries only (see the module docs): every entry of the
    /// master's base is checked from the rules (on `threads` threads: the actors are done), and the
    /// answer is read from the checked entries, goal by goal; a goal they do not settle (an entry
    /// refused) is searched from them by the engine's solver. (Checking the whole base costs less
    /// than picking out a minimal proof first: 0.4 s against 3 s after the 11-spot start's run.)
    /// `None` until [`ProofNumberMaster::is_done`].
    pub fn verified_answer(
        &self,
        threads: usize,
        control: &Control,
    ) -> Result<Option<VerifiedAnswer>, Cancelled> {
        if !self.is_done() {
            return Ok(None);
        }
        let options = CheckOptions {
            threads: threads.max(1),
            ..CheckOptions::default()
        };
        let (report, mut checked) = verify_base_under(&self.base, options, control)?;
        let mut refused = report.wrong.clone();
        refused.extend(report.unverifiable.iter().cloned());
        let answers = self.answers_from(&mut checked, threads, control)?;
        Ok(Some(VerifiedAnswer {
            answers,
            checked_entries: report.verified,
            refused,
            base: checked,
        }))
    }

    /// The answers read from `checked` (entries checked from the rules), goal by goal: a question
    /// is lost when the entries give it that value, won when they give a child that is lost; a
    /// question they do not settle (a refused entry, a proof the base lacked) is searched from them.
    fn answers_from(
        &self,
        checked: &mut Base,
        threads: usize,
        control: &Control,
    ) -> Result<Answers, Cancelled> {
        let solver = Solver::new(self.method, threads);
        let lost = |position: &Position, heap: u32, checked: &mut Base| match read_lost(
            checked,
            position,
            heap,
            self.misere(),
        ) {
            Some(lost) => Ok(lost),
            None if heap == 0 => Ok(solver.outcome(position, checked, control)?.losing),
            None => Ok(solver.nimber(position, checked, control)? == heap),
        };
        let losing = match self.root.is_terminal() {
            // No move: lost in normal play, won in misère play.
            true => !self.misere(),
            false => lost(&self.root, 0, checked)?,
        };
        let mut winning_moves = None;
        if self.questions.winning_moves {
            let mut moves = Vec::new();
            // A lost position's every child is won: only a won one's are asked.
            for child in self.children.iter().filter(|_| !losing) {
                if lost(child, 0, checked)? {
                    moves.push(child.clone());
                }
            }
            winning_moves = Some(moves);
        }
        let nimber = match self.questions.nimber {
            false => None,
            true => {
                let mut nimber = 0;
                for target in policy::nimber_targets(&self.root, losing) {
                    nimber ^= solver.nimber(&target, checked, control)?;
                }
                Some(nimber)
            }
        };
        Ok(Answers {
            losing,
            winning_move: winning_moves.as_ref().and_then(|m| m.first().cloned()),
            nimber,
            winning_moves,
        })
    }
}

/// Whether `position` plus `heap` is lost, as far as `base`'s entries say: the position's own value,
/// or a child whose value makes it won. `None` when they do not say.
fn read_lost(base: &Base, position: &Position, heap: u32, misere: bool) -> Option<bool> {
    let lost_here = |p: &Position, heap: u32| match misere {
        true => base.misere_losing(p),
        false => base.nimber(p).map(|v| v == heap),
    };
    if let Some(lost) = lost_here(position, heap) {
        return Some(lost);
    }
    // A child (or a smaller heap) known lost makes it won.
    if !misere && (0..heap).any(|smaller| lost_here(position, smaller) == Some(true)) {
        return Some(false);
    }
    let found = position.children_until(|child| match lost_here(child, heap) {
        Some(true) => std::ops::ControlFlow::Break(()),
        _ => std::ops::ControlFlow::Continue(()),
    });
    found.is_break().then_some(false)
}

/// A checkpoint of a run: the question, the tree and the base.
#[derive(Serialize, Deserialize)]
struct Checkpoint {
    magic: String,
    version: u32,
    root: Vec<u8>,
    misere_lives: Option<u32>,
    whole_misere: bool,
    nimber: bool,
    winning_moves: bool,
    job_nodes: u64,
    base: Vec<u8>,
    /// Per node: key, heap, parent, state (jobs out are open again on resume).
    nodes: Vec<(Vec<u8>, u32, Option<usize>, State)>,
    goals: Vec<GoalNode>,
    nimber_nodes: Option<Vec<usize>>,
    nimbers: Vec<Option<u32>>,
    progress: MasterProgress,
}

const CHECKPOINT_MAGIC: &str = "sprague-master";
// 2: the position is the first goal, its children goals only once it is known won.
const CHECKPOINT_VERSION: u32 = 2;

fn method_fields(method: Method) -> (Option<u32>, bool) {
    match method {
        Method::MisereForms(lives) => (Some(lives), false),
        Method::MisereWhole => (None, true),
        _ => (None, false),
    }
}

impl ProofNumberMaster {
    /// The run as bytes, to resume from after a crash or a restart ([`ProofNumberMaster::resume`]).
    pub fn checkpoint(&self) -> Vec<u8> {
        let (misere_lives, whole_misere) = method_fields(self.method);
        let nodes = self
            .nodes
            .iter()
            .map(|n| {
                let state = match n.state {
                    State::Out => State::Open,
                    other => other,
                };
                (n.position.key(), n.heap, n.parent, state)
            })
            .collect();
        encode(&Checkpoint {
            magic: CHECKPOINT_MAGIC.into(),
            version: CHECKPOINT_VERSION,
            root: self.root.key(),
            misere_lives,
            whole_misere,
            nimber: self.questions.nimber,
            winning_moves: self.questions.winning_moves,
            job_nodes: self.options.job_nodes,
            base: self.base.to_bytes(),
            nodes,
            goals: self.goals.clone(),
            nimber_nodes: self.nimber_nodes.clone(),
            nimbers: self.nimbers.clone(),
            progress: self.progress,
        })
    }

    /// Resumes the run of `position` by `method` with `questions` from a checkpoint, which is input
    /// from outside: it must be of this very question, its base's keys canonical positions, its
    /// tree well formed. What it claims settled guides the search only: the answer is checked as
    /// any other ([`ProofNumberMaster::verified_answer`]).
    pub fn resume(
        bytes: &[u8],
        position: &Position,
        method: Method,
        questions: Questions,
    ) -> Result<ProofNumberMaster, MasterError> {
        let bad = |why: &str| MasterError::Checkpoint(why.to_string());
        let saved: Checkpoint =
            decode(bytes).map_err(|e| MasterError::Checkpoint(e.to_string()))?;
        if saved.magic != CHECKPOINT_MAGIC || saved.version != CHECKPOINT_VERSION {
            return Err(bad("not a Sprague master checkpoint of this version"));
        }
        if saved.root != position.key()
            || (saved.misere_lives, saved.whole_misere) != method_fields(method)
            || saved.nimber != questions.nimber
            || saved.winning_moves != questions.winning_moves
        {
            return Err(bad("it is of another position or question"));
        }
        let base =
            Base::from_bytes(&saved.base).map_err(|e| MasterError::Checkpoint(e.to_string()))?;
        let options = MasterOptions {
            job_nodes: saved.job_nodes.max(1),
        };
        let mut master = ProofNumberMaster::new(position, method, questions, Base::new(), options)?;
        master.take_start_base(base);
        master.nodes.clear();
        master.goals.clear();
        master.known.clear();
        for (i, (key, heap, parent, state)) in saved.nodes.into_iter().enumerate() {
            let position = Position::from_key(&key)
                .ok_or_else(|| bad("a node is not a canonical position"))?;
            if parent.is_some_and(|p| p >= i) || (method.is_misere() && heap != 0) {
                return Err(bad("its tree is not well formed"));
            }
            if let Some(p) = parent {
                master.nodes[p].children.push(i);
            }
            master.nodes.push(Node {
                position,
                heap,
                parent,
                children: Vec::new(),
                state,
                proof: 1,
                disproof: 1,
                free: 0,
                busy: 0,
            });
        }
        let n = master.nodes.len();
        // A leaf has no children, an expanded node has some (a solved node may have either).
        let well_formed = |node: &Node| match node.state {
            State::Open | State::Out => node.children.is_empty(),
            State::Expanded => !node.children.is_empty(),
            State::Solved { .. } => true,
        };
        if !master.nodes.iter().all(well_formed) {
            return Err(bad("its tree is not well formed"));
        }
        let roots = saved
            .goals
            .iter()
            .map(|g| g.node)
            .chain(saved.nimber_nodes.iter().flatten().copied());
        if roots.clone().any(|g| g >= n)
            || roots.clone().any(|g| master.nodes[g].parent.is_some())
            || saved
                .nimber_nodes
                .as_ref()
                .is_some_and(|nodes| nodes.len() != saved.nimbers.len())
            || (saved.nimber_nodes.is_some() && !questions.nimber)
        {
            return Err(bad("its goals are not well formed"));
        }
        for i in 0..n {
            if master.nodes[i].state == State::Open {
                let (position, heap) = (master.nodes[i].position.clone(), master.nodes[i].heap);
                let node = &mut master.nodes[i];
                node.proof = 1;
                node.disproof = add(position.lives(), heap.min(1 << 20)).max(1);
            }
        }
        // Children come after their parents: recompute from the last node up.
        for i in (0..n).rev() {
            master.recompute(i);
        }
        master.goals = saved.goals;
        // The position first; its children, all of them, only when its moves are asked.
        let positions = master.goals.iter().filter(|g| g.kind == GoalKind::Position);
        let children = master.goals.len() - positions.clone().count();
        let goal_count_ok = master
            .goals
            .first()
            .is_some_and(|g| g.kind == GoalKind::Position)
            && positions.count() == 1
            && (children == 0 || (questions.winning_moves && children == master.children.len()))
            && master.goals.iter().all(|g| match g.kind {
                GoalKind::Child { index } => index < master.children.len(),
                GoalKind::Position => true,
            });
        if !goal_count_ok {
            return Err(bad("its goals are not those of this question"));
        }
        master.nimber_nodes = saved.nimber_nodes;
        master.nimbers = saved.nimbers;
        for node in &master.nodes {
            if let State::Solved { lost } = node.state {
                master.known.insert((node.position.key(), node.heap), lost);
            }
        }
        master.progress = saved.progress;
        master.progress.jobs_out = 0;
        master.advance();
        Ok(master)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::sprouts::{JobRunner, DEFAULT_FORM_LIVES};

    fn unfinished(job: &Job) -> JobReport {
        JobReport {
            id: job.id,
            result: JobResult::Unfinished,
            nodes: 1,
            learned: Batch::default(),
        }
    }

    /// One actor, jobs of `job_nodes`, to the end: every job's position and result, and the answer
    /// (the checked one, asserted equal to the tree's).
    fn on_one_actor(
        position: &Position,
        method: Method,
        job_nodes: u64,
    ) -> (Vec<(Position, JobResult)>, Answers) {
        let questions = Questions {
            nimber: false,
            winning_moves: true,
        };
        let options = MasterOptions { job_nodes };
        let mut master =
            ProofNumberMaster::new(position, method, questions, Base::new(), options).unwrap();
        let mut runner = JobRunner::new(method);
        let mut jobs = Vec::new();
        while !master.is_done() {
            let job = master.next_job(0).expect("one actor always has work");
            for batch in master.relay_for(0) {
                runner.take_in(&batch).unwrap();
            }
            let report = runner.run(&job, &mut || true).unwrap();
            jobs.push((Position::from_key(&job.key).unwrap(), report.result));
            master.report(0, &report).unwrap();
        }
        let checked = master.verified_answer(1, &Control::new()).unwrap().unwrap();
        assert!(checked.refused.is_empty());
        assert_eq!(master.tree_answer(), Some(checked.answers.clone()));
        (jobs, checked.answers)
    }

    /// The winning moves by another search than the actors' (proof-number search in normal play,
    /// whole positions in misère play).
    fn moves_by_another_search(position: &Position, misere: bool) -> Vec<Position> {
        let other = match misere {
            true => Method::MisereWhole,
            false => Method::Dfpn,
        };
        let solver = Solver::new(other, 1);
        let mut base = Base::new();
        let mut lost = |child: &Position| {
            let outcome = solver.outcome(child, &mut base, &Control::new());
            outcome.unwrap().losing
        };
        position
            .children()
            .into_iter()
            .filter(|c| lost(c))
            .collect()
    }

    /// The policy's order: the position is asked first, by one search; a lost position's children
    /// are never asked (every one is won), a won one's only once its outcome is known. Outcomes
    /// against the published ones (DESIGN.md: normal play, n spots won when n mod 6 is 3, 4 or 5;
    /// misère, n = 1..7: W L L L W W L).
    #[test]
    fn the_position_is_asked_first_and_a_lost_ones_children_never() {
        let misere = Method::MisereForms(DEFAULT_FORM_LIVES);
        for (spots, method, published_lost) in [
            (6, Method::Normal, true),
            (7, misere, true),
            (5, Method::Normal, false),
            (5, misere, false),
        ] {
            let start = Position::start(spots).unwrap();
            let what = format!("{spots} spots, {method:?}");
            let (jobs, answers) = on_one_actor(&start, method, 200);
            assert_eq!(answers.losing, published_lost, "{what}");
            let position_jobs = jobs.iter().take_while(|(p, _)| *p == start).count();
            // Its last job answered the outcome; every later job is a child's.
            assert!(
                position_jobs > 0,
                "{what}: the position was not asked first"
            );
            assert_ne!(jobs[position_jobs - 1].1, JobResult::Unfinished, "{what}");
            let children = start.children();
            assert!(jobs[position_jobs..]
                .iter()
                .all(|(p, _)| children.contains(p)));
            if published_lost {
                assert_eq!(position_jobs, jobs.len(), "{what}: a child was asked");
                assert_eq!(answers.winning_moves, Some(Vec::new()), "{what}");
            } else {
                let moves = moves_by_another_search(&start, method.is_misere());
                assert!(!moves.is_empty(), "{what}");
                assert_eq!(answers.winning_moves, Some(moves), "{what}");
            }
        }
    }

    /// A paused search goes on while nothing was settled elsewhere, and starts afresh once another
    /// actor settled a question (its base may then answer at once). The position goes on on its
    /// actor after it was split for the other.
    #[test]
    fn a_paused_job_starts_afresh_once_another_actor_settled_a_question() {
        let start = Position::start(6).unwrap();
        let questions = Questions {
            nimber: false,
            winning_moves: true,
        };
        let options = MasterOptions { job_nodes: 10 };
        let mut master =
            ProofNumberMaster::new(&start, Method::Normal, questions, Base::new(), options)
                .unwrap();
        let first = master.next_job(0).unwrap();
        let second = master.next_job(1).unwrap();
        assert_eq!(first.key, start.key(), "the position is asked first");
        assert_ne!(
            first.key, second.key,
            "the other actor takes a child of the split position"
        );
        assert!(!first.fresh && !second.fresh);

        master.report(0, &unfinished(&first)).unwrap();
        let again = master.next_job(0).unwrap();
        assert_eq!(again.key, first.key, "the actor goes on with its question");
        assert!(!again.fresh, "nothing was settled meanwhile");

        // The other actor settles its question (a child won for the opponent).
        let settled = JobReport {
            result: JobResult::Won,
            ..unfinished(&second)
        };
        master.report(1, &settled).unwrap();
        master.report(0, &unfinished(&again)).unwrap();
        let afresh = master.next_job(0).unwrap();
        assert_eq!(afresh.key, first.key);
        assert!(
            afresh.fresh,
            "a question was settled since the search began"
        );

        master.report(0, &unfinished(&afresh)).unwrap();
        let on = master.next_job(0).unwrap();
        assert_eq!(on.key, first.key);
        assert!(
            !on.fresh,
            "the fresh search began after the last settlement"
        );
    }
}
