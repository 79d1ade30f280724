//! Bounds on a long command: nodes, seconds and memory. A watcher checks them while the search
//! runs and cancels it with a message naming the bound; what the search proved so far is kept.

use std::time::{Duration, Instant};

use sprague_engine::solve::sprouts::Control;

/// The bounds a user set (none by default) and what a command has spent so far.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Limits {
    /// Stop after this many nodes (over every thread and question)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_seconds: Option<u64>,
    /// Stop when the process uses more than this many megabytes of memory (resident; Linux)
    #[arg(long, value_parser = clap::value_parser!(u64).range(16..))]
    pub max_memory: Option<u64>,
}

/// A command's spending against its [`Limits`].
pub struct Budget {
    limits: Limits,
    started: Instant,
    /// Nodes of the questions finished so far.
    nodes: u64,
}

impl Budget {
    pub fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            started: Instant::now(),
            nodes: 0,
        }
    }

    /// No bounds.
    pub fn unlimited() -> Budget {
        Budget::new(Limits {
            max_nodes: None,
            max_seconds: None,
            max_memory: None,
        })
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Adds a finished question's nodes.
    pub fn spend(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// The bound passed by a question running under `control`, if any, in words.
    pub fn passed(&self, control: &Control) -> Option<String> {
        let nodes = self.nodes + control.nodes();
        if let Some(max) = self.limits.max_nodes.filter(|&max| nodes > max) {
            return Some(format!(
                "the search passed --max-nodes {max} ({nodes} nodes)"
            ));
        }
        let elapsed = self.started.elapsed();
        if let Some(max) = self
            .limits
            .max_seconds
            .filter(|&max| elapsed > Duration::from_secs(max))
        {
            return Some(format!(
                "the search passed --max-seconds {max} ({:.1} s)",
                elapsed.as_secs_f64()
            ));
        }
        if let (Some(max), Some(used)) = (self.limits.max_memory, resident_megabytes()) {
            if used > max {
                return Some(format!(
                    "the search passed --max-memory {max} ({used} MB in use)"
                ));
            }
        }
        None
    }
}

/// Memory the process holds (resident set), where the system tells it.
fn resident_megabytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}
