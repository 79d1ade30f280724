//! The Sprouts search view's and proof view's work: a search that reports its levels (the engine's
//! `NormalSearch::levels`) every slice and hears pause, resume, steer and cancel between slices; then
//! the value of every child (correspondence play). And the proof graph of a position, from a search on
//! an empty base, laid out by the engine (`proof_layout`) for the page to draw.

use super::protocol::{
    LevelItem, LevelReport, Outcome, ProofAnswer, Request, RequestId, Response, SearchAnswer,
    SearchChild, SearchControl, SearchReport,
};
use super::run_budget::{memory_bytes, RunBudget};
use super::slices::{run_in_slices, Scope, Sliced};
use super::sprouts_job::{give_back, take_base};
use crate::play::setup::Rules;
use futures::{FutureExt, SinkExt, StreamExt};
use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    extract_proof, proof_layout, Base, ChildState, Detail, MisereSearch, NormalAnswer,
    NormalSearch, ProofGraph, Search as _, SearchLevel, Step,
};
use std::cell::RefCell;
use std::collections::VecDeque;

/// How long one slice of work runs before the worker reports and reads its messages.
const SLICE_MS: f64 = 50.0;
/// Nodes per engine step (well under a slice).
const STEP_NODES: u64 = 32;
/// Items of a level sent to the page, around the current one.
pub const MAX_LISTED_ITEMS: usize = 40;
/// Levels sent to the page (the deepest ones are cut beyond this).
pub const MAX_LEVELS: usize = 60;
/// Longest position text accepted.
const MAX_TEXT: usize = 400;
/// Most lives of a position whose proof is searched for (a proof of 7 spots already has thousands of
/// couples, far too many to draw).
pub const MAX_PROOF_LIVES: u32 = 21;
/// Most couples drawn; the `.dot` is still offered beyond.
pub const MAX_DRAWN: usize = 700;
/// Most couples written in the `.dot`.
const MAX_DOT: usize = 50_000;

thread_local! {
    /// The last proof built: position and graph, so that a change of detail or filter needs no search.
    static LAST_PROOF: RefCell<Option<(Position, ProofGraph)>> = const { RefCell::new(None) };
}

fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        short.push('…');
    }
    short
}

/// A position typed by a person: either notation, `0*n`, or a number of spots.
pub fn parse_position(text: &str) -> Result<Position, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("enter a Sprouts position, e.g. 5 (spots), 0*5 or 0.1a2a".into());
    }
    if text.len() > MAX_TEXT {
        return Err(format!(
            "that position is too long (at most {MAX_TEXT} characters)"
        ));
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        let spots: usize = text
            .parse()
            .map_err(|_| format!("“{}” is not a number of spots", shorten(text)))?;
        if spots > 30 {
            return Err(format!(
                "{spots} spots is too many to search here (at most 30)"
            ));
        }
        return Position::start(spots).map_err(|error| error.to_string());
    }
    text.parse()
        .map_err(|error| format!("“{}” is not a Sprouts position: {error}", shorten(text)))
}

/// The search running now.
enum Running {
    Normal(NormalSearch),
    Misere(MisereSearch),
}

impl Running {
    fn new(position: &Position, misere: bool, base: Base) -> Running {
        if misere {
            Running::Misere(MisereSearch::new(position, base))
        } else {
            Running::Normal(NormalSearch::nimber(position, base))
        }
    }

    /// `Some(answer)` when finished: the nimber (normal play) or whether the position is lost (misère).
    fn step(&mut self) -> Option<NormalAnswer> {
        match self {
            Running::Normal(search) => match search.step(STEP_NODES) {
                Step::Done(answer) => Some(answer),
                Step::Running { .. } => None,
            },
            Running::Misere(search) => match search.step(STEP_NODES) {
                Step::Done(lost) => Some(NormalAnswer::Losing(lost)),
                Step::Running { .. } => None,
            },
        }
    }

    fn nodes(&self) -> u64 {
        match self {
            Running::Normal(search) => search.nodes(),
            Running::Misere(search) => search.nodes(),
        }
    }

    fn base(&self) -> &Base {
        match self {
            Running::Normal(search) => search.base(),
            Running::Misere(search) => search.base(),
        }
    }

    fn into_base(self) -> Base {
        match self {
            Running::Normal(search) => search.into_base(),
            Running::Misere(search) => search.into_base(),
        }
    }
}

fn entries(base: &Base) -> u64 {
    (base.normal_len() + base.misere_len()) as u64
}

/// One search view request, from parsing to the last child's value.
struct SearchJob {
    position: Position,
    misere: bool,
    fresh: bool,
    /// The base while no search holds it.
    base: Option<Base>,
    running: Option<Running>,
    /// The position's value once known: nimber (normal play) and lost-for-the-mover.
    nimber: Option<u32>,
    lost: Option<bool>,
    children: Vec<Position>,
    /// Each child valued so far: (nimber in normal play, lost for the player to move).
    child_values: Vec<(Option<u32>, bool)>,
    nodes: u64,
    started_ms: f64,
    paused: bool,
    steered: u32,
    note: Option<String>,
}

impl SearchJob {
    fn is_done(&self) -> bool {
        self.lost.is_some()
            && self.running.is_none()
            && self.child_values.len() == self.children.len()
    }

    fn step(&mut self) {
        if self.running.is_none() {
            let base = self.base.take().expect("an idle job holds the base");
            let target = match self.lost {
                None => &self.position,
                Some(_) => &self.children[self.child_values.len()],
            };
            self.running = Some(Running::new(target, self.misere, base));
        }
        let running = self.running.as_mut().expect("a search is running");
        let Some(answer) = running.step() else {
            return;
        };
        let running = self.running.take().expect("a search is running");
        self.nodes += running.nodes();
        self.base = Some(running.into_base());
        let (nimber, lost) = match answer {
            NormalAnswer::Nimber(n) => (Some(n), n == 0),
            NormalAnswer::Losing(lost) => (None, lost),
        };
        if self.lost.is_none() {
            self.nimber = nimber;
            self.lost = Some(lost);
            self.children = self.position.children();
        } else {
            self.child_values.push((nimber, lost));
        }
    }

    fn base(&self) -> Option<&Base> {
        self.running
            .as_ref()
            .map(Running::base)
            .or(self.base.as_ref())
    }

    fn phase(&self) -> String {
        match self.lost {
            None => format!("The value of {}", self.position),
            Some(_) if self.child_values.len() < self.children.len() => format!(
                "Child {} of {}: {}",
                self.child_values.len() + 1,
                self.children.len(),
                self.children[self.child_values.len()]
            ),
            Some(_) => "Done".into(),
        }
    }

    fn report(&self, id: RequestId) -> Response {
        let levels = match &self.running {
            Some(Running::Normal(search)) => search
                .levels()
                .iter()
                .take(MAX_LEVELS)
                .map(level_report)
                .collect(),
            _ => Vec::new(),
        };
        Response::SearchLevels {
            id,
            report: SearchReport {
                phase: self.phase(),
                paused: self.paused,
                nodes: self.nodes + self.running.as_ref().map_or(0, Running::nodes),
                stored: self.base().map_or(0, entries),
                elapsed_ms: js_sys::Date::now() - self.started_ms,
                levels,
                note: self.note.clone(),
            },
        }
    }

    fn control(&mut self, control: SearchControl) {
        match control {
            SearchControl::Pause => self.paused = true,
            SearchControl::Resume => self.paused = false,
            SearchControl::Steer { level, child, land } => {
                self.note = Some(self.steer(level, child, &land));
            }
        }
    }

    fn steer(&mut self, level: usize, child: usize, land: &str) -> String {
        let Some(Running::Normal(search)) = &mut self.running else {
            return "Nothing to steer now: the search has finished this part.".into();
        };
        match search.level(level) {
            Some(now) if level_position(&now) == land => {}
            _ => return "The search had moved on before the choice arrived: choose again.".into(),
        }
        match search.steer(level, child) {
            Ok(()) => {
                self.steered += 1;
                let now = search
                    .level(level)
                    .and_then(|l| l.current)
                    .map_or(child, |c| c);
                format!(
                    "Level {}: the chosen child is computed now (it takes the place of child {}).",
                    level + 1,
                    now + 1
                )
            }
            Err(error) => format!("Not steered: {error}."),
        }
    }

    /// Gives the base back to the worker: a fresh base's entries are merged into the worker's.
    async fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            self.base = Some(running.into_base());
        }
        let Some(base) = self.base.take() else {
            return;
        };
        if self.fresh {
            let mut shared = take_base().await;
            let _ = shared.merge(&base);
            give_back(shared);
        } else {
            give_back(base);
        }
    }

    fn answer(&self) -> SearchAnswer {
        let lost = self.lost.unwrap_or(false);
        SearchAnswer {
            position: self.position.to_string(),
            rules: Rules::from_misere(self.misere),
            outcome: if lost { Outcome::P } else { Outcome::N },
            nimber: self.nimber,
            children: self
                .children
                .iter()
                .zip(&self.child_values)
                .map(|(child, &(nimber, lost))| SearchChild {
                    position: child.to_string(),
                    nimber,
                    wins: lost,
                    lives: child.lives(),
                    lands: child.lands().len(),
                    picture: (self.children.len() <= MAX_PICTURES)
                        .then(|| picture(child))
                        .flatten(),
                })
                .collect(),
            picture: picture(&self.position),
            nodes: self.nodes,
            stored: self.base().map_or(0, entries),
            elapsed_ms: js_sys::Date::now() - self.started_ms,
            steered: self.steered,
        }
    }
}

/// Children drawn at most (each drawing is laid out from scratch).
const MAX_PICTURES: usize = 60;
/// Most lives of a position drawn.
const MAX_PICTURE_LIVES: u32 = 15;

/// A drawing of a small position (none when it is too big or the layout fails).
fn picture(position: &Position) -> Option<Drawing> {
    if position.lives() > MAX_PICTURE_LIVES {
        return None;
    }
    Drawing::layout(position).ok()
}

fn level_position(level: &SearchLevel) -> String {
    Position::from_lands(level.lands.clone()).to_string()
}

fn level_report(level: &SearchLevel) -> LevelReport {
    let total = level.children.len();
    let current = level.current.unwrap_or(0);
    let first = current
        .saturating_sub(MAX_LISTED_ITEMS / 4)
        .min(total.saturating_sub(MAX_LISTED_ITEMS));
    LevelReport {
        kind: level.kind,
        position: level_position(level),
        heap: level.heap,
        lives: level.lives,
        current: level.current,
        total,
        unknown: level.unknown(),
        first,
        items: level
            .children
            .iter()
            .skip(first)
            .take(MAX_LISTED_ITEMS)
            .map(|child| LevelItem {
                position: child.position.as_ref().map(Position::to_string),
                heap: child.heap,
                lives: child.lives,
                lands: child.lands,
                state: match child.state {
                    ChildState::Done => "done",
                    ChildState::Computing => "computing",
                    ChildState::Unknown => "unknown",
                    ChildState::Pending => "pending",
                }
                .into(),
                heap_move: child.heap_move,
            })
            .collect(),
    }
}

/// What to do with a message that arrived during the search.
enum Heard {
    Cancel,
    Control(SearchControl),
    Nothing,
}

fn sort(id: RequestId, request: Request, queue: &mut VecDeque<Request>) -> Heard {
    match request {
        Request::Cancel { id: target } if target == id => Heard::Cancel,
        Request::SearchControl {
            id: target,
            control,
        } if target == id => Heard::Control(control),
        Request::Cancel { .. } | Request::SearchControl { .. } => Heard::Nothing,
        other => {
            queue.push_back(other);
            Heard::Nothing
        }
    }
}

/// The search view's request: see the module docs.
pub async fn search(
    id: RequestId,
    position: &str,
    misere: bool,
    fresh: bool,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let started_ms = js_sys::Date::now();
    let position = match parse_position(position) {
        Ok(position) => position,
        Err(message) => return Response::Error { id, message },
    };
    let base = if fresh {
        Base::new()
    } else {
        take_base().await
    };
    let mut job = SearchJob {
        position,
        misere,
        fresh,
        base: Some(base),
        running: None,
        nimber: None,
        lost: None,
        children: Vec::new(),
        child_values: Vec::new(),
        nodes: 0,
        started_ms,
        paused: false,
        steered: 0,
        note: None,
    };
    let budget = RunBudget::start(js_sys::Date::now(), memory_bytes());
    while !job.is_done() {
        if let Some(message) = budget.passed(js_sys::Date::now(), memory_bytes()) {
            job.stop().await;
            return Response::Error { id, message };
        }
        if !job.paused {
            let deadline = js_sys::Date::now() + SLICE_MS;
            while !job.is_done() && js_sys::Date::now() < deadline {
                job.step();
            }
        }
        if job.is_done() {
            break;
        }
        if scope.send(job.report(id)).await.is_err() {
            job.stop().await;
            return Response::Cancelled { id };
        }
        super::event_loop::yield_to_event_loop().await;
        // Read what arrived; while paused, wait for the next message.
        let mut cancelled = false;
        loop {
            let request = if job.paused {
                match scope.next().await {
                    Some(request) => Some(request),
                    None => {
                        cancelled = true;
                        None
                    }
                }
            } else {
                scope.next().now_or_never().flatten()
            };
            let Some(request) = request else { break };
            if let Request::Ping { id: ping } = request {
                let _ = scope.send(super::pong::pong(ping)).await;
                continue;
            }
            match sort(id, request, queue) {
                Heard::Cancel => {
                    cancelled = true;
                    break;
                }
                Heard::Control(control) => {
                    job.control(control);
                    // Report at once, so a pause, resume or steer shows without waiting for a slice.
                    let _ = scope.send(job.report(id)).await;
                }
                Heard::Nothing => {}
            }
            if job.paused {
                continue;
            }
        }
        if cancelled {
            job.stop().await;
            return Response::Cancelled { id };
        }
    }
    let answer = job.answer();
    job.stop().await;
    Response::SproutsSearch { id, answer }
}

/// The proof view's request: the proof graph (searched on an empty base, or the last one built),
/// filtered and laid out.
/// The search a proof is extracted from (a fresh base, so that the proof is complete), run in slices.
struct ProofSearch {
    search: NormalSearch,
    done: bool,
}

impl Sliced for ProofSearch {
    fn is_done(&self) -> bool {
        self.done
    }
    fn step(&mut self) -> Result<(), String> {
        self.done = matches!(self.search.step(STEP_NODES), Step::Done(_));
        Ok(())
    }
    fn progress(&self, id: RequestId) -> Response {
        let base = self.search.base();
        Response::SearchProgress {
            id,
            nodes: self.search.nodes(),
            children_done: 0,
            children: 0,
            depth: self.search.level_count() as u64,
            stored: (base.normal_len() + base.misere_len()) as u64,
            workers: 1,
        }
    }
    async fn stop(self) {}
}

pub async fn proof(
    id: RequestId,
    position: &str,
    detail: Detail,
    min_lives: u32,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let started_ms = js_sys::Date::now();
    let position = match parse_position(position) {
        Ok(position) => position,
        Err(message) => return Response::Error { id, message },
    };
    if position.lives() > MAX_PROOF_LIVES {
        return Response::Error {
            id,
            message: format!(
                "{position} has {} lives: proofs are built here for positions of at most {MAX_PROOF_LIVES} lives \
                 (7 spots); larger proofs have far too many couples to draw.",
                position.lives()
            ),
        };
    }
    let cached = LAST_PROOF.with(|last| {
        last.borrow()
            .as_ref()
            .filter(|(p, _)| *p == position)
            .map(|(_, graph)| graph.clone())
    });
    let graph = match cached {
        Some(graph) => graph,
        None => {
            let search = ProofSearch {
                search: NormalSearch::losing(&position, 0, Base::new()),
                done: false,
            };
            let search = match run_in_slices(id, search, scope, queue).await {
                Ok(ProofSearch { search, .. }) => search,
                Err(response) => return response,
            };
            let base = search.into_base();
            match extract_proof(&base, &position, 0) {
                Ok(graph) => {
                    LAST_PROOF
                        .with(|last| *last.borrow_mut() = Some((position.clone(), graph.clone())));
                    graph
                }
                Err(message) => return Response::Error { id, message },
            }
        }
    };
    Response::SproutsProof {
        id,
        answer: Box::new(proof_answer(
            &position, &graph, detail, min_lives, started_ms,
        )),
    }
}

fn proof_answer(
    position: &Position,
    graph: &ProofGraph,
    detail: Detail,
    min_lives: u32,
    started_ms: f64,
) -> ProofAnswer {
    let kept = graph.nodes.iter().filter(|n| n.lives >= min_lives).count();
    let lives = (
        graph.nodes.iter().map(|n| n.lives).min().unwrap_or(0),
        graph.nodes.iter().map(|n| n.lives).max().unwrap_or(0),
    );
    let mut by_lives: Vec<(u32, usize, usize, usize)> = Vec::new();
    for node in &graph.nodes {
        let row = match by_lives.iter_mut().find(|r| r.0 == node.lives) {
            Some(row) => row,
            None => {
                by_lives.push((node.lives, 0, 0, 0));
                by_lives.last_mut().expect("just pushed")
            }
        };
        if node.position.lands().len() >= 2 {
            row.3 += 1;
        } else if node.losing {
            row.1 += 1;
        } else {
            row.2 += 1;
        }
    }
    by_lives.sort_by_key(|row| std::cmp::Reverse(row.0));
    let (picture, too_big) = if kept == 0 {
        (
            None,
            Some(format!(
                "No couple of this proof has {min_lives} lives or more: lower the lives filter."
            )),
        )
    } else if kept > MAX_DRAWN {
        (
            None,
            Some(format!(
                "This proof has {kept} couples with {min_lives} lives or more: too many to draw here (at most \
                 {MAX_DRAWN}). Raise the lives filter to draw the top of the proof, or download the .dot for Graphviz."
            )),
        )
    } else {
        let picture = proof_layout::layout(graph, detail, min_lives);
        (Some(picture), None)
    };
    let dot = if kept <= MAX_DOT {
        graph.to_dot(detail, true, min_lives)
    } else {
        String::new()
    };
    ProofAnswer {
        position: position.to_string(),
        losing: graph.nodes.first().is_some_and(|n| n.losing),
        nodes: graph.nodes.len(),
        edges: graph.edges.len(),
        lives,
        by_lives,
        detail,
        min_lives,
        dot,
        picture,
        too_big,
        elapsed_ms: js_sys::Date::now() - started_ms,
    }
}
