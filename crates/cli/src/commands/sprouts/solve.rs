//! `sprouts solve`: the engine's answer to a position (outcome, winning moves, nimber) on any number of
//! threads, within bounds.

use std::path::Path;

use serde::Serialize;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Method, Questions, Solver};

use super::files::{load_base, save_base};
use super::progress::with_progress;
use super::{parse, print_json};
use crate::commands::budget::{Budget, Limits};
use crate::commands::CommandResult;

#[derive(Serialize)]
pub(super) struct SolveReport {
    position: String,
    play: &'static str,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u32>,
    /// A winning move, the first the proof of the outcome found (when the position is won).
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_move: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<String>>,
    /// `couple` (raced against df-pn on large positions), `dfpn`, `forms` or `whole positions`.
    method: &'static str,
    threads: usize,
    /// Nodes searched over every thread and question.
    nodes: u64,
}

pub(super) fn solve(
    text: &str,
    solver: Solver,
    (want_nimber, want_moves): (bool, bool),
    (base, save): (Option<&Path>, Option<&Path>),
    limits: Limits,
    json: bool,
) -> CommandResult {
    let position = parse(text)?;
    let mut budget = Budget::new(limits);
    let mut base = load_base(base, &budget)?;
    let misere = solver.method().is_misere();
    let questions = Questions {
        nimber: want_nimber && !misere,
        winning_moves: want_moves,
    };
    let play = if misere {
        "misère play"
    } else {
        "normal play"
    };
    let answers = with_progress(play, &mut budget, |control| {
        solver.answer(&position, questions, &mut base, control)
    });
    if let Some(path) = save {
        // Also when a bound stopped the search: the base holds only what was proven.
        save_base(&base, path)?;
    }
    let answers = answers?;
    // Lost in normal play: nimber 0, known without asking.
    let nimber = answers.nimber.or((answers.losing && !misere).then_some(0));
    let show = |moves: &Vec<Position>| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let winning_moves = answers
        .winning_moves
        .as_ref()
        .filter(|_| !answers.losing)
        .map(show);
    let report = SolveReport {
        position: position.to_string(),
        play: if misere { "misère" } else { "normal" },
        outcome: if answers.losing { "P" } else { "N" },
        nimber,
        winning_move: answers.winning_move.map(|m| m.to_string()),
        winning_moves,
        method: match solver.method() {
            Method::Normal => "couple",
            Method::Dfpn => "dfpn",
            Method::MisereForms(_) => "forms",
            Method::MisereWhole => "whole positions",
        },
        threads: solver.threads(),
        nodes: budget.nodes(),
    };
    if json {
        return print_json(&report);
    }
    let who = if answers.losing {
        "the player to move loses"
    } else {
        "the player to move wins"
    };
    println!(
        "{} ({} play): {} — {who}",
        report.position, report.play, report.outcome
    );
    if let Some(n) = report.nimber {
        println!("nimber: {n}");
    }
    if let Some(first) = &report.winning_move {
        println!("a winning move (the first the proof found): {first}");
    }
    if let Some(moves) = &report.winning_moves {
        println!("winning moves ({}):", moves.len());
        for m in moves {
            println!("  {m}");
        }
    }
    Ok(())
}
