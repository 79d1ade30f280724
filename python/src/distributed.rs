//! The engine's distributed executor for Python: the proof-number master
//! ([`ProofNumberMaster`]) and an actor's job runner ([`JobRunner`]). Messages between them are
//! bytes, so any transport carries them; `sprague.distributed` drives them on Ray.

use std::sync::{mpsc, Arc, Mutex, MutexGuard, PoisonError};
use std::thread;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use sprague_engine::solve::bounds::{Budget, Limits, Passed};
use sprague_engine::solve::sprouts::{
    Base, Batch, Control, Job, JobReport, JobRunner, MasterOptions, Method, ProofNumberMaster,
    Questions, RelayError, DEFAULT_FORM_LIVES, DEFAULT_JOB_NODES,
};

use crate::base::{lock_base, PyBase};
use crate::sprouts::parse;
use crate::{bound_exceeded, interruptible, value_error};

fn method(misere: bool) -> Method {
    match misere {
        true => Method::MisereForms(DEFAULT_FORM_LIVES),
        false => Method::Normal,
    }
}

/// The master of a distributed run (see `sprague.distributed`): hands out jobs, takes in reports,
/// relays what actors learn, checkpoints, and gives the answer once its proof is checked.
#[pyclass(name = "DistributedMaster", module = "sprague", frozen)]
pub(crate) struct PyMaster {
    inner: Mutex<ProofNumberMaster>,
    /// The base the answer's check passed, kept so that `verified_base` need not check it again.
    checked: Mutex<Option<Base>>,
}

impl PyMaster {
    fn get(&self) -> MutexGuard<'_, ProofNumberMaster> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl PyMaster {
    /// A run on `position`; `checkpoint` (bytes of `checkpoint()`) resumes one, after checking it
    /// is of this very question.
    #[new]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    #[pyo3(signature = (position, misere, nimber, moves, base = None, job_nodes = DEFAULT_JOB_NODES, checkpoint = None))]
    fn new(
        py: Python<'_>,
        position: &str,
        misere: bool,
        nimber: bool,
        moves: bool,
        base: Option<&PyBase>,
        job_nodes: u64,
        checkpoint: Option<&[u8]>,
    ) -> PyResult<PyMaster> {
        if job_nodes == 0 {
            return Err(value_error("job_nodes must be at least 1"));
        }
        let position = parse(position)?;
        let questions = Questions {
            nimber,
            winning_moves: moves,
        };
        let start = base.map(|b| lock_base(py, b).clone()).unwrap_or_default();
        let master = py.detach(|| match checkpoint {
            Some(bytes) => {
                let mut master =
                    ProofNumberMaster::resume(bytes, &position, method(misere), questions)?;
                master.take_in_base(&start);
                Ok(master)
            }
            None => ProofNumberMaster::new(
                &position,
                method(misere),
                questions,
                start,
                MasterOptions { job_nodes },
            ),
        });
        let master = master.map_err(value_error)?;
        Ok(PyMaster {
            inner: Mutex::new(master),
            checked: Mutex::new(None),
        })
    }

    /// The next job for actor `actor` as `(id, bytes)`, or None when every leaf is out and none
    /// can be split, or the run is done.
    fn next_job<'py>(&self, py: Python<'py>, actor: usize) -> Option<(u64, Bound<'py, PyBytes>)> {
        let job = py.detach(|| self.get().next_job(actor))?;
        Some((job.id, PyBytes::new(py, &job.to_bytes())))
    }

    /// The batches of learned entries actor `actor` has not been sent yet.
    fn relay_for<'py>(&self, py: Python<'py>, actor: usize) -> Vec<Bound<'py, PyBytes>> {
        let batches = py.detach(|| self.get().relay_for(actor));
        batches
            .iter()
            .map(|b| PyBytes::new(py, &b.to_bytes()))
            .collect()
    }

    /// Takes in actor `actor`'s report (bytes of `DistributedWorker.run`). ValueError when it is
    /// damaged.
    fn report(&self, py: Python<'_>, actor: usize, report: &[u8]) -> PyResult<()> {
        py.detach(|| {
            let report = JobReport::from_bytes(report).map_err(|e| e.to_string())?;
            self.get().report(actor, &report).map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }

    /// The job of an actor that died: its leaf goes out again.
    fn release(&self, job: u64) {
        self.get().release(job);
    }

    /// Actor `actor` was replaced by a new one: it is sent everything again.
    fn forget_actor(&self, actor: usize) {
        self.get().forget_actor(actor);
    }

    fn is_done(&self) -> bool {
        self.get().is_done()
    }

    /// Jobs, nodes, the tree and the goals' proof and disproof numbers.
    fn progress<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let p = self.get().progress();
        let dict = PyDict::new(py);
        dict.set_item("jobs_done", p.jobs_done)?;
        dict.set_item("jobs_out", p.jobs_out)?;
        dict.set_item("nodes", p.nodes)?;
        dict.set_item("tree_nodes", p.tree_nodes)?;
        dict.set_item("expanded_while_out", p.expanded_while_out)?;
        dict.set_item("goals", p.goals)?;
        dict.set_item("goals_solved", p.goals_solved)?;
        dict.set_item("proof", p.proof)?;
        dict.set_item("disproof", p.disproof)?;
        dict.set_item("entries", p.entries)?;
        Ok(dict)
    }

    /// The run as bytes, for `DistributedMaster(..., checkpoint=...)`.
    fn checkpoint<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let bytes = py.detach(|| self.get().checkpoint());
        PyBytes::new(py, &bytes)
    }

    /// The answer, from checked entries only, on `threads` threads (None before the run is done):
    /// `outcome`, `winning_moves`, `nimber`, `checked_entries`, `refused`.
    fn answer<'py>(&self, py: Python<'py>, threads: usize) -> PyResult<Option<Bound<'py, PyDict>>> {
        let control = Control::new();
        let budget = Budget::new(Limits::default());
        let answer = interruptible(
            py,
            (&budget, &|| control.nodes()),
            || control.cancel(),
            || self.get().verified_answer(threads.max(1), &control),
        )?
        .map_err(|_| pyo3::exceptions::PyKeyboardInterrupt::new_err("cancelled"))?;
        let Some(answer) = answer else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        let a = &answer.answers;
        dict.set_item("outcome", if a.losing { "P" } else { "N" })?;
        dict.set_item(
            "winning_moves",
            a.winning_moves
                .as_ref()
                .map(|m| m.iter().map(|p| p.to_string()).collect::<Vec<_>>()),
        )?;
        dict.set_item("nimber", a.nimber)?;
        dict.set_item("checked_entries", answer.checked_entries)?;
        dict.set_item("refused", answer.refused.clone())?;
        *self.checked.lock().unwrap_or_else(PoisonError::into_inner) = Some(answer.base);
        Ok(Some(dict))
    }

    /// The master's base, every entry checked: the base `answer` checked, or else checked now (the
    /// policy of `Base.from_bytes`: on every core; a wrong entry raises ValueError, unverifiable
    /// ones are left out with a warning). For saving or handing back the base a run learned.
    fn verified_base(&self, py: Python<'_>) -> PyResult<PyBase> {
        let checked = self
            .checked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(base) = checked {
            return Ok(PyBase::with(base)); // checked in full by `answer`
        }
        let base = py.detach(|| self.get().base().clone());
        crate::base::verified(py, base, "the run's base", None, (None, None, None))
    }
}

/// A job as the worker's thread takes it: shared batches, the job, and its bounds.
type Task = (Vec<Vec<u8>>, Vec<u8>, Budget);
/// The report's bytes and the bound passed, if one was.
type Done = Result<(Vec<u8>, Option<Passed>), RelayError>;

/// One actor's side of a distributed run: a base and tables kept from job to job. The engine's
/// runner lives on a thread of its own (a paused search holds single-thread data), which takes the
/// jobs one at a time.
#[pyclass(name = "DistributedWorker", module = "sprague", frozen)]
pub(crate) struct PyWorker {
    tasks: Mutex<(mpsc::Sender<Task>, mpsc::Receiver<Done>)>,
    totals: Arc<Mutex<(u64, u64)>>,
}

#[pymethods]
impl PyWorker {
    #[new]
    fn new(misere: bool) -> PyWorker {
        let (task_tx, task_rx) = mpsc::channel::<Task>();
        let (done_tx, done_rx) = mpsc::channel::<Done>();
        let totals = Arc::new(Mutex::new((0, 0)));
        let shared_totals = totals.clone();
        thread::spawn(move || {
            let mut runner = JobRunner::new(method(misere));
            // Ends when the worker is dropped (its sender with it).
            for (shared, job, budget) in task_rx {
                let done = run_task(&mut runner, &shared, &job, &budget);
                *shared_totals.lock().unwrap_or_else(PoisonError::into_inner) = runner.totals();
                if done_tx.send(done).is_err() {
                    break;
                }
            }
        });
        PyWorker {
            tasks: Mutex::new((task_tx, done_rx)),
            totals,
        }
    }

    /// Takes in `shared` (batches relayed by the master), runs `job` (bytes of a job) and returns
    /// the report's bytes. The job stops unfinished when `max_seconds` or `max_memory` (MB,
    /// resident) is passed; the bound passed is then raised as `BoundExceeded` instead.
    #[pyo3(signature = (shared, job, max_seconds = None, max_memory = None))]
    fn run<'py>(
        &self,
        py: Python<'py>,
        shared: Vec<Vec<u8>>,
        job: Vec<u8>,
        max_seconds: Option<f64>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let budget = crate::budget(max_seconds, max_memory, None)?;
        let done = py.detach(|| {
            let tasks = self.tasks.lock().unwrap_or_else(PoisonError::into_inner);
            tasks.0.send((shared, job, budget)).ok()?;
            tasks.1.recv().ok()
        });
        let done = done.ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err("the worker's thread ended")
        })?;
        let (report, passed) = done.map_err(value_error)?;
        if let Some(passed) = passed {
            return Err(bound_exceeded(passed));
        }
        Ok(PyBytes::new(py, &report))
    }

    /// Jobs run and nodes searched by this actor.
    fn totals(&self) -> (u64, u64) {
        *self.totals.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn run_task(runner: &mut JobRunner, shared: &[Vec<u8>], job: &[u8], budget: &Budget) -> Done {
    for bytes in shared {
        runner.take_in(&Batch::from_bytes(bytes)?)?;
    }
    let job = Job::from_bytes(job)?;
    let mut passed = None;
    let report = runner.run(&job, &mut || {
        passed = budget.passed_after(0);
        passed.is_none()
    })?;
    Ok((report.to_bytes(), passed))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMaster>()?;
    m.add_class::<PyWorker>()?;
    Ok(())
}
