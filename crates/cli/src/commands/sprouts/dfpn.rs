//! `sprouts solve --dfpn` on one thread: the proof-number search with its own counts.

use std::path::Path;

use serde::Serialize;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, DfpnOptions, DfpnSearch, DfpnTable, NormalAnswer, NormalSearch, Search as _,
};

use super::files::{load_base, save_base};
use super::progress::run_within;
use super::{parse, print_json};
use crate::commands::budget::{Budget, Limits};
use crate::commands::CommandResult;

#[derive(Serialize)]
struct DfpnReport {
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
struct DfpnTotals {
    nodes: u64,
    nested_nodes: u64,
    stored: u64,
}

/// Is `position` lost (and its nimber, when the search learned it on the way)? `Err` names the bound
/// of `budget` that stopped the search; what it proved is in `base` either way.
fn dfpn_losing(
    position: &Position,
    base: &mut Base,
    table: &mut DfpnTable,
    totals: &mut DfpnTotals,
    budget: &Budget,
) -> Result<(bool, Option<u32>), String> {
    let mut search = DfpnSearch::couple(
        position,
        0,
        std::mem::take(base),
        std::mem::take(table),
        DfpnOptions::default(),
    );
    let lost = run_within(
        "proof-number search",
        &budget.after(totals.nodes),
        |slice| search.step(slice),
    );
    let nimber = search.nimber();
    totals.nodes += search.nodes();
    totals.nested_nodes += search.nested_nodes();
    totals.stored += search.stored();
    (*base, *table) = search.into_parts();
    Ok((lost?, nimber))
}

/// The nimber of `position` by the couple search, within `budget`.
fn bounded_nimber(position: &Position, base: &mut Base, budget: &Budget) -> Result<u32, String> {
    let mut search = NormalSearch::nimber(position, std::mem::take(base));
    let answer = run_within("nimber", budget, |slice| search.step(slice));
    *base = search.into_base();
    match answer? {
        NormalAnswer::Nimber(n) => Ok(n),
        NormalAnswer::Losing(_) => unreachable!("a nimber search answers a nimber"),
    }
}

/// What `solve --dfpn` answers: lost or not, the nimber, every winning move (the last two when
/// asked or learned).
type DfpnAnswer = (bool, Option<u32>, Option<Vec<String>>);

/// The outcome, then the nimber and every winning move when asked, each within `budget`.
fn answer(
    position: &Position,
    (want_nimber, want_moves): (bool, bool),
    base: &mut Base,
    table: &mut DfpnTable,
    totals: &mut DfpnTotals,
    budget: &Budget,
) -> Result<DfpnAnswer, String> {
    let (lost, cheap_nimber) = dfpn_losing(position, base, table, totals, budget)?;
    let nimber = match (want_nimber, cheap_nimber) {
        (true, None) => Some(bounded_nimber(position, base, &budget.after(totals.nodes))?),
        (_, known) => known,
    };
    let mut winning_moves = None;
    if want_moves && !lost {
        let mut moves = Vec::new();
        for child in position.children() {
            if dfpn_losing(&child, base, table, totals, budget)?.0 {
                moves.push(child.to_string());
            }
        }
        winning_moves = Some(moves);
    }
    Ok((lost, nimber, winning_moves))
}

pub(super) fn solve_dfpn(
    text: &str,
    (want_nimber, want_moves): (bool, bool),
    (base, save): (Option<&Path>, Option<&Path>),
    limits: Limits,
    json: bool,
) -> CommandResult {
    let position = parse(text)?;
    let budget = Budget::new(limits);
    let mut base = load_base(base, &budget)?;
    let mut table = DfpnTable::new();
    let mut totals = DfpnTotals::default();
    let answers = answer(
        &position,
        (want_nimber, want_moves),
        &mut base,
        &mut table,
        &mut totals,
        &budget,
    );
    if let Some(path) = save {
        // Also when a bound stopped the search: the base holds only what was proven.
        save_base(&base, path)?;
    }
    let (lost, nimber, winning_moves) = answers.map_err(|bound| format!("stopped: {bound}"))?;
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
