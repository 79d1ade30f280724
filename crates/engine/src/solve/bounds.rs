//! Bounds on a long run: nodes, seconds and memory, by default a third of the machine's memory. One
//! policy for the CLI and the Python package: a watcher asks [`Budget::passed_after`] now and then
//! while the work runs, and stops the work when a bound is passed; each front end words the
//! [`Passed`] bound in its own terms (`--max-seconds` or `max_seconds=`).
//!
//! The memory figures read `/proc` (Linux); where it cannot be read (another system, wasm) no memory
//! bound applies.

use std::time::{Duration, Instant};

/// The bounds set on a run; `None` is no bound, except memory, which then has the default budget
/// ([`default_memory_megabytes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub max_seconds: Option<f64>,
    /// Megabytes of resident memory the whole process may hold.
    pub max_memory: Option<u64>,
}

/// A bound passed, with the figure that passed it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Passed {
    Nodes {
        max: u64,
        nodes: u64,
    },
    Seconds {
        max: f64,
        elapsed: f64,
    },
    /// A memory bound that was set.
    Memory {
        max: u64,
        used: u64,
    },
    /// The default memory budget (none was set).
    DefaultMemory {
        max: u64,
        used: u64,
    },
}

/// A run's spending against its [`Limits`], from its start.
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    started: Instant,
    /// Nodes of the questions finished so far.
    nodes: u64,
}

impl Budget {
    /// The budget of a run starting now.
    pub fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            started: Instant::now(),
            nodes: 0,
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Nodes of the questions finished so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Adds a finished question's nodes.
    pub fn spend(&mut self, nodes: u64) {
        self.nodes += nodes;
    }

    /// The same bounds with `nodes` already spent (the clock keeps running from the start).
    pub fn after(&self, nodes: u64) -> Budget {
        Budget {
            nodes,
            ..self.clone()
        }
    }

    /// The bound passed by a question that has searched `question_nodes` so far, if any: nodes
    /// first, then time, then memory.
    pub fn passed_after(&self, question_nodes: u64) -> Option<Passed> {
        let nodes = self.nodes + question_nodes;
        if let Some(max) = self.limits.max_nodes.filter(|&max| nodes > max) {
            return Some(Passed::Nodes { max, nodes });
        }
        let elapsed = self.started.elapsed();
        if let Some(max) = self
            .limits
            .max_seconds
            .filter(|&max| elapsed > Duration::from_secs_f64(max.max(0.0)))
        {
            return Some(Passed::Seconds {
                max,
                elapsed: elapsed.as_secs_f64(),
            });
        }
        let used = resident_megabytes()?;
        match self.limits.max_memory {
            Some(max) => (used > max).then_some(Passed::Memory { max, used }),
            None => default_memory_megabytes()
                .filter(|&max| used > max)
                .map(|max| Passed::DefaultMemory { max, used }),
        }
    }
}

/// The memory a run may use when no memory bound is given: a third of what the machine (or the
/// control group the process runs in) has, so a search that grows stops with a message before the
/// system kills it or everything else slows down. A third, not a half: the watcher looks every so
/// often, and a table that doubles in between can pass the budget by more than half before the run
/// stops (measured: 1.64 GB peak under a bound of 1000 MB for `misere 0.07 100 100 100`).
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
pub fn resident_megabytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_counted_over_questions_and_checked_first() {
        let mut budget = Budget::new(Limits {
            max_nodes: Some(100),
            max_seconds: Some(0.0),
            max_memory: None,
        });
        budget.spend(60);
        assert_eq!(
            budget.passed_after(41),
            Some(Passed::Nodes {
                max: 100,
                nodes: 101
            })
        );
        assert_eq!(budget.after(0).nodes(), 0);
        // Within the nodes, the zero-second bound is passed at once.
        assert!(matches!(
            budget.passed_after(40),
            Some(Passed::Seconds { .. })
        ));
    }

    #[test]
    fn no_bound_set_and_little_memory_is_no_bound_passed() {
        let budget = Budget::new(Limits::default());
        // Tests use far less than a third of any machine they run on.
        assert_eq!(budget.passed_after(u64::MAX / 2), None);
        if let Some(used) = resident_megabytes().filter(|&used| used > 0) {
            let tight = Budget::new(Limits {
                max_memory: Some(used.saturating_sub(1)),
                ..Limits::default()
            });
            assert!(matches!(tight.passed_after(0), Some(Passed::Memory { .. })));
        }
    }
}
