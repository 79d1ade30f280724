//! Remoteness and every move's value in Python's answers: the engine's report as dict entries, found
//! under the call's bounds and Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sprague_engine::solve::bounds::Budget;
use sprague_engine::solve::remoteness::{RemotenessReport, Value};

use crate::{interruptible, no_nodes};

/// `report(go_on)` on a thread of its own, stopped by Ctrl-C or the call's bounds.
pub(crate) fn find<M: Send>(
    py: Python<'_>,
    budget: &Budget,
    report: impl FnOnce(&dyn Fn() -> bool) -> RemotenessReport<M> + Send,
) -> PyResult<RemotenessReport<M>> {
    let cancel = AtomicBool::new(false);
    interruptible(
        py,
        (budget, &no_nodes),
        || cancel.store(true, Ordering::Relaxed),
        || report(&|| !cancel.load(Ordering::Relaxed)),
    )
}

/// Sets `remoteness`, `move_values` (each move as `entry` makes it, with its `outcome` and
/// `remoteness` added) and `remoteness_note` in `dict`.
pub(crate) fn add<'py, M>(
    py: Python<'py>,
    dict: &Bound<'py, PyDict>,
    report: &RemotenessReport<M>,
    entry: impl Fn(&M) -> PyResult<(Bound<'py, PyDict>, Value)>,
) -> PyResult<()> {
    dict.set_item("remoteness", report.remoteness)?;
    match &report.move_values {
        Some(moves) => {
            let list = PyList::empty(py);
            for m in moves {
                let (item, value) = entry(m)?;
                item.set_item("outcome", crate::outcome_letter(value.outcome))?;
                item.set_item("remoteness", value.remoteness)?;
                list.append(item)?;
            }
            dict.set_item("move_values", list)?;
        }
        None => dict.set_item("move_values", py.None())?,
    }
    dict.set_item("remoteness_note", &report.remoteness_note)
}
