//! `sprouts base form-proof` and `sprouts base form-check`: misère proofs over form states (see the
//! engine's `misere_form_proof`), the app's misère hints past what whole-position proofs can ship.

use std::path::Path;

use serde::Serialize;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    check_form_proof, form_proof_outcome, prove_on_forms, write_form_proof, FormProofError,
    FormProofReport, LandForms, DEFAULT_FORM_LIVES,
};

use super::progress::with_progress;
use super::report_summary;
use crate::commands::budget::Budget;
use crate::commands::CommandResult;

/// Largest misère start a form proof takes (14 spots took 19 minutes for the outcome alone).
const MAX_FORM_PROOF_SPOTS: usize = 16;

#[derive(Serialize)]
struct Summary {
    states: usize,
    forms: usize,
    bytes: usize,
    values: Vec<String>,
    out: String,
}

/// Prints what a checked proof holds and the values asked of it.
fn report(
    report: FormProofReport,
    bytes: usize,
    values: Vec<String>,
    file: &Path,
    json: bool,
) -> CommandResult {
    let summary = Summary {
        states: report.states,
        forms: report.forms,
        bytes,
        values,
        out: file.display().to_string(),
    };
    report_summary(&summary, json)
}

/// Proves the misère outcome of the starts `from..=to` (and of every move from them, `with_moves`)
/// and writes the proof.
pub(super) fn build(
    from: usize,
    to: usize,
    with_moves: bool,
    mut budget: Budget,
    out: &Path,
    json: bool,
) -> CommandResult {
    if to > MAX_FORM_PROOF_SPOTS || from == 0 || from > to {
        return Err(format!(
            "the starts go from --from to --misere, 1 to {MAX_FORM_PROOF_SPOTS} spots, not {from} to {to}"
        )
        .into());
    }
    let mut lands = LandForms::new(DEFAULT_FORM_LIVES);
    let mut values = Vec::new();
    for n in from..=to {
        let start = Position::start(n)?;
        let mut goals = vec![start.clone()];
        if with_moves {
            goals.extend(start.children());
        }
        for goal in goals {
            let label = format!("{n} spots, misère: {goal}");
            let proven = with_progress(&label, &mut budget, |control| {
                match prove_on_forms(&goal, &mut lands, control) {
                    Err(FormProofError::Cancelled) => {
                        Err(sprague_engine::solve::sprouts::Cancelled)
                    }
                    other => Ok(other),
                }
            })?;
            let lost = proven?;
            values.push(format!("{goal} misère {}", if lost { "P" } else { "N" }));
        }
    }
    let bytes = write_form_proof(&lands);
    // What is written is what a reader checks: the proof read back passes the complete check.
    let (_, checked) = check_form_proof(&bytes)?;
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    report(checked, bytes.len(), values, out, json)
}

/// Checks every outcome of a form proof, and prints the outcome it shows for each of `positions`.
pub(super) fn check(file: &Path, positions: &[String], json: bool) -> CommandResult {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let (mut lands, checked) = check_form_proof(&bytes)?;
    let mut values = Vec::new();
    for text in positions {
        let position: Position = text.parse()?;
        let value = match form_proof_outcome(&position, &mut lands) {
            Some(true) => "P",
            Some(false) => "N",
            None => "not in the proof",
        };
        values.push(format!("{position} misère {value}"));
    }
    report(checked, bytes.len(), values, file, json)
}
