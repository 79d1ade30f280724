//! Remoteness: how many moves a game lasts under best play, the winner finishing as fast as it can and
//! the loser lasting as long as it can (Winning Ways' remoteness, the Steinhaus function).
//!
//! - A position with no move has remoteness 0.
//! - A position the player to move loses (P) has 1 + the largest remoteness of its children.
//! - A position the player to move wins (N) has 1 + the smallest remoteness among its P children.
//!
//! In normal play a position with no move is P; in misère play it is N (the player who cannot move
//! wins). The definitions are otherwise the same.
//!
//! The remoteness of a sum does not follow from its parts' nimbers, so [`RemotenessSearch`] searches
//! the sum itself: a position is the sorted list of its parts (heaps, connected components, Sprouts
//! lands), parts
//! with no move left out, and every sum met is remembered. In normal play the parts' nimbers give
//! each sum's outcome at once, so a won sum only looks into its P children; in misère play every child
//! is searched. A node budget ends a search that would take too long; what it learned is kept, so the
//! next call goes on from there.
//!
//! ```
//! use sprague_engine::games::heap::HeapGame;
//! use sprague_engine::solve::heap::Outcome;
//! use sprague_engine::solve::remoteness::RemotenessSearch;
//! // Nim with heaps 1 and 2: take 1 from the 2 (leaving 1+1, which lasts two more moves): win in 3.
//! let mut nim = RemotenessSearch::heaps(HeapGame::nim(), false);
//! let value = nim.value(&[1, 2], 1_000).unwrap();
//! assert_eq!((value.outcome, value.remoteness), (Outcome::N, 3));
//! // Two equal heaps are lost, and the loser lasts longest by taking one counter at a time.
//! assert_eq!(nim.value(&[2, 2], 1_000).unwrap().remoteness, 4);
//! ```

mod graph;
mod heap;
mod review;
mod sprouts;

use std::hash::Hash;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::solve::heap::Outcome;

pub use graph::{GraphMoveValue, GraphParts};
pub use heap::{HeapMoveValue, HeapParts};
pub use review::{best_reply, MoveMark};
pub use sprouts::{SproutsMoveValue, SproutsParts};

/// The positions a report may value by default: at most about 280 MB and 9 s natively on a loaded 2-core
/// machine (a heap of 1,000 of 0.137 stops there with its note; a million positions took 42 s and 930 MB,
/// too long for a command's default). Rows of 50 dots, Grundy's piles of 45 and 5×5 grids need far less.
pub const DEFAULT_MAX_NODES: u64 = 250_000;

/// Deeper games than this are not searched: the search recurses once per move.
pub const MAX_DEPTH: usize = 1_000;

/// A game whose positions are sums of independent parts.
pub trait SumGame {
    type Part: Clone + Ord + Hash;

    /// For each move in `part`, the parts it leaves (in any order; parts with no move may be among them).
    fn options(&self, part: &Self::Part) -> Vec<Vec<Self::Part>>;

    /// Whether `part` has a move at all; a game whose parts have many moves says it without listing
    /// them.
    fn has_moves(&self, part: &Self::Part) -> bool {
        !self.options(part).is_empty()
    }

    /// A number of moves every game from the sum of `parts` lasts at least, however it is played (0
    /// when nothing better is known): past [`MAX_DEPTH`], the search is refused before it starts.
    fn min_moves(&self, _parts: &[Self::Part]) -> u64 {
        0
    }
}

/// Who wins a position with best play, and in how many moves the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    pub outcome: Outcome,
    pub remoteness: u32,
}

/// A position's remoteness and the value of every legal move, as the CLI and Python report them (in
/// normal play or misère, as the search was asked). Both are `None` when the budget ran out, and the note
/// says so: a value is never guessed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemotenessReport<M> {
    pub remoteness: Option<u32>,
    pub move_values: Option<Vec<M>>,
    pub remoteness_note: Option<String>,
}

impl<M> RemotenessReport<M> {
    /// The report from the position's value and then, given the budget left, its moves' values.
    fn new(
        value: Result<Value, Unfinished>,
        moves: impl FnOnce() -> Result<Vec<M>, Unfinished>,
    ) -> Self {
        match value.and_then(|value| Ok((value, moves()?))) {
            Ok((value, moves)) => RemotenessReport {
                remoteness: Some(value.remoteness),
                move_values: Some(moves),
                remoteness_note: None,
            },
            Err(error) => RemotenessReport {
                remoteness: None,
                move_values: None,
                remoteness_note: Some(format!("not decided: {error}")),
            },
        }
    }
}

/// Why a remoteness search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unfinished {
    #[error("the remoteness search passed its budget of {max_nodes} positions")]
    Budget { max_nodes: u64 },
    #[error("the game is too long for the remoteness search (more than {MAX_DEPTH} moves)")]
    Depth,
    #[error("the remoteness search was stopped")]
    Stopped,
}

/// New positions valued between two looks at `go_on` in [`RemotenessSearch::value_while`].
const CHUNK: u64 = 2_000;

/// A part's moves, each as the sorted parts it leaves (parts with no move dropped), and its nimber
/// once known.
struct PartInfo<P> {
    options: Arc<Vec<Vec<P>>>,
    /// The nimber of each option (the XOR of its pieces'), once the part's nimber is known.
    option_nimbers: Arc<Vec<u32>>,
    nimber: Option<u32>,
}

/// The remoteness of positions of one game under one convention, remembering every sum it has met.
pub struct RemotenessSearch<G: SumGame> {
    game: G,
    misere: bool,
    parts: FxHashMap<G::Part, PartInfo<G::Part>>,
    values: FxHashMap<Vec<G::Part>, Value>,
    /// Positions valued in the current call, against its budget.
    spent: u64,
    max_nodes: u64,
}

impl<G: SumGame> RemotenessSearch<G> {
    pub fn new(game: G, misere: bool) -> Self {
        RemotenessSearch {
            game,
            misere,
            parts: FxHashMap::default(),
            values: FxHashMap::default(),
            spent: 0,
            max_nodes: 0,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn misere(&self) -> bool {
        self.misere
    }

    /// New positions valued by the last call of [`value`](Self::value) or
    /// [`value_while`](Self::value_while) (all of its chunks), against its budget.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Sums remembered so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of the sum of `parts`, valuing at most `max_nodes` new sums.
    pub fn value(&mut self, parts: &[G::Part], max_nodes: u64) -> Result<Value, Unfinished> {
        self.spent = 0;
        self.max_nodes = max_nodes;
        if self.game.min_moves(parts) > MAX_DEPTH as u64 {
            // Certainly too long: refused before listing any part's moves (a heap of a million has
            // a million).
            return Err(Unfinished::Depth);
        }
        let sum = self.normalise(parts.to_vec());
        self.value_of(sum, 0)
    }

    /// [`value`](Self::value) in chunks, asking `go_on` between them (a worker's cancel, Python's
    /// Ctrl-C): `Unfinished::Stopped` when it says no. What was valued is kept either way.
    pub fn value_while(
        &mut self,
        parts: &[G::Part],
        max_nodes: u64,
        go_on: &mut impl FnMut() -> bool,
    ) -> Result<Value, Unfinished> {
        let mut spent = 0;
        loop {
            let chunk = CHUNK.min(max_nodes - spent);
            let result = self.value(parts, chunk);
            spent += self.spent;
            self.spent = spent;
            match result {
                Err(Unfinished::Budget { .. }) if spent < max_nodes => {
                    if !go_on() {
                        return Err(Unfinished::Stopped);
                    }
                }
                Err(Unfinished::Budget { .. }) => return Err(Unfinished::Budget { max_nodes }),
                other => return other,
            }
        }
    }

    /// `parts` sorted, with the parts that have no move left out (they change nothing).
    fn normalise(&mut self, mut parts: Vec<G::Part>) -> Vec<G::Part> {
        parts.retain(|part| !self.info(part).options.is_empty());
        parts.sort_unstable();
        parts
    }

    fn info(&mut self, part: &G::Part) -> &PartInfo<G::Part> {
        if !self.parts.contains_key(part) {
            let options: Vec<Vec<G::Part>> = self
                .game
                .options(part)
                .into_iter()
                .map(|pieces| {
                    let mut pieces: Vec<G::Part> = pieces
                        .into_iter()
                        .filter(|piece| self.has_moves(piece))
                        .collect();
                    pieces.sort_unstable();
                    pieces
                })
                .collect();
            let info = PartInfo {
                options: Arc::new(options),
                option_nimbers: Arc::default(),
                nimber: None,
            };
            self.parts.insert(part.clone(), info);
        }
        &self.parts[part]
    }

    fn has_moves(&self, part: &G::Part) -> bool {
        match self.parts.get(part) {
            Some(info) => !info.options.is_empty(),
            None => self.game.has_moves(part),
        }
    }

    /// A part's normal-play nimber: the mex of its options' nimbers (each the XOR of its pieces'). Each
    /// part valued counts against the budget, as a sum does: a large component's nimber is a search
    /// of its own.
    fn nimber(&mut self, part: &G::Part, depth: usize) -> Result<u32, Unfinished> {
        if let Some(nimber) = self.info(part).nimber {
            return Ok(nimber);
        }
        self.spend(depth)?;
        let options = Arc::clone(&self.info(part).options);
        let mut option_nimbers = Vec::with_capacity(options.len());
        for pieces in options.iter() {
            let mut x = 0;
            for piece in pieces {
                x ^= self.nimber(piece, depth + 1)?;
            }
            option_nimbers.push(x);
        }
        let mut seen = option_nimbers.clone();
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .find(|&(i, &g)| i as u32 != g)
            .map_or(seen.len() as u32, |(i, _)| i as u32);
        let info = self.parts.get_mut(part).expect("known part");
        info.nimber = Some(mex);
        info.option_nimbers = Arc::new(option_nimbers);
        Ok(mex)
    }

    /// Counts one more position valued, or says why not.
    fn spend(&mut self, depth: usize) -> Result<(), Unfinished> {
        if depth >= MAX_DEPTH {
            return Err(Unfinished::Depth);
        }
        if self.spent >= self.max_nodes {
            return Err(Unfinished::Budget {
                max_nodes: self.max_nodes,
            });
        }
        self.spent += 1;
        Ok(())
    }

    /// The distinct sums one move from `sum` (each sorted, parts with no move dropped); with
    /// `only_lost`, in normal play, only those of nimber 0.
    fn children(
        &mut self,
        sum: &[G::Part],
        only_lost: bool,
        depth: usize,
    ) -> Result<Vec<Vec<G::Part>>, Unfinished> {
        let total = if only_lost { self.xor(sum, depth)? } else { 0 };
        let mut children = Vec::new();
        for (i, part) in sum.iter().enumerate() {
            if i > 0 && sum[i - 1] == *part {
                continue; // an equal part was just played in
            }
            // The nimber each option must have for the child to be lost.
            let wanted = if only_lost {
                total ^ self.nimber(part, depth)?
            } else {
                0
            };
            let info = self.info(part);
            let (options, option_nimbers) =
                (Arc::clone(&info.options), Arc::clone(&info.option_nimbers));
            for (k, pieces) in options.iter().enumerate() {
                if only_lost && option_nimbers[k] != wanted {
                    continue;
                }
                let mut child: Vec<G::Part> = Vec::with_capacity(sum.len() + pieces.len());
                child.extend(sum[..i].iter().cloned());
                child.extend(sum[i + 1..].iter().cloned());
                child.extend(pieces.iter().cloned());
                child.sort_unstable();
                children.push(child);
            }
        }
        children.sort_unstable();
        children.dedup();
        Ok(children)
    }

    fn value_of(&mut self, sum: Vec<G::Part>, depth: usize) -> Result<Value, Unfinished> {
        if sum.is_empty() {
            let outcome = if self.misere { Outcome::N } else { Outcome::P };
            return Ok(Value {
                outcome,
                remoteness: 0,
            });
        }
        if let Some(&value) = self.values.get(&sum) {
            return Ok(value);
        }
        self.spend(depth)?;
        let value = if self.misere {
            let children = self.children(&sum, false, depth)?;
            self.searched_value(children, depth)?
        } else {
            // In normal play a won sum needs only its lost children: the fastest win is among them.
            let won = self.xor(&sum, depth)? != 0;
            let children = self.children(&sum, won, depth)?;
            let value = self.searched_value(children, depth)?;
            debug_assert_eq!(value.outcome == Outcome::N, won);
            value
        };
        self.values.insert(sum, value);
        Ok(value)
    }

    /// The value from the children's values.
    fn searched_value(
        &mut self,
        children: Vec<Vec<G::Part>>,
        depth: usize,
    ) -> Result<Value, Unfinished> {
        let mut values = Vec::with_capacity(children.len());
        for child in children {
            values.push(self.value_of(child, depth + 1)?);
        }
        Ok(value_from_children(&values))
    }

    fn xor(&mut self, sum: &[G::Part], depth: usize) -> Result<u32, Unfinished> {
        let mut x = 0;
        for part in sum {
            x ^= self.nimber(part, depth)?;
        }
        Ok(x)
    }
}

/// The value of a position with children of `values` (at least one): won when a child is lost for the
/// opponent, the win taken by the fastest such child, the loss lasting through the longest child.
pub fn value_from_children(values: &[Value]) -> Value {
    let fastest_win = values
        .iter()
        .filter(|v| v.outcome == Outcome::P)
        .map(|v| v.remoteness)
        .min();
    match fastest_win {
        Some(remoteness) => Value {
            outcome: Outcome::N,
            remoteness: remoteness + 1,
        },
        None => Value {
            outcome: Outcome::P,
            remoteness: 1 + values.iter().map(|v| v.remoteness).max().unwrap_or(0),
        },
    }
}
