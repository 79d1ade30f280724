//! Sprouts: canonical forms, children, and solving through the engine's [`Solver::answer`] — the
//! policy `sprague sprouts solve` uses too: the outcome first, then the nimber when asked, then
//! every winning move, all on one base.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, Cancelled, Control, Method, Questions, Solver, DEFAULT_FORM_LIVES,
};

use crate::base::PyBase;
use crate::{budget, interruptible, size_arg, value_error};

/// Most threads a solve may ask for (as the CLI's `--threads`).
const MAX_THREADS: usize = 1024;

/// A position from text (either GLOP notation), or ValueError with the engine's message.
pub(crate) fn parse(text: &str) -> PyResult<Position> {
    text.parse::<Position>()
        .map_err(|e| value_error(format!("position {text:?}: {e}")))
}

/// The reduced canonical form of a position, in the later GLOP notation.
#[pyfunction]
fn sprouts_canon(py: Python<'_>, position: &str) -> PyResult<String> {
    py.detach(|| parse(position).map(|p| p.to_string()))
}

/// The distinct children of a position (canonical forms), in the engine's order.
#[pyfunction]
fn sprouts_children(py: Python<'_>, position: &str) -> PyResult<Vec<String>> {
    py.detach(|| {
        let position = parse(position)?;
        Ok(position.children().iter().map(|c| c.to_string()).collect())
    })
}

/// A picture of a position, as an SVG document: the engine's drawing layer lays it out from scratch
/// (the spots and curves the page would draw) and pictures it. ValueError when no drawing is found.
#[pyfunction]
fn sprouts_svg(py: Python<'_>, position: &str) -> PyResult<String> {
    py.detach(|| {
        let position = parse(position)?;
        let drawing = Drawing::layout(&position)
            .map_err(|e| value_error(format!("no drawing of {position}: {e}")))?;
        Ok(drawing.to_svg())
    })
}

/// Solves a position (see `sprague.sprouts.solve`).
#[pyfunction]
#[pyo3(signature = (position, misere, nimber, base, threads, moves, max_seconds = None, max_memory = None, max_nodes = None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, as `sprague.sprouts.solve` takes them
fn sprouts_solve<'py>(
    py: Python<'py>,
    position: &str,
    misere: bool,
    nimber: bool,
    base: Option<Py<PyBase>>,
    threads: &Bound<'py, PyAny>,
    moves: bool,
    max_seconds: Option<f64>,
    max_memory: Option<u64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let budget = budget(max_seconds, max_memory, max_nodes)?;
    let threads = size_arg(threads, "threads")?;
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(value_error(format!(
            "threads must be between 1 and {MAX_THREADS}, got {threads}"
        )));
    }
    let position = py.detach(|| parse(position))?;
    let method = match misere {
        true => Method::MisereForms(DEFAULT_FORM_LIVES),
        false => Method::Normal,
    };
    let solver = Solver::new(method, threads);
    let control = Control::new();
    // The engine's policy, as the CLI's: the outcome, then the nimber, then every winning move.
    let questions = Questions {
        nimber,
        winning_moves: moves,
    };
    // The shared base is locked by the worker only (waiting for it if another call holds it).
    let shared = base.as_ref().map(|b| b.get());
    let answer = interruptible(
        py,
        (&budget, &|| control.nodes()),
        || control.cancel(),
        || match shared {
            Some(shared) => {
                let mut base = shared.lock_blocking();
                solver.answer(&position, questions, &mut base, &control)
            }
            None => solver.answer(&position, questions, &mut Base::new(), &control),
        },
    )?
    .map_err(|Cancelled| pyo3::exceptions::PyKeyboardInterrupt::new_err("cancelled"))?;
    let winning_move = match &answer.winning_moves {
        Some(all) => all.first().cloned(),
        None => answer.winning_move.clone(),
    };
    let dict = PyDict::new(py);
    dict.set_item("position", position.to_string())?;
    dict.set_item("play", if misere { "misere" } else { "normal" })?;
    dict.set_item("outcome", if answer.losing { "P" } else { "N" })?;
    dict.set_item("nimber", answer.nimber)?;
    dict.set_item("winning_move", winning_move.map(|m| m.to_string()))?;
    dict.set_item(
        "winning_moves",
        answer
            .winning_moves
            .map(|all| all.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
    )?;
    dict.set_item("threads", threads)?;
    dict.set_item("nodes", control.nodes())?;
    Ok(dict)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sprouts_canon, m)?)?;
    m.add_function(wrap_pyfunction!(sprouts_children, m)?)?;
    m.add_function(wrap_pyfunction!(sprouts_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sprouts_svg, m)?)?;
    Ok(())
}
