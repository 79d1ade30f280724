//! `sprague sprouts …`: canonical forms, children, solving (normal and misère) and bases.

mod base_command;
mod dfpn;
mod files;
mod form_proof;
mod inspect;
mod progress;
mod proof;
mod solve;

use std::path::PathBuf;

use serde::Serialize;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    CheckOptions, Method, Solver, DEFAULT_FORM_LIVES, DEFAULT_NODES_PER_ENTRY,
};

use super::budget::Limits;
use super::CommandResult;
use dfpn::solve_dfpn;
use files::check;
use inspect::{canon, children};
use progress::available_threads;

pub use base_command::BaseCommand;

#[derive(clap::Subcommand)]
pub enum SproutsCommand {
    /// Print the reduced canonical form of a position (either notation in, both out)
    Canon {
        /// Position, e.g. `0*5`, `0.AB|0.AB` or `0.0.0.}]!`
        position: String,
        #[arg(long)]
        json: bool,
    },
    /// List the distinct children of a position (with nimbers known to a base)
    Children {
        position: String,
        /// Base file (GLOP text or binary) to annotate children with known nimbers
        #[arg(long)]
        base: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Solve a position: outcome, winning moves, and (with --nimber) its nimber
    Solve {
        position: String,
        /// Misère play (the player who cannot move wins)
        #[arg(long)]
        misere: bool,
        /// Also compute the exact nimber (normal play; can cost much more than the outcome)
        #[arg(long)]
        nimber: bool,
        /// Misère: replace lands with at most this many lives by their misère simplest forms
        #[arg(long, default_value_t = DEFAULT_FORM_LIVES)]
        form_lives: u32,
        /// Misère: search whole positions instead (slower; the base then holds a complete proof)
        #[arg(long)]
        whole_positions: bool,
        /// Skip listing winning moves
        #[arg(long)]
        no_moves: bool,
        /// Normal play: decide outcomes by proof-number search (df-pn) instead of the couple search
        #[arg(long, conflicts_with_all = ["misere", "whole_positions"])]
        dfpn: bool,
        /// Threads to search on (default: every core available); the answers are the same for
        /// every count
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        #[command(flatten)]
        limits: Limits,
        /// Start from this base (GLOP text or binary)
        #[arg(long)]
        base: Option<PathBuf>,
        /// Write the base learned (binary, or GLOP text if the name ends in .spr)
        #[arg(long)]
        save: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Complete check: re-derive every entry of a base from the rules and the entries already
    /// verified, computing those it cannot re-derive; exits non-zero if any entry is wrong or could
    /// not be verified
    Check {
        base: PathBuf,
        /// Nodes the solver may spend on each entry the base cannot re-derive
        #[arg(long, default_value_t = DEFAULT_NODES_PER_ENTRY)]
        budget: u64,
        /// Threads for the first pass, which proves a right base right (default: every core
        /// available); the report is the same for every count
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        #[command(flatten)]
        limits: Limits,
        #[arg(long)]
        json: bool,
    },
    /// Proof graph of a position's outcome (normal play), from a base; Graphviz with --dot
    Proof {
        position: String,
        /// Start from this base (otherwise the position is solved first)
        #[arg(long)]
        base: Option<PathBuf>,
        /// Print Graphviz `.dot` text (otherwise a summary)
        #[arg(long)]
        dot: bool,
        /// 1: dots, 2: numbers, 3: full couples
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=3))]
        detail: u8,
        /// Draw every couple in white
        #[arg(long)]
        no_colours: bool,
        /// Only draw couples with at least this many lives
        #[arg(long, default_value_t = 0)]
        min_lives: u32,
        /// Bounds on solving the position first
        #[command(flatten)]
        limits: Limits,
        #[arg(long)]
        json: bool,
    },
    /// Bases: convert and merge
    #[command(subcommand)]
    Base(BaseCommand),
}

impl SproutsCommand {
    pub fn run(self) -> CommandResult {
        match self {
            SproutsCommand::Canon { position, json } => canon(&position, json),
            SproutsCommand::Children {
                position,
                base,
                json,
            } => children(&position, base.as_deref(), json),
            SproutsCommand::Solve {
                position,
                misere,
                nimber,
                form_lives,
                whole_positions,
                no_moves,
                dfpn,
                threads,
                limits,
                base,
                save,
                json,
            } => {
                let threads = threads.map_or_else(available_threads, usize::from);
                let method = match (misere, whole_positions, dfpn) {
                    (true, true, _) => Method::MisereWhole,
                    (true, false, _) => Method::MisereForms(form_lives),
                    (false, _, true) => Method::Dfpn,
                    (false, _, false) => Method::Normal,
                };
                let files = (base.as_deref(), save.as_deref());
                if dfpn && threads == 1 {
                    // One thread: the proof-number search's own counts are reported too.
                    return solve_dfpn(&position, (nimber, !no_moves), files, limits, json);
                }
                solve::solve(
                    &position,
                    Solver::new(method, threads),
                    (nimber, !no_moves),
                    files,
                    limits,
                    json,
                )
            }
            SproutsCommand::Check {
                base,
                budget,
                threads,
                limits,
                json,
            } => {
                let options = CheckOptions {
                    nodes_per_entry: budget,
                    threads: threads.map_or_else(available_threads, usize::from),
                };
                check(&base, options, limits, json)
            }
            SproutsCommand::Proof {
                position,
                base,
                dot,
                detail,
                no_colours,
                min_lives,
                limits,
                json,
            } => proof::proof(
                &position,
                base.as_deref(),
                (dot, detail, !no_colours, min_lives),
                limits,
                json,
            ),
            SproutsCommand::Base(command) => command.run(),
        }
    }
}

pub(super) fn parse(text: &str) -> Result<Position, Box<dyn std::error::Error>> {
    text.parse::<Position>()
        .map_err(|e| format!("position {text:?}: {e}").into())
}

pub(super) fn print_json<T: Serialize>(value: &T) -> CommandResult {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

pub(super) fn report_summary<T: Serialize>(summary: &T, json: bool) -> CommandResult {
    if json {
        return print_json(summary);
    }
    println!("{}", serde_json::to_string(summary)?);
    Ok(())
}
