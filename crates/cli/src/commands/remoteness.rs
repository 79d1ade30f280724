//! Remoteness on the command line: the flag that bounds its search, and its line of text output. The
//! search and the report are the engine's ([`sprague_engine::solve::remoteness`]).

use super::budget::Budget;
use sprague_engine::solve::remoteness::{RemotenessReport, DEFAULT_MAX_NODES};

#[derive(Clone, Copy, Debug, clap::Args)]
pub struct RemotenessBudget {
    /// Most positions the remoteness search may value; past this, "remoteness" and "move_values"
    /// are null and "remoteness_note" says why
    #[arg(long, default_value_t = DEFAULT_MAX_NODES)]
    pub remoteness_budget: u64,
}

/// Whether the remoteness search may go on within the command's `budget` (its bounds of time and
/// memory, counted from the command's start): past them the report says it was stopped.
pub fn within(budget: &Budget) -> impl FnMut() -> bool + '_ {
    move || budget.passed_after(0).is_none()
}

/// The report's line of text.
pub fn describe<M>(report: &RemotenessReport<M>) -> String {
    match (report.remoteness, &report.remoteness_note) {
        (Some(0), _) => "remoteness 0: the game is over".to_string(),
        (Some(moves), _) => format!(
            "remoteness {moves}: with best play (the winner quickest, the loser slowest) the game \
             lasts {moves} more move{}",
            if moves == 1 { "" } else { "s" }
        ),
        (None, Some(note)) => format!("remoteness {note}"),
        (None, None) => "remoteness not decided".to_string(),
    }
}
