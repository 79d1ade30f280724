//! Bounds on a long command: nodes, seconds and memory (by default a third of the machine's), as flags.
//! The policy — what is counted, the default memory budget — is the engine's
//! ([`sprague_engine::solve::bounds`]); this module reads the flags and words a bound passed in their
//! terms. A watcher checks the bounds while the work runs and cancels it with that message; what a
//! search proved so far is kept.

use sprague_engine::solve::bounds::{self, Passed};
use sprague_engine::solve::sprouts::Control;

/// Bounds of time and memory, which every long command takes.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Bounds {
    /// Stop after this many seconds
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_seconds: Option<u64>,
    /// Stop when the process uses more than this many megabytes of memory (resident; Linux;
    /// default: a third of the machine's memory)
    #[arg(long, value_parser = clap::value_parser!(u64).range(16..))]
    pub max_memory: Option<u64>,
}

/// The bounds a user set on a search (none but the default memory budget unless asked).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Limits {
    /// Stop after this many nodes (over every thread and question)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    #[command(flatten)]
    pub bounds: Bounds,
}

/// A command's spending against its [`Limits`].
pub struct Budget(bounds::Budget);

impl Budget {
    pub fn new(limits: Limits) -> Budget {
        Budget(bounds::Budget::new(bounds::Limits {
            max_nodes: limits.max_nodes,
            max_seconds: limits.bounds.max_seconds.map(|s| s as f64),
            max_memory: limits.bounds.max_memory,
        }))
    }

    /// No bounds but the default memory budget.
    pub fn defaults() -> Budget {
        Budget::new(Limits::default())
    }

    /// Time and memory bounds only (commands that count no nodes).
    pub fn bounded(bounds: Bounds) -> Budget {
        Budget::new(Limits {
            max_nodes: None,
            bounds,
        })
    }

    pub fn nodes(&self) -> u64 {
        self.0.nodes()
    }

    /// Adds a finished question's nodes.
    pub fn spend(&mut self, nodes: u64) {
        self.0.spend(nodes);
    }

    /// The same bounds, with `nodes` already spent (the clock keeps running from the start).
    pub fn after(&self, nodes: u64) -> Budget {
        Budget(self.0.after(nodes))
    }

    /// The bound passed by a question running under `control`, if any, in words.
    pub fn passed(&self, control: &Control) -> Option<String> {
        self.passed_after(control.nodes())
    }

    /// The bound passed by a question that has searched `question_nodes` so far, if any, in words.
    pub fn passed_after(&self, question_nodes: u64) -> Option<String> {
        Some(match self.0.passed_after(question_nodes)? {
            Passed::Nodes { max, nodes } => {
                format!("the search passed --max-nodes {max} ({nodes} nodes)")
            }
            Passed::Seconds { max, elapsed } => {
                format!("the search passed --max-seconds {max} ({elapsed:.1} s)")
            }
            Passed::Memory { max, used } => {
                format!("the process passed --max-memory {max} ({used} MB in use)")
            }
            Passed::DefaultMemory { max, used } => format!(
                "the process passed its default memory budget of {max} MB, a third of this \
                 machine's memory ({used} MB in use); set another with --max-memory"
            ),
        })
    }
}
