//! Node Kayles questions in the worker: the engine's [`GraphQuery`] run in slices, with one solver kept
//! between questions so that every component learned is reused (within its memory budget).

use super::protocol::{RequestId, Response};
use super::slices::Sliced;
use sprague_engine::games::graph::{Graph, GraphPosition};
use sprague_engine::solve::graph::{GraphAnalysis, GraphQuery, GraphSolver};
use std::cell::RefCell;

/// Moves of search per step: each is one canonical labelling, tens of microseconds.
const STEP_MOVES: u64 = 256;

thread_local! {
    /// The worker's solver while no question holds it.
    static SOLVER: RefCell<Option<GraphSolver>> = const { RefCell::new(None) };
}

fn take_solver() -> GraphSolver {
    SOLVER
        .with(|solver| solver.borrow_mut().take())
        .unwrap_or_default()
}

fn give_back(solver: GraphSolver) {
    SOLVER.with(|slot| *slot.borrow_mut() = Some(solver));
}

pub struct GraphJob {
    query: Option<GraphQuery>,
}

impl GraphJob {
    /// Reads the graph and replays the moves; a message says what is wrong with them.
    pub fn start(graph: &str, moves: &[usize], misere: bool) -> Result<GraphJob, String> {
        let graph: Graph = graph
            .parse()
            .map_err(|error| format!("the graph is not valid: {error}"))?;
        let position = GraphPosition::after_moves(graph, moves)
            .map_err(|error| format!("the moves are not valid: {error}"))?;
        Ok(GraphJob {
            query: Some(GraphQuery::new(take_solver(), position, misere)),
        })
    }

    /// The answer (the solver goes back to the worker).
    pub fn finish(mut self) -> Option<GraphAnalysis> {
        let query = self.query.take()?;
        let answer = query.analysis().cloned();
        give_back(query.into_solver());
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
    fn bad_requests_get_a_message_and_the_solver_answers_the_next() {
        let error =
            |graph: &str, moves: &[usize]| GraphJob::start(graph, moves, false).err().unwrap();
        assert!(error("3:0-0", &[]).contains("itself"));
        assert!(error("99:", &[]).contains("at most 64"));
        assert!(error("4:0-1", &[9]).contains("vertex 9 is not in the graph"));
        assert!(error("4:0-1", &[0, 1]).contains("already removed"));
        // A 4-cycle: every move leaves one vertex, so it is lost in normal play (checked by hand: *1 is
        // the only option, mex{1} = 0) and won in misère play by any move.
        for (misere, winning) in [(false, vec![]), (true, vec![0, 1, 2, 3])] {
            let mut job = GraphJob::start("4:0-1,1-2,2-3,0-3", &[], misere).unwrap();
            while !job.is_done() {
                job.step().unwrap();
            }
            let answer = job.finish().unwrap();
            assert_eq!(answer.winning_moves, winning);
        }
    }
}
