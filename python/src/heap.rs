//! Heap games (octal and hexadecimal codes, Grundy's game, …): nim sequences, proven periods, and
//! positions in normal and misère play, as the CLI's `seq`, `period`, `analyze` and `misere`
//! commands compute them.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use sprague_engine::games::heap::{HeapGame, NAMED_GAMES};
use sprague_engine::solve::heap::misere::{self, MisereSolver, QuotientLimits};
use sprague_engine::solve::heap::{analyze, find_period, NimSequence, SequenceError, WinningMove};

use crate::{abandonable, budget, interruptible, no_nodes, remoteness, size_arg, value_error};
use sprague_engine::solve::bounds::Budget;
use sprague_engine::solve::remoteness::{HeapMoveValue, RemotenessSearch, DEFAULT_MAX_NODES};

/// Heaps computed between looks at the cancel flag.
const CHUNK: usize = 1 << 12;

/// The largest heap whose moves `heap_moves` lists (a hexadecimal code leaving three heaps has
/// about n²/12 moves from a heap of n).
const MAX_MOVES_HEAP: usize = 1 << 12;

/// A misère solver's quotient is given up past this long (as the CLI's).
const QUOTIENT_SECONDS: f64 = 2.0;

/// Misère solvers kept between calls (each remembers what it learned, and its quotient), most
/// recently used last.
const KEPT_SOLVERS: usize = 4;
static SOLVERS: Mutex<VecDeque<MisereSolver>> = Mutex::new(VecDeque::new());

fn parse_game(code: &str) -> PyResult<HeapGame> {
    code.parse::<HeapGame>().map_err(value_error)
}

/// Extends `sequence` to `len` values, stopping early (returns false) once `cancel` is set.
fn extend(
    sequence: &mut NimSequence,
    len: usize,
    cancel: &AtomicBool,
) -> Result<bool, SequenceError> {
    sequence.extend_with_progress(len, CHUNK, |_| !cancel.load(Ordering::Relaxed))
}

/// The sequence of `game` to `len` values, computed so that Ctrl-C (KeyboardInterrupt) or a bound
/// of `budget` (BoundExceeded) stops it.
fn sequence_to(
    py: Python<'_>,
    game: &HeapGame,
    len: usize,
    budget: &Budget,
) -> PyResult<NimSequence> {
    let cancel = AtomicBool::new(false);
    let mut sequence = NimSequence::new(game);
    interruptible(
        py,
        (budget, &no_nodes),
        || cancel.store(true, Ordering::Relaxed),
        || extend(&mut sequence, len, &cancel),
    )?
    .map_err(value_error)?;
    Ok(sequence)
}

/// Nim values of heaps 0..to-1 (`to` values, as `sprague seq CODE --to TO`) of a heap game.
#[pyfunction]
#[pyo3(signature = (code, to, max_seconds = None, max_memory = None))]
fn heap_sequence(
    py: Python<'_>,
    code: &str,
    to: &Bound<'_, PyAny>,
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
) -> PyResult<Vec<u16>> {
    let game = parse_game(code)?;
    let len = size_arg(to, "to")?;
    let budget = budget(max_seconds, max_memory, None)?;
    Ok(sequence_to(py, &game, len, &budget)?.values().to_vec())
}

/// The same values as `heap_sequence`, as little-endian 16-bit words (numpy reads them at once).
#[pyfunction]
#[pyo3(signature = (code, to, max_seconds = None, max_memory = None))]
fn heap_sequence_bytes<'py>(
    py: Python<'py>,
    code: &str,
    to: &Bound<'py, PyAny>,
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let game = parse_game(code)?;
    let len = size_arg(to, "to")?;
    let budget = budget(max_seconds, max_memory, None)?;
    let sequence = sequence_to(py, &game, len, &budget)?;
    let bytes: Vec<u8> = sequence
        .values()
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    Ok(PyBytes::new(py, &bytes))
}

/// Every move from a single heap of `size`: `(removed, pieces)` pairs, each once, as the engine's
/// rules list them.
#[pyfunction]
#[pyo3(signature = (code, size))]
fn heap_moves(code: &str, size: &Bound<'_, PyAny>) -> PyResult<Vec<(usize, Vec<usize>)>> {
    let game = parse_game(code)?;
    let size = size_arg(size, "size")?;
    if size > MAX_MOVES_HEAP {
        return Err(value_error(format!(
            "a heap of {size} has too many moves to list (at most {MAX_MOVES_HEAP})"
        )));
    }
    Ok(game
        .moves(size)
        .into_iter()
        .map(|m| (m.removed, m.pieces))
        .collect())
}

/// The canonical code of a heap game (`"grundy"` -> `"4!.0"`), or ValueError.
#[pyfunction]
fn heap_canonical_code(code: &str) -> PyResult<String> {
    Ok(parse_game(code)?.to_string())
}

/// The proven period of a heap game, as `sprague period CODE --max MAX`: `None` when none is proven
/// with `max` values; ValueError when the theorem cannot prove one for this code.
#[pyfunction]
#[pyo3(signature = (code, max, max_seconds = None, max_memory = None))]
fn heap_period<'py>(
    py: Python<'py>,
    code: &str,
    max: &Bound<'py, PyAny>,
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let game = parse_game(code)?;
    let max = size_arg(max, "max")?;
    let budget = budget(max_seconds, max_memory, None)?;
    let cancel = AtomicBool::new(false);
    let mut sequence = NimSequence::new(&game);
    let found = interruptible(
        py,
        (&budget, &no_nodes),
        || cancel.store(true, Ordering::Relaxed),
        || -> Result<_, String> {
            // As the CLI: 256 values, doubled until a period is proven or `max` is reached.
            let mut len = 256.min(max);
            loop {
                if !extend(&mut sequence, len, &cancel).map_err(|e| e.to_string())? {
                    return Ok(None); // cancelled: the interrupt is raised by the caller
                }
                match find_period(&sequence) {
                    Ok(Some(p)) => return Ok(Some(p)),
                    Ok(None) if len >= max => return Ok(None),
                    Ok(None) => len = len.saturating_mul(2).min(max),
                    Err(e) => return Err(e.to_string()),
                }
            }
        },
    )?
    .map_err(value_error)?;
    let Some(p) = found else {
        return Ok(None);
    };
    let dict = PyDict::new(py);
    dict.set_item("code", game.to_string())?;
    dict.set_item("preperiod", p.preperiod)?;
    dict.set_item("period", p.period)?;
    dict.set_item("last_exception", p.last_exception)?;
    dict.set_item("max_value", p.max_value)?;
    dict.set_item("max_value_at", p.max_value_at)?;
    dict.set_item("values_needed", p.values_needed)?;
    dict.set_item("values_computed", sequence.len())?;
    Ok(Some(dict))
}

/// A winning move as a dict (the fields of the engine's `WinningMove`, as `--json` prints them).
fn move_dict<'py>(py: Python<'py>, m: &WinningMove) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("heap_index", m.heap_index)?;
    dict.set_item("heap", m.heap)?;
    dict.set_item("removed", m.removed)?;
    dict.set_item("pieces", &m.pieces)?;
    dict.set_item("result", &m.result)?;
    match m.dots {
        Some(d) => {
            let dots = PyDict::new(py);
            dots.set_item("component", d.component)?;
            dots.set_item("dot", d.dot)?;
            dict.set_item("dots", dots)?;
        }
        None => dict.set_item("dots", py.None())?,
    }
    match m.pile_split {
        Some(s) => {
            let split = PyDict::new(py);
            split.set_item("pile", s.pile)?;
            split.set_item("size", s.size)?;
            split.set_item("into", vec![s.into.0, s.into.1])?;
            dict.set_item("pile_split", split)?;
        }
        None => dict.set_item("pile_split", py.None())?,
    }
    Ok(dict)
}

fn moves_list<'py>(py: Python<'py>, moves: &[WinningMove]) -> PyResult<Bound<'py, PyList>> {
    let dicts = moves
        .iter()
        .map(|m| move_dict(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, dicts)
}

/// A misère solver for `game`: a kept one, or a new one with the quotient if it builds quickly
/// (the CLI's `use_quotient_if_quick`).
fn misere_solver(game: &HeapGame, cancel: &AtomicBool) -> MisereSolver {
    let mut kept = SOLVERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(index) = kept.iter().position(|s| s.game() == game) {
        if let Some(solver) = kept.remove(index) {
            return solver;
        }
    }
    drop(kept);
    let started = Instant::now();
    MisereSolver::with_quick_quotient(game, QuotientLimits::default(), || {
        !cancel.load(Ordering::Relaxed) && started.elapsed().as_secs_f64() < QUOTIENT_SECONDS
    })
}

fn keep_solver(solver: MisereSolver) {
    let mut kept = SOLVERS.lock().unwrap_or_else(|e| e.into_inner());
    kept.push_back(solver);
    while kept.len() > KEPT_SOLVERS {
        kept.pop_front();
    }
}

/// Value, outcome and every winning move of a position (a list of heaps), as `sprague analyze`
/// (normal play) or `sprague misere` (misère play) compute them.
#[pyfunction]
#[pyo3(signature = (code, heaps, misere, max_seconds = None, max_memory = None, remoteness_budget = None))]
fn heap_analyze<'py>(
    py: Python<'py>,
    code: &str,
    heaps: Vec<Bound<'py, PyAny>>,
    misere: bool,
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
    remoteness_budget: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = parse_game(code)?;
    let budget = budget(max_seconds, max_memory, None)?;
    let heaps = heaps
        .iter()
        .map(|h| size_arg(h, "a heap"))
        .collect::<PyResult<Vec<usize>>>()?;
    // Misère play first: the misère solver refuses sizes it cannot take at once, before the normal
    // values of a huge heap would be computed. Its search cannot be cancelled midway (only the
    // quotient's build can): on Ctrl-C the call raises at once and the search runs on to its budget
    // on its own thread.
    let misere_analysis = match misere {
        false => None,
        true => {
            let game = game.clone();
            let heaps = heaps.clone();
            let analysis = abandonable(py, &budget, move || {
                let never = AtomicBool::new(false);
                let mut solver = misere_solver(&game, &never);
                let analysis = solver.analyze(&heaps, &misere::Budget::default());
                keep_solver(solver);
                analysis
            })?;
            Some(analysis.map_err(value_error)?)
        }
    };
    // Normal play: the value (the nim-sum of the heaps' values) and its winning moves.
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let len = largest
        .checked_add(1)
        .ok_or_else(|| value_error("heap too large"))?;
    let sequence = sequence_to(py, &game, len, &budget)?;
    let normal = analyze(&game, &sequence, &heaps).map_err(value_error)?;
    let report = remoteness::find(py, &budget, |go_on| {
        RemotenessSearch::heaps(game.clone(), misere).report(
            &heaps,
            remoteness_budget.unwrap_or(DEFAULT_MAX_NODES),
            go_on,
        )
    })?;
    let dict = PyDict::new(py);
    remoteness::add(py, &dict, &report, |m: &HeapMoveValue| {
        let item = PyDict::new(py);
        item.set_item("heap_index", m.heap_index)?;
        item.set_item("removed", m.removed)?;
        item.set_item("pieces", &m.pieces)?;
        item.set_item("result", &m.result)?;
        Ok((item, m.value()))
    })?;
    dict.set_item("code", game.to_string())?;
    dict.set_item("heaps", &heaps)?;
    dict.set_item("play", if misere { "misere" } else { "normal" })?;
    dict.set_item("heap_values", &normal.heap_values)?;
    dict.set_item("value", normal.nimber)?;
    let Some(analysis) = misere_analysis else {
        dict.set_item("outcome", crate::outcome_letter(normal.outcome))?;
        dict.set_item("winning_moves", moves_list(py, &normal.winning_moves)?)?;
        return Ok(dict);
    };
    dict.set_item("outcome", crate::outcome_letter(analysis.outcome))?;
    dict.set_item("winning_moves", moves_list(py, &analysis.winning_moves)?)?;
    let genera = analysis
        .heap_genera
        .map(|g| g.iter().map(|g| g.to_string()).collect::<Vec<_>>());
    dict.set_item("genera", genera)?;
    dict.set_item("tame", analysis.tame)?;
    dict.set_item(
        "method",
        match analysis.method {
            sprague_engine::solve::heap::misere::Method::TameRule => "tame_rule",
            sprague_engine::solve::heap::misere::Method::Search => "search",
        },
    )?;
    Ok(dict)
}

/// The games the engine knows by name, in its order: `(name, code, title)`.
#[pyfunction]
fn heap_named_games() -> Vec<(&'static str, &'static str, &'static str)> {
    NAMED_GAMES
        .iter()
        .map(|game| (game.name, game.code, game.title))
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(heap_named_games, m)?)?;
    m.add_function(wrap_pyfunction!(heap_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(heap_sequence_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(heap_moves, m)?)?;
    m.add_function(wrap_pyfunction!(heap_canonical_code, m)?)?;
    m.add_function(wrap_pyfunction!(heap_period, m)?)?;
    m.add_function(wrap_pyfunction!(heap_analyze, m)?)?;
    Ok(())
}
