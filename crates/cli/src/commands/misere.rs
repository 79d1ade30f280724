//! Misère play on the command line: positions (outcome, winning moves, genera), genus tables, misère
//! quotients, and the misère benchmark.

use super::bounded::{run_bounded, run_within};
use super::budget::{self, Bounds};
use super::remoteness::{self, describe as describe_remoteness, RemotenessBudget};
use super::CommandResult;
use serde::Serialize;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{
    Budget, GenusTable, HeapMisereSearch, Method, MisereError, MisereQuotient, MisereSolver,
    QuotientLimits, Verification, MAX_MISERE_HEAP, MAX_QUOTIENT_HEAP,
};
use sprague_engine::solve::heap::{Outcome, WinningMove};
use sprague_engine::solve::remoteness::{HeapMoveValue, RemotenessReport, RemotenessSearch};
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum MisereCommand {
    /// Misère outcome, every winning move, the genus of each heap, remoteness and every move's value
    /// of a position
    Misere {
        #[arg(help = super::code_help())]
        code: String,
        /// Heap sizes
        #[arg(required = true)]
        heaps: Vec<usize>,
        /// Most positions the search may expand
        #[arg(long, default_value_t = 50_000_000)]
        budget: u64,
        /// Most positions the genus walk of the heaps may evaluate (it visits their whole game trees;
        /// past this the genera are left out, the outcome and winning moves are still exact)
        #[arg(long, default_value_t = Budget::default().genus)]
        genus_budget: u64,
        #[command(flatten)]
        bounds: Bounds,
        #[command(flatten)]
        remoteness: RemotenessBudget,
        #[arg(long)]
        json: bool,
    },
    /// Genus symbols g^{γ0γ1…} of heaps 0..N, misère values and tameness
    Genus {
        #[arg(help = super::code_help())]
        code: String,
        /// Number of heaps (0..N-1)
        #[arg(long, default_value_t = 21)]
        to: usize,
        /// Most positions the genus walk may evaluate
        #[arg(long, default_value_t = 20_000_000)]
        budget: u64,
        #[command(flatten)]
        bounds: Bounds,
        #[arg(long)]
        json: bool,
    },
    /// The misère quotient of a heap game for heaps up to N: presentation, P-portion, pretending function
    Quotient {
        code: String,
        /// Largest heap
        #[arg(long)]
        heaps: usize,
        /// Check the quotient on every position of at most this many tokens (default 2N + 10, or
        /// fewer when that would be over a billion positions)
        #[arg(long)]
        verify: Option<usize>,
        /// Most elements of one candidate quotient (before it is reduced)
        #[arg(long, default_value_t = QuotientLimits::default().max_elements)]
        max_elements: usize,
        #[command(flatten)]
        bounds: Bounds,
        #[arg(long)]
        json: bool,
    },
    /// Benchmark the misère solvers: Grundy's game heaps, three-heap sums, quotient builds
    MisereBench {
        /// Smaller runs (heaps to 60, sums to 40, quotients of 0.07 to heap 10)
        #[arg(long)]
        quick: bool,
        #[arg(long)]
        json: bool,
    },
}

impl MisereCommand {
    pub fn run(self) -> CommandResult {
        match self {
            MisereCommand::Misere {
                code,
                heaps,
                budget,
                genus_budget,
                bounds,
                remoteness,
                json,
            } => position(
                &code,
                &heaps,
                &Budget {
                    search: budget,
                    genus: genus_budget,
                },
                (&bounds, remoteness),
                json,
            ),
            MisereCommand::Genus {
                code,
                to,
                budget,
                bounds,
                json,
            } => genus(&code, to, budget, &bounds, json),
            MisereCommand::Quotient {
                code,
                heaps,
                verify,
                max_elements,
                bounds,
                json,
            } => quotient(
                &code,
                heaps,
                verify,
                QuotientLimits {
                    max_elements,
                    ..QuotientLimits::default()
                },
                &bounds,
                json,
            ),
            MisereCommand::MisereBench { quick, json } => bench(quick, json),
        }
    }
}

fn print_json(value: &impl Serialize) -> CommandResult {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P: the player to move loses with perfect play",
        Outcome::N => "N: the player to move wins",
    }
}

/// The quotient is given up (and the position searched without it) past this long.
const QUOTIENT_SECONDS: f64 = 2.0;

#[derive(Serialize)]
struct PositionReport {
    game: String,
    heaps: Vec<usize>,
    outcome: Outcome,
    winning_moves: Vec<WinningMove>,
    /// Genus symbol of each heap (absent when the genus walk was too long).
    genera: Option<Vec<String>>,
    tame: Option<bool>,
    method: Method,
    #[serde(flatten)]
    remoteness: RemotenessReport<HeapMoveValue>,
}

fn position(
    code: &str,
    heaps: &[usize],
    budget: &Budget,
    (bounds, RemotenessBudget { remoteness_budget }): (&Bounds, RemotenessBudget),
    json: bool,
) -> CommandResult {
    let game: HeapGame = code.parse()?;
    // One clock for the search and the remoteness search after it.
    let bounded = budget::Budget::bounded(bounds.clone());
    let analysis = run_within(&bounded, |watch| {
        watch.phase(format!("{game} misère: the quotient of small heaps"), 0);
        let started = Instant::now();
        let mut solver =
            MisereSolver::with_quick_quotient(&game, QuotientLimits::default(), || {
                started.elapsed().as_secs_f64() < QUOTIENT_SECONDS && watch.keep_going()
            });
        watch.phase(format!("{game} misère {heaps:?}: positions"), 0);
        Ok(solver.analyze_until(heaps, budget, &mut |nodes| watch.step(nodes))?)
    })?;
    let report = PositionReport {
        game: analysis.game,
        heaps: analysis.heaps,
        outcome: analysis.outcome,
        winning_moves: analysis.winning_moves,
        genera: analysis
            .heap_genera
            .map(|g| g.iter().map(|g| g.to_string()).collect()),
        tame: analysis.tame,
        method: analysis.method,
        remoteness: RemotenessSearch::heaps(game.clone(), true).report(
            heaps,
            remoteness_budget,
            remoteness::within(&bounded),
        ),
    };
    if json {
        return print_json(&report);
    }
    println!("{game} misère, position {heaps:?}");
    if let Some(genera) = &report.genera {
        println!("genera of the heaps: {}", genera.join(", "));
    }
    match report.tame {
        Some(true) => println!("tame: every heap plays like a nim heap (misère Nim on the genera)"),
        Some(false) => println!("wild: some heap is not tame; decided by exact search"),
        None => println!(
            "genera not computed: the genus walk (whole game trees) needs more than {} positions \
             (--genus-budget); decided by exact search",
            budget.genus
        ),
    }
    println!("{}", outcome_text(report.outcome));
    if report.outcome == Outcome::N && !report.winning_moves.is_empty() {
        println!("{} winning move(s):", report.winning_moves.len());
        super::print_moves(&report.winning_moves)?;
    }
    println!("{}", describe_remoteness(&report.remoteness));
    Ok(())
}

#[derive(Serialize)]
struct GenusReport {
    code: String,
    /// Misère values γ0 of heaps 0..N.
    values: Vec<u16>,
    /// Normal-play values.
    normal: Vec<u16>,
    genera: Vec<String>,
    tame: Vec<bool>,
}

fn genus(code: &str, to: usize, budget: u64, bounds: &Bounds, json: bool) -> CommandResult {
    let game: HeapGame = code.parse()?;
    if to > MAX_MISERE_HEAP + 1 {
        return Err(format!(
            "refusing --to {to}: at most {} heaps (0..={MAX_MISERE_HEAP}, the largest heap the \
             misère solver accepts)",
            MAX_MISERE_HEAP + 1
        )
        .into());
    }
    let entries = run_bounded(bounds, |watch| {
        watch.phase(format!("genera of {game}: positions"), budget);
        let mut table = GenusTable::new(&game);
        Ok(table.heap_genera_until(to, budget, &mut |nodes| watch.step(nodes))?)
    })?;
    let report = GenusReport {
        code: game.to_string(),
        values: entries.iter().map(|e| e.genus.misere_value()).collect(),
        normal: entries.iter().map(|e| e.genus.normal).collect(),
        genera: entries.iter().map(|e| e.genus.to_string()).collect(),
        tame: entries.iter().map(|e| e.tame).collect(),
    };
    if json {
        return print_json(&report);
    }
    println!("{game}: genera of heaps 0..{to} (* = hereditarily tame)");
    for (n, (g, tame)) in report.genera.iter().zip(&report.tame).enumerate() {
        println!("{n:>5}: {g}{}", if *tame { " *" } else { "" });
    }
    Ok(())
}

#[derive(Serialize)]
struct QuotientReport {
    code: String,
    max_heap: usize,
    size: usize,
    p_portion_size: usize,
    generators: Vec<usize>,
    /// The letter naming each generator in `relations` and `element_words`.
    generator_letters: Vec<String>,
    /// Heap n's element (index into `elements`).
    pretending_function: Vec<u32>,
    /// A representative position (heap sizes) of each element.
    elements: Vec<Vec<usize>>,
    /// Each element as its least word in the generators.
    element_words: Vec<String>,
    p_portion: Vec<usize>,
    /// Rewriting rules on generator words, `left = right`.
    relations: Vec<(String, String)>,
    /// `sizes[n]`: the order of the quotient of heaps up to n.
    sizes: Vec<usize>,
    /// The complete check (every position, any number of heaps) passed, through this many pairs.
    proof_pairs: usize,
    /// Candidate quotients put through the complete check while building.
    candidates: usize,
    verification: Verification,
    /// CPU seconds of the build.
    build_seconds: f64,
}

fn quotient(
    code: &str,
    heaps: usize,
    verify: Option<usize>,
    limits: QuotientLimits,
    bounds: &Bounds,
    json: bool,
) -> CommandResult {
    let game: HeapGame = code.parse()?;
    // By default as many tokens as the check takes, up to 2N + 10.
    let verify = verify.unwrap_or((2 * heaps + 10).min(MisereQuotient::max_verify_tokens(heaps)));
    // A check too large is refused before the build, which may be long too (the build refuses a
    // heap bound too large itself).
    if heaps <= MAX_QUOTIENT_HEAP {
        MisereQuotient::verify_size(heaps, verify)?;
    }
    let (q, build_seconds, verification) = run_bounded(bounds, |watch| {
        watch.phase(format!("{game} misère quotient: heaps"), heaps as u64);
        let started = cpu_now();
        let q = MisereQuotient::build_with_progress(&game, heaps, limits, |heap, size| {
            if !json {
                eprintln!("  heaps up to {heap}: {size} elements");
            }
            watch.step(heap as u64)
        })?;
        let build_seconds = cpu_now() - started;
        watch.phase(format!("checking positions of at most {verify} tokens"), 0);
        let verification = q.verify_until(&game, verify, &mut |done| watch.step(done))?;
        Ok((q, build_seconds, verification))
    })?;
    let report = QuotientReport {
        code: game.to_string(),
        max_heap: heaps,
        size: q.len(),
        p_portion_size: q.p_count(),
        generators: q.generators.clone(),
        generator_letters: q.generator_letters(),
        pretending_function: q.pretend.clone(),
        elements: q.elements.clone(),
        element_words: q.element_words(),
        p_portion: (0..q.len()).filter(|&e| q.p[e]).collect(),
        relations: q.relations(),
        sizes: q.sizes.clone(),
        proof_pairs: q.prove(&game, QuotientLimits::default().max_proof_pairs)?,
        candidates: q.candidates,
        verification,
        build_seconds,
    };
    if json {
        return print_json(&report);
    }
    println!(
        "{game}, heaps up to {heaps}: |Q| = {}, |P| = {}, built in {build_seconds:.2} s CPU \
         ({} candidates checked)",
        report.size, report.p_portion_size, report.candidates
    );
    let sizes: Vec<String> = report.sizes.iter().map(|s| s.to_string()).collect();
    println!("order after each heap 0..={heaps}: {}", sizes.join(" "));
    let gens: Vec<String> = report
        .generator_letters
        .iter()
        .zip(&report.generators)
        .map(|(l, g)| format!("{l} = heap {g}"))
        .collect();
    println!("generators: {}", gens.join(", "));
    println!("pretending function (heap -> element):");
    for (n, e) in report.pretending_function.iter().enumerate() {
        println!("  {n:>4} -> {}", report.element_words[*e as usize]);
    }
    println!("relations ({}):", report.relations.len());
    for (left, right) in report.relations.iter().take(200) {
        println!("  {left} = {right}");
    }
    if report.relations.len() > 200 {
        println!("  … (all of them with --json)");
    }
    let p: Vec<String> = report
        .p_portion
        .iter()
        .map(|&e| report.element_words[e].clone())
        .collect();
    println!("P-portion: {}", p.join(", "));
    println!(
        "proven for every position of heaps up to {heaps} (complete check through {} pairs)",
        report.proof_pairs
    );
    let v = &report.verification;
    match &v.failure {
        None => println!(
            "checked: outcomes consistent on all {} positions of at most {} tokens",
            v.positions_checked, v.max_tokens
        ),
        Some(heaps) => println!(
            "CHECK FAILED at {heaps:?}: this candidate is wrong there (after {} positions)",
            v.positions_checked
        ),
    }
    Ok(())
}

#[derive(Serialize)]
struct BenchReport {
    /// CPU seconds for the misère outcome of Grundy's game heap n (memo carried over from smaller n).
    grundy_heap_seconds: Vec<(usize, String, f64)>,
    /// CPU seconds to build the quotient of the small heaps the searches use.
    grundy_small_quotient_seconds: f64,
    grundy_heaps_total_seconds: f64,
    /// Heaps not finished within the budget.
    grundy_heaps_given_up: Vec<usize>,
    triples_total: usize,
    triples_count: usize,
    triples_p: usize,
    triples_seconds: f64,
    quotients: Vec<(String, usize, usize, f64, bool)>,
}

/// Positions one single-heap search may expand in the benchmark before it is reported as given up.
const HEAP_BUDGET: u64 = 3_000_000;

/// Heaps of Grundy's game whose quotient the benchmark's searches use (48 elements, built in well under
/// a second; heap 29 makes it much larger).
const SEARCH_QUOTIENT_HEAPS: usize = 28;

fn bench(quick: bool, json: bool) -> CommandResult {
    let (max_heap, triple_total, quotient_heaps) = if quick { (60, 40, 10) } else { (100, 60, 30) };
    let game = HeapGame::grundy();
    // The quotient of the small heaps, proven, decides every position made only of them.
    let started = cpu_now();
    let small = MisereQuotient::build(&game, SEARCH_QUOTIENT_HEAPS, QuotientLimits::default())?;
    let small_quotient_seconds = cpu_now() - started;
    let mut search = HeapMisereSearch::new(&game);
    search.set_shortcuts(vec![small.shortcut()]);
    if !json {
        eprintln!(
            "Grundy's game quotient for heaps <= {SEARCH_QUOTIENT_HEAPS}: |Q| = {} in {small_quotient_seconds:.3} s",
            small.len()
        );
    }
    let started = cpu_now();
    let mut per_heap = Vec::new();
    let mut given_up = Vec::new();
    for n in 0..=max_heap {
        let t = cpu_now();
        let outcome = match search.outcome(&[n], HEAP_BUDGET) {
            Ok(o) => format!("{o:?}"),
            Err(MisereError::BudgetExhausted { .. }) => {
                given_up.push(n);
                "gave up".into()
            }
            Err(e) => return Err(e.into()),
        };
        let seconds = cpu_now() - t;
        if !json {
            eprintln!("grundy heap {n}: {outcome} in {seconds:.3} s CPU");
        }
        per_heap.push((n, outcome, seconds));
    }
    let heaps_total = cpu_now() - started;

    // Three-heap sums with total at most `triple_total`, fresh memo.
    let mut search = HeapMisereSearch::new(&game);
    search.set_shortcuts(vec![small.shortcut()]);
    let started = cpu_now();
    let (mut count, mut p) = (0, 0);
    for a in 1..=triple_total {
        for b in a..=triple_total - a {
            for c in b..=triple_total - a - b {
                count += 1;
                if search.outcome(&[a, b, c], u64::MAX)? == Outcome::P {
                    p += 1;
                }
            }
        }
    }
    let triples_seconds = cpu_now() - started;
    if !json {
        eprintln!("{count} three-heap sums (total <= {triple_total}): {p} P-positions in {triples_seconds:.2} s");
    }

    let mut quotients = Vec::new();
    for (code, heaps) in [
        ("0.07", quotient_heaps),
        ("0.77", quotient_heaps),
        ("0.137", quotient_heaps),
        ("0.75", quotient_heaps),
    ] {
        let g: HeapGame = code.parse()?;
        let t = cpu_now();
        let q = MisereQuotient::build(&g, heaps, QuotientLimits::default())?;
        let seconds = cpu_now() - t;
        let ok = q
            .prove(&g, QuotientLimits::default().max_proof_pairs)
            .is_ok();
        if !json {
            eprintln!(
                "quotient {code} heaps <= {heaps}: |Q| = {} in {seconds:.2} s, proof {}",
                q.len(),
                if ok { "passed" } else { "FAILED" }
            );
        }
        quotients.push((code.to_string(), heaps, q.len(), seconds, ok));
    }
    let report = BenchReport {
        grundy_heap_seconds: per_heap,
        grundy_heaps_total_seconds: heaps_total,
        grundy_small_quotient_seconds: small_quotient_seconds,
        grundy_heaps_given_up: given_up,
        triples_total: triple_total,
        triples_count: count,
        triples_p: p,
        triples_seconds,
        quotients,
    };
    if json {
        return print_json(&report);
    }
    let slowest = report
        .grundy_heap_seconds
        .iter()
        .max_by(|a, b| a.2.total_cmp(&b.2))
        .map(|x| (x.0, x.2))
        .unwrap_or((0, 0.0));
    println!("(CPU time of this process throughout)");
    println!(
        "Grundy's game quotient of heaps <= {SEARCH_QUOTIENT_HEAPS} (decides the searches' small positions): {:.3} s",
        report.grundy_small_quotient_seconds
    );
    println!(
        "Grundy's game single heaps 0..={max_heap}: {:.2} s in all, slowest heap {} ({:.3} s), {} given up",
        report.grundy_heaps_total_seconds,
        slowest.0,
        slowest.1,
        report.grundy_heaps_given_up.len()
    );
    println!(
        "three-heap sums, total <= {triple_total}: {} positions, {} P, {:.2} s",
        report.triples_count, report.triples_p, report.triples_seconds
    );
    for (code, heaps, size, seconds, ok) in &report.quotients {
        println!(
            "quotient {code}, heaps <= {heaps}: |Q| = {size}, {seconds:.2} s, complete check {}",
            if *ok { "passed" } else { "FAILED" }
        );
    }
    Ok(())
}

/// CPU time of this process in seconds (wall time where the platform has no process clock).
fn cpu_now() -> f64 {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes into the timespec we own; the clock id is a constant.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}
