//! `sprouts base …`: converting, merging and building the proof bases the app ships.

use std::path::{Path, PathBuf};

use serde::Serialize;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{self, minimal_base, Base, Goal, Method, Solver};

use super::files::{load_base, read_base, save_base};
use super::form_proof;
use super::progress::{available_threads, with_progress};
use super::{print_json, report_summary};
use crate::commands::budget::{Budget, Limits};
use crate::commands::CommandResult;

#[derive(clap::Subcommand)]
pub enum BaseCommand {
    /// Read a GLOP text base (.spr) and write it in binary
    Import {
        input: PathBuf,
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Read a binary base and write it as GLOP text
    Export {
        input: PathBuf,
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Solve the n-spot starts and write only the entries that prove their values (a small base to
    /// ship), after checking it with the complete check
    Proof {
        /// Normal play: the starts 1..=N
        #[arg(long, default_value_t = 0)]
        normal: usize,
        /// Normal play: prove the exact nimber (not only the outcome) of the starts up to this size
        #[arg(long, default_value_t = 6)]
        nimbers_up_to: usize,
        /// Misère play: the starts 1..=M
        #[arg(long, default_value_t = 0)]
        misere: usize,
        /// Also prove the outcome of every move from each start, so a hint on a start marks its
        /// winning moves at once
        #[arg(long)]
        with_moves: bool,
        /// Start the searches from this base (GLOP text or binary)
        #[arg(long)]
        base: Option<PathBuf>,
        /// Threads to search on (default: every core available)
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        /// Bounds over all the searches (nothing is written when one is passed)
        #[command(flatten)]
        limits: Limits,
        /// Output file (binary, or GLOP text if the name ends in .spr)
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Prove the misère outcomes of the n-spot starts over form states (small lands replaced by
    /// their misère simplest forms), and write the proof after checking it in full: the app's
    /// misère hints past what a base of whole positions can ship
    FormProof {
        /// The starts FROM..=M
        #[arg(long)]
        misere: usize,
        #[arg(long, default_value_t = 1)]
        from: usize,
        /// Also prove the outcome of every move from each start
        #[arg(long)]
        with_moves: bool,
        /// Bounds over all the searches (nothing is written when one is passed)
        #[command(flatten)]
        limits: Limits,
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Check every outcome of a form proof from the rules, and print what it shows for positions
    FormCheck {
        file: PathBuf,
        /// Positions to look up (misère outcome)
        positions: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Merge bases (the first value is kept on conflicts, which are reported, and the exit status is non-zero)
    Merge {
        inputs: Vec<PathBuf>,
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

impl BaseCommand {
    pub(super) fn run(self) -> CommandResult {
        #[derive(Serialize)]
        struct Summary {
            nimbers: usize,
            misere_outcomes: usize,
            out: String,
        }
        let summary = |base: &Base, out: &Path| Summary {
            nimbers: base.normal_len(),
            misere_outcomes: base.misere_len(),
            out: out.display().to_string(),
        };
        match self {
            BaseCommand::Import { input, out, json } => {
                let base = read_base(&input)?;
                std::fs::write(&out, base.to_bytes())
                    .map_err(|e| format!("{}: {e}", out.display()))?;
                report_summary(&summary(&base, &out), json)
            }
            BaseCommand::Export { input, out, json } => {
                let base = read_base(&input)?;
                std::fs::write(&out, base.to_glop_text())
                    .map_err(|e| format!("{}: {e}", out.display()))?;
                report_summary(&summary(&base, &out), json)
            }
            BaseCommand::Proof {
                normal,
                nimbers_up_to,
                misere,
                with_moves,
                base,
                threads,
                limits,
                out,
                json,
            } => proof_base(
                StartGoals {
                    normal,
                    nimbers_up_to,
                    misere,
                    with_moves,
                    threads: threads.map_or_else(available_threads, usize::from),
                },
                Budget::new(limits),
                base.as_deref(),
                &out,
                json,
            ),
            BaseCommand::FormProof {
                misere,
                from,
                with_moves,
                limits,
                out,
                json,
            } => form_proof::build(from, misere, with_moves, Budget::new(limits), &out, json),
            BaseCommand::FormCheck {
                file,
                positions,
                json,
            } => form_proof::check(&file, &positions, json),
            BaseCommand::Merge { inputs, out, json } => {
                if inputs.is_empty() {
                    return Err("merge needs at least one input base".into());
                }
                let mut merged = Base::new();
                let mut conflicts = Vec::new();
                for input in &inputs {
                    let base = read_base(input)?;
                    for c in merged.merge(&base) {
                        conflicts.push((input.display().to_string(), c));
                    }
                }
                save_base(&merged, &out)?;
                if json {
                    #[derive(Serialize)]
                    struct ConflictJson {
                        file: String,
                        position: String,
                        kept: String,
                        other: String,
                    }
                    #[derive(Serialize)]
                    struct Report {
                        nimbers: usize,
                        misere_outcomes: usize,
                        out: String,
                        conflicts: Vec<ConflictJson>,
                    }
                    print_json(&Report {
                        nimbers: merged.normal_len(),
                        misere_outcomes: merged.misere_len(),
                        out: out.display().to_string(),
                        conflicts: conflicts
                            .iter()
                            .map(|(file, c)| ConflictJson {
                                file: file.clone(),
                                position: c.position.clone(),
                                kept: c.kept.clone(),
                                other: c.other.clone(),
                            })
                            .collect(),
                    })?;
                } else {
                    println!(
                        "{} nimbers, {} misère outcomes -> {}",
                        merged.normal_len(),
                        merged.misere_len(),
                        out.display()
                    );
                    for (file, c) in &conflicts {
                        println!(
                            "conflict in {file}: {} has {} here, {} kept",
                            c.position, c.other, c.kept
                        );
                    }
                }
                if conflicts.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "{} conflicting entries (kept the first base's values)",
                        conflicts.len()
                    )
                    .into())
                }
            }
        }
    }
}

/// Which results `sprague sprouts base proof` proves: see [`BaseCommand::Proof`].
pub(super) struct StartGoals {
    normal: usize,
    nimbers_up_to: usize,
    misere: usize,
    with_moves: bool,
    threads: usize,
}

/// Largest start `base proof` takes: far past any start a search here can finish (each spot
/// multiplies the work), so a larger one is a mistake, refused before any work.
const MAX_PROOF_SPOTS: usize = 64;

/// `sprague sprouts base proof`: see [`BaseCommand::Proof`].
pub(super) fn proof_base(
    wanted: StartGoals,
    mut budget: Budget,
    base: Option<&Path>,
    out: &Path,
    json: bool,
) -> CommandResult {
    let StartGoals {
        normal,
        nimbers_up_to,
        misere,
        with_moves,
        threads,
    } = wanted;
    for (option, spots) in [("--normal", normal), ("--misere", misere)] {
        if spots > MAX_PROOF_SPOTS {
            return Err(format!(
                "refusing {option} {spots}: at most {MAX_PROOF_SPOTS} spots (the searches grow \
                 exponentially with the spots)"
            )
            .into());
        }
    }
    let mut base = load_base(base, &budget)?;
    let mut goals = Vec::new();
    let normal_play = Solver::new(Method::Normal, threads);
    // Whole positions: every step of a misère proof must be in the base.
    let misere_play = Solver::new(Method::MisereWhole, threads);
    for n in 1..=normal {
        let start = Position::start(n)?;
        let label = format!("{n} spots");
        let heap = if n <= nimbers_up_to {
            with_progress(&label, &mut budget, |c| {
                normal_play.nimber(&start, &mut base, c)
            })?
        } else {
            with_progress(&label, &mut budget, |c| {
                normal_play.outcome(&start, &mut base, c)
            })?;
            0
        };
        if with_moves {
            for child in start.children() {
                // Every child's outcome, won or lost, is part of what the hint shows.
                with_progress(&label, &mut budget, |c| {
                    normal_play.outcome(&child, &mut base, c)
                })?;
                goals.push(Goal::Normal {
                    position: child,
                    heap: 0,
                });
            }
        }
        goals.push(Goal::Normal {
            position: start,
            heap,
        });
    }
    for n in 1..=misere {
        let start = Position::start(n)?;
        let label = format!("{n} spots, misère");
        with_progress(&label, &mut budget, |c| {
            misere_play.outcome(&start, &mut base, c)
        })?;
        if with_moves {
            for child in start.children() {
                with_progress(&label, &mut budget, |c| {
                    misere_play.outcome(&child, &mut base, c)
                })?;
                goals.push(Goal::Misere(child));
            }
        }
        goals.push(Goal::Misere(start));
    }
    let proof = minimal_base(&base, &goals)?;
    let report = sprouts::check_base(&proof);
    if !report.wrong.is_empty() || !report.unverifiable.is_empty() {
        return Err(format!(
            "the proof base does not check: {} wrong, {} unverifiable",
            report.wrong.len(),
            report.unverifiable.len()
        )
        .into());
    }
    save_base(&proof, out)?;
    let values: Vec<String> = goals
        .iter()
        .map(|goal| match goal {
            Goal::Normal { position, heap } => match proof.nimber(position) {
                Some(v) => format!("{position} nimber {v}"),
                None => format!("{position} N (not {heap})"),
            },
            Goal::Misere(position) => match proof.misere_losing(position) {
                Some(true) => format!("{position} misère P"),
                _ => format!("{position} misère N"),
            },
        })
        .collect();
    #[derive(Serialize)]
    struct Report {
        nimbers: usize,
        misere_outcomes: usize,
        search_nimbers: usize,
        search_misere_outcomes: usize,
        verified: usize,
        values: Vec<String>,
        out: String,
    }
    let report = Report {
        nimbers: proof.normal_len(),
        misere_outcomes: proof.misere_len(),
        search_nimbers: base.normal_len(),
        search_misere_outcomes: base.misere_len(),
        verified: report.verified,
        values,
        out: out.display().to_string(),
    };
    if json {
        return print_json(&report);
    }
    for value in &report.values {
        println!("{value}");
    }
    println!(
        "{} nimbers, {} misère outcomes (of {} and {} searched), all {} re-derived by the complete check -> {}",
        report.nimbers,
        report.misere_outcomes,
        report.search_nimbers,
        report.search_misere_outcomes,
        report.verified,
        report.out
    );
    Ok(())
}
