//! Benchmark (not a test): the proof-number search (DfpnSearch) against the couple search
//! (NormalSearch) on outcome questions, cold (empty base, empty table), CPU seconds and nodes.
//!
//! `cargo bench -p sprague-engine --bench sprouts_dfpn`
//! Environment: DFPN_MIN / DFPN_MAX (n-spot starts, default 5..12), DFPN_BUDGET_SECS (CPU seconds per
//! question, default 120), DFPN_SEQUENTIAL=1 (the starts one after the other on one base and table,
//! instead of each alone), DFPN_INITIAL=lives (default)|unit|moves, DFPN_EPSILON=1, DFPN_SKIP_NORMAL=1,
//! DFPN_POSITIONS="pos;pos" (other questions instead of the starts).

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, DfpnOptions, DfpnSearch, DfpnTable, Initial, NormalAnswer, NormalSearch, Search as _,
    Step,
};

#[path = "common/measure.rs"]
mod measure;
use measure::{cpu_seconds, env, peak_mib};

/// Runs slices until done or out of CPU time; the answer (None when abandoned) and CPU seconds.
fn run<A>(budget: f64, mut step: impl FnMut() -> Step<A>) -> (Option<A>, f64) {
    let start = cpu_seconds();
    loop {
        match step() {
            Step::Done(answer) => return (Some(answer), cpu_seconds() - start),
            Step::Running { .. } if cpu_seconds() - start > budget => {
                return (None, cpu_seconds() - start)
            }
            Step::Running { .. } => {}
        }
    }
}

fn outcome(lost: Option<bool>) -> &'static str {
    match lost {
        Some(true) => "P",
        Some(false) => "N",
        None => "-",
    }
}

/// SPOTS' DFPN solver on this machine, cold, single-threaded (issue 5), seconds, n = 5..14.
fn spots_seconds(n: usize) -> String {
    const SPOTS: [f64; 10] = [0.05, 0.31, 0.69, 1.58, 0.30, 1.18, 1.38, 22.5, 27.9, 132.0];
    n.checked_sub(5)
        .and_then(|i| SPOTS.get(i))
        .map_or_else(|| "".into(), |s| format!("{s}"))
}

fn main() {
    let budget = env("DFPN_BUDGET_SECS", 120) as f64;
    let sequential = env("DFPN_SEQUENTIAL", 0) == 1;
    let options = DfpnOptions {
        initial: match std::env::var("DFPN_INITIAL").as_deref() {
            Ok("moves") => Initial::Moves,
            Ok("unit") => Initial::Unit,
            _ => Initial::Lives,
        },
        epsilon: env("DFPN_EPSILON", 0) == 1,
        ..DfpnOptions::default()
    };
    let skip_normal = env("DFPN_SKIP_NORMAL", 0) == 1;
    let questions: Vec<(String, Position)> = match std::env::var("DFPN_POSITIONS") {
        Ok(list) => list
            .split(';')
            .map(|t| (t.to_string(), t.parse().expect("a position")))
            .collect(),
        Err(_) => (env("DFPN_MIN", 5) as usize..=env("DFPN_MAX", 12) as usize)
            .map(|n| (format!("0*{n}"), Position::start(n).unwrap()))
            .collect(),
    };
    println!(
        "{options:?}, {}",
        if sequential {
            "sequential"
        } else {
            "each alone"
        }
    );
    println!("question              dfpn  cpu s       nodes  nested  stored  table  peak MiB | normal  cpu s     nodes | SPOTS s");
    let (mut dfpn_state, mut normal_base) = (Some((Base::new(), DfpnTable::new())), Base::new());
    for (name, position) in questions {
        let (base, table) = if sequential {
            dfpn_state.take().unwrap()
        } else {
            (Base::new(), DfpnTable::new())
        };
        let mut search = DfpnSearch::couple(&position, 0, base, table, options);
        let (lost, cpu) = run(budget, || search.step(1_000));
        let line = format!(
            "{name:20}  {:>4}  {cpu:5.2}  {:>10}  {:>6}  {:>6}  {:>5}  {:>8}",
            outcome(lost),
            search.nodes(),
            search.nested_nodes(),
            search.stored(),
            search.table().len(),
            peak_mib()
        );
        dfpn_state = Some(search.into_parts());
        let normal = if skip_normal {
            String::new()
        } else {
            let base = if sequential {
                std::mem::take(&mut normal_base)
            } else {
                Base::new()
            };
            let mut search = NormalSearch::losing(&position, 0, base);
            let (answer, cpu) = run(budget, || search.step(1_000));
            let lost = answer.map(|a| a == NormalAnswer::Losing(true));
            let text = format!("  {:>4}  {cpu:5.2}  {:>8}", outcome(lost), search.nodes());
            normal_base = search.into_base();
            text
        };
        let spots = name
            .strip_prefix("0*")
            .and_then(|n| n.parse().ok())
            .map_or_else(String::new, spots_seconds);
        println!("{line} |{normal} | {spots}");
        if lost.is_none() && sequential {
            println!("abandoned after {budget} CPU s; the rest skipped");
            break;
        }
    }
}
