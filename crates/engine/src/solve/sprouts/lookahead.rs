//! Playing a position too large to solve: alpha-beta to a growing depth, for as long as the caller allows.
//!
//! A position is scored from the side of the player to move: [`WIN`] or [`LOSS`] when its value is
//! known exactly — a finished game, lands whose nimbers are in the base (normal play), a position the
//! base knows (misère), a small position solved on the spot, or a result proven by this search — and
//! 0 otherwise. The static evaluation gives unknown positions no lean either way, on purpose: measured
//! on 600 random positions from 5- to 7-spot games, features such as lives, lands, regions or the
//! number of moves (alone or modulo 2..12) predicted the outcome no better than "the player to move
//! wins" (66.5 %). So the search's strength is what it proves: it finds a forced win within its
//! horizon, and it keeps away from moves that lose by force, with the base stretching the horizon
//! (small lands are exact). The moves of the best score are returned; the caller picks among them.
//!
//! The search keeps its state on an explicit stack so it can run in slices ([`Lookahead::step`]);
//! each iteration searches one ply deeper, the root's moves ordered by the last iteration's scores.

use rustc_hash::FxHashMap as HashMap;

use crate::games::sprouts::{Land, Position};

use super::base::Base;
use super::misere::MisereSearch;
use super::normal::{NormalAnswer, NormalSearch};
use super::search::{Search, Step};

/// The score of a position won by the player to move.
pub const WIN: i32 = 1000;
/// The score of a position lost by the player to move.
pub const LOSS: i32 = -WIN;

/// Lands (normal play) and positions (misère) with at most this many lives are solved on the spot when
/// the search meets them: a few milliseconds at most, and it makes many more leaves exact.
const SOLVE_LIVES_NORMAL: u32 = 9;
const SOLVE_LIVES_MISERE: u32 = 8;

/// Children lists kept between iterations (each iteration walks the tree of the last one again).
const MAX_CACHED_CHILDREN: usize = 100_000;

/// What the search has found so far: the moves of the best score, from the last complete iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookout {
    /// Moves (children) of the best score, in the order the search met them. For a proven win, the
    /// winning moves proven by then (at least one, not necessarily all); for a proven loss, every move.
    pub best_moves: Vec<Position>,
    /// [`WIN`] (a forced win was found), [`LOSS`] (every move loses against best play) or 0 (no move
    /// is known to win or lose within the depth searched).
    pub score: i32,
    /// Plies searched to (the moves themselves count as one).
    pub depth: u32,
    /// Whether the score is exact: the search has gone deep enough that nothing is left unknown, or it
    /// proved a win or a loss.
    pub exact: bool,
}

struct Frame {
    position: Position,
    children: Vec<Position>,
    next: usize,
    alpha: i32,
    beta: i32,
    best: i32,
    depth: u32,
}

/// An iterative-deepening alpha-beta search for the best move of a position; see the module docs.
pub struct Lookahead {
    misere: bool,
    base: Base,
    root: Position,
    root_moves: Vec<Position>,
    /// Scores of the root's moves in the iteration under way (`None`: not searched yet).
    root_scores: Vec<Option<i32>>,
    /// Positions proven won or lost by this search (a score of WIN or LOSS for the player to move).
    proven: HashMap<Position, i32>,
    children: HashMap<Position, Vec<Position>>,
    stack: Vec<Frame>,
    /// Depth of the iteration under way.
    depth: u32,
    found: Option<Lookout>,
    nodes: u64,
    /// Lands (normal) or positions (misère) with at most this many lives are solved when met.
    solve_lives: u32,
}

impl Lookahead {
    /// A search for the best move of `position` (normal play, or misère when `misere`), over `base`.
    pub fn new(position: &Position, misere: bool, base: Base) -> Lookahead {
        Lookahead {
            misere,
            base,
            root: position.clone(),
            root_moves: position.children(),
            root_scores: Vec::new(),
            proven: HashMap::default(),
            children: HashMap::default(),
            stack: Vec::new(),
            depth: 0,
            found: None,
            nodes: 0,
            solve_lives: if misere {
                SOLVE_LIVES_MISERE
            } else {
                SOLVE_LIVES_NORMAL
            },
        }
    }

    /// Solves lands (normal play) or positions (misère) of at most `lives` lives when the search meets
    /// them (0: only what the base knows is exact).
    pub fn solving_up_to(mut self, lives: u32) -> Lookahead {
        self.solve_lives = lives;
        self
    }

    /// Positions expanded so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Depth of the iteration under way, and how many of the root's moves it has scored.
    pub fn progress(&self) -> (u32, usize, usize) {
        let scored = self.root_scores.iter().filter(|s| s.is_some()).count();
        (self.depth, scored, self.root_moves.len())
    }

    /// The best moves found by the last complete iteration (`None` before the first completes, or when
    /// the position has no move).
    pub fn lookout(&self) -> Option<&Lookout> {
        self.found.as_ref()
    }

    pub fn into_base(self) -> Base {
        self.base
    }

    fn start_iteration(&mut self) {
        // Best moves of the last iteration first: the window closes sooner.
        if !self.root_scores.is_empty() {
            let mut order: Vec<usize> = (0..self.root_moves.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(self.root_scores[i].unwrap_or(LOSS)));
            self.root_moves = order.iter().map(|&i| self.root_moves[i].clone()).collect();
        }
        self.depth += 1;
        self.root_scores = vec![None; self.root_moves.len()];
        self.stack.push(Frame {
            position: self.root.clone(),
            children: self.root_moves.clone(),
            next: 0,
            alpha: LOSS - 1,
            beta: WIN + 1,
            best: LOSS - 1,
            depth: self.depth,
        });
    }

    /// One move of the stack machine; returns the expansions it cost (0 or 1).
    fn advance(&mut self) -> u64 {
        let top = self
            .stack
            .last()
            .expect("advance runs on a non-empty stack");
        let at_root = self.stack.len() == 1;
        // Windows stay inside (LOSS, WIN) — alpha < WIN, beta > LOSS — so a score of WIN or LOSS that
        // comes back is never a bound but exact. Hence a frame stops at its first win (the root goes
        // on, to find every winning move).
        let open = top.best < top.beta && (at_root || top.best < WIN);
        if top.next < top.children.len() && open {
            let child = top.children[top.next].clone();
            // At the root, moves that tie with the best are searched exactly too: all are returned.
            let floor = if at_root { top.best - 1 } else { top.best };
            let (alpha, beta) = (-top.beta, -top.alpha.max(floor));
            let depth = top.depth - 1;
            if let Some(score) = self.exact(&child) {
                self.give(-score);
                return 0;
            }
            if depth == 0 {
                self.give(0);
                return 0;
            }
            self.nodes += 1;
            let children = self.ordered_children(&child);
            if children.is_empty() {
                let score = if self.misere { WIN } else { LOSS };
                self.give(-score);
                return 1;
            }
            if let Some(first) = children.first() {
                if self.exact(first) == Some(LOSS) {
                    // A move to a lost position: the child is won for its player.
                    self.proven.insert(child, WIN);
                    self.give(-WIN);
                    return 1;
                }
            }
            self.stack.push(Frame {
                position: child,
                children,
                next: 0,
                alpha,
                beta,
                best: LOSS - 1,
                depth,
            });
            1
        } else {
            let frame = self.stack.pop().expect("non-empty");
            let score = frame.best;
            // Exact, see above: a WIN or LOSS is never a bound.
            if score == WIN || score == LOSS {
                self.proven.insert(frame.position, score);
            }
            if self.stack.is_empty() {
                self.end_iteration(score);
            } else {
                self.give(-score);
            }
            0
        }
    }

    /// The score `score` of the move under examination at the top frame, from the top's side.
    fn give(&mut self, score: i32) {
        let at_root = self.stack.len() == 1;
        let top = self
            .stack
            .last_mut()
            .expect("give runs on a non-empty stack");
        if at_root {
            self.root_scores[top.next] = Some(score);
        }
        top.best = top.best.max(score);
        top.next += 1;
    }

    fn end_iteration(&mut self, best: i32) {
        let best_moves: Vec<Position> = self
            .root_moves
            .iter()
            .zip(&self.root_scores)
            .filter(|(_, score)| **score == Some(best))
            .map(|(child, _)| child.clone())
            .collect();
        // A game cannot last more moves than it has lives: past that depth nothing is left unknown.
        let exhausted = self.depth > self.root.lives();
        self.found = Some(Lookout {
            best_moves,
            score: best,
            depth: self.depth,
            exact: best == WIN || best == LOSS || exhausted,
        });
    }

    /// Children with a move to a lost position (if any) first, so a won child is seen at once.
    fn ordered_children(&mut self, position: &Position) -> Vec<Position> {
        let mut children = match self.children.get(position) {
            Some(children) => children.clone(),
            None => {
                let children = position.children();
                if self.children.len() < MAX_CACHED_CHILDREN {
                    self.children.insert(position.clone(), children.clone());
                }
                children
            }
        };
        if let Some(lost) = children
            .iter()
            .position(|child| self.exact(child) == Some(LOSS))
        {
            children.swap(0, lost);
        }
        children
    }

    /// The exact score of `position` for its player to move, when it is known or cheap to find.
    fn exact(&mut self, position: &Position) -> Option<i32> {
        if position.is_terminal() {
            return Some(if self.misere { WIN } else { LOSS });
        }
        if let Some(&score) = self.proven.get(position) {
            return Some(score);
        }
        let lost = if self.misere {
            self.misere_lost(position)?
        } else {
            let mut nimber = 0;
            for land in position.lands() {
                nimber ^= self.nimber_of_land(land)?;
            }
            nimber == 0
        };
        Some(if lost { LOSS } else { WIN })
    }

    fn nimber_of_land(&mut self, land: &Land) -> Option<u32> {
        if let Some(nimber) = self.base.nimber_of_land(land) {
            return Some(nimber);
        }
        if land.lives() > self.solve_lives {
            return None;
        }
        let position = Position::from_lands(vec![land.clone()]);
        let mut search = NormalSearch::nimber(&position, std::mem::take(&mut self.base));
        let answer = search.run();
        self.base = search.into_base();
        match answer {
            NormalAnswer::Nimber(nimber) => Some(nimber),
            NormalAnswer::Losing(_) => None,
        }
    }

    fn misere_lost(&mut self, position: &Position) -> Option<bool> {
        if let Some(lost) = self.base.misere_losing(position) {
            return Some(lost);
        }
        if position.lives() > self.solve_lives {
            return None;
        }
        let mut search = MisereSearch::new(position, std::mem::take(&mut self.base));
        let lost = search.run();
        self.base = search.into_base();
        Some(lost)
    }
}

impl Search for Lookahead {
    type Answer = Lookout;

    /// Works for about `budget` position expansions. `Done` when the answer is exact (a forced win or
    /// loss, or the whole game searched); otherwise call again to search deeper, or stop and use
    /// [`Lookahead::lookout`].
    fn step(&mut self, budget: u64) -> Step<Lookout> {
        if self.root_moves.is_empty() {
            return Step::Done(Lookout {
                best_moves: Vec::new(),
                score: self.exact(&self.root.clone()).unwrap_or(0),
                depth: 0,
                exact: true,
            });
        }
        let mut spent = 0;
        while spent < budget {
            if let Some(found) = self.found.as_ref().filter(|f| f.exact) {
                return Step::Done(found.clone());
            }
            if self.stack.is_empty() {
                self.start_iteration();
                continue;
            }
            spent += self.advance();
        }
        Step::Running {
            nodes: self.nodes,
            depth: self.depth as usize,
        }
    }
}
