//! Node Kayles on graphs: solving a position through the engine's [`GraphSolver`] (the policy the
//! CLI's `graph solve` and the page's worker use), the engine's presets and board layout, and
//! `sprague.graph.GraphBase`, what a solver has learned, verified when read from outside.
//!
//! Graphs cross from Python as a vertex count and a list of `(u, v)` pairs of vertex numbers;
//! `python/sprague/graph.py` maps any hashable labels to numbers and back.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::{PyKeyboardInterrupt, PyUserWarning};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use sprague_engine::draw::graph_layout::layout_for;
use sprague_engine::games::graph::{Graph, GraphPosition, PresetKind};
use sprague_engine::solve::graph::{GraphBudget, GraphSolver, MAX_BASE_BYTES};

use crate::{budget, interruptible, remoteness, size_arg, value_error};
use sprague_engine::solve::remoteness::{GraphMoveValue, RemotenessSearch, DEFAULT_MAX_NODES};

/// Solver steps between looks at the cancel flag (a few milliseconds of work).
const STEPS: u64 = 1 << 14;

/// A graph from a vertex count and edges, or ValueError with the engine's message.
fn graph_of(vertices: usize, edges: &[(usize, usize)]) -> PyResult<Graph> {
    Graph::new(vertices, edges).map_err(value_error)
}

fn graph_tuple(graph: &Graph) -> (usize, Vec<(usize, usize)>) {
    (graph.vertex_count(), graph.edges())
}

/// What a Node Kayles solver has learned (nimbers of components, misère outcomes of sums), kept
/// between solves. `GraphBase.load` and `GraphBase.from_bytes` confirm every entry from the rules,
/// as the CLI's `graph solve --base` does; a base with a wrong entry is refused.
///
/// >>> base = GraphBase()
/// >>> solve(preset("grid:3x3"), base=base).nimber
/// 1
/// >>> len(base) > 0
/// True
#[pyclass(name = "GraphBase", module = "sprague.graph", frozen)]
pub(crate) struct PyGraphBase {
    solver: Mutex<GraphSolver>,
}

impl PyGraphBase {
    fn with(solver: GraphSolver) -> PyGraphBase {
        PyGraphBase {
            solver: Mutex::new(solver),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GraphSolver> {
        self.solver.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Reads a base's bytes into a fresh solver of `megabytes`, confirming each entry from the rules.
/// A wrong entry refuses the whole base (ValueError); entries whose children are missing are left
/// out with a UserWarning.
fn confirmed(
    py: Python<'_>,
    bytes: &[u8],
    source: &str,
    megabytes: usize,
) -> PyResult<PyGraphBase> {
    if bytes.len() > MAX_BASE_BYTES {
        return Err(value_error(format!(
            "{source} is larger than {} MB, the most a graph base may be",
            MAX_BASE_BYTES >> 20
        )));
    }
    let mut solver = GraphSolver::new(GraphBudget::megabytes(megabytes));
    let report = py
        .detach(|| solver.load_bytes(bytes))
        .map_err(|e| value_error(format!("{source}: {e}")))?;
    if report.wrong > 0 {
        return Err(value_error(format!(
            "{source}: {} entries contradict the rules, e.g. {}; nothing was loaded",
            report.wrong,
            report.wrong_examples.join("; ")
        )));
    }
    if report.unconfirmed > 0 {
        let message = format!(
            "{source}: {} entries left out (their children are not in the base)",
            report.unconfirmed
        );
        let message = std::ffi::CString::new(message.replace('\0', " ")).expect("no NUL");
        PyErr::warn(py, py.get_type::<PyUserWarning>().as_any(), &message, 2)?;
    }
    Ok(PyGraphBase::with(solver))
}

#[pymethods]
impl PyGraphBase {
    /// An empty base whose tables may take at most `max_memory` MB.
    ///
    /// >>> len(GraphBase(max_memory=64))
    /// 0
    #[new]
    #[pyo3(signature = (max_memory = 2048))]
    fn new(max_memory: usize) -> PyGraphBase {
        PyGraphBase::with(GraphSolver::new(GraphBudget::megabytes(max_memory)))
    }

    /// Reads a graph base file (as `sprague graph solve --save` writes it) and confirms every
    /// entry from the rules: ValueError if any is wrong, a UserWarning for entries left out
    /// (their children are missing).
    ///
    /// >>> import os, tempfile
    /// >>> base = GraphBase(); _ = solve(preset("cycle:7"), base=base)
    /// >>> path = os.path.join(tempfile.mkdtemp(), "cycle.kayles")
    /// >>> base.save(path)
    /// >>> len(GraphBase.load(path)) == len(base)
    /// True
    #[staticmethod]
    #[pyo3(signature = (path, max_memory = 2048))]
    fn load(py: Python<'_>, path: std::path::PathBuf, max_memory: usize) -> PyResult<PyGraphBase> {
        use std::io::Read;
        let source = path.display().to_string();
        let file = std::fs::File::open(&path)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{source}: {e}")))?;
        let mut bytes = Vec::new();
        file.take(MAX_BASE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{source}: {e}")))?;
        confirmed(py, &bytes, &source, max_memory)
    }

    /// A base from bytes, confirmed as `load` confirms a file.
    ///
    /// >>> GraphBase.from_bytes(b"not a base")  # doctest: +ELLIPSIS
    /// Traceback (most recent call last):
    /// ...
    /// ValueError: the bytes: ...
    #[staticmethod]
    #[pyo3(signature = (data, max_memory = 2048))]
    fn from_bytes(py: Python<'_>, data: &[u8], max_memory: usize) -> PyResult<PyGraphBase> {
        confirmed(py, data, "the bytes", max_memory)
    }

    /// Writes the base (the format the CLI's `graph solve --save` writes and `--base` reads).
    ///
    /// >>> import os, tempfile
    /// >>> path = os.path.join(tempfile.mkdtemp(), "empty.kayles")
    /// >>> GraphBase().save(path); os.path.getsize(path) > 0
    /// True
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        let bytes = py.detach(|| self.lock().to_bytes());
        std::fs::write(&path, bytes)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// The base's bytes.
    ///
    /// >>> base = GraphBase(); _ = solve("4:0-1,1-2,2-3", base=base)
    /// >>> len(GraphBase.from_bytes(base.to_bytes())) == len(base)
    /// True
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let bytes = py.detach(|| self.lock().to_bytes());
        PyBytes::new(py, &bytes)
    }

    /// Positions learned (component nimbers and misère outcomes).
    ///
    /// >>> base = GraphBase(); _ = solve(preset("petersen"), misere=True, base=base)
    /// >>> len(base) > 0
    /// True
    fn __len__(&self, py: Python<'_>) -> usize {
        py.detach(|| self.lock().positions())
    }
}

/// Solves the position of `graph` after `moves` (vertices marked in order): the engine's answer as
/// a dict, vertices as numbers.
#[pyfunction]
#[pyo3(signature = (vertices, edges, misere, moves, base, max_memory, max_seconds = None, max_nodes = None, remoteness_budget = None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, as `sprague.graph.solve` takes them
fn graph_solve<'py>(
    py: Python<'py>,
    vertices: &Bound<'py, PyAny>,
    edges: Vec<(usize, usize)>,
    misere: bool,
    moves: Vec<usize>,
    base: Option<Py<PyGraphBase>>,
    max_memory: &Bound<'py, PyAny>,
    max_seconds: Option<f64>,
    max_nodes: Option<u64>,
    remoteness_budget: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let graph = graph_of(size_arg(vertices, "vertices")?, &edges)?;
    let megabytes = size_arg(max_memory, "max_memory")?;
    // The tables' own budget is `max_memory`; the process's memory is watched as for every call.
    let budget = budget(max_seconds, None, max_nodes)?;
    let position = GraphPosition::after_moves(graph, &moves).map_err(value_error)?;
    let cancel = AtomicBool::new(false);
    let steps = AtomicU64::new(0);
    let nodes = || steps.load(Ordering::Relaxed);
    let run = |solver: &mut GraphSolver| {
        let go_on = || {
            steps.fetch_add(STEPS, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        };
        let result = solver.analyze_while(&position, misere, STEPS, go_on);
        (result, solver.positions())
    };
    let (result, positions) = interruptible(
        py,
        (&budget, &nodes),
        || cancel.store(true, Ordering::Relaxed),
        || match &base {
            Some(base) => run(&mut base.get().lock()),
            None => run(&mut GraphSolver::new(GraphBudget::megabytes(megabytes))),
        },
    )?;
    let analysis = result
        .map_err(value_error)?
        .ok_or_else(|| PyKeyboardInterrupt::new_err("cancelled"))?;
    let dict = PyDict::new(py);
    dict.set_item("graph", position.graph().to_string())?;
    dict.set_item("moves", moves)?;
    dict.set_item("remaining", position.remaining().iter().collect::<Vec<_>>())?;
    dict.set_item("play", if misere { "misere" } else { "normal" })?;
    dict.set_item("outcome", crate::outcome_letter(analysis.outcome))?;
    dict.set_item("nimber", analysis.nimber)?;
    let components = PyList::empty(py);
    for component in &analysis.components {
        let entry = PyDict::new(py);
        entry.set_item("vertices", &component.vertices)?;
        entry.set_item("nimber", component.nimber)?;
        components.append(entry)?;
    }
    dict.set_item("components", components)?;
    dict.set_item("winning_moves", &analysis.winning_moves)?;
    dict.set_item("positions", positions)?;
    let report = remoteness::find(py, &budget, |go_on| {
        RemotenessSearch::graphs(misere).report(
            &position,
            remoteness_budget.unwrap_or(DEFAULT_MAX_NODES),
            go_on,
        )
    })?;
    remoteness::add(py, &dict, &report, |m: &GraphMoveValue| {
        let item = PyDict::new(py);
        item.set_item("vertex", m.vertex)?;
        Ok((item, m.value()))
    })?;
    Ok(dict)
}

/// A preset graph by name (`path:7`, `grid:3x4`, `petersen`, …) as `(vertices, edges)`.
#[pyfunction]
fn graph_preset(name: &str) -> PyResult<(usize, Vec<(usize, usize)>)> {
    Ok(graph_tuple(&Graph::preset(name).map_err(value_error)?))
}

/// A graph in the page's text form (`"4:0-1,1-2,2-3"`) as `(vertices, edges)`.
#[pyfunction]
fn graph_parse(text: &str) -> PyResult<(usize, Vec<(usize, usize)>)> {
    Ok(graph_tuple(&text.parse::<Graph>().map_err(value_error)?))
}

/// The page's text form of a graph.
#[pyfunction]
fn graph_text(vertices: usize, edges: Vec<(usize, usize)>) -> PyResult<String> {
    Ok(graph_of(vertices, &edges)?.to_string())
}

/// Where each vertex sits on the page's board (a square of `graph_board_size()` units): the
/// preset's shape when `preset` names one, else the engine's spring layout.
#[pyfunction]
#[pyo3(signature = (vertices, edges, preset = None))]
fn graph_layout(
    vertices: usize,
    edges: Vec<(usize, usize)>,
    preset: Option<&str>,
) -> PyResult<Vec<(f64, f64)>> {
    Ok(layout_for(&graph_of(vertices, &edges)?, preset))
}

/// The presets the engine reads, each kind as its help text writes it (`path:N`, `grid:RxC`, …).
#[pyfunction]
fn graph_presets() -> Vec<String> {
    PresetKind::ALL
        .iter()
        .map(|kind| kind.shape().to_string())
        .collect()
}

/// The side of the square board that `graph_layout` places vertices on.
#[pyfunction]
fn graph_board_size() -> f64 {
    sprague_engine::draw::graph_layout::SIZE
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(graph_solve, m)?)?;
    m.add_function(wrap_pyfunction!(graph_preset, m)?)?;
    m.add_function(wrap_pyfunction!(graph_parse, m)?)?;
    m.add_function(wrap_pyfunction!(graph_text, m)?)?;
    m.add_function(wrap_pyfunction!(graph_layout, m)?)?;
    m.add_function(wrap_pyfunction!(graph_presets, m)?)?;
    m.add_function(wrap_pyfunction!(graph_board_size, m)?)?;
    m.add_class::<PyGraphBase>()?;
    Ok(())
}
