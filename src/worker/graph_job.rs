//! Node Kayles questions in the worker: the engine's [`GraphQuery`] run in slices, with one solver kept
//! between questions so that every component learned is reused (within its memory budget), and stored in
//! IndexedDB as the "graph" base. A stored base is believed only as far as the rules confirm it when read
//! back (`GraphSolver::load_bytes`), so a damaged record costs time, never a wrong answer.

use super::base_saving;
use super::protocol::{GraphAnswer, RequestId, Response};
use super::remoteness_job;
use super::slices::Sliced;
use crate::store::{BaseKind, Store, StoredBase};
use sprague_engine::games::graph::{Graph, GraphPosition};
use sprague_engine::solve::graph::{GraphQuery, GraphSolver};
use std::cell::{Cell, RefCell};

/// Moves of search per step: each is one canonical labelling, tens of microseconds.
const STEP_MOVES: u64 = 256;
/// The stored base's name.
pub const BASE_NAME: &str = "graph";
/// The largest base written to IndexedDB after a question (past it the worker keeps what it learned in
/// memory only; writing hundreds of megabytes after every hint would stall it).
const MAX_STORED_BYTES: usize = 16 << 20;

thread_local! {
    /// The worker's solver while no question holds it; `None` until the first question loads it.
    static SOLVER: RefCell<Option<GraphSolver>> = const { RefCell::new(None) };
    /// Positions in the stored base, so that it is written only when it grew.
    static STORED: Cell<usize> = const { Cell::new(0) };
}

/// The worker's solver, from memory or else from the stored base (what the rules confirm of it).
pub async fn take_solver() -> GraphSolver {
    if let Some(solver) = SOLVER.with(|solver| solver.borrow_mut().take()) {
        return solver;
    }
    let mut solver = GraphSolver::default();
    let stored = match Store::open().await {
        Ok(store) => store.get_base(BASE_NAME).await.ok().flatten(),
        Err(_) => None,
    };
    if let Some(record) = &stored {
        base_saving::note_seen(record);
    }
    if let Some(base) = stored.filter(|base| base.kind == BaseKind::GraphBase) {
        // A base that cannot be read at all is relearned; wrong entries are left out by the check.
        let _ = solver.load_bytes(&base.data);
    }
    STORED.with(|stored| stored.set(solver.positions()));
    solver
}

pub fn give_back(solver: GraphSolver) {
    SOLVER.with(|slot| *slot.borrow_mut() = Some(solver));
}

/// Forgets what the worker learned (the stored base was cleared).
pub fn forget() {
    SOLVER.with(|slot| *slot.borrow_mut() = None);
    STORED.with(|stored| stored.set(0));
}

/// Writes the solver's tables to IndexedDB if they grew (and are not too large to store), first
/// taking in what another tab stored meanwhile (each of its entries confirmed from the rules).
pub async fn save(solver: &mut GraphSolver) -> Result<(), String> {
    if solver.positions() <= STORED.with(Cell::get) {
        return Ok(());
    }
    let store = Store::open().await.map_err(|e| e.to_string())?;
    let written = store
        .merge_base(BASE_NAME, |stored| {
            if let Some(stored) = stored.filter(base_saving::written_elsewhere) {
                let _ = solver.load_bytes(&stored.data);
            }
            let data = solver.to_bytes();
            (data.len() <= MAX_STORED_BYTES).then(|| StoredBase {
                name: BASE_NAME.into(),
                game: "graph".into(),
                kind: BaseKind::GraphBase,
                entries: solver.positions() as u64,
                data,
                digest: None,
            })
        })
        .await
        .map_err(|e| e.to_string())?;
    if let Some(written) = written {
        base_saving::note_seen(&written);
        STORED.with(|stored| stored.set(solver.positions()));
    }
    Ok(())
}

pub struct GraphJob {
    query: Option<GraphQuery>,
    position: GraphPosition,
    misere: bool,
}

impl GraphJob {
    /// Reads the graph and replays the moves; a message says what is wrong with them.
    pub async fn start(graph: &str, moves: &[usize], misere: bool) -> Result<GraphJob, String> {
        let graph: Graph = graph
            .parse()
            .map_err(|error| format!("the graph is not valid: {error}"))?;
        let position = GraphPosition::after_moves(graph, moves)
            .map_err(|error| format!("the moves are not valid: {error}"))?;
        Ok(GraphJob {
            query: Some(GraphQuery::new(
                take_solver().await,
                position.clone(),
                misere,
            )),
            position,
            misere,
        })
    }

    /// The answer, with every move's value; what was learned is stored and the solver goes back to
    /// the worker.
    pub async fn finish(mut self) -> Option<GraphAnswer> {
        let query = self.query.take()?;
        let answer = query.analysis().cloned().map(|analysis| GraphAnswer {
            analysis,
            values: remoteness_job::graph_values(&self.position, self.misere),
        });
        let mut solver = query.into_solver();
        // A failed write loses only what this question learned; the answer stands.
        if let Err(error) = save(&mut solver).await {
            base_saving::not_saved(error);
        }
        give_back(solver);
        answer
    }
}

impl Sliced for GraphJob {
    fn is_done(&self) -> bool {
        self.query
            .as_ref()
            .is_none_or(|query| query.analysis().is_some())
    }

    fn step(&mut self) -> Result<(), String> {
        match &mut self.query {
            Some(query) => query
                .step(STEP_MOVES)
                .map(|_| ())
                .map_err(|error| error.to_string()),
            None => Ok(()),
        }
    }

    fn progress(&self, id: RequestId) -> Response {
        let progress = self.query.as_ref().map(|query| query.progress());
        Response::Progress {
            id,
            done: progress.map_or(0, |p| p.moves_checked as u64),
            total: progress.map_or(0, |p| p.moves as u64),
        }
    }

    async fn stop(mut self) {
        if let Some(query) = self.query.take() {
            give_back(query.into_solver());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    async fn bad_requests_get_a_message_and_the_solver_answers_the_next() {
        for (graph, moves, message) in [
            ("3:0-0", &[][..], "itself"),
            ("99:", &[][..], "at most 64"),
            ("4:0-1", &[9][..], "vertex 9 is not in the graph"),
            ("4:0-1", &[0, 1][..], "already removed"),
        ] {
            let error = GraphJob::start(graph, moves, false).await.err().unwrap();
            assert!(error.contains(message), "{error}");
        }
        // A 4-cycle: every move leaves one vertex, so it is lost in normal play (checked by hand: *1 is
        // the only option, mex{1} = 0) and won in misère play by any move.
        for (misere, winning) in [(false, vec![]), (true, vec![0, 1, 2, 3])] {
            let mut job = GraphJob::start("4:0-1,1-2,2-3,0-3", &[], misere)
                .await
                .unwrap();
            while !job.is_done() {
                job.step().unwrap();
            }
            let answer = job.finish().await.unwrap();
            assert_eq!(answer.analysis.winning_moves, winning);
            // Every move leaves a path of one vertex: one move more in either play.
            let values = answer.values.move_values.unwrap();
            assert_eq!(values.len(), 4);
            assert!(values.iter().all(|m| m.remoteness == 1));
        }
    }
}
