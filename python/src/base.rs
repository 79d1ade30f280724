//! `sprague.Base`: a Sprouts base (normal-play nimbers and misère outcomes of canonical positions)
//! that solves read from and add to. Every base a Python program holds is verified: one read from a
//! file or bytes goes through the engine's complete check first (the CLI's `load_base` policy), and
//! the solver only adds what it proved, so no answer rests on an unchecked claim.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

use pyo3::exceptions::{PyKeyboardInterrupt, PyUserWarning};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use sprague_engine::solve::sprouts::{
    verify_base_under, Base, Cancelled, CheckOptions, CheckReport, Control, DEFAULT_NODES_PER_ENTRY,
};

use crate::sprouts::parse;
use crate::{interruptible, value_error};

/// A Sprouts base: what solves learned (normal-play nimbers and misère outcomes, keyed by canonical
/// position). Pass it to `sprague.sprouts.solve(..., base=...)` to start from what it knows and add
/// what the solve proves. `Base.load` and `Base.from_bytes` verify every entry first.
///
/// >>> base = Base()
/// >>> sprouts.solve("0*5", nimber=True, base=base)["nimber"]
/// 1
/// >>> base.nimber("0*5")
/// 1
#[pyclass(name = "Base", module = "sprague", frozen)]
pub(crate) struct PyBase {
    inner: Mutex<Base>,
}

impl PyBase {
    pub(crate) fn with(base: Base) -> PyBase {
        PyBase {
            inner: Mutex::new(base),
        }
    }

    /// The base, for a worker thread (no GIL held): waits while another call uses it.
    pub(crate) fn lock_blocking(&self) -> MutexGuard<'_, Base> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The base of `py_base`, from a thread that holds the GIL: if a solve (on its worker thread) holds
/// it, waits for it without the GIL.
pub(crate) fn lock_base<'a>(py: Python<'_>, py_base: &'a PyBase) -> MutexGuard<'a, Base> {
    loop {
        match py_base.inner.try_lock() {
            Ok(guard) => return guard,
            Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                let mutex = &py_base.inner;
                py.detach(|| drop(mutex.lock()));
            }
        }
    }
}

/// The engine's complete check of `claimed` (its policy, `verify_base_under`: a right base is proven
/// right on every core at once, any other is checked step by step), cancelled by Ctrl-C.
/// The bounds of a check, as keywords: `max_seconds`, `max_memory` (MB), `max_nodes` (over every
/// entry the check computes).
type CheckBounds = (Option<f64>, Option<u64>, Option<u64>);

fn run_check(
    py: Python<'_>,
    claimed: &Base,
    nodes_per_entry: u64,
    (max_seconds, max_memory, max_nodes): CheckBounds,
) -> PyResult<(CheckReport, Base)> {
    let control = Control::new();
    let options = CheckOptions {
        nodes_per_entry,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let budget = crate::budget(max_seconds, max_memory, max_nodes)?;
    interruptible(
        py,
        (&budget, &|| control.nodes()),
        || control.cancel(),
        || verify_base_under(claimed, options, &control),
    )?
    .map_err(|Cancelled| PyKeyboardInterrupt::new_err("the check was cancelled"))
}

/// The CLI's `load_base` policy: a base with a wrong entry is refused (ValueError); entries that
/// could not be verified are left out, with a warning.
pub(crate) fn verified(
    py: Python<'_>,
    claimed: Base,
    source: &str,
    budget: Option<u64>,
    bounds: CheckBounds,
) -> PyResult<PyBase> {
    let nodes_per_entry = budget.unwrap_or(DEFAULT_NODES_PER_ENTRY);
    let (report, verified) = run_check(py, &claimed, nodes_per_entry, bounds)?;
    if let Some(why) = report.refusal() {
        return Err(value_error(format!("{source}: {why}")));
    }
    if let Some(what) = report.left_out() {
        let message = format!("{source}: {what}");
        let message =
            std::ffi::CString::new(message.replace('\0', " ")).expect("NUL bytes were replaced");
        PyErr::warn(py, py.get_type::<PyUserWarning>().as_any(), &message, 2)?;
    }
    Ok(PyBase::with(verified))
}

fn report_dict<'py>(py: Python<'py>, report: &CheckReport) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("verified", report.verified)?;
    dict.set_item("computed", report.computed)?;
    dict.set_item("wrong", PyList::new(py, &report.wrong)?)?;
    dict.set_item("unverifiable", PyList::new(py, &report.unverifiable)?)?;
    dict.set_item("all_verified", report.all_verified())?;
    Ok(dict)
}

/// Whether a file name asks for GLOP text (`.spr`, `.txt`), as the CLI decides.
fn is_text(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "spr" || e == "txt")
}

#[pymethods]
impl PyBase {
    /// An empty base.
    ///
    /// >>> len(Base())
    /// 0
    #[new]
    fn new() -> PyBase {
        PyBase::with(Base::new())
    }

    /// Reads a base file (Sprague's binary base or GLOP text, recognised from the content) and
    /// verifies every entry with the engine's complete check, spending at most `budget` solver
    /// nodes on an entry the others cannot re-derive. A file with a wrong entry is refused
    /// (ValueError); entries that could not be verified are left out with a UserWarning. The base
    /// returned holds the verified entries and what the check's solver proved on the way.
    ///
    /// >>> import os, tempfile
    /// >>> base = Base(); _ = sprouts.solve("0*4", base=base)
    /// >>> path = os.path.join(tempfile.mkdtemp(), "four.spr")
    /// >>> base.save(path)
    /// >>> Base.load(path) == base
    /// True
    #[staticmethod]
    #[pyo3(signature = (path, budget = None, max_seconds = None, max_memory = None, max_nodes = None))]
    fn load(
        py: Python<'_>,
        path: PathBuf,
        budget: Option<u64>,
        max_seconds: Option<f64>,
        max_memory: Option<u64>,
        max_nodes: Option<u64>,
    ) -> PyResult<PyBase> {
        let file = File::open(&path)?;
        let shown = path.display().to_string();
        let claimed = py
            .detach(|| Base::read_from(BufReader::new(file)))
            .map_err(|e| value_error(format!("{shown}: {e}")))?;
        verified(
            py,
            claimed,
            &shown,
            budget,
            (max_seconds, max_memory, max_nodes),
        )
    }

    /// A base from bytes in either format (what `to_bytes` or `to_glop_text` wrote), verified as
    /// `load` verifies a file.
    ///
    /// >>> Base.from_bytes(b"[Positions+Nimber]\n0*3 1\n").nimber("0*3")
    /// 1
    /// >>> Base.from_bytes(b"[Positions+Nimber]\n0*3 0\n")  # doctest: +ELLIPSIS
    /// Traceback (most recent call last):
    /// ...
    /// ValueError: base bytes: ...
    #[staticmethod]
    #[pyo3(signature = (data, budget = None, max_seconds = None, max_memory = None, max_nodes = None))]
    fn from_bytes(
        py: Python<'_>,
        data: Vec<u8>,
        budget: Option<u64>,
        max_seconds: Option<f64>,
        max_memory: Option<u64>,
        max_nodes: Option<u64>,
    ) -> PyResult<PyBase> {
        let claimed = py
            .detach(|| Base::read(&data))
            .map_err(|e| value_error(format!("base bytes: {e}")))?;
        verified(
            py,
            claimed,
            "base bytes",
            budget,
            (max_seconds, max_memory, max_nodes),
        )
    }

    /// Writes the base: GLOP text if the name ends in `.spr` or `.txt`, else Sprague's binary base.
    ///
    /// >>> import os, tempfile
    /// >>> path = os.path.join(tempfile.mkdtemp(), "empty.bin")
    /// >>> Base().save(path); os.path.getsize(path) > 0
    /// True
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let bytes = {
            let base = lock_base(py, self);
            match is_text(&path) {
                true => base.to_glop_text().into_bytes(),
                false => base.to_bytes(),
            }
        };
        py.detach(|| std::fs::write(&path, bytes))?;
        Ok(())
    }

    /// Sprague's binary base.
    ///
    /// >>> base = Base(); _ = sprouts.solve("0*3", base=base)
    /// >>> Base.from_bytes(base.to_bytes()) == base
    /// True
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let bytes = lock_base(py, self).to_bytes();
        PyBytes::new(py, &bytes)
    }

    /// GLOP's text format (`[Positions+Nimber]`, then misère outcomes in a section of their own).
    ///
    /// >>> Base().to_glop_text().splitlines()[0]
    /// '[Positions+Nimber]'
    fn to_glop_text(&self, py: Python<'_>) -> String {
        lock_base(py, self).to_glop_text()
    }

    /// Adds the entries of `other`. Where both bases know a position and disagree, this base's value
    /// is kept and the conflict is returned: a list of dicts `{position, kept, other}`.
    ///
    /// >>> a, b = Base(), Base()
    /// >>> _ = sprouts.solve("0*3", base=b)
    /// >>> a.merge(b), a == b
    /// ([], True)
    fn merge<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyBase>,
    ) -> PyResult<Bound<'py, PyList>> {
        let other = other.get();
        if std::ptr::eq(self, other) {
            return PyList::new(py, Vec::<Bound<'py, PyDict>>::new());
        }
        let theirs = lock_base(py, other).clone();
        let conflicts = lock_base(py, self).merge(&theirs);
        let dicts = conflicts
            .iter()
            .map(|c| {
                let dict = PyDict::new(py);
                dict.set_item("position", &c.position)?;
                dict.set_item("kept", &c.kept)?;
                dict.set_item("other", &c.other)?;
                Ok(dict)
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, dicts)
    }

    /// The engine's complete check of every entry (`sprague sprouts check`): a dict with `verified`,
    /// `computed` (verified by the solver), `wrong` and `unverifiable` (lists of entries) and
    /// `all_verified`. The base itself is not changed.
    ///
    /// >>> base = Base(); _ = sprouts.solve("0*4", base=base)
    /// >>> base.check()["all_verified"]
    /// True
    #[pyo3(signature = (budget = None, max_seconds = None, max_memory = None, max_nodes = None))]
    fn check<'py>(
        &self,
        py: Python<'py>,
        budget: Option<u64>,
        max_seconds: Option<f64>,
        max_memory: Option<u64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let claimed = lock_base(py, self).clone();
        let nodes_per_entry = budget.unwrap_or(DEFAULT_NODES_PER_ENTRY);
        let bounds = (max_seconds, max_memory, max_nodes);
        let (report, _) = run_check(py, &claimed, nodes_per_entry, bounds)?;
        report_dict(py, &report)
    }

    /// The stored normal-play nimber of a position (as a whole, or the XOR of its lands'), if known.
    ///
    /// >>> base = Base(); _ = sprouts.solve("0*3", nimber=True, base=base)
    /// >>> base.nimber("0*3"), base.nimber("0*9")
    /// (1, None)
    fn nimber(&self, py: Python<'_>, position: &str) -> PyResult<Option<u32>> {
        let position = parse(position)?;
        Ok(lock_base(py, self).nimber(&position))
    }

    /// The stored misère outcome of a position: "P" (lost for the player to move), "N", or None.
    ///
    /// >>> base = Base(); _ = sprouts.solve("0*2", misere=True, base=base)
    /// >>> base.misere_outcome("0*2")
    /// 'P'
    fn misere_outcome(&self, py: Python<'_>, position: &str) -> PyResult<Option<&'static str>> {
        let position = parse(position)?;
        Ok(lock_base(py, self)
            .misere_losing(&position)
            .map(|losing| if losing { "P" } else { "N" }))
    }

    /// Number of positions with a stored nimber.
    #[getter]
    fn nimber_count(&self, py: Python<'_>) -> usize {
        lock_base(py, self).normal_len()
    }

    /// Number of positions with a stored misère outcome.
    #[getter]
    fn misere_count(&self, py: Python<'_>) -> usize {
        lock_base(py, self).misere_len()
    }

    /// Entries in all: nimbers plus misère outcomes.
    ///
    /// >>> base = Base(); _ = sprouts.solve("0*3", nimber=True, base=base)
    /// >>> len(base) == base.nimber_count + base.misere_count > 0
    /// True
    fn __len__(&self, py: Python<'_>) -> usize {
        let base = lock_base(py, self);
        base.normal_len() + base.misere_len()
    }

    /// Bases are equal when they hold the same entries.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<PyBase>() else {
            return false;
        };
        let other = other.get();
        if std::ptr::eq(self, other) {
            return true;
        }
        let theirs = lock_base(py, other).clone();
        *lock_base(py, self) == theirs
    }

    /// `<sprague.Base: N nimbers, M misère outcomes>`.
    fn __repr__(&self, py: Python<'_>) -> String {
        let base = lock_base(py, self);
        format!(
            "<sprague.Base: {} nimbers, {} misère outcomes>",
            base.normal_len(),
            base.misere_len()
        )
    }
}
