//! One Sprouts question, computed in steps: the value of a position (normal-play nimber, or misère
//! outcome), then which of its children are lost for the opponent (the winning moves). Everything the
//! searches learn goes into one Sprouts base, kept for the worker's lifetime and stored in IndexedDB.
//!
//! The children of a won position are examined in two passes: first each with a small budget (the
//! base settles most at once — a shipped proof holds at least one winning move of each won start),
//! then the rest in full. Once a winning move is known, the full pass stops at [`MORE_MOVES_MS`]: a
//! hard child can take minutes (the 11-spot start's `0*8.AB|0*2.AB`), and the answer then says which
//! moves were not examined.
//!
//! With a pool of workers (see `ui::solver_pool`), the page's worker searches the position and its
//! children from the first, while each pool worker runs a *helping* job on its share of the children
//! from the last ([`helper_share`]); what the helpers settle reaches the page's worker as news
//! ([`SproutsJob::hear`]): a child settled there is not searched again, and a child found lost
//! proves the position won without searching it. The answer is the same for any number of workers.

use super::base_saving;
use super::protocol::{Outcome, RequestId, Response, SproutsAnswer, SproutsChild, SproutsLand};
use crate::store::{BaseKind, Store, StoreError, StoredBase};
use sprague_engine::games::sprouts::{Land, Position};
use sprague_engine::solve::sprouts::{
    Base, DfpnOptions, LandForms, LearnedEntries, MisereFormSearch, NormalAnswer, NormalSearch,
    OutcomeRace, Step, DEFAULT_FORM_LIVES,
};
use std::cell::{Cell, RefCell};

/// The stored base's name.
pub const BASE_NAME: &str = "Sprouts positions";

/// Where the app's shipped Sprouts base is served (copied from `www/` by Trunk).
const SHIPPED_BASE_URL: &str = "/sprouts-base.bin";

/// Nodes per step: well under a slice even for large positions.
const STEP_NODES: u64 = 64;

/// Normal play: once the outcome and the winning moves are known, the exact nimber of a won position is
/// sought within this many nodes (an outcome is far cheaper than a nimber: a won 11-spot start is proven
/// by its base at once, its nimber takes half a million nodes).
const NIMBER_NODES: u64 = 50_000;

/// Nor after this long from the question.
const NIMBER_MS: f64 = 6_000.0;

/// Lands the proof-number search keeps children lists for (its native default, two million, is
/// hundreds of megabytes: too much for a browser's worker).
const DFPN_CACHED_LANDS: usize = 200_000;

/// Nodes a child gets in the first pass over the children of a won position.
const QUICK_CHILD_NODES: u64 = 2_000;

/// Once a winning move is known, the search for others stops this long after the question came.
const MORE_MOVES_MS: f64 = 4_000.0;

thread_local! {
    static BASE: RefCell<Option<Base>> = const { RefCell::new(None) };
    /// Entries of the base as stored in IndexedDB, once read or written (reading the stored record
    /// means reading the whole base: more than a second for the shipped one).
    static STORED: Cell<Option<usize>> = const { Cell::new(None) };
    /// Misère simplest forms of small lands, kept between questions (computed exhaustively, reused).
    static LAND_FORMS: RefCell<Option<LandForms>> = const { RefCell::new(None) };
}

/// One search over the shared base. Misère play searches on simplest forms: small lands are replaced by
/// the misère simplest form of their sum (misère 10 spots in seconds; whole positions could not).
enum Search {
    Normal(NormalSearch),
    Misere(MisereFormSearch),
    /// A normal-play outcome question on a large position: the couple search and the proof-number
    /// search in turns (see `OutcomeRace`).
    Race(Box<OutcomeRace>),
}

impl Search {
    /// One step of the search (a misère answer comes as `Losing`).
    fn step(&mut self) -> Step<NormalAnswer> {
        match self {
            Search::Normal(search) => search.step(STEP_NODES),
            Search::Misere(search) => match search.step(STEP_NODES) {
                Step::Done(lost) => Step::Done(NormalAnswer::Losing(lost)),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            },
            Search::Race(race) => match race.step(STEP_NODES) {
                Step::Done(lost) => Step::Done(NormalAnswer::Losing(lost)),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            },
        }
    }

    fn base_mut(&mut self) -> &mut Base {
        match self {
            Search::Normal(search) => search.base_mut(),
            Search::Misere(search) => search.base_mut(),
            Search::Race(race) => race.base_mut(),
        }
    }

    fn base(&self) -> &Base {
        match self {
            Search::Normal(search) => search.base(),
            Search::Misere(search) => search.base(),
            Search::Race(race) => race.base(),
        }
    }

    fn nodes(&self) -> u64 {
        match self {
            Search::Normal(search) => search.nodes(),
            Search::Misere(search) => search.nodes(),
            Search::Race(race) => race.nodes(),
        }
    }

    fn into_base(self) -> Base {
        match self {
            Search::Normal(search) => search.into_base(),
            Search::Misere(search) => {
                let (base, forms) = search.into_parts();
                LAND_FORMS.with(|kept| *kept.borrow_mut() = Some(forms));
                base
            }
            Search::Race(race) => race.into_base(),
        }
    }
}

/// What a Sprouts search has done so far (see [`SproutsJob::progress`]).
pub struct SearchWork {
    pub nodes: u64,
    pub children_done: u64,
    pub children: u64,
    pub depth: u64,
    pub stored: u64,
    /// This worker and the pool's that have reported.
    pub workers: u64,
}

pub struct SproutsJob {
    position: Position,
    misere: bool,
    /// Idle base, between searches.
    base: Option<Base>,
    entries_at_start: usize,
    /// The running search and what it is for.
    search: Option<(Search, Goal)>,
    /// The position's value once known: nimber (normal) or lost-for-the-mover (both).
    nimber: Option<u32>,
    lost: Option<bool>,
    children: Vec<Position>,
    /// For each child: is it lost for the player to move (so moving there wins)? `None` until settled.
    child_lost: Vec<Option<bool>>,
    /// The children this job searches, in order: all of them from the first, or a helper's share.
    order: Vec<usize>,
    /// The place in `order` of the child being searched, and whether in the first (budgeted) pass.
    child: usize,
    quick_pass: bool,
    /// A pool worker's job: it settles the children in `order` and nothing else (not the position's
    /// value, nor nimbers), and never stops early for time: the page ends it.
    helping: bool,
    /// The children as written in news from and to pool workers.
    child_names: Vec<String>,
    /// What pool workers have settled of each child (see [`SproutsJob::hear`]).
    heard: Vec<Option<bool>>,
    /// Positions searched by each pool worker that reported (by its part; 0 is this worker).
    helper_nodes: Vec<Option<u64>>,
    /// In a pool: the base notes what it learns, handed to the pool's other workers
    /// ([`SproutsJob::take_learned`]).
    sharing: bool,
    /// The full pass stopped with children unsettled (a winning move was known; see [`MORE_MOVES_MS`]).
    stopped_early: bool,
    /// Done as soon as one winning move is known (the computer needs no more).
    one_winning_move_enough: bool,
    nodes: u64,
    /// Depth of the running search's stack at its last step.
    depth: usize,
    /// Normal play: the positions whose nimbers are sought after the moves, each within a budget —
    /// each land of a position of several (the nim-sum behind the answer), else the position itself
    /// when won — and what was found.
    nimber_targets: Vec<Position>,
    target_nimbers: Vec<Option<u32>>,
    started_ms: f64,
}

/// What a search is for.
#[derive(Clone, Copy, PartialEq)]
enum Goal {
    Outcome,
    /// The child with this index: is it lost?
    Child(usize),
    /// The nimber of the target with this index.
    Nimber(usize),
}

impl SproutsJob {
    pub async fn start(position: &str, misere: bool) -> Result<SproutsJob, String> {
        let started_ms = js_sys::Date::now();
        let position: Position = position.trim().parse().map_err(|error| {
            format!("“{}” is not a Sprouts position: {error}", shorten(position))
        })?;
        let base = take_base().await;
        // Compared with what is stored, not with what is in memory: the shipped entries get stored too.
        let entries_at_start = stored_entries().await;
        Ok(SproutsJob {
            position,
            misere,
            base: Some(base),
            entries_at_start,
            search: None,
            nimber: None,
            lost: None,
            children: Vec::new(),
            child_lost: Vec::new(),
            order: Vec::new(),
            child: 0,
            quick_pass: true,
            helping: false,
            child_names: Vec::new(),
            heard: Vec::new(),
            helper_nodes: Vec::new(),
            sharing: false,
            stopped_early: false,
            one_winning_move_enough: false,
            nodes: 0,
            depth: 0,
            nimber_targets: Vec::new(),
            target_nimbers: Vec::new(),
            started_ms,
        })
    }

    /// A pool worker's job: settle the children of `position` in share `part` of `parts` (see
    /// [`helper_share`]).
    pub async fn start_helping(
        position: &str,
        misere: bool,
        part: usize,
        parts: usize,
    ) -> Result<SproutsJob, String> {
        if part == 0 || part >= parts {
            return Err(format!(
                "a pool worker's share is 1 to {}, not {part}",
                parts.max(2) - 1
            ));
        }
        let mut job = SproutsJob::start(position, misere).await?;
        job.children = job.position.children();
        job.child_names = job.children.iter().map(ToString::to_string).collect();
        job.child_lost = vec![None; job.children.len()];
        job.order = helper_share(job.children.len(), part, parts);
        job.helping = true;
        job.share();
        Ok(job)
    }

    /// The position asked about, parsed.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn is_done(&self) -> bool {
        if self.helping {
            return self.order.iter().all(|&i| self.child_lost[i].is_some());
        }
        if self.one_winning_move_enough && (self.knows_winning_move() || self.lost == Some(true)) {
            return true;
        }
        self.lost.is_some()
            && self.search.is_none()
            && self.children_done()
            && self.next_target().is_none()
    }

    /// Every child settled, or the search for more winning moves stopped.
    fn children_done(&self) -> bool {
        self.stopped_early || self.child_lost.iter().all(Option::is_some)
    }

    /// Makes the job done as soon as one winning move is known, or the position is known lost (no
    /// nimbers either): what the computer needs to play.
    pub fn stop_at_first_winning_move(mut self) -> SproutsJob {
        self.one_winning_move_enough = true;
        self
    }

    /// Whether a winning move is known (the position may still have others unexamined).
    pub fn knows_winning_move(&self) -> bool {
        self.child_lost.contains(&Some(true))
    }

    /// A winning move is known and the time for finding more has run out.
    fn time_is_up(&self) -> bool {
        !self.helping
            && self.knows_winning_move()
            && js_sys::Date::now() - self.started_ms > MORE_MOVES_MS
    }

    /// The next child to search, moving on to the full pass after the first; `None` when the children
    /// are done (all settled, or a winning move known and time is up).
    fn next_child(&mut self) -> Option<usize> {
        loop {
            let unsettled = (self.child..self.order.len())
                .find(|&at| self.child_lost[self.order[at]].is_none());
            if let Some(at) = unsettled {
                if !self.quick_pass && self.time_is_up() {
                    self.stopped_early = true;
                    return None;
                }
                self.child = at;
                return Some(self.order[at]);
            }
            if !self.quick_pass {
                return None;
            }
            self.quick_pass = false;
            self.child = 0;
        }
    }

    /// The next position whose nimber is to be sought (each is tried once).
    fn next_target(&self) -> Option<usize> {
        let tried = self.target_nimbers.len();
        (tried < self.nimber_targets.len()).then_some(tried)
    }

    /// One step of work: starts the next search when none is running.
    pub fn step(&mut self) {
        if self.search.is_none() && !self.start_next() {
            return; // nothing left to search: done
        }
        let (search, goal) = self.search.as_mut().expect("a search is running");
        let goal = *goal;
        let answer = match search.step() {
            Step::Done(answer) => answer,
            Step::Running { nodes, depth } => {
                self.depth = depth;
                let over_budget = match goal {
                    Goal::Outcome => false,
                    // Left for the full pass.
                    Goal::Child(_) if self.quick_pass => nodes > QUICK_CHILD_NODES,
                    Goal::Child(_) => {
                        self.stopped_early = self.time_is_up();
                        self.stopped_early
                    }
                    // Not worth it: the answer goes without this nimber.
                    Goal::Nimber(_) => {
                        nodes > NIMBER_NODES || js_sys::Date::now() - self.started_ms > NIMBER_MS
                    }
                };
                if over_budget {
                    self.end_search();
                    match goal {
                        Goal::Child(_) => self.child += 1,
                        Goal::Nimber(_) => self.target_nimbers.push(None),
                        Goal::Outcome => {}
                    }
                }
                return;
            }
        };
        self.end_search();
        match (goal, answer) {
            (Goal::Outcome, NormalAnswer::Losing(lost)) => self.found_value(lost),
            (Goal::Child(i), NormalAnswer::Losing(lost)) => {
                self.child_lost[i] = Some(lost);
                self.child += 1;
            }
            (Goal::Nimber(_), NormalAnswer::Nimber(nimber)) => {
                self.target_nimbers.push(Some(nimber));
                self.found_nimbers();
            }
            // Each search answers the kind of question it was asked.
            _ => {}
        }
    }

    /// Starts the next search; false when there is none (the last child's pass may end the work).
    fn start_next(&mut self) -> bool {
        let goal = if self.lost.is_none() && !self.helping {
            Goal::Outcome
        } else if let Some(i) = self.next_child() {
            Goal::Child(i)
        } else if let Some(t) = self.next_target() {
            Goal::Nimber(t)
        } else {
            return false;
        };
        let base = self.base.take().expect("an idle job holds the base");
        let search = match goal {
            // The outcome first (a nimber costs far more): is the position lost?
            Goal::Outcome => self.outcome_search(&self.position.clone(), base, true),
            // The quick pass gives each child a small budget: not worth copying the base to race.
            Goal::Child(i) => {
                let race = !self.quick_pass;
                self.outcome_search(&self.children[i].clone(), base, race)
            }
            Goal::Nimber(t) => Search::Normal(NormalSearch::nimber(&self.nimber_targets[t], base)),
        };
        self.search = Some((search, goal));
        true
    }

    /// A search for whether `position` is lost for the player to move; in normal play on a large
    /// position, when `race` allows, both searches in turns (each racer holds a copy of the base).
    fn outcome_search(&self, position: &Position, base: Base, race: bool) -> Search {
        match self.misere {
            false if race && OutcomeRace::pays(position) => {
                let options = DfpnOptions {
                    cached_child_lands: DFPN_CACHED_LANDS,
                    ..DfpnOptions::default()
                };
                Search::Race(Box::new(OutcomeRace::new(position, base, options)))
            }
            false => Search::Normal(NormalSearch::losing(position, 0, base)),
            true => {
                let forms = LAND_FORMS
                    .with(|kept| kept.borrow_mut().take())
                    .unwrap_or_else(|| LandForms::new(DEFAULT_FORM_LIVES));
                Search::Misere(MisereFormSearch::with_forms(position, base, forms))
            }
        }
    }

    /// Stops the running search, keeping what it learned.
    fn end_search(&mut self) {
        let (search, _) = self.search.take().expect("a search is running");
        self.nodes += search.nodes();
        self.base = Some(search.into_base());
    }

    /// The position's value is known; a lost position has no winning move, so its children need no search.
    fn found_value(&mut self, lost: bool) {
        self.lost = Some(lost);
        if lost && !self.misere {
            self.nimber = Some(0);
        }
        self.children = self.position.children();
        self.child_names = self.children.iter().map(ToString::to_string).collect();
        // Every move from a lost position leaves a won one.
        self.child_lost = vec![lost.then_some(false); self.children.len()];
        self.order = (0..self.children.len()).collect();
        if !self.misere {
            let lands = self.position.lands();
            self.nimber_targets = match lands.len() {
                0 | 1 if lost => Vec::new(),
                0 | 1 => vec![self.position.clone()],
                _ => lands
                    .iter()
                    .map(|land| Position::from_lands(vec![land.clone()]))
                    .collect(),
            };
        }
    }

    /// With every land's nimber known, the position's is their nim-sum.
    fn found_nimbers(&mut self) {
        if self.target_nimbers.len() < self.nimber_targets.len() {
            return;
        }
        if let Some(nimbers) = self
            .target_nimbers
            .iter()
            .copied()
            .collect::<Option<Vec<u32>>>()
        {
            self.nimber = Some(nimbers.iter().fold(0, |sum, n| sum ^ n));
        }
    }

    /// News from pool worker `helper`: the children it has settled so far, and the positions it has
    /// searched. A child settled there is not searched here; one found lost proves the position won,
    /// and ends the search for its value.
    pub fn hear(&mut self, helper: usize, settled: Vec<SproutsChild>, nodes: u64) {
        if helper == 0 || helper > 64 {
            return; // not a pool worker's part
        }
        self.share();
        if self.helper_nodes.len() <= helper {
            self.helper_nodes.resize(helper + 1, None);
        }
        self.helper_nodes[helper] = Some(nodes);
        if settled.is_empty() {
            return;
        }
        if self.heard.is_empty() {
            if self.lost.is_none() {
                self.children = self.position.children();
                self.child_names = self.children.iter().map(ToString::to_string).collect();
            }
            self.heard = vec![None; self.children.len()];
        }
        for child in settled {
            // A position that is not a child of this one (or a child heard twice) changes nothing.
            let found = self
                .child_names
                .iter()
                .position(|name| *name == child.position);
            if let Some(i) = found.filter(|&i| self.heard[i].is_none()) {
                self.heard[i] = child.wins;
            }
        }
        if self.lost.is_none() {
            // A child lost for the player to move proves the position won; every child won, lost.
            let value = if self.heard.contains(&Some(true)) {
                Some(false)
            } else if !self.heard.is_empty() && self.heard.iter().all(|&lost| lost == Some(false)) {
                Some(true)
            } else {
                None
            };
            let Some(lost) = value else { return };
            if self.search.is_some() {
                self.end_search(); // the search for the value: not needed any more
            }
            self.found_value(lost);
        }
        for i in 0..self.children.len() {
            if self.child_lost[i].is_none() && self.heard[i].is_some() {
                self.child_lost[i] = self.heard[i];
                if matches!(self.search, Some((_, Goal::Child(searched))) if searched == i) {
                    self.end_search(); // the next step goes on to the next child
                }
            }
        }
    }

    /// From now on, what the base learns is noted for the pool's other workers.
    fn share(&mut self) {
        if !self.sharing {
            self.sharing = true;
            self.base_mut().note_learned();
        }
    }

    /// What the base learned since the last call, for the pool's other workers (`None` when not in a
    /// pool, or nothing new).
    pub fn take_learned(&mut self) -> Option<LearnedEntries> {
        if !self.sharing {
            return None;
        }
        Some(self.base_mut().take_learned()).filter(|entries| !entries.is_empty())
    }

    /// Takes in what another worker of the pool learned.
    pub fn take_in(&mut self, entries: &LearnedEntries) {
        self.share();
        self.base_mut().take_in(entries);
    }

    fn base_mut(&mut self) -> &mut Base {
        match &mut self.search {
            Some((search, _)) => search.base_mut(),
            None => self.base.as_mut().expect("an idle job holds the base"),
        }
    }

    /// Whether this is a pool worker's job (see [`SproutsJob::start_helping`]).
    pub fn is_helping(&self) -> bool {
        self.helping
    }

    /// A helping job's report for request `id`: its share's children settled so far.
    pub fn share_progress(&self, id: RequestId, done: bool) -> Response {
        Response::ChildrenSettled {
            id,
            settled: self.settled(),
            nodes: self.all_nodes().0,
            done,
        }
    }

    /// A helping job's children settled so far (see [`SproutsJob::start_helping`]).
    pub fn settled(&self) -> Vec<SproutsChild> {
        self.order
            .iter()
            .filter(|&&i| self.child_lost[i].is_some())
            .map(|&i| SproutsChild {
                position: self.child_names[i].clone(),
                wins: self.child_lost[i],
            })
            .collect()
    }

    /// Positions searched by this worker and the pool's, and how many workers that is.
    fn all_nodes(&self) -> (u64, u64) {
        let running = self.search.as_ref().map_or(0, |(search, _)| search.nodes());
        let helpers = self.helper_nodes.iter().flatten();
        let workers = 1 + helpers.clone().count() as u64;
        (self.nodes + running + helpers.sum::<u64>(), workers)
    }

    /// Work done so far: nodes searched, children examined of all, the search's depth, and the entries of
    /// the base.
    pub fn progress(&self) -> SearchWork {
        let (nodes, workers) = self.all_nodes();
        let base = match (&self.search, &self.base) {
            (Some((search, _)), _) => Some(search.base()),
            (None, base) => base.as_ref(),
        };
        SearchWork {
            nodes,
            children_done: self.child_lost.iter().filter(|lost| lost.is_some()).count() as u64,
            children: self.children.len() as u64,
            depth: self.depth as u64,
            stored: base.map_or(0, |base| entries(base) as u64),
            workers,
        }
    }

    /// Keeps what was learned (a cancelled search still adds to the base what it finished).
    pub async fn stop(mut self) {
        if self.search.is_some() {
            self.end_search();
        }
        self.save().await;
    }

    /// The answer: called when done, or early once a winning move is known (the other children then
    /// unsettled).
    pub async fn finish(mut self) -> SproutsAnswer {
        if self.search.is_some() {
            self.end_search();
        }
        let lost = self
            .lost
            .expect("finish is called once the outcome is known");
        let (nodes, workers) = self.all_nodes();
        let children = self
            .children
            .iter()
            .zip(&self.child_lost)
            .map(|(child, &lost)| SproutsChild {
                position: child.to_string(),
                wins: lost,
            })
            .collect();
        let answer = SproutsAnswer {
            position: self.position.to_string(),
            misere: self.misere,
            outcome: if lost { Outcome::P } else { Outcome::N },
            nimber: self.nimber,
            lands: self.lands(),
            children,
            nodes,
            workers,
            base_entries: 0,
            elapsed_ms: js_sys::Date::now() - self.started_ms,
        };
        let base_entries = self.save().await;
        SproutsAnswer {
            base_entries,
            ..answer
        }
    }

    /// The lands of a position of several, with their nimbers, and the land the first winning move is
    /// played in (the one land of the position that the move's position lacks).
    fn lands(&self) -> Vec<SproutsLand> {
        if self.nimber_targets.len() < 2 {
            return Vec::new();
        }
        let winning = self
            .children
            .iter()
            .zip(&self.child_lost)
            .find(|(_, lost)| **lost == Some(true))
            .map(|(child, _)| child);
        let mut left: Vec<&Land> =
            winning.map_or(Vec::new(), |child| child.lands().iter().collect());
        let mut changed_found = winning.is_none();
        self.position
            .lands()
            .iter()
            .enumerate()
            .map(|(i, land)| {
                let nimber = self.target_nimbers.get(i).copied().flatten();
                let kept = left
                    .iter()
                    .position(|l| *l == land)
                    .map(|i| left.swap_remove(i));
                let winning_move_here = kept.is_none() && !changed_found;
                changed_found |= winning_move_here;
                SproutsLand {
                    position: land.to_string(),
                    nimber,
                    winning_move_here,
                }
            })
            .collect()
    }

    /// Stores the base if it grew (with what another tab stored meanwhile: see `base_saving`), hands
    /// it back to the worker, and says how many entries it holds.
    async fn save(&mut self) -> u64 {
        let mut base = self.base.take().expect("an idle job holds the base");
        let _ = base.take_learned(); // the question is over: nobody to hand it to
        // A pool worker's entries went to the page's worker as it learned them, and are stored with
        // its base: storing them here too would make that worker read this one's record back.
        if entries(&base) > self.entries_at_start && !self.helping {
            match store_merged(&mut base).await {
                Ok(stored) => note_stored(stored),
                Err(error) => base_saving::not_saved(error),
            }
        }
        let count = entries(&base);
        give_back(base);
        count as u64
    }
}

/// A pool worker's share of the children (`n` of them) of a position the page's worker searches from
/// the first child: part `part` (1 ≤ `part` < `parts`) takes every `parts - 1`-th child counted from
/// the last, so the helpers between them start at the other end.
pub fn helper_share(n: usize, part: usize, parts: usize) -> Vec<usize> {
    let helpers = parts.saturating_sub(1).max(1);
    (0..n)
        .rev()
        .filter(|&i| (n - 1 - i) % helpers == part.saturating_sub(1))
        .collect()
}

/// Stores `base`, first taking in what another tab stored since this worker last read or wrote the
/// record. Returns the entries stored.
pub async fn store_merged(base: &mut Base) -> Result<usize, StoreError> {
    let store = Store::open().await?;
    let written = store
        .merge_base(BASE_NAME, |stored| {
            if let Some(stored) = stored.filter(base_saving::written_elsewhere) {
                if let Err(why) = base_saving::merge_sprouts(base, &stored) {
                    gloo::console::warn!(format!(
                        "saving the Sprouts base: {why}; this tab's kept"
                    ));
                }
            }
            Some(StoredBase {
                name: BASE_NAME.into(),
                game: "sprouts".into(),
                kind: BaseKind::SproutsBase,
                entries: entries(base) as u64,
                data: base.to_bytes(),
                digest: None,
            })
        })
        .await?;
    written.iter().for_each(base_saving::note_seen);
    Ok(entries(base))
}

/// The worker's Sprouts base (loaded if need be), to be handed back with [`give_back`].
pub async fn take_base() -> Base {
    match BASE.with(|cell| cell.borrow_mut().take()) {
        Some(base) => base,
        None => load().await,
    }
}

/// Entries of the base as stored in IndexedDB (0 when nothing is stored yet).
async fn stored_entries() -> usize {
    if let Some(entries) = STORED.with(Cell::get) {
        return entries;
    }
    let entries = match Store::open().await {
        Ok(store) => store
            .get_base(BASE_NAME)
            .await
            .ok()
            .flatten()
            .map_or(0, |base| base.entries as usize),
        Err(_) => 0,
    };
    note_stored(entries);
    entries
}

/// Remembers how many entries the stored base holds (after writing it).
pub fn note_stored(entries: usize) {
    STORED.with(|stored| stored.set(Some(entries)));
}

pub fn give_back(base: Base) {
    BASE.with(|cell| *cell.borrow_mut() = Some(base));
}

/// Forgets the in-memory base (after the user clears it).
pub fn forget() {
    BASE.with(|cell| *cell.borrow_mut() = None);
    STORED.with(|stored| stored.set(None));
}

fn entries(base: &Base) -> usize {
    base.normal_len() + base.misere_len()
}

/// The base shipped with the app (a proof, checked entry by entry when it was built) with the
/// stored base added: the stored one only if its record matches its digest, it reads back cleanly
/// and it agrees with every shipped entry it shares. A stored base that fails any of these is
/// set aside whole (what it held is relearned), since one wrong value found makes the rest
/// doubtful.
async fn load() -> Base {
    let stored = match Store::open().await {
        Ok(store) => store.get_base(BASE_NAME).await.ok().flatten(),
        Err(_) => None,
    };
    note_stored(stored.as_ref().map_or(0, |base| base.entries as usize));
    if let Some(record) = &stored {
        base_saving::note_seen(record);
    }
    let stored = stored
        .filter(|base| base.kind == BaseKind::SproutsBase)
        .and_then(|base| Base::from_own_bytes(&base.data).ok())
        .unwrap_or_default();
    let Some(mut base) = shipped_base().await else {
        return stored;
    };
    let shipped = base.clone();
    if !base.merge(&stored).is_empty() {
        gloo::console::warn!("the stored Sprouts base disagrees with the shipped proof: set aside");
        note_stored(0);
        return shipped;
    }
    base
}

/// The base shipped with the app (`/sprouts-base.bin`), if it can be fetched and read.
async fn shipped_base() -> Option<Base> {
    // The worker runs from a blob: URL, against which a path does not resolve: use the page's origin.
    let location = js_sys::Reflect::get(&js_sys::global(), &"location".into()).ok()?;
    let origin = js_sys::Reflect::get(&location, &"origin".into())
        .ok()?
        .as_string()?;
    let response = gloo::net::http::Request::get(&format!("{origin}{SHIPPED_BASE_URL}"))
        .send()
        .await
        .ok()?;
    if !response.ok() {
        return None;
    }
    Base::from_own_bytes(&response.binary().await.ok()?).ok()
}

fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        short.push('…');
    }
    short
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// No base in memory or stored: each job below starts from nothing.
    async fn from_nothing() {
        forget();
        Store::open()
            .await
            .unwrap()
            .delete_base(BASE_NAME)
            .await
            .unwrap();
    }

    fn run(job: &mut SproutsJob) {
        while !job.is_done() {
            job.step();
        }
    }

    /// The page's worker alone.
    async fn alone(position: &str, misere: bool) -> SproutsAnswer {
        from_nothing().await;
        let mut job = SproutsJob::start(position, misere).await.unwrap();
        run(&mut job);
        job.finish().await
    }

    /// The page's worker with `parts - 1` helpers, stepped in turns, each helper's news passed on
    /// every `every` steps (as the page passes them on after each of a helper's slices), with what
    /// each learned to the others. Returns the answer and how many entries were handed over.
    async fn helped(
        position: &str,
        misere: bool,
        parts: usize,
        every: usize,
    ) -> (SproutsAnswer, usize) {
        from_nothing().await;
        let mut page = SproutsJob::start(position, misere).await.unwrap();
        let mut helpers = Vec::new();
        for part in 1..parts {
            // Each worker has a base of its own.
            forget();
            helpers.push(
                SproutsJob::start_helping(position, misere, part, parts)
                    .await
                    .unwrap(),
            );
        }
        let (mut steps, mut handed) = (0, 0);
        while !page.is_done() {
            page.step();
            for helper in helpers.iter_mut().filter(|helper| !helper.is_done()) {
                helper.step();
            }
            steps += 1;
            if steps % every == 0 || helpers.iter().all(SproutsJob::is_done) {
                for (part, helper) in helpers.iter().enumerate() {
                    page.hear(part + 1, helper.settled(), helper.all_nodes().0);
                }
                // What each learned, to all the others (as the page passes it on).
                let learned: Vec<Option<LearnedEntries>> = std::iter::once(&mut page)
                    .chain(helpers.iter_mut())
                    .map(SproutsJob::take_learned)
                    .collect();
                for (from, entries) in learned.iter().enumerate() {
                    let Some(entries) = entries else { continue };
                    handed += entries.len();
                    let mut to = std::iter::once(&mut page).chain(helpers.iter_mut());
                    for (_, job) in (&mut to).enumerate().filter(|(i, _)| *i != from) {
                        job.take_in(entries);
                    }
                }
            }
        }
        (page.finish().await, handed)
    }

    fn winning_moves(answer: &SproutsAnswer) -> Vec<(String, Option<bool>)> {
        let moves = answer.children.iter();
        moves
            .map(|child| (child.position.clone(), child.wins))
            .collect()
    }

    #[wasm_bindgen_test]
    fn the_helpers_shares_cover_every_child_once_from_the_last() {
        assert_eq!(helper_share(7, 1, 2), [6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(helper_share(7, 1, 3), [6, 4, 2, 0]);
        assert_eq!(helper_share(7, 2, 3), [5, 3, 1]);
        for parts in 2..6 {
            for n in 0..12 {
                let mut all: Vec<usize> =
                    (1..parts).flat_map(|p| helper_share(n, p, parts)).collect();
                all.sort_unstable();
                assert_eq!(
                    all,
                    (0..n).collect::<Vec<_>>(),
                    "{n} children, {parts} workers"
                );
            }
        }
    }

    #[wasm_bindgen_test]
    async fn a_pool_answers_as_one_worker_does() {
        // Normal and misère, won and lost starts (published: normal n spots is lost when n mod 6 is 0,
        // 1 or 2; misère 1–6 spots: N P P P N N, Lemoine–Viennot).
        for (position, misere, lost) in [
            ("0*4", false, false),
            ("0*6", false, true),
            ("0*5", false, false),
            ("0*4", true, true),
            ("0*5", true, false),
        ] {
            let one = alone(position, misere).await;
            assert_eq!(
                one.outcome == Outcome::P,
                lost,
                "{position} misère {misere}"
            );
            assert_eq!(one.workers, 1);
            for (parts, every) in [(2, 1), (2, 7), (3, 3), (4, 1)] {
                let (pool, handed) = helped(position, misere, parts, every).await;
                let what = format!("{position} misère {misere}, {parts} workers");
                assert_eq!(pool.outcome, one.outcome, "{what}");
                assert_eq!(pool.nimber, one.nimber, "{what}");
                assert_eq!(winning_moves(&pool), winning_moves(&one), "{what}");
                // A lost position's children are all won without a search: the answer may come
                // before any helper is heard.
                assert!(pool.workers > 1 || lost, "{what}: the helpers were heard");
                assert!(
                    handed > 0 || lost,
                    "{what}: learned entries were handed over"
                );
            }
        }
    }

    #[wasm_bindgen_test]
    async fn a_losing_child_found_by_a_helper_proves_the_position_won() {
        from_nothing().await;
        let mut page = SproutsJob::start("0*5", false).await.unwrap();
        forget();
        let mut helper = SproutsJob::start_helping("0*5", false, 1, 2).await.unwrap();
        run(&mut helper);
        assert!(helper
            .settled()
            .iter()
            .any(|child| child.wins == Some(true)));
        // Before the page's worker searched anything: the position's value comes from the news.
        page.hear(1, helper.settled(), helper.all_nodes().0);
        assert_eq!(page.lost, Some(false));
        assert!(page.knows_winning_move());
        run(&mut page);
        let answer = page.finish().await;
        assert_eq!(answer.outcome, Outcome::N);
        assert!(answer.children.iter().all(|child| child.wins.is_some()));
    }

    #[wasm_bindgen_test]
    async fn every_child_found_won_by_helpers_proves_the_position_lost() {
        // Published: normal 6 spots and misère 4 spots are lost for the player to move.
        for (position, misere) in [("0*6", false), ("0*4", true)] {
            from_nothing().await;
            let mut page = SproutsJob::start(position, misere).await.unwrap();
            // Two helpers of three workers: each settles half of the children.
            let mut settled = Vec::new();
            for part in 1..3 {
                forget();
                let mut helper = SproutsJob::start_helping(position, misere, part, 3)
                    .await
                    .unwrap();
                run(&mut helper);
                settled.push(helper.settled());
            }
            page.hear(1, settled[0].clone(), 1);
            assert_eq!(
                page.lost, None,
                "{position}: half of the children prove nothing"
            );
            page.hear(2, settled[1].clone(), 1);
            assert_eq!(page.lost, Some(true), "{position}: every child is won");
            assert!(page.is_done());
            let answer = page.finish().await;
            assert_eq!(answer.outcome, Outcome::P, "{position}");
            assert_eq!(answer.workers, 3);
        }
    }

    #[wasm_bindgen_test]
    async fn news_that_are_not_a_helpers_are_ignored() {
        from_nothing().await;
        let mut page = SproutsJob::start("0*3", false).await.unwrap();
        let claim = vec![SproutsChild {
            position: "0*9".into(),
            wins: Some(true),
        }];
        page.hear(0, claim.clone(), 5); // part 0 is the page's own worker
        assert_eq!(page.lost, None);
        assert_eq!(page.all_nodes(), (0, 1));
        // A pool worker's, but not a child of this position: proves nothing.
        page.hear(1, claim, 5);
        assert_eq!(page.lost, None);
        run(&mut page);
        assert_eq!(page.finish().await.outcome, Outcome::N);
    }
}
