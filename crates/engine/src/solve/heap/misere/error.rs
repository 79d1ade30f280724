//! Why a misère computation could not be done.

/// Errors of the misère solvers: sizes out of range, or a search that ran out of its budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    #[error("heap {heap} is larger than the largest heap the misère solver accepts ({max})")]
    HeapTooLarge { heap: usize, max: usize },
    #[error("the position has {heaps} heaps; at most {max} are accepted")]
    TooManyHeaps { heaps: usize, max: usize },
    #[error("the search visited {nodes} positions without finishing (budget {budget}); ask for a larger budget or a smaller position")]
    BudgetExhausted { nodes: u64, budget: u64 },
    #[error("the search was cancelled after {nodes} positions")]
    Cancelled { nodes: u64 },
    #[error("{what} {value} is out of range: {why}")]
    OutOfRange {
        what: &'static str,
        value: usize,
        why: &'static str,
    },
    #[error(
        "checking every position of at most {max_tokens} tokens would visit more than {max_positions} \
         positions: at most {largest} tokens with heaps up to {max_heap}"
    )]
    TooManyPositions {
        max_tokens: usize,
        max_positions: u64,
        largest: usize,
        max_heap: usize,
    },
    #[error("internal inconsistency in the misère quotient construction: {0}")]
    Inconsistent(&'static str),
    #[error("the quotient is {quotient}'s, not {game}'s")]
    OtherGame { quotient: String, game: String },
    #[error("normal-play values: {0}")]
    Sequence(String),
}
