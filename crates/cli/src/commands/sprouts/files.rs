//! Base files for the Sprouts commands: read as claimed, checked (the engine's policy) or loaded verified
//! for a solver, written; and `sprouts check`.

use std::path::Path;

use serde::Serialize;
use sprague_engine::solve::sprouts::{
    self, Base, CheckOptions, CheckReport, DEFAULT_NODES_PER_ENTRY,
};

use super::print_json;
use super::progress::{available_threads, with_progress};
use crate::commands::budget::{Budget, Limits};
use crate::commands::CommandResult;

/// The entries of a base file as claimed (either format, recognised from the content), for commands
/// that only convert or check them.
pub(super) fn read_base(path: &Path) -> Result<Base, Box<dyn std::error::Error>> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Base::read_from(std::io::BufReader::new(file))
        .map_err(|e| format!("{}: {e}", path.display()).into())
}

/// Checks a base with a spinner (the engine's policy, [`sprouts::verify_base_under`]), within
/// `limits`; the report and the base of what was verified.
pub(super) fn check_with_progress(
    claimed: &Base,
    options: CheckOptions,
    budget: &mut Budget,
) -> Result<(CheckReport, Base), Box<dyn std::error::Error>> {
    with_progress("checking the base", budget, |control| {
        sprouts::verify_base_under(claimed, options, control)
    })
}

/// A base for a solver: read, then verified (the engine's policy, [`sprouts::verify_base`]); a
/// base with a wrong entry is refused, entries that could not be verified are left out (with a
/// warning), so no answer rests on an unchecked claim. The check runs within the command's `budget`
/// (its clock, time and memory bounds; its nodes are counted apart from the command's).
pub(super) fn load_base(
    path: Option<&Path>,
    budget: &Budget,
) -> Result<Base, Box<dyn std::error::Error>> {
    let Some(path) = path else {
        return Ok(Base::new());
    };
    let claimed = read_base(path)?;
    let options = CheckOptions {
        nodes_per_entry: DEFAULT_NODES_PER_ENTRY,
        threads: available_threads(),
    };
    let (report, verified) = check_with_progress(&claimed, options, &mut budget.after(0))?;
    if let Some(why) = report.refusal() {
        let path = path.display();
        return Err(format!("{path}: {why}; `sprague sprouts check` lists them all").into());
    }
    if let Some(what) = report.left_out() {
        eprintln!("warning: {}: {what}", path.display());
    }
    Ok(verified)
}

pub(super) fn save_base(base: &Base, path: &Path) -> CommandResult {
    let is_text = path.extension().is_some_and(|e| e == "spr" || e == "txt");
    let bytes = if is_text {
        base.to_glop_text().into_bytes()
    } else {
        base.to_bytes()
    };
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}

pub(super) fn check(
    path: &Path,
    options: CheckOptions,
    limits: Limits,
    json: bool,
) -> CommandResult {
    let base = read_base(path)?;
    let (report, _) = check_with_progress(&base, options, &mut Budget::new(limits))?;
    if json {
        #[derive(Serialize)]
        struct Report {
            verified: usize,
            computed: usize,
            wrong: Vec<String>,
            /// Entries that could not be verified within the budget.
            unverifiable: Vec<String>,
        }
        print_json(&Report {
            verified: report.verified,
            computed: report.computed,
            wrong: report.wrong.clone(),
            unverifiable: report.unverifiable.clone(),
        })?;
    } else {
        println!(
            "{} entries verified ({} of them computed by the solver), {} wrong, {} could not be verified",
            report.verified,
            report.computed,
            report.wrong.len(),
            report.unverifiable.len()
        );
        for w in &report.wrong {
            println!("wrong: {w}");
        }
        for u in &report.unverifiable {
            println!("not verified: {u}");
        }
    }
    let entries = |n: usize| format!("{n} entr{}", if n == 1 { "y" } else { "ies" });
    match (report.wrong.len(), report.unverifiable.len()) {
        (0, 0) => Ok(()),
        (wrong, 0) => Err(format!("{} wrong", entries(wrong)).into()),
        (wrong, unverified) => Err(format!(
            "{} wrong, {} could not be verified within {} nodes each (--budget)",
            entries(wrong),
            entries(unverified),
            options.nodes_per_entry
        )
        .into()),
    }
}
