//! How a Node Kayles question is answered, in one place for the CLI, the worker and Python: the nimber of
//! each component (normal play) or the misère outcome of their sum, then every move checked for a win.
//! A [`GraphQuery`] runs in short steps so that the worker can report progress and hear "cancel".

use serde::{Deserialize, Serialize};

use crate::games::graph::{GraphPosition, VertexSet};
use crate::solve::heap::Outcome;

use super::misere_search::{sum_of, GraphMisereSearch};
use super::nimber_search::{known_nimber, NimberSearch};
use super::table::{GraphBudget, GraphSolveError, Tables};

/// A connected component of the position and, in normal play, its nimber.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentValue {
    pub vertices: Vec<usize>,
    pub nimber: Option<u32>,
}

/// The answer to a question about a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphAnalysis {
    pub misere: bool,
    /// `N` when the player to move wins.
    pub outcome: Outcome,
    /// The position's nimber: the XOR of its components' (normal play only).
    pub nimber: Option<u32>,
    pub components: Vec<ComponentValue>,
    /// Every vertex whose marking wins, in increasing order.
    pub winning_moves: Vec<usize>,
}

/// How far a question has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphProgress {
    /// Positions the solver has learned (in this question and earlier ones).
    pub positions: usize,
    pub moves_checked: usize,
    pub moves: usize,
}

/// The solver: what it has learned (kept between questions) and its memory budget.
#[derive(Default)]
pub struct GraphSolver {
    tables: Tables,
    budget: GraphBudget,
}

impl GraphSolver {
    pub fn new(budget: GraphBudget) -> GraphSolver {
        GraphSolver {
            tables: Tables::default(),
            budget,
        }
    }

    /// Answers at once (the worker steps a [`GraphQuery`] itself).
    pub fn analyze(
        &mut self,
        position: &GraphPosition,
        misere: bool,
    ) -> Result<GraphAnalysis, GraphSolveError> {
        let answer = self.analyze_while(position, misere, 1 << 20, || true)?;
        Ok(answer.expect("a question never stopped has an answer"))
    }

    /// Answers in steps of `steps`, asking `go_on` between them (the CLI's bounds, Python's Ctrl-C):
    /// `Ok(None)` when it said stop. What was learned stays in the solver either way.
    pub fn analyze_while(
        &mut self,
        position: &GraphPosition,
        misere: bool,
        steps: u64,
        mut go_on: impl FnMut() -> bool,
    ) -> Result<Option<GraphAnalysis>, GraphSolveError> {
        let mut query = GraphQuery::new(std::mem::take(self), position.clone(), misere);
        let result = loop {
            match query.step(steps) {
                Ok(true) => break Ok(query.analysis().cloned()),
                Ok(false) if go_on() => {}
                Ok(false) => break Ok(None),
                Err(error) => break Err(error),
            }
        };
        *self = query.into_solver();
        result
    }

    /// Positions learned so far.
    pub fn positions(&self) -> usize {
        self.tables.positions()
    }

    /// Memory the learned positions take (an estimate), in bytes.
    pub fn bytes(&self) -> usize {
        self.tables.bytes()
    }

    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    pub(crate) fn insert_nimber(
        &mut self,
        graph: crate::games::graph::CanonicalGraph,
        nimber: u32,
    ) -> Result<(), GraphSolveError> {
        self.tables.insert_nimber(graph, nimber, self.budget)
    }

    pub(crate) fn insert_misere(
        &mut self,
        sum: super::table::ComponentSum,
        win: bool,
    ) -> Result<(), GraphSolveError> {
        self.tables.insert_misere(sum, win, self.budget)
    }
}

enum Search {
    Nimber(NimberSearch),
    Misere(GraphMisereSearch),
}

/// One question in progress; it owns the solver while it runs ([`GraphQuery::into_solver`] gives it back).
pub struct GraphQuery {
    solver: GraphSolver,
    position: GraphPosition,
    misere: bool,
    components: Vec<VertexSet>,
    nimbers: Vec<u32>,
    root_win: Option<bool>,
    moves: Vec<usize>,
    next_move: usize,
    winning_moves: Vec<usize>,
    search: Option<Search>,
    answer: Option<GraphAnalysis>,
}

impl GraphQuery {
    pub fn new(solver: GraphSolver, position: GraphPosition, misere: bool) -> GraphQuery {
        GraphQuery {
            solver,
            components: position.components(),
            moves: position.remaining().iter().collect(),
            position,
            misere,
            nimbers: Vec::new(),
            root_win: None,
            next_move: 0,
            winning_moves: Vec::new(),
            search: None,
            answer: None,
        }
    }

    /// Works for at most about `steps` moves of search; `true` once the answer is ready. When the memory
    /// budget runs out the solver forgets what it learned, so that it can answer the next question.
    pub fn step(&mut self, steps: u64) -> Result<bool, GraphSolveError> {
        let result = self.work(steps);
        if result.is_err() {
            self.solver.tables = Tables::default();
            self.search = None;
        }
        result
    }

    fn work(&mut self, mut steps: u64) -> Result<bool, GraphSolveError> {
        let budget = self.solver.budget;
        while self.answer.is_none() {
            if steps == 0 {
                return Ok(false);
            }
            if let Some(search) = &mut self.search {
                let tables = &mut self.solver.tables;
                let finished = match search {
                    Search::Nimber(s) => s.run(tables, budget, &mut steps)?.is_some(),
                    Search::Misere(s) => s.run(tables, budget, &mut steps)?.is_some(),
                };
                if finished {
                    self.search = None; // its value is in the tables now
                }
                continue;
            }
            steps -= 1;
            self.next_task();
        }
        Ok(true)
    }

    /// Takes the next piece of the question: a value the tables already hold, or a search to start.
    fn next_task(&mut self) {
        let graph = self.position.graph();
        let remaining = self.position.remaining();
        let tables = &self.solver.tables;
        if !self.misere && self.nimbers.len() < self.components.len() {
            match known_nimber(graph, self.components[self.nimbers.len()], tables) {
                Ok(nimber) => self.nimbers.push(nimber),
                Err(part) => self.search = Some(Search::Nimber(NimberSearch::new(part, tables))),
            }
        } else if self.misere && self.root_win.is_none() {
            match misere_win(tables, sum_of(graph, remaining)) {
                Ok(win) => self.root_win = Some(win),
                Err(search) => self.search = Some(Search::Misere(search)),
            }
        } else if self.next_move < self.moves.len() {
            let vertex = self.moves[self.next_move];
            let child = remaining.minus(graph.closed_neighbourhood(vertex));
            let wins = if self.misere {
                match misere_win(tables, sum_of(graph, child)) {
                    Ok(win) => !win,
                    Err(search) => {
                        self.search = Some(Search::Misere(search));
                        return;
                    }
                }
            } else {
                let mut xor = 0;
                for part in graph.components(child) {
                    match known_nimber(graph, part, tables) {
                        Ok(nimber) => xor ^= nimber,
                        Err(part) => {
                            self.search = Some(Search::Nimber(NimberSearch::new(part, tables)));
                            return;
                        }
                    }
                }
                xor == 0
            };
            if wins {
                self.winning_moves.push(vertex);
            }
            self.next_move += 1;
        } else {
            self.answer = Some(self.assemble());
        }
    }

    fn assemble(&self) -> GraphAnalysis {
        let nimber = (!self.misere).then(|| self.nimbers.iter().fold(0, |x, g| x ^ g));
        let wins = match nimber {
            Some(nimber) => nimber != 0,
            None => self.root_win.expect("the misère outcome is known"),
        };
        GraphAnalysis {
            misere: self.misere,
            outcome: if wins { Outcome::N } else { Outcome::P },
            nimber,
            components: self
                .components
                .iter()
                .enumerate()
                .map(|(i, part)| ComponentValue {
                    vertices: part.iter().collect(),
                    nimber: self.nimbers.get(i).copied(),
                })
                .collect(),
            winning_moves: self.winning_moves.clone(),
        }
    }

    pub fn progress(&self) -> GraphProgress {
        GraphProgress {
            positions: self.solver.positions(),
            moves_checked: self.next_move,
            moves: self.moves.len(),
        }
    }

    /// The answer, once [`GraphQuery::step`] has returned `true`.
    pub fn analysis(&self) -> Option<&GraphAnalysis> {
        self.answer.as_ref()
    }

    /// The solver back, with everything learned (also after an error or a cancel).
    pub fn into_solver(self) -> GraphSolver {
        self.solver
    }
}

/// The misère outcome of `sum` if known (an empty sum: the player to move wins), else a search for it.
fn misere_win(tables: &Tables, sum: super::table::ComponentSum) -> Result<bool, GraphMisereSearch> {
    if sum.is_empty() {
        return Ok(true);
    }
    tables
        .misere_win(&sum)
        .ok_or_else(|| GraphMisereSearch::new(sum, tables))
}
