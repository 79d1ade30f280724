//! What the native benches measure besides wall time, shared by them (`#[path]`-included: a file here is
//! not a bench of its own). Linux only: on a shared, loaded machine wall time overstates the work, so
//! the benches print CPU time too.
#![allow(dead_code)] // each bench uses its own part

/// The environment variable `name` parsed, or `default`.
pub fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// CPU time of this process so far, in seconds (`/proc/self/schedstat`).
pub fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns / 1e9)
}

/// Resets the kernel's peak-RSS counter, so each measured run reports its own peak.
pub fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Peak resident memory so far, in MiB (`VmHWM`), or "?".
pub fn peak_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or_else(|| "?".into(), |kib| format!("{:.0}", kib / 1024.0))
}
