//! The bounds every long job in the worker runs within (checked by `slices::run_in_slices` between
//! slices): the memory a job may add to the worker's, a ceiling on the worker's memory well below
//! wasm's 4 GiB (where an allocation would fail and end the worker, with every request it holds), and
//! time. A job that passes one is stopped (it keeps what it proved) with a message saying which.

/// Memory one job may add to the worker's (a wasm memory only grows: what a job adds, it took).
pub const JOB_MEMORY_BYTES: u64 = 1536 << 20;
/// The worker's memory in all, past which any job stops.
pub const WORKER_MEMORY_BYTES: u64 = 3 << 30;
/// How long one job may run.
pub const JOB_MINUTES: f64 = 60.0;

/// A job's bounds, from where the worker stood when it started.
pub struct RunBudget {
    started_ms: f64,
    start_bytes: u64,
}

impl RunBudget {
    pub fn start(now_ms: f64, memory_bytes: u64) -> RunBudget {
        RunBudget {
            started_ms: now_ms,
            start_bytes: memory_bytes,
        }
    }

    /// Why the job must stop now, if it must.
    pub fn passed(&self, now_ms: f64, memory_bytes: u64) -> Option<String> {
        const MIB: u64 = 1 << 20;
        let added = memory_bytes.saturating_sub(self.start_bytes);
        if added > JOB_MEMORY_BYTES || memory_bytes > WORKER_MEMORY_BYTES {
            return Some(format!(
                "stopped: the computation needed more memory than this page allows ({} MiB in use, at \
                 most {} MiB for one question); what it proved is kept — try a smaller question",
                memory_bytes / MIB,
                JOB_MEMORY_BYTES / MIB
            ));
        }
        let minutes = (now_ms - self.started_ms) / 60_000.0;
        (minutes > JOB_MINUTES).then(|| {
            format!(
                "stopped after {JOB_MINUTES:.0} minutes, the longest one question may take; what it \
                 proved is kept"
            )
        })
    }
}

/// The worker's memory now, in bytes.
pub fn memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as u64 * 65_536
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    const GIB: u64 = 1 << 30;

    #[wasm_bindgen_test]
    fn a_job_stops_when_it_adds_too_much_memory_or_runs_too_long() {
        let budget = RunBudget::start(0.0, GIB / 2);
        assert_eq!(budget.passed(1_000.0, GIB), None);
        assert_eq!(budget.passed(1_000.0, GIB / 2 + JOB_MEMORY_BYTES), None);
        let memory = budget
            .passed(1_000.0, GIB / 2 + JOB_MEMORY_BYTES + 1)
            .unwrap();
        assert!(
            memory.contains("more memory than this page allows"),
            "{memory}"
        );
        let late = budget.passed(JOB_MINUTES * 60_000.0 + 1.0, GIB).unwrap();
        assert!(late.contains("stopped after 60 minutes"), "{late}");
        assert_eq!(budget.passed(JOB_MINUTES * 60_000.0, GIB), None);
    }

    #[wasm_bindgen_test]
    fn a_job_started_high_stops_at_the_ceiling() {
        // A worker whose memory grew in earlier questions: the ceiling holds whatever a job added.
        let budget = RunBudget::start(0.0, WORKER_MEMORY_BYTES - GIB / 4);
        assert_eq!(budget.passed(0.0, WORKER_MEMORY_BYTES), None);
        assert!(budget.passed(0.0, WORKER_MEMORY_BYTES + 1).is_some());
    }

    #[wasm_bindgen_test]
    fn the_worker_knows_its_memory() {
        assert!(memory_bytes() >= 65_536);
    }
}
