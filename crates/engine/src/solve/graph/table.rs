//! What the graph solver has learned: normal-play nimbers of connected components and misère outcomes of
//! sums of components, each under canonical forms, with the memory they take counted against a budget.

use rustc_hash::FxHashMap;

use crate::games::graph::CanonicalGraph;

/// A sum of components, each canonical, sorted: equal sums have equal keys.
pub type ComponentSum = Vec<CanonicalGraph>;

/// The most memory the solver's tables may take, and the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphBudget {
    pub max_bytes: usize,
}

impl GraphBudget {
    /// A budget of `megabytes` MB (at least 1).
    pub fn megabytes(megabytes: usize) -> GraphBudget {
        GraphBudget {
            max_bytes: megabytes.max(1).saturating_mul(1 << 20),
        }
    }
}

impl Default for GraphBudget {
    /// 256 MB: safe in a browser tab's worker and on a small machine.
    fn default() -> Self {
        GraphBudget::megabytes(256)
    }
}

/// Why a graph question was not answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphSolveError {
    #[error(
        "the solver's memory budget ({megabytes} MB) ran out after {positions} positions; \
         ask for a smaller graph or a larger budget"
    )]
    MemoryBudget { megabytes: usize, positions: usize },
}

/// Learned values: kept between questions, so a later question reuses every component seen before.
#[derive(Default)]
pub struct Tables {
    nimbers: FxHashMap<CanonicalGraph, u8>,
    misere: FxHashMap<ComponentSum, bool>,
    bytes: usize,
}

/// Memory one remembered graph takes, roughly: the key's rows, its header and the map's own slot.
fn graph_bytes(graph: &CanonicalGraph) -> usize {
    48 + 8 * graph.vertex_count()
}

impl Tables {
    pub fn nimber(&self, graph: &CanonicalGraph) -> Option<u32> {
        self.nimbers.get(graph).map(|&g| g as u32)
    }

    /// Whether the player to move wins the sum in misère play, if known.
    pub fn misere_win(&self, sum: &ComponentSum) -> Option<bool> {
        self.misere.get(sum).copied()
    }

    pub fn positions(&self) -> usize {
        self.nimbers.len() + self.misere.len()
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn insert_nimber(
        &mut self,
        graph: CanonicalGraph,
        nimber: u32,
        budget: GraphBudget,
    ) -> Result<(), GraphSolveError> {
        self.charge(graph_bytes(&graph), budget)?;
        // A nimber is at most the number of moves, so at most 64.
        self.nimbers.insert(graph, nimber as u8);
        Ok(())
    }

    pub fn insert_misere(
        &mut self,
        sum: ComponentSum,
        win: bool,
        budget: GraphBudget,
    ) -> Result<(), GraphSolveError> {
        self.charge(24 + sum.iter().map(graph_bytes).sum::<usize>(), budget)?;
        self.misere.insert(sum, win);
        Ok(())
    }

    /// Every remembered component with its nimber.
    pub fn nimber_entries(&self) -> impl Iterator<Item = (&CanonicalGraph, u32)> {
        self.nimbers.iter().map(|(graph, &g)| (graph, g as u32))
    }

    /// Every remembered sum with whether the player to move wins it in misère play.
    pub fn misere_entries(&self) -> impl Iterator<Item = (&ComponentSum, bool)> {
        self.misere.iter().map(|(sum, &win)| (sum, win))
    }

    fn charge(&mut self, bytes: usize, budget: GraphBudget) -> Result<(), GraphSolveError> {
        if self.bytes + bytes > budget.max_bytes {
            return Err(GraphSolveError::MemoryBudget {
                megabytes: budget.max_bytes >> 20,
                positions: self.positions(),
            });
        }
        self.bytes += bytes;
        Ok(())
    }
}
