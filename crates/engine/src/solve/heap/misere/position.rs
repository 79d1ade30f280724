//! Misère analysis of a position (several heaps): outcome, every winning move, the genus of each heap and
//! whether the position is tame. Tame positions are answered at once by the tame rule; the others by the
//! exact search.

use super::error::MisereError;
use super::genera::GenusTable;
use super::genus::Genus;
use super::search::HeapMisereSearch;
use super::tame::tame_sum_outcome;
use crate::games::heap::HeapGame;
use crate::solve::heap::{Outcome, WinningMove};
use serde::{Deserialize, Serialize};

/// Work limits for one analysis, in positions: the outcome search, and the genus walk (which visits the
/// whole game tree of each heap, so it is skipped, not failed, when it would be too long).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    pub search: u64,
    pub genus: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            search: 50_000_000,
            genus: 300_000,
        }
    }
}

/// How the outcome was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Every heap is hereditarily tame: misère Nim on the genera.
    TameRule,
    /// Exact search on canonical multisets.
    Search,
}

/// Everything about one misère position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereAnalysis {
    pub game: String,
    pub heaps: Vec<usize>,
    pub outcome: Outcome,
    /// Every move to a misère P-position.
    pub winning_moves: Vec<WinningMove>,
    /// The genus of each heap, when the genus walk fit in its budget.
    pub heap_genera: Option<Vec<Genus>>,
    /// Whether every heap is hereditarily tame (when known).
    pub tame: Option<bool>,
    pub method: Method,
}

/// A misère solver for one game: the outcome search and the genus table, both remembering what they learn.
#[derive(Debug)]
pub struct MisereSolver {
    search: HeapMisereSearch,
    genera: GenusTable,
    /// Smallest heap whose genus walk ran out of budget: larger heaps are not tried again.
    genus_too_long_from: usize,
}

/// Heaps the quotient of [`MisereSolver::with_quick_quotient`] covers: 24 (0.07, 0.137: a few
/// hundredths of a second natively; to 28 heaps over a second), and 28 for Grundy's game (48
/// elements in 0.04 s natively; its large heaps are then searched far faster, heap 100 in about a
/// second).
pub fn quotient_heaps(game: &HeapGame) -> usize {
    if game.is_grundy() {
        28
    } else {
        24
    }
}

impl MisereSolver {
    pub fn new(game: &HeapGame) -> Self {
        MisereSolver {
            search: HeapMisereSearch::new(game),
            genera: GenusTable::new(game),
            genus_too_long_from: usize::MAX,
        }
    }

    pub fn game(&self) -> &HeapGame {
        self.search.game()
    }

    /// A solver for `game` that decides positions of small heaps by the game's misère quotient
    /// (up to [`quotient_heaps`]) when the quotient builds within `limits` while `keep_going` says
    /// so — the caller's clock: a quotient is worth only a moment, as it is built once per game.
    /// Otherwise the solver searches, as it would anyway. The one policy of the CLI, the worker and
    /// the Python package.
    pub fn with_quick_quotient(
        game: &HeapGame,
        limits: super::quotient::QuotientLimits,
        mut keep_going: impl FnMut() -> bool,
    ) -> MisereSolver {
        let mut solver = MisereSolver::new(game);
        let quotient = super::quotient::MisereQuotient::build_with_progress(
            game,
            quotient_heaps(game),
            limits,
            |_, _| keep_going(),
        );
        if let Ok(quotient) = quotient {
            // Built for this very game: it cannot be refused.
            let _ = solver.use_quotient(&quotient);
        }
        solver
    }

    /// The outcome search (to run it in slices).
    /// Decide every position made only of heaps within `quotient`'s bound by its arithmetic (the
    /// quotient was proven by the complete check when built). A quotient of another game is refused.
    pub fn use_quotient(
        &mut self,
        quotient: &super::quotient::MisereQuotient,
    ) -> Result<(), MisereError> {
        let game = self.game().to_string();
        if quotient.game != game {
            return Err(MisereError::OtherGame {
                quotient: quotient.game.clone(),
                game,
            });
        }
        self.search.set_shortcuts(vec![quotient.shortcut()]);
        Ok(())
    }

    pub fn search_mut(&mut self) -> &mut HeapMisereSearch {
        &mut self.search
    }

    /// The genus table.
    pub fn genera_mut(&mut self) -> &mut GenusTable {
        &mut self.genera
    }

    /// Misère outcome of `heaps` by exact search.
    pub fn outcome(&mut self, heaps: &[usize], budget: u64) -> Result<Outcome, MisereError> {
        self.search.outcome(heaps, budget)
    }

    /// Genus entries of each heap if they fit in the budget; `Ok(None)` when the walk would be too long.
    fn heap_entries(
        &mut self,
        heaps: &[usize],
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<Vec<(Genus, bool)>>, MisereError> {
        if heaps.iter().any(|&h| h >= self.genus_too_long_from) {
            return Ok(None);
        }
        let start = self.genera.nodes();
        let mut out = Vec::with_capacity(heaps.len());
        for &h in heaps {
            let left = budget.saturating_sub(self.genera.nodes() - start);
            match self.genera.genus_until(&[h], left, keep_going) {
                Ok(entry) => out.push((entry.genus, entry.tame)),
                Err(MisereError::BudgetExhausted { .. }) => {
                    // Larger heaps usually have larger trees: do not try those either (only the display is lost).
                    self.genus_too_long_from = self.genus_too_long_from.min(h);
                    return Ok(None);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(Some(out))
    }

    /// Genus entries of each heap when every one is known already (no walk: a failed walk costs its
    /// whole budget, too much to spend on each option of a position).
    fn known_entries(&mut self, heaps: &[usize]) -> Option<Vec<(Genus, bool)>> {
        heaps
            .iter()
            .map(|&h| {
                self.genera
                    .known(h)
                    .map(|entry| (entry.genus.clone(), entry.tame))
            })
            .collect()
    }

    /// Outcome of an option while listing winning moves: by the tame rule when every heap's genus is
    /// known and tame, else by search.
    fn decide_option(
        &mut self,
        heaps: &[usize],
        budget: u64,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Outcome, MisereError> {
        if let Some(entries) = self.known_entries(heaps) {
            if entries.iter().all(|(_, tame)| *tame) {
                if let Some(outcome) = tame_sum_outcome(entries.iter().map(|(g, _)| g)) {
                    return Ok(outcome);
                }
            }
        }
        self.search.outcome_until(heaps, budget, keep_going)
    }

    /// Outcome of a position, by the tame rule when every heap is known tame, else by search.
    fn decide(
        &mut self,
        heaps: &[usize],
        budget: &Budget,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<(Outcome, Method), MisereError> {
        if let Some(entries) = self.heap_entries(heaps, budget.genus, keep_going)? {
            if entries.iter().all(|(_, tame)| *tame) {
                let outcome = tame_sum_outcome(entries.iter().map(|(g, _)| g))
                    .expect("tame heaps have nim-like genera");
                return Ok((outcome, Method::TameRule));
            }
        }
        let outcome = self
            .search
            .outcome_until(heaps, budget.search, keep_going)?;
        Ok((outcome, Method::Search))
    }

    /// Outcome, every winning move, genera and tameness of the position `heaps`.
    pub fn analyze(
        &mut self,
        heaps: &[usize],
        budget: &Budget,
    ) -> Result<MisereAnalysis, MisereError> {
        self.analyze_until(heaps, budget, &mut |_| true)
    }

    /// Like [`analyze`](Self::analyze), asking `keep_going(positions so far in the current walk or
    /// search)` every few thousand positions; `Cancelled` when it answers no.
    pub fn analyze_until(
        &mut self,
        heaps: &[usize],
        budget: &Budget,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<MisereAnalysis, MisereError> {
        // Checks sizes before any work.
        self.search.key(heaps)?;
        let entries = self.heap_entries(heaps, budget.genus, keep_going)?;
        let (outcome, method) = self.decide(heaps, budget, keep_going)?;
        let game = self.game().clone();
        let mut winning_moves = Vec::new();
        if outcome == Outcome::N {
            for (heap_index, &heap) in heaps.iter().enumerate() {
                if heaps[..heap_index].contains(&heap) {
                    // The same moves as on the earlier equal heap; list them once, on the first.
                    continue;
                }
                for heap_move in game.moves(heap) {
                    let result = WinningMove::position_after(heaps, heap_index, &heap_move);
                    if self.decide_option(&result, budget.search, keep_going)? != Outcome::P {
                        continue;
                    }
                    winning_moves.push(WinningMove::new(
                        &game, heaps, heap_index, heap_move, result,
                    ));
                }
            }
        }
        let tame = entries.as_ref().map(|e| e.iter().all(|(_, t)| *t));
        Ok(MisereAnalysis {
            game: game.to_string(),
            heaps: heaps.to_vec(),
            outcome,
            winning_moves,
            heap_genera: entries.map(|e| e.into_iter().map(|(g, _)| g).collect()),
            tame,
            method,
        })
    }
}
