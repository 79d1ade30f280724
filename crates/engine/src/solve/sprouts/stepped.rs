//! The executor of the question policy ([`super::policy`]) in small steps, for a caller that cannot
//! block (the web app's worker, which reads its messages between steps): each step runs a few nodes
//! of the current unit of work — the position's outcome, one child's try at the current round's
//! budget, one nimber — and the policy says which unit comes next. The caller's limits are
//! [`Budgets`]: once a winning move is known, the rounds over the children after the first stop after
//! [`Budgets::more_moves_ms`] (a hard child can take minutes: the 11-spot start's
//! `0*8.AB|0*2.AB`), and the answer then says which moves were not examined; a nimber past its
//! budget is left out.
//!
//! With several workers (the web app's pool), one question runs the whole of this while each other
//! runs a *helping* question ([`SteppedQuestion::helping`]): it settles its share of the children
//! ([`helper_share`](super::helper_share)). What the helpers settle is heard by the first
//! ([`SteppedQuestion::hear`]): a child settled there is not searched again, a child found lost
//! proves the position won, every child found won proves it lost. The workers also hand each other
//! what their bases learn, and in misère play the states on forms their searches decide
//! ([`SteppedQuestion::take_learned`]), as the threads of a [`Solver`](super::Solver) do. The answer
//! is the same for any number of workers.

use crate::games::sprouts::{Land, Position};

use super::base::{Base, LearnedEntries};
use super::dfpn::DfpnOptions;
use super::misere_form_search::{MisereFormSearch, DEFAULT_FORM_LIVES};
use super::misere_lands::LandForms;
use super::normal::{NormalAnswer, NormalSearch};
use super::outcome_race::OutcomeRace;
use super::policy::Questions;
use super::policy::{self, Budgets, Part, PROBE_BUDGETS};
use super::search::{Search as _, Step};

/// One search over the question's base. Misère play searches on simplest forms: small lands are
/// replaced by the misère simplest form of their sum (misère 10 spots in seconds; whole positions
/// could not).
enum Search {
    Normal(NormalSearch),
    Misere(MisereFormSearch),
    /// A normal-play outcome question on a large position: the couple search and the proof-number
    /// search in turns (see `OutcomeRace`).
    Race(Box<OutcomeRace>),
}

impl Search {
    /// One step of the search (a misère answer comes as `Losing`).
    fn step(&mut self, nodes: u64) -> Step<NormalAnswer> {
        match self {
            Search::Normal(search) => search.step(nodes),
            Search::Misere(search) => match search.step(nodes) {
                Step::Done(lost) => Step::Done(NormalAnswer::Losing(lost)),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            },
            Search::Race(race) => match race.step(nodes) {
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

    /// The base, and the misère forms the search kept.
    fn into_parts(self) -> (Base, Option<LandForms>) {
        match self {
            Search::Normal(search) => (search.into_base(), None),
            Search::Misere(search) => {
                let (base, forms) = search.into_parts();
                (base, Some(forms))
            }
            Search::Race(race) => (race.into_base(), None),
        }
    }
}

/// What a stepped question has done so far (see [`SteppedQuestion::progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SteppedProgress {
    /// Positions searched, by every worker heard from.
    pub nodes: u64,
    pub children_done: u64,
    pub children: u64,
    /// Depth of the running search's stack.
    pub depth: u64,
    /// This worker and the helpers heard from.
    pub workers: u64,
}

/// The answer to a stepped question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SteppedAnswer {
    /// Lost for the player to move.
    pub losing: bool,
    /// Normal play: the nimber, if found within its budget.
    pub nimber: Option<u32>,
    /// Every child (distinct up to canonical form), and whether moving there wins (`None` when the
    /// search for more winning moves stopped before examining it).
    pub children: Vec<(Position, Option<bool>)>,
    /// Normal play, a position of several lands: each land, its nimber if found, and whether the
    /// first winning move is played in it.
    pub lands: Vec<LandValue>,
    /// Positions searched, by every worker heard from.
    pub nodes: u64,
    /// This worker and the helpers heard from.
    pub workers: u64,
}

/// One land of a position of several (see [`SteppedAnswer::lands`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandValue {
    pub land: Land,
    pub nimber: Option<u32>,
    /// The first winning move listed is played in this land.
    pub winning_move_here: bool,
}

/// The rounds over the children: the caller's first look, the policy's budgeted rounds, and one to
/// the end.
const ROUNDS: usize = PROBE_BUDGETS.len() + 2;

/// What a search is for.
#[derive(Clone, Copy, PartialEq)]
enum Goal {
    Outcome,
    /// The child with this index: is it lost?
    Child(usize),
    /// The nimber of the target with this index.
    Nimber(usize),
}

/// One Sprouts question, answered in steps (see the module's documentation).
pub struct SteppedQuestion {
    position: Position,
    misere: bool,
    budgets: Budgets,
    /// Milliseconds on some clock (the caller's).
    clock: Box<dyn Fn() -> f64>,
    started_ms: f64,
    /// Idle base, between searches.
    base: Option<Base>,
    /// Misère simplest forms of small lands, kept between searches (and questions: see
    /// [`SteppedQuestion::into_parts`]).
    forms: Option<LandForms>,
    /// The running search and what it is for.
    search: Option<(Search, Goal)>,
    /// The position's value once known: nimber (normal) or lost-for-the-mover (both).
    nimber: Option<u32>,
    lost: Option<bool>,
    children: Vec<Position>,
    /// For each child: is it lost for the player to move (so moving there wins)? `None` until settled.
    child_lost: Vec<Option<bool>>,
    /// The children as helpers name them (see [`SteppedQuestion::hear`]).
    child_names: Vec<String>,
    /// The children this question searches, in order: all of them from the first, or a helper's share.
    order: Vec<usize>,
    /// The place in `order` of the child being searched, and the round over the children (see
    /// [`policy::probe_budget`]).
    child: usize,
    round: usize,
    /// A helping question: it settles the children in `order` and nothing else (not the position's
    /// value, nor nimbers), and never stops early for time: the caller ends it.
    helping: bool,
    /// What helpers have settled of each child.
    heard: Vec<Option<bool>>,
    /// Positions searched by each helper heard from (by its part; 0 is this question).
    helper_nodes: Vec<Option<u64>>,
    /// The base notes what it learns, for the other workers ([`SteppedQuestion::take_learned`]).
    sharing: bool,
    /// The full pass stopped with children unsettled (a winning move was known).
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
}

impl SteppedQuestion {
    /// The question on `position`, over `base` (and the misère `forms` kept from earlier questions),
    /// timed by `clock` (milliseconds).
    pub fn new(
        position: Position,
        misere: bool,
        base: Base,
        forms: Option<LandForms>,
        budgets: Budgets,
        clock: Box<dyn Fn() -> f64>,
    ) -> SteppedQuestion {
        let started_ms = clock();
        SteppedQuestion {
            position,
            misere,
            budgets,
            clock,
            started_ms,
            base: Some(base),
            forms,
            search: None,
            nimber: None,
            lost: None,
            children: Vec::new(),
            child_lost: Vec::new(),
            child_names: Vec::new(),
            order: Vec::new(),
            child: 0,
            round: 0,
            helping: false,
            heard: Vec::new(),
            helper_nodes: Vec::new(),
            sharing: false,
            stopped_early: false,
            one_winning_move_enough: false,
            nodes: 0,
            depth: 0,
            nimber_targets: Vec::new(),
            target_nimbers: Vec::new(),
        }
    }

    /// A helping question: settle the children of `question`'s position in share `part` of `parts`
    /// (see [`policy::helper_share`]); what its base learns is noted for the others.
    pub fn helping(
        question: SteppedQuestion,
        part: usize,
        parts: usize,
    ) -> Result<SteppedQuestion, String> {
        if part == 0 || part >= parts {
            let last = parts.max(2) - 1;
            return Err(format!("a helper's share is 1 to {last}, not {part}"));
        }
        let mut question = question;
        question.set_children(question.position.children());
        question.child_lost = vec![None; question.children.len()];
        let ranked = policy::child_order(&question.children, question.misere);
        question.order = policy::helper_share(ranked.len(), part, parts)
            .into_iter()
            .map(|at| ranked[at])
            .collect();
        question.helping = true;
        question.share();
        Ok(question)
    }

    /// Makes the question done as soon as one winning move is known, or the position is known lost
    /// (no nimbers either): what the computer needs to play.
    pub fn stop_at_first_winning_move(mut self) -> SteppedQuestion {
        self.one_winning_move_enough = true;
        self
    }

    /// The position asked about.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn is_helping(&self) -> bool {
        self.helping
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

    /// Whether a winning move is known (the position may still have others unexamined).
    pub fn knows_winning_move(&self) -> bool {
        self.child_lost.contains(&Some(true))
    }

    fn elapsed_ms(&self) -> f64 {
        (self.clock)() - self.started_ms
    }

    /// A winning move is known and the time for finding more has run out.
    fn time_is_up(&self) -> bool {
        !self.helping && self.knows_winning_move() && self.elapsed_ms() > self.budgets.more_moves_ms
    }

    /// The next child to search, moving on to the next round after each; `None` when the children
    /// are done (all settled, or a winning move known and time is up).
    fn next_child(&mut self) -> Option<usize> {
        loop {
            let unsettled = (self.child..self.order.len())
                .find(|&at| self.child_lost[self.order[at]].is_none());
            if let Some(at) = unsettled {
                if self.out_of_time_for_moves() {
                    self.stopped_early = true;
                    return None;
                }
                self.child = at;
                return Some(self.order[at]);
            }
            if self.round + 1 >= ROUNDS {
                return None;
            }
            self.round += 1;
            self.child = 0;
        }
    }

    /// The first round over the children always ends (each child's try is small); the later ones
    /// stop once a winning move is known and the time for more is up.
    fn out_of_time_for_moves(&self) -> bool {
        self.round > 0 && self.time_is_up()
    }

    /// The node budget of a child's try in this round (`None`: to its end): the caller's first
    /// look, then the policy's rounds.
    fn child_budget(&self) -> Option<u64> {
        match self.round {
            0 => Some(self.budgets.quick_child_nodes),
            round => policy::probe_budget(round - 1),
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
        let answer = match search.step(self.budgets.step_nodes) {
            Step::Done(answer) => answer,
            Step::Running { nodes, depth } => {
                self.depth = depth;
                let over_budget = match goal {
                    Goal::Outcome => false,
                    Goal::Child(_) if self.out_of_time_for_moves() => {
                        self.stopped_early = true;
                        true
                    }
                    // Left for the next round.
                    Goal::Child(_) => self.child_budget().is_some_and(|budget| nodes > budget),
                    // Not worth it: the answer goes without this nimber.
                    Goal::Nimber(_) => {
                        nodes > self.budgets.nimber_nodes
                            || self.elapsed_ms() > self.budgets.nimber_ms
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

    /// What this question asks: a helper only settles its children; the first worker asks for
    /// every part (the nimber in normal play only: the page shows no nimber in misère play).
    fn questions(&self) -> Questions {
        Questions {
            nimber: !self.helping && !self.misere,
            winning_moves: true,
        }
    }

    /// The next unit of work the policy asks for, part by part in its order.
    fn next_goal(&mut self) -> Option<Goal> {
        for part in policy::parts(self.questions()) {
            let goal = match part {
                Part::Outcome if self.helping || self.lost.is_some() => None,
                // Everything else builds on the value: nothing else until it is known.
                Part::Outcome => return Some(Goal::Outcome),
                Part::WinningMoves => self.next_child().map(Goal::Child),
                Part::Nimber => self.next_target().map(Goal::Nimber),
            };
            if goal.is_some() {
                return goal;
            }
        }
        None
    }

    /// Starts the next search; false when there is none (the last child's round may end the work).
    fn start_next(&mut self) -> bool {
        let Some(goal) = self.next_goal() else {
            return false;
        };
        let base = self.base.take().expect("an idle question holds the base");
        let search = match goal {
            Goal::Outcome => self.outcome_search(&self.position.clone(), base, true),
            // A budgeted try is not worth copying the base to race.
            Goal::Child(i) => {
                let race = self.child_budget().is_none();
                self.outcome_search(&self.children[i].clone(), base, race)
            }
            Goal::Nimber(t) => Search::Normal(NormalSearch::nimber(&self.nimber_targets[t], base)),
        };
        self.search = Some((search, goal));
        true
    }

    /// A search for whether `position` is lost for the player to move; in normal play on a large
    /// position, when `race` allows, both searches in turns (each racer holds a copy of the base).
    fn outcome_search(&mut self, position: &Position, base: Base, race: bool) -> Search {
        match self.misere {
            false if race && OutcomeRace::pays(position) => {
                let options = DfpnOptions {
                    cached_child_lands: self.budgets.dfpn_cached_lands,
                    ..DfpnOptions::default()
                };
                Search::Race(Box::new(OutcomeRace::new(position, base, options)))
            }
            false => Search::Normal(NormalSearch::losing(position, 0, base)),
            true => {
                let mut forms = self
                    .forms
                    .take()
                    .unwrap_or_else(|| LandForms::new(DEFAULT_FORM_LIVES));
                forms.trim_learned(self.budgets.learned_states);
                if self.sharing {
                    forms.note_for_pool();
                }
                Search::Misere(MisereFormSearch::with_forms(position, base, forms))
            }
        }
    }

    /// Stops the running search, keeping what it learned.
    fn end_search(&mut self) {
        let (search, _) = self.search.take().expect("a search is running");
        self.nodes += search.nodes();
        let (base, forms) = search.into_parts();
        self.base = Some(base);
        if forms.is_some() {
            self.forms = forms;
        }
    }

    fn set_children(&mut self, children: Vec<Position>) {
        self.child_names = children.iter().map(ToString::to_string).collect();
        self.children = children;
    }

    /// The position's value is known; a lost position has no winning move, so its children need no search.
    fn found_value(&mut self, lost: bool) {
        self.lost = Some(lost);
        self.nimber = policy::nimber_known_from_outcome(lost, self.misere);
        if self.children.is_empty() {
            // Listed already when a helper's news decided the value.
            self.set_children(self.position.children());
        }
        // A won position's proof stored a losing child (and perhaps more): those are read from the
        // base, so the first winning move needs no search.
        self.child_lost = match policy::moves_known_from_outcome(lost) {
            Some(_none) => vec![Some(false); self.children.len()],
            None => self
                .children
                .iter()
                .map(|child| self.known_lost(child))
                .collect(),
        };
        self.order = policy::child_order(&self.children, self.misere);
        if self.questions().nimber {
            self.nimber_targets = policy::nimber_targets(&self.position, lost);
        }
    }

    /// Whether `position` is lost for the player to move, if the base knows.
    fn known_lost(&self, position: &Position) -> Option<bool> {
        let base = self.base.as_ref().expect("an idle question holds the base");
        match self.misere {
            false => base.nimber(position).map(|nimber| nimber == 0),
            true => base.misere_losing(position),
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

    /// News from helper `helper` (its part, 1 or more): the children it has settled so far (each
    /// named as [`Position`]'s `Display` writes it, with whether moving there wins), and the positions
    /// it has searched. A child settled there is not searched here; a child found lost proves the
    /// position won, and every child found won proves it lost — either ends the search for its value.
    pub fn hear(&mut self, helper: usize, settled: Vec<(String, bool)>, nodes: u64) {
        if helper == 0 || helper > 64 {
            return; // not a helper's part
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
                self.set_children(self.position.children());
            }
            self.heard = vec![None; self.children.len()];
        }
        for (child, wins) in settled {
            // A position that is not a child of this one (or a child heard twice) changes nothing.
            let found = self.child_names.iter().position(|name| *name == child);
            if let Some(i) = found.filter(|&i| self.heard[i].is_none()) {
                self.heard[i] = Some(wins);
            }
        }
        if self.lost.is_none() {
            let value = if self.heard.contains(&Some(true)) {
                Some(false)
            } else if !self.heard.is_empty() && self.heard.iter().all(|&won| won == Some(false)) {
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

    /// A helping question's children settled so far, named for [`SteppedQuestion::hear`].
    pub fn settled(&self) -> Vec<(String, bool)> {
        self.order
            .iter()
            .filter_map(|&i| Some((self.child_names[i].clone(), self.child_lost[i]?)))
            .collect()
    }

    /// From now on, what the base and the misère forms learn is noted for the other workers.
    fn share(&mut self) {
        if !self.sharing {
            self.sharing = true;
            self.base_mut().note_learned();
            if let Some(forms) = self.forms_mut() {
                forms.note_for_pool();
            }
        }
    }

    /// What the base and the misère forms learned since the last call, for the other workers
    /// (`None` when working alone, or nothing new).
    pub fn take_learned(&mut self) -> Option<LearnedEntries> {
        if !self.sharing {
            return None;
        }
        let entries = self.base_mut().take_learned();
        let states = self.forms_mut().map(LandForms::take_for_pool);
        let entries = entries.with_states(states.unwrap_or_default());
        Some(entries).filter(|entries| !entries.is_empty())
    }

    /// Takes in what another worker learned.
    pub fn take_in(&mut self, entries: &LearnedEntries) {
        self.share();
        self.base_mut().take_in(entries);
        if entries.states().is_empty() {
            return;
        }
        if self.forms_mut().is_none() {
            self.forms = Some(LandForms::new(DEFAULT_FORM_LIVES));
        }
        if let Some(forms) = self.forms_mut() {
            forms.take_in_from_pool(entries.states());
        }
    }

    /// The misère forms, held by the running search or kept idle (`None` before the first misère
    /// search).
    fn forms_mut(&mut self) -> Option<&mut LandForms> {
        match &mut self.search {
            Some((Search::Misere(search), _)) => Some(search.learning_mut().1),
            _ => self.forms.as_mut(),
        }
    }

    fn base_mut(&mut self) -> &mut Base {
        match &mut self.search {
            Some((search, _)) => search.base_mut(),
            None => self.base.as_mut().expect("an idle question holds the base"),
        }
    }

    /// The base as it is now.
    pub fn base(&self) -> &Base {
        match &self.search {
            Some((search, _)) => search.base(),
            None => self.base.as_ref().expect("an idle question holds the base"),
        }
    }

    /// Positions searched by this question and the helpers heard from, and how many workers that is.
    fn all_nodes(&self) -> (u64, u64) {
        let running = self.search.as_ref().map_or(0, |(search, _)| search.nodes());
        let helpers = self.helper_nodes.iter().flatten();
        let workers = 1 + helpers.clone().count() as u64;
        (self.nodes + running + helpers.sum::<u64>(), workers)
    }

    pub fn progress(&self) -> SteppedProgress {
        let (nodes, workers) = self.all_nodes();
        SteppedProgress {
            nodes,
            children_done: self.child_lost.iter().filter(|lost| lost.is_some()).count() as u64,
            children: self.children.len() as u64,
            depth: self.depth as u64,
            workers,
        }
    }

    /// Ends the question: its answer, if the position's value is known (the other children
    /// unsettled when it ends early), and the base and misère forms for the next question. What the
    /// base and forms noted for other workers and did not hand over is dropped.
    pub fn finish(mut self) -> (Option<SteppedAnswer>, Base, Option<LandForms>) {
        if self.search.is_some() {
            self.end_search();
        }
        let (nodes, workers) = self.all_nodes();
        let answer = self.lost.map(|losing| SteppedAnswer {
            losing,
            nimber: self.nimber,
            children: self
                .children
                .iter()
                .cloned()
                .zip(self.child_lost.iter().copied())
                .collect(),
            lands: self.lands(),
            nodes,
            workers,
        });
        let mut base = self.base.take().expect("an idle question holds the base");
        let _ = base.take_learned();
        if let Some(forms) = &mut self.forms {
            forms.leave_pool();
        }
        (answer, base, self.forms)
    }

    /// The lands of a position of several, with their nimbers, and the land the first winning move is
    /// played in (the one land of the position that the move's position lacks).
    fn lands(&self) -> Vec<LandValue> {
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
                LandValue {
                    land: land.clone(),
                    nimber,
                    winning_move_here,
                }
            })
            .collect()
    }
}
