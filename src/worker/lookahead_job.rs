//! The computer's move when the exact Sprouts answer takes too long: a lookahead search (alpha-beta to a
//! growing depth, see the engine's `Lookahead`) over the shared Sprouts base, for as long as it is given.

use super::protocol::SproutsGuess;
use super::sprouts_job::{give_back, take_base};
use crate::play::setup::Rules;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Lookahead, Search as _, Step, LOSS, WIN};

pub struct LookaheadJob {
    position: Position,
    misere: bool,
    search: Lookahead,
    done: bool,
    /// Nodes the exact search spent before this one, reported with the guess.
    earlier_nodes: u64,
    started_ms: f64,
}

impl LookaheadJob {
    pub async fn start(
        position: Position,
        misere: bool,
        earlier_nodes: u64,
        started_ms: f64,
    ) -> LookaheadJob {
        let search = Lookahead::new(&position, misere, take_base().await);
        LookaheadJob {
            position,
            misere,
            search,
            done: false,
            earlier_nodes,
            started_ms,
        }
    }

    /// Finished: the answer is exact (a forced win or loss was found, or the game searched to its end).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Whether a complete iteration has named best moves (the job may be stopped from then on).
    pub fn has_choice(&self) -> bool {
        self.search.lookout().is_some() || self.done
    }

    /// One expansion of the search (a large position's children can take milliseconds).
    pub fn step(&mut self) {
        if let Step::Done(_) = self.search.step(1) {
            self.done = true;
        }
    }

    /// Positions expanded, the depth under way, and moves scored at that depth of all.
    pub fn progress(&self) -> (u64, u32, u64, u64) {
        let (depth, scored, moves) = self.search.progress();
        (
            self.earlier_nodes + self.search.nodes(),
            depth,
            scored as u64,
            moves as u64,
        )
    }

    /// The best moves found (every move when the position has no complete iteration yet).
    pub fn finish(self) -> SproutsGuess {
        let (moves, score, depth) = match self.search.lookout() {
            Some(found) => (
                found.best_moves.iter().map(|p| p.to_string()).collect(),
                match found.score {
                    WIN => 1,
                    LOSS => -1,
                    _ => 0,
                },
                found.depth,
            ),
            None => (
                self.position
                    .children()
                    .iter()
                    .map(|p| p.to_string())
                    .collect(),
                0,
                0,
            ),
        };
        let guess = SproutsGuess {
            position: self.position.to_string(),
            rules: Rules::from_misere(self.misere),
            moves,
            score,
            depth,
            nodes: self.earlier_nodes + self.search.nodes(),
            elapsed_ms: js_sys::Date::now() - self.started_ms,
        };
        give_back(self.search.into_base());
        guess
    }

    /// Stops early; the small lands it solved stay in the worker's base.
    pub fn stop(self) {
        give_back(self.search.into_base());
    }
}
