//! `sprague sprouts …`: canonical forms, children, solving (normal and misère) and bases.

use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use sprague_engine::games::sprouts::{Notation, Position};
use sprague_engine::solve::sprouts::{
    self, minimal_base, Base, Cancelled, CheckOptions, CheckReport, Control, Detail, DfpnOptions,
    DfpnSearch, DfpnTable, Goal, Method, Questions, Solver, Step, DEFAULT_FORM_LIVES,
    DEFAULT_NODES_PER_ENTRY,
};

use super::budget::{Budget, Limits};
use super::CommandResult;

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
        #[arg(long)]
        json: bool,
    },
    /// Bases: convert and merge
    #[command(subcommand)]
    Base(BaseCommand),
}

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
    /// Merge bases (the first value is kept on conflicts, which are reported, and the exit status is non-zero)
    Merge {
        inputs: Vec<PathBuf>,
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long)]
        json: bool,
    },
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
                    return solve_dfpn(&position, nimber, !no_moves, files.0, files.1, json);
                }
                solve(
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
                json,
            } => proof(
                &position,
                base.as_deref(),
                dot,
                detail,
                !no_colours,
                min_lives,
                json,
            ),
            SproutsCommand::Base(command) => command.run(),
        }
    }
}

fn parse(text: &str) -> Result<Position, Box<dyn std::error::Error>> {
    text.parse::<Position>()
        .map_err(|e| format!("position {text:?}: {e}").into())
}

fn print_json<T: Serialize>(value: &T) -> CommandResult {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// The entries of a base file as claimed (either format, recognised from the content), for commands
/// that only convert or check them.
fn read_base(path: &Path) -> Result<Base, Box<dyn std::error::Error>> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Base::read_from(std::io::BufReader::new(file))
        .map_err(|e| format!("{}: {e}", path.display()).into())
}

/// Checks a base with a spinner (the engine's policy, [`sprouts::verify_base_under`]), within
/// `limits`; the report and the base of what was verified.
fn check_with_progress(
    claimed: &Base,
    options: CheckOptions,
    limits: Limits,
) -> Result<(CheckReport, Base), Box<dyn std::error::Error>> {
    with_progress("checking the base", &mut Budget::new(limits), |control| {
        sprouts::verify_base_under(claimed, options, control)
    })
}

/// A base for a solver: read, then verified (the engine's policy, [`sprouts::verify_base`]); a
/// base with a wrong entry is refused, entries that could not be verified are left out (with a
/// warning), so no answer rests on an unchecked claim.
fn load_base(path: Option<&Path>) -> Result<Base, Box<dyn std::error::Error>> {
    let Some(path) = path else {
        return Ok(Base::new());
    };
    let claimed = read_base(path)?;
    let options = CheckOptions {
        nodes_per_entry: DEFAULT_NODES_PER_ENTRY,
        threads: available_threads(),
    };
    let (report, verified) = check_with_progress(&claimed, options, Limits::default())?;
    if let Some(why) = report.refusal() {
        let path = path.display();
        return Err(format!("{path}: {why}; `sprague sprouts check` lists them all").into());
    }
    if let Some(what) = report.left_out() {
        eprintln!("warning: {}: {what}", path.display());
    }
    Ok(verified)
}

fn save_base(base: &Base, path: &Path) -> CommandResult {
    let is_text = path.extension().is_some_and(|e| e == "spr" || e == "txt");
    let bytes = if is_text {
        base.to_glop_text().into_bytes()
    } else {
        base.to_bytes()
    };
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}

#[derive(Serialize)]
struct CanonReport {
    position: String,
    glop2007: String,
    lands: Vec<String>,
    lives: u32,
    key: String,
}

fn canon(text: &str, json: bool) -> CommandResult {
    let position = parse(text)?;
    let report = CanonReport {
        position: position.to_string(),
        glop2007: position.to_notation(Notation::Glop2007),
        lands: position.lands().iter().map(|l| l.to_string()).collect(),
        lives: position.lives(),
        key: position.key().iter().map(|b| format!("{b:02x}")).collect(),
    };
    if json {
        return print_json(&report);
    }
    println!("{}", report.position);
    println!("2007 notation: {}", report.glop2007);
    println!("lands: {}  lives: {}", report.lands.len(), report.lives);
    Ok(())
}

#[derive(Serialize)]
struct Child {
    position: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u32>,
}

fn children(text: &str, base: Option<&Path>, json: bool) -> CommandResult {
    let position = parse(text)?;
    let base = load_base(base)?;
    let children: Vec<Child> = position
        .children()
        .iter()
        .map(|c| Child {
            position: c.to_string(),
            nimber: base.nimber(c),
        })
        .collect();
    if json {
        #[derive(Serialize)]
        struct Report {
            position: String,
            values: Vec<Child>,
        }
        return print_json(&Report {
            position: position.to_string(),
            values: children,
        });
    }
    for child in &children {
        match child.nimber {
            Some(n) => println!("{} {n}", child.position),
            None => println!("{}", child.position),
        }
    }
    Ok(())
}

/// Runs a sliced search with a spinner showing the nodes expanded.
fn run_with_progress<A>(label: &str, mut step: impl FnMut(u64) -> Step<A>) -> A {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    loop {
        match step(20_000) {
            Step::Done(answer) => {
                bar.finish_and_clear();
                return answer;
            }
            Step::Running { nodes, depth } => {
                bar.set_message(format!("{label}: {nodes} nodes, depth {depth}"));
                bar.tick();
            }
        }
    }
}

/// The cores this process may use (1 when that cannot be told).
fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `question` on another thread while this one shows the nodes searched (over every
/// thread of the solver) on a spinner and stops it when it passes a bound of `budget`, with a
/// message naming the bound.
fn with_progress<A: Send>(
    label: &str,
    budget: &mut Budget,
    question: impl FnOnce(&Control) -> Result<A, Cancelled> + Send,
) -> Result<A, Box<dyn std::error::Error>> {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let control = Control::new();
    let mut passed = None;
    let answer = std::thread::scope(|scope| {
        let worker = scope.spawn(|| question(&control));
        while !worker.is_finished() {
            bar.set_message(format!(
                "{label}: {} nodes",
                budget.nodes() + control.nodes()
            ));
            bar.tick();
            if passed.is_none() {
                passed = budget.passed(&control);
                if passed.is_some() {
                    control.cancel();
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    bar.finish_and_clear();
    budget.spend(control.nodes());
    match (answer, passed) {
        (Ok(answer), _) => Ok(answer),
        (Err(Cancelled), Some(bound)) => Err(format!("stopped: {bound}").into()),
        (Err(Cancelled), None) => Err("cancelled".into()),
    }
}

#[derive(Serialize)]
struct SolveReport {
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

fn solve(
    text: &str,
    solver: Solver,
    (want_nimber, want_moves): (bool, bool),
    (base, save): (Option<&Path>, Option<&Path>),
    limits: Limits,
    json: bool,
) -> CommandResult {
    let position = parse(text)?;
    let mut base = load_base(base)?;
    let misere = solver.method().is_misere();
    let mut budget = Budget::new(limits);
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

fn dfpn_losing(
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

fn solve_dfpn(
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

fn proof(
    text: &str,
    base: Option<&Path>,
    dot: bool,
    detail: u8,
    colours: bool,
    min_lives: u32,
    json: bool,
) -> CommandResult {
    let position = parse(text)?;
    let mut base = load_base(base)?;
    let solver = Solver::new(Method::Normal, 1);
    let losing = with_progress("normal play", &mut Budget::unlimited(), |control| {
        solver.outcome(&position, &mut base, control)
    })?
    .losing;
    let graph = sprouts::extract_proof(&base, &position, 0)?;
    if dot {
        let detail = Detail::from_level(detail.into()).ok_or("--detail is 1, 2 or 3")?;
        print!("{}", graph.to_dot(detail, colours, min_lives));
        return Ok(());
    }
    let losing_nodes = graph.nodes.iter().filter(|n| n.losing).count();
    if json {
        #[derive(Serialize)]
        struct Report {
            position: String,
            outcome: &'static str,
            couples: usize,
            losing_couples: usize,
            edges: usize,
        }
        return print_json(&Report {
            position: position.to_string(),
            outcome: if losing { "P" } else { "N" },
            couples: graph.nodes.len(),
            losing_couples: losing_nodes,
            edges: graph.edges.len(),
        });
    }
    println!(
        "{position}: {} — proof with {} couples ({losing_nodes} losing), {} links",
        if losing { "P" } else { "N" },
        graph.nodes.len(),
        graph.edges.len()
    );
    Ok(())
}

fn check(path: &Path, options: CheckOptions, limits: Limits, json: bool) -> CommandResult {
    let base = read_base(path)?;
    let (report, _) = check_with_progress(&base, options, limits)?;
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

impl BaseCommand {
    fn run(self) -> CommandResult {
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
struct StartGoals {
    normal: usize,
    nimbers_up_to: usize,
    misere: usize,
    with_moves: bool,
    threads: usize,
}

/// `sprague sprouts base proof`: see [`BaseCommand::Proof`].
fn proof_base(
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
    let mut base = load_base(base)?;
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

fn report_summary<T: Serialize>(summary: &T, json: bool) -> CommandResult {
    if json {
        return print_json(summary);
    }
    println!("{}", serde_json::to_string(summary)?);
    Ok(())
}
