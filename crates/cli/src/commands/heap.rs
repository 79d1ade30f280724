//! Heap games on the command line: nim sequences, periods, positions, P-positions and the benchmark.

use super::bounded::{run_bounded, run_within, Watch, WorkResult};
use super::budget::{Bounds, Budget};
use super::remoteness::{self, describe as describe_remoteness, RemotenessBudget};
use super::CommandResult;
use serde::Serialize;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::{
    analyze, find_period, p_positions, plain_values, plain_values_until, NimSequence, Outcome,
    PPositionError, PositionAnalysis, SequenceError, MAX_SEQUENCE_LEN,
};
use sprague_engine::solve::remoteness::{HeapMoveValue, RemotenessReport, RemotenessSearch};
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum HeapCommand {
    /// Nim sequence of a heap game: values of heaps 0..N
    Seq {
        #[arg(help = super::code_help())]
        code: String,
        /// Number of values (heaps 0..N-1)
        #[arg(long, default_value_t = 100)]
        to: usize,
        /// Also compute the plain O(n²) sequence and check that both agree
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        bounds: Bounds,
        #[arg(long)]
        json: bool,
    },
    /// Find and prove the period of a heap game (generalised Guy–Smith theorem)
    Period {
        #[arg(help = super::code_help())]
        code: String,
        /// Give up after this many values
        #[arg(long, default_value_t = 1 << 20)]
        max: usize,
        #[command(flatten)]
        bounds: Bounds,
        #[arg(long)]
        json: bool,
    },
    /// Value, outcome, every winning move, remoteness and every move's value of a position (a list
    /// of heaps)
    Analyze {
        #[arg(help = super::code_help())]
        code: String,
        /// Heap sizes
        #[arg(required = true)]
        heaps: Vec<usize>,
        #[command(flatten)]
        bounds: Bounds,
        #[command(flatten)]
        remoteness: RemotenessBudget,
        #[arg(long)]
        json: bool,
    },
    /// P-positions: single heaps, irreducible pairs and triples, classes of equal value
    Ppos {
        #[arg(help = super::code_help())]
        code: String,
        /// Largest number of tokens in the listed positions
        #[arg(long, default_value_t = 50)]
        total: usize,
        /// Largest number of tokens for three-heap positions (default: min(total, 60))
        #[arg(long)]
        triple_total: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    /// Benchmark the rare/common method against the plain one
    Bench {
        /// Only the quick runs (Grundy to 2^18, plain to 2^14)
        #[arg(long)]
        quick: bool,
        #[arg(long)]
        json: bool,
    },
}

impl HeapCommand {
    pub fn run(self) -> CommandResult {
        match self {
            HeapCommand::Seq {
                code,
                to,
                check,
                bounds,
                json,
            } => seq(&code, to, check, &bounds, json),
            HeapCommand::Period {
                code,
                max,
                bounds,
                json,
            } => period(&code, max, &bounds, json),
            HeapCommand::Analyze {
                code,
                heaps,
                bounds,
                remoteness,
                json,
            } => analyze_position(&code, &heaps, &bounds, remoteness, json),
            HeapCommand::Ppos {
                code,
                total,
                triple_total,
                json,
            } => ppos(&code, total, triple_total, json),
            HeapCommand::Bench { quick, json } => bench(quick, json),
        }
    }
}

fn print_json(value: &impl Serialize) -> CommandResult {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// Extends `sequence` to `len` values under `watch`, asking every 8 heaps: a slow game (one leaving
/// three heaps) can spend long on each heap, and asking at every heap cost Grundy's game 2% (the
/// engine's batches are 8 heaps).
fn extend_watched(sequence: &mut NimSequence, len: usize, watch: &Watch) -> WorkResult<()> {
    if sequence.extend_with_progress(len, 8, |done| watch.step(done as u64))? {
        Ok(())
    } else {
        Err("stopped".into())
    }
}

/// The sequence of `game` to `len` values within `bounds`.
fn bounded_sequence(
    game: &HeapGame,
    len: usize,
    bounds: &Bounds,
) -> Result<NimSequence, Box<dyn std::error::Error>> {
    run_bounded(bounds, |watch| sequence_watched(game, len, watch))
}

/// The sequence of `game` to `len` values (a length past the engine's limit is refused at once).
fn sequence_watched(game: &HeapGame, len: usize, watch: &Watch) -> WorkResult<NimSequence> {
    watch.phase(format!("values of {game}"), len as u64);
    let mut sequence = NimSequence::new(game);
    extend_watched(&mut sequence, len, watch)?;
    Ok(sequence)
}

#[derive(Serialize)]
struct SeqReport<'a> {
    code: String,
    len: usize,
    mask: u16,
    rare_heaps: usize,
    max_value: Option<u16>,
    max_value_at: Option<usize>,
    checked_against_plain: bool,
    values: &'a [u16],
}

fn seq(code: &str, to: usize, check: bool, bounds: &Bounds, json: bool) -> CommandResult {
    let game: HeapGame = code.parse()?;
    let (sequence, plain) = run_bounded(bounds, |watch| {
        let sequence = sequence_watched(&game, to, watch)?;
        if !check {
            return Ok((sequence, None));
        }
        watch.phase("the plain O(n²) values, to check them", to as u64);
        let plain = plain_values_until(&game, to, |done| watch.step(done as u64))?;
        Ok((sequence, Some(plain.ok_or("stopped")?)))
    })?;
    if let Some(plain) = plain {
        if let Some(n) = (0..to).find(|&n| plain[n] != sequence.values()[n]) {
            return Err(format!("rare/common and plain values differ at heap {n}").into());
        }
    }
    let max = sequence.max_value();
    let report = SeqReport {
        code: game.to_string(),
        len: sequence.len(),
        mask: sequence.mask(),
        rare_heaps: sequence.rare_heaps().len(),
        max_value: max.map(|m| m.1),
        max_value_at: max.map(|m| m.0),
        checked_against_plain: check,
        values: sequence.values(),
    };
    if json {
        return print_json(&report);
    }
    println!("{game}: values of heaps 0..{}", sequence.len());
    for (row, chunk) in sequence.values().chunks(20).enumerate() {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:>3}")).collect();
        println!("{:>8}: {}", row * 20, line.join(""));
    }
    if let Some((at, value)) = max {
        println!(
            "max value {value} (first at heap {at}); mask {:#b}: {} rare heaps",
            report.mask, report.rare_heaps
        );
    }
    if check {
        println!("checked against the plain O(n²) computation: identical");
    }
    Ok(())
}

#[derive(Serialize)]
struct PeriodReport {
    code: String,
    proven: bool,
    values_computed: usize,
    preperiod: Option<usize>,
    period: Option<usize>,
    last_exception: Option<usize>,
    max_value: Option<u16>,
    max_value_at: Option<usize>,
    values_needed: Option<usize>,
    mask: u16,
    rare_heaps: Vec<u32>,
    /// Why no proof is possible, for codes the theorem does not cover.
    note: Option<String>,
}

fn period(code: &str, max: usize, bounds: &Bounds, json: bool) -> CommandResult {
    let game: HeapGame = code.parse()?;
    // Refused now, not after computing as many values as allowed.
    if max > MAX_SEQUENCE_LEN {
        return Err(SequenceError::TooLong { requested: max }.into());
    }
    let (sequence, found, note) = run_bounded(bounds, |watch| {
        watch.phase(
            format!("values of {game}, looking for a period"),
            max as u64,
        );
        let mut sequence = NimSequence::new(&game);
        let mut len = 256.min(max);
        let (found, note) = loop {
            extend_watched(&mut sequence, len, watch)?;
            match find_period(&sequence) {
                Ok(Some(p)) => break (Some(p), None),
                Ok(None) if len >= max => {
                    break (None, Some(format!("no period proven with {len} values")))
                }
                Ok(None) => len = (len * 2).min(max),
                Err(e) => break (None, Some(e.to_string())),
            }
        };
        Ok((sequence, found, note))
    })?;
    let (max_at, max_value) = sequence.max_value().unwrap_or((0, 0));
    let report = PeriodReport {
        code: game.to_string(),
        proven: found.is_some(),
        values_computed: sequence.len(),
        preperiod: found.as_ref().map(|p| p.preperiod),
        period: found.as_ref().map(|p| p.period),
        last_exception: found.as_ref().and_then(|p| p.last_exception),
        max_value: Some(found.as_ref().map_or(max_value, |p| p.max_value)),
        max_value_at: Some(found.as_ref().map_or(max_at, |p| p.max_value_at)),
        values_needed: found.as_ref().map(|p| p.values_needed),
        mask: sequence.mask(),
        rare_heaps: sequence.rare_heaps().to_vec(),
        note,
    };
    if json {
        return print_json(&report);
    }
    match &found {
        Some(p) => {
            println!(
                "{game}: period {} from heap {} (proven with {} values)",
                p.period, p.preperiod, p.values_needed
            );
            match p.last_exception {
                Some(e) => println!("last exception: heap {e}"),
                None => println!("purely periodic"),
            }
            println!(
                "max value {} (first at heap {})",
                p.max_value, p.max_value_at
            );
        }
        None => {
            println!(
                "{game}: no proven period ({})",
                report.note.as_deref().unwrap_or("")
            );
            println!(
                "values computed: {}; max value {max_value} (first at heap {max_at})",
                sequence.len()
            );
        }
    }
    let rare = sequence.rare_heaps();
    println!(
        "mask {:#b}: {} rare heaps{}",
        sequence.mask(),
        rare.len(),
        rare.last()
            .map_or(String::new(), |r| format!(", the last at {r}"))
    );
    Ok(())
}

#[derive(Serialize)]
struct AnalyzeOutput {
    #[serde(flatten)]
    analysis: PositionAnalysis,
    #[serde(flatten)]
    remoteness: RemotenessReport<HeapMoveValue>,
}

fn analyze_position(
    code: &str,
    heaps: &[usize],
    bounds: &Bounds,
    RemotenessBudget { remoteness_budget }: RemotenessBudget,
    json: bool,
) -> CommandResult {
    let game: HeapGame = code.parse()?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let len = largest.checked_add(1).ok_or("heap too large")?;
    // One clock for the values and the remoteness search after them.
    let budget = Budget::bounded(bounds.clone());
    let sequence = run_within(&budget, |watch| sequence_watched(&game, len, watch))?;
    let analysis: PositionAnalysis = analyze(&game, &sequence, heaps)?;
    let remoteness = RemotenessSearch::heaps(game.clone(), false).report(
        heaps,
        remoteness_budget,
        remoteness::within(&budget),
    );
    if json {
        return print_json(&AnalyzeOutput {
            analysis,
            remoteness,
        });
    }
    let values: Vec<String> = analysis.heap_values.iter().map(|v| v.to_string()).collect();
    println!(
        "{game} position {heaps:?}: heap values {} -> nimber {}",
        values.join(" ^ "),
        analysis.nimber
    );
    match analysis.outcome {
        Outcome::P => println!("P: the player to move loses with perfect play"),
        Outcome::N => {
            println!(
                "N: the player to move wins; {} winning move(s):",
                analysis.winning_moves.len()
            );
            super::print_moves(&analysis.winning_moves)?;
        }
    }
    println!("{}", describe_remoteness(&remoteness));
    Ok(())
}

fn ppos(code: &str, total: usize, triple_total: Option<usize>, json: bool) -> CommandResult {
    let game: HeapGame = code.parse()?;
    let triple_total = triple_total.unwrap_or(total.min(60));
    // Refuse totals that are too large before computing anything.
    if let Err(error @ PPositionError::TooLarge { .. }) = p_positions(&[], total, triple_total) {
        return Err(error.into());
    }
    let sequence = bounded_sequence(&game, total.max(triple_total) + 1, &Bounds::default())?;
    let lists = p_positions(sequence.values(), total, triple_total)?;
    if json {
        return print_json(&lists);
    }
    println!("{game}: P-positions with at most {total} tokens ((n, n) is always P and not listed)");
    println!("single heaps: {:?}", lists.single);
    println!(
        "irreducible pairs ({}): {:?}",
        lists.pairs.len(),
        lists.pairs
    );
    println!(
        "irreducible triples up to {} tokens ({}): {:?}",
        lists.triple_total,
        lists.triples.len(),
        lists.triples
    );
    println!("classes of heap sizes with equal values:");
    for class in &lists.classes {
        println!("  value {}: {:?}", class.value, class.heaps);
    }
    Ok(())
}

#[derive(Serialize)]
struct BenchRun {
    code: String,
    heaps: usize,
    seconds: f64,
    /// CPU time of this process (Linux), less sensitive than wall time to other jobs on the machine.
    cpu_seconds: Option<f64>,
    values_per_second: f64,
    rare_heaps: usize,
    mask: u16,
    max_value: u16,
    max_value_at: usize,
    last_rare: Option<u32>,
    full_scans: u64,
    pairs_examined: u64,
}

#[derive(Serialize)]
struct BenchRatio {
    code: String,
    heaps: usize,
    plain_seconds: f64,
    rare_common_seconds: f64,
    speedup: f64,
}

fn bench(quick: bool, json: bool) -> CommandResult {
    let grundy = HeapGame::grundy();
    let officers = HeapGame::officers();
    let runs: Vec<(&HeapGame, usize)> = if quick {
        vec![(&grundy, 1 << 18), (&officers, 1 << 18)]
    } else {
        vec![
            (&grundy, 1 << 20),
            (&grundy, 1 << 21),
            (&grundy, 1 << 22),
            (&officers, 1 << 21),
        ]
    };
    let mut results = Vec::new();
    for (game, heaps) in runs {
        let (start, cpu_start) = (Instant::now(), cpu_seconds());
        let sequence = NimSequence::compute(game, heaps)?;
        let seconds = start.elapsed().as_secs_f64();
        let cpu_seconds = cpu_seconds().zip(cpu_start).map(|(end, start)| end - start);
        let (max_value_at, max_value) = sequence.max_value().unwrap_or((0, 0));
        let run = BenchRun {
            code: game.to_string(),
            heaps,
            seconds,
            cpu_seconds,
            values_per_second: heaps as f64 / seconds,
            rare_heaps: sequence.rare_heaps().len(),
            mask: sequence.mask(),
            max_value,
            max_value_at,
            last_rare: sequence.rare_heaps().last().copied(),
            full_scans: sequence.stats().full_scans,
            pairs_examined: sequence.stats().pairs_examined,
        };
        if !json {
            println!(
                "{:>6} to 2^{}: {:.3} s ({} CPU), {:.3e} values/s; mask {:#b}, {} rare heaps (last {:?}), max {} at {}; {} full scans, {:.2e} pairs",
                run.code,
                heaps.trailing_zeros(),
                run.seconds,
                run.cpu_seconds.map_or("?".into(), |c| format!("{c:.3} s")),
                run.values_per_second,
                run.mask,
                run.rare_heaps,
                run.last_rare,
                run.max_value,
                run.max_value_at,
                run.full_scans,
                run.pairs_examined as f64
            );
        }
        results.push(run);
    }
    // The ratio: the same game and size by both methods (the plain one is quadratic, so a smaller size).
    let plain_size = if quick { 1 << 14 } else { 1 << 16 };
    let mut ratios = Vec::new();
    for game in [&grundy, &officers, &HeapGame::kayles()] {
        let start = Instant::now();
        let plain = plain_values(game, plain_size)?;
        let plain_seconds = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let fast = NimSequence::compute(game, plain_size)?;
        let rare_common_seconds = start.elapsed().as_secs_f64();
        if fast.values() != &plain[..] {
            return Err(format!("{game}: the two methods disagree").into());
        }
        let ratio = BenchRatio {
            code: game.to_string(),
            heaps: plain_size,
            plain_seconds,
            rare_common_seconds,
            speedup: plain_seconds / rare_common_seconds,
        };
        if !json {
            println!(
                "{:>6} to 2^{}: plain {:.3} s, rare/common {:.4} s: rare/common is {:.1}x faster (values identical)",
                ratio.code,
                plain_size.trailing_zeros(),
                ratio.plain_seconds,
                ratio.rare_common_seconds,
                ratio.speedup
            );
        }
        ratios.push(ratio);
    }
    if json {
        return print_json(&serde_json::json!({ "runs": results, "ratios": ratios }));
    }
    Ok(())
}

/// User + system CPU time of this process so far, from `/proc/self/stat` (Linux; `None` elsewhere).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may contain spaces).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Clock ticks are 1/100 s on Linux's usual configuration (USER_HZ).
    Some(ticks as f64 / 100.0)
}
