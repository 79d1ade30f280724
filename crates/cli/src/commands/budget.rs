//! Bounds on a long command: nodes, seconds and memory (by default a third of the machine's). A watcher
//! checks them while the work runs and cancels it with a message naming the bound; what a search
//! proved so far is kept.

use std::time::{Duration, Instant};

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
        self.nodes
    }

    /// The same bounds, with `nodes` already spent (the clock keeps running from the start).
    pub fn after(&self, nodes: u64) -> Budget {
        Budget {
            limits: self.limits.clone(),
            started: self.started,
            nodes,
        }
    }

    /// Adds a finished question's nodes.
    pub fn spend(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// The bound passed by a question running under `control`, if any, in words.
    pub fn passed(&self, control: &Control) -> Option<String> {
        self.passed_after(control.nodes())
    }

    /// The bound passed by a question that has searched `question_nodes` so far, if any.
    pub fn passed_after(&self, question_nodes: u64) -> Option<String> {
        let nodes = self.nodes + question_nodes;
        if let Some(max) = self.limits.max_nodes.filter(|&max| nodes > max) {
            return Some(format!(
                "the search passed --max-nodes {max} ({nodes} nodes)"
            ));
        }
        let elapsed = self.started.elapsed();
        if let Some(max) = self
            .limits
            .bounds
            .max_seconds
            .filter(|&max| elapsed > Duration::from_secs(max))
        {
            return Some(format!(
                "the search passed --max-seconds {max} ({:.1} s)",
                elapsed.as_secs_f64()
            ));
        }
        let used = resident_megabytes()?;
        match self.limits.bounds.max_memory {
            Some(max) if used > max => Some(format!(
                "the process passed --max-memory {max} ({used} MB in use)"
            )),
            Some(_) => None,
            None => default_memory_megabytes()
                .filter(|&max| used > max)
                .map(|max| {
                    format!(
                        "the process passed its default memory budget of {max} MB, a third of this \
                         machine's memory ({used} MB in use); set another with --max-memory"
                    )
                }),
        }
    }
}

/// The memory a command may use when no `--max-memory` is given: a third of what the machine (or
/// the control group the process runs in) has, so a search that grows stops with a message before
/// the system kills it or everything else slows down. A third, not a half: the watcher looks every
/// so often, and a table that doubles in between can pass the budget by more than half before the
/// run stops (measured: 1.64 GB peak under --max-memory 1000 for `misere 0.07 100 100 100`).
pub fn default_memory_megabytes() -> Option<u64> {
    static DEFAULT: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *DEFAULT.get_or_init(|| {
        let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
        let total_kb: u64 = meminfo
            .lines()
            .find_map(|line| line.strip_prefix("MemTotal:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        let machine = total_kb / 1024;
        // cgroup v2 limit: "max" or a number of bytes.
        let group = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
            .ok()
            .and_then(|text| text.trim().parse::<u64>().ok())
            .map(|bytes| bytes >> 20);
        Some(group.map_or(machine, |group| group.min(machine)) / 3)
    })
}

/// Memory the process holds (resident set), where the system tells it.
fn resident_megabytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}
