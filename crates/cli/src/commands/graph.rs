//! Node Kayles on the command line: solve a graph (nimber, outcome, winning moves, components' values) and
//! the graph benchmark.

use super::budget::{Bounds, Budget};
use super::remoteness::{self, describe as describe_remoteness, RemotenessBudget};
use super::CommandResult;
use serde::Serialize;
use sprague_engine::games::graph::{Graph, GraphPosition, PRESETS};
use sprague_engine::solve::graph::{
    ComponentValue, GraphAnalysis, GraphBudget, GraphSolveError, GraphSolver, MAX_BASE_BYTES,
};
use sprague_engine::solve::remoteness::{GraphMoveValue, RemotenessReport, RemotenessSearch};
use std::path::Path;
use std::time::Instant;

/// Where the graph comes from: exactly one of these.
#[derive(clap::Args)]
#[group(required = true, multiple = true)]
pub struct GraphSource {
    /// Number of vertices (0 to 64); without --edges, a graph with no edges
    #[arg(long, conflicts_with_all = ["graph", "preset"])]
    vertices: Option<usize>,
    /// Edges as "0-1,1-2,…", with --vertices
    #[arg(long, requires = "vertices")]
    edges: Option<String>,
    /// The graph in the page's form: "N:u-v,u-v,…"
    #[arg(long, conflicts_with = "preset")]
    graph: Option<String>,
    /// A named graph: path:N, cycle:N, grid:RxC, complete:N, star:LEAVES, petersen, random:N:DENSITY:SEED
    #[arg(long)]
    preset: Option<String>,
}

impl GraphSource {
    fn read(self) -> Result<Graph, Box<dyn std::error::Error>> {
        Ok(match (self.vertices, self.edges, self.graph, self.preset) {
            (Some(n), edges, None, None) => {
                Graph::from_edge_list(n, edges.as_deref().unwrap_or(""))?
            }
            (None, None, Some(text), None) => text.parse()?,
            (None, None, None, Some(name)) => Graph::preset(&name)?,
            _ => {
                return Err(format!(
                    "give --vertices (and --edges), or --graph, or --preset ({PRESETS})"
                )
                .into())
            }
        })
    }
}

#[derive(clap::Subcommand)]
pub enum GraphCommand {
    /// Node Kayles on a graph: marking a vertex removes it and its neighbours. Nimber (normal play),
    /// outcome, every winning move and each component's value
    Solve {
        #[command(flatten)]
        source: GraphSource,
        /// Vertices already marked, in order ("3,7")
        #[arg(long, default_value = "")]
        moves: String,
        /// Misère play: whoever cannot move wins
        #[arg(long)]
        misere: bool,
        /// Stop when the solver's tables or the process pass this many MB of memory (default: tables
        /// of 2048 MB, and a third of the machine's memory for the process)
        #[arg(long, value_parser = clap::value_parser!(u64).range(16..))]
        max_memory: Option<u64>,
        /// Stop after this many seconds (keeping what was learned with --save)
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        max_seconds: Option<u64>,
        /// Start from this base (each entry is confirmed from the rules as it is read)
        #[arg(long)]
        base: Option<std::path::PathBuf>,
        /// Write what the solver knows afterwards to this base
        #[arg(long)]
        save: Option<std::path::PathBuf>,
        #[command(flatten)]
        remoteness: RemotenessBudget,
        #[arg(long)]
        json: bool,
    },
    /// Time the solver on grids, the Petersen graph and random graphs of 30 and 40 vertices
    Bench {
        /// Also misère play (slower: sums of components are searched, not XORed)
        #[arg(long)]
        misere: bool,
        /// Most memory per graph, in MB
        #[arg(long, default_value_t = 4096)]
        max_memory: usize,
    },
}

impl GraphCommand {
    pub fn run(self) -> CommandResult {
        match self {
            GraphCommand::Solve {
                source,
                moves,
                misere,
                max_memory,
                max_seconds,
                base,
                save,
                remoteness,
                json,
            } => solve(
                source.read()?,
                &moves,
                misere,
                (
                    Bounds {
                        max_seconds,
                        max_memory,
                    },
                    remoteness,
                ),
                (base.as_deref(), save.as_deref()),
                json,
            ),
            GraphCommand::Bench { misere, max_memory } => bench(misere, max_memory),
        }
    }
}

/// Solver steps between two looks at the bounds: a few milliseconds (a look reads the clock and
/// `/proc`); at 16,384 a loaded machine took over a second between looks on an 8×8 grid.
const BOUNDED_STEPS: u64 = 1 << 11;

/// The solver's tables when no --max-memory is given, in MB.
const DEFAULT_TABLE_MEGABYTES: usize = 2048;

fn parse_moves(text: &str) -> Result<Vec<usize>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<usize>()
                .map_err(|_| format!("{word:?} is not a vertex number (in --moves)"))
        })
        .collect()
}

#[derive(Serialize)]
struct SolveOutput<'a> {
    graph: String,
    moves: Vec<usize>,
    remaining: Vec<usize>,
    #[serde(flatten)]
    analysis: &'a GraphAnalysis,
    positions: usize,
    #[serde(flatten)]
    remoteness: &'a RemotenessReport<GraphMoveValue>,
}

fn solve(
    graph: Graph,
    moves: &str,
    misere: bool,
    (bounds, RemotenessBudget { remoteness_budget }): (Bounds, RemotenessBudget),
    (base, save): (Option<&Path>, Option<&Path>),
    json: bool,
) -> CommandResult {
    let moves = parse_moves(moves)?;
    let position = GraphPosition::after_moves(graph, &moves)?;
    let tables = bounds
        .max_memory
        .map_or(DEFAULT_TABLE_MEGABYTES, |mb| mb as usize);
    let mut solver = GraphSolver::new(GraphBudget::megabytes(tables));
    if let Some(path) = base {
        let bytes = read_base_file(path)?;
        let report = solver
            .load_bytes(&bytes)
            .map_err(|error| format!("{}: {error}", path.display()))?;
        eprintln!(
            "{}: {} nimbers and {} misère outcomes confirmed from the rules; {} left out (their children are not in the base){}",
            path.display(),
            report.nimbers,
            report.misere,
            report.unconfirmed,
            if report.wrong > 0 {
                format!(
                    "; {} WRONG and left out, e.g. {}",
                    report.wrong,
                    report.wrong_examples.join("; ")
                )
            } else {
                String::new()
            }
        );
    }
    // Stepped so that --max-seconds and the process's memory (--max-memory, or the engine's default
    // budget) are looked at between steps.
    let budget = Budget::bounded(bounds.clone());
    let mut passed = None;
    let analysis = solver.analyze_while(&position, misere, BOUNDED_STEPS, || {
        passed = budget.passed_after(0);
        passed.is_none()
    });
    if let Some(path) = save {
        // Also when a bound stopped the search: what was learned is right.
        std::fs::write(path, solver.to_bytes())
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    }
    let analysis = analysis.map_err(|error| match (error, bounds.max_memory) {
        (GraphSolveError::MemoryBudget { positions, .. }, Some(max)) => format!(
            "stopped: the search passed --max-memory {max} (its tables hold {positions} positions)"
        ),
        (error, _) => error.to_string(),
    })?;
    let Some(analysis) = analysis else {
        return Err(format!("stopped: {}", passed.unwrap_or_default()).into());
    };
    let remoteness = RemotenessSearch::graphs(misere).report(
        &position,
        remoteness_budget,
        remoteness::within(&budget),
    );
    if json {
        let output = SolveOutput {
            graph: position.graph().to_string(),
            moves,
            remaining: position.remaining().iter().collect(),
            analysis: &analysis,
            positions: solver.positions(),
            remoteness: &remoteness,
        };
        println!("{}", serde_json::to_string_pretty(&output)?);
        return Ok(());
    }
    let graph = position.graph();
    println!(
        "graph: {} vertices, {} edges ({})",
        graph.vertex_count(),
        graph.edges().len(),
        graph
    );
    if !moves.is_empty() {
        println!(
            "after marking {moves:?}: {} vertices left",
            position.remaining().len()
        );
    }
    let play = if misere {
        "misère play"
    } else {
        "normal play"
    };
    let value = analysis
        .nimber
        .map(|g| format!(", nimber {g}"))
        .unwrap_or_default();
    println!("{play}: {:?}{value}", analysis.outcome);
    for ComponentValue { vertices, nimber } in &analysis.components {
        let value = nimber.map(|g| format!(": nimber {g}")).unwrap_or_default();
        println!("  component {vertices:?}{value}");
    }
    println!("winning moves (mark vertex): {:?}", analysis.winning_moves);
    println!("{}", describe_remoteness(&remoteness));
    Ok(())
}

/// Reads at most the largest base the engine accepts (so `/dev/zero` is refused, not read forever).
fn read_base_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_BASE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if bytes.len() > MAX_BASE_BYTES {
        return Err(format!(
            "{} is larger than {} MB, the most a graph base may be",
            path.display(),
            MAX_BASE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

fn bench(misere: bool, max_memory: usize) -> CommandResult {
    let mut graphs = vec![
        ("grid 4x4", Graph::grid(4, 4)?),
        ("grid 5x5", Graph::grid(5, 5)?),
        ("grid 6x6", Graph::grid(6, 6)?),
        ("Petersen", Graph::petersen()),
        ("cycle 40", Graph::cycle(40)?),
    ];
    for n in [30, 40] {
        for density in [0.05, 0.1, 0.2, 0.3, 0.5] {
            let name: &'static str =
                Box::leak(format!("random {n}, density {density}").into_boxed_str());
            graphs.push((name, Graph::random(n, density, 1)?));
        }
    }
    println!("Node Kayles, nimber and every winning move, one thread, a fresh solver per graph");
    for (name, graph) in graphs {
        for misere in [false, true].into_iter().filter(|&m| !m || misere) {
            let mut solver = GraphSolver::new(GraphBudget::megabytes(max_memory));
            let position = GraphPosition::start(graph.clone());
            let start = Instant::now();
            let result = solver.analyze(&position, misere);
            let seconds = start.elapsed().as_secs_f64();
            let answer = match result {
                Ok(a) => format!(
                    "{:?}{} {} winning",
                    a.outcome,
                    a.nimber.map(|g| format!(" *{g}")).unwrap_or_default(),
                    a.winning_moves.len()
                ),
                Err(error) => format!("stopped: {error}"),
            };
            println!(
                "{name:>26} {:>7} {:>9.3} s {:>10} positions {:>7.1} MB  {answer}",
                if misere { "misère" } else { "normal" },
                seconds,
                solver.positions(),
                solver.bytes() as f64 / (1 << 20) as f64,
            );
        }
    }
    Ok(())
}
