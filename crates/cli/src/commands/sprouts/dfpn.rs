//! `sprouts solve --dfpn` on one thread: the proof-number search with its own counts.

use std::path::Path;

use serde::Serialize;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{self, Base, DfpnOptions, DfpnSearch, DfpnTable};

use super::files::{load_base, save_base};
use super::progress::run_with_progress;
use super::{parse, print_json};
use crate::commands::CommandResult;

#[derive(Serialize)]
pub(super) struct DfpnReport {
    position: String,
    play: &'static str,
    method: &'static str,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<String>>,
    /// Couples expanded, over every question asked (the position, then its children).
    nodes: u64,
    /// Of `nodes`, those of the couple searches for nimbers of small lands.
    nested_nodes: u64,
    /// Lost couples (exact nimbers) the proof-number search wrote into the base.
    stored: u64,
    /// Entries of the base at the end (nimbers of lands and positions).
    base_entries: usize,
    /// Couples in the transposition table at the end, and how many are proven won.
    table_entries: usize,
    proven_wins: usize,
    /// Always 1: on more threads `solve --dfpn` reports as the other methods do.
    threads: usize,
}

/// Totals of a series of proof-number searches sharing one base and one table.
#[derive(Default)]
pub(super) struct DfpnTotals {
    nodes: u64,
    nested_nodes: u64,
    stored: u64,
}

pub(super) fn dfpn_losing(
    position: &Position,
    base: &mut Base,
    table: &mut DfpnTable,
    totals: &mut DfpnTotals,
) -> (bool, Option<u32>) {
    let mut search = DfpnSearch::couple(
        position,
        0,
        std::mem::take(base),
        std::mem::take(table),
        DfpnOptions::default(),
    );
    let lost = run_with_progress("proof-number search", |budget| search.step(budget));
    let nimber = search.nimber();
    totals.nodes += search.nodes();
    totals.nested_nodes += search.nested_nodes();
    totals.stored += search.stored();
    (*base, *table) = search.into_parts();
    (lost, nimber)
}

pub(super) fn solve_dfpn(
    text: &str,
    want_nimber: bool,
    want_moves: bool,
    base: Option<&Path>,
    save: Option<&Path>,
    json: bool,
) -> CommandResult {
    let position = parse(text)?;
    let mut base = load_base(base)?;
    let mut table = DfpnTable::new();
    let mut totals = DfpnTotals::default();
    let (lost, cheap_nimber) = dfpn_losing(&position, &mut base, &mut table, &mut totals);
    let nimber = if want_nimber {
        Some(cheap_nimber.unwrap_or_else(|| sprouts::nimber(&position, &mut base)))
    } else {
        cheap_nimber
    };
    let winning_moves = (want_moves && !lost).then(|| {
        position
            .children()
            .into_iter()
            .filter(|c| dfpn_losing(c, &mut base, &mut table, &mut totals).0)
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
    });
    if let Some(path) = save {
        save_base(&base, path)?;
    }
    let report = DfpnReport {
        position: position.to_string(),
        play: "normal",
        method: "dfpn",
        outcome: if lost { "P" } else { "N" },
        nimber,
        winning_moves,
        nodes: totals.nodes,
        nested_nodes: totals.nested_nodes,
        stored: totals.stored,
        base_entries: base.normal_len(),
        table_entries: table.len(),
        proven_wins: table.proven_wins(),
        threads: 1,
    };
    if json {
        return print_json(&report);
    }
    let who = if lost {
        "the player to move loses"
    } else {
        "the player to move wins"
    };
    println!(
        "{} (normal play, proof-number search): {} — {who}",
        report.position, report.outcome
    );
    if let Some(n) = report.nimber {
        println!("nimber: {n}");
    }
    println!(
        "nodes: {} ({} in couple searches for small lands)",
        report.nodes, report.nested_nodes
    );
    println!(
        "stored: {} nimbers written by the proof-number search; base {} entries; table {} couples ({} proven won)",
        report.stored, report.base_entries, report.table_entries, report.proven_wins
    );
    if let Some(moves) = &report.winning_moves {
        println!("winning moves ({}):", moves.len());
        for m in moves {
            println!("  {m}");
        }
    }
    Ok(())
}
