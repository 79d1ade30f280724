//! Analysis of a position of several heaps, after the heap job has made sure every heap's normal-play value
//! is known: the normal-play answer from the nim-sum, the misère one from the engine's misère solver (tame
//! rule or exact search, within a budget). Misère solvers are kept per game for the worker's lifetime.

use super::heap_job::HeapJob;
use super::protocol::{HeapMoveAnswer, PositionAnswer};
use super::remoteness_job;
use crate::play::setup::Rules;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{
    Budget, Method, MisereError, MisereSolver, QuotientLimits,
};
use sprague_engine::solve::heap::WinningMove;
use std::cell::RefCell;
use std::collections::HashMap;

/// Most heaps in one position (a row of 500 dots has at most 167 runs).
pub const MAX_HEAPS: usize = 200;

/// Misère work allowed for one request, in positions visited. About a few seconds in a browser; beyond it
/// the page is told the answer is out of reach (and the computer plays without it, saying so).
const MISERE_BUDGET: Budget = Budget {
    search: 2_000_000,
    genus: 200_000,
};

/// The quotient is not worth more than this much of the worker's time (it is built once per game).
const QUOTIENT_MS: f64 = 1_500.0;
const QUOTIENT_LIMITS: QuotientLimits = QuotientLimits {
    max_elements: 2_000,
    max_proof_pairs: 500_000,
};

thread_local! {
    static MISERE: RefCell<HashMap<String, MisereSolver>> = RefCell::new(HashMap::new());
}

/// Checks a position's size before any work.
pub fn check(heaps: &[u64]) -> Result<(), String> {
    if heaps.len() > MAX_HEAPS {
        return Err(format!(
            "a position of {} heaps is too large: at most {MAX_HEAPS}",
            heaps.len()
        ));
    }
    Ok(())
}

/// The answer for `heaps`, whose values `job` has computed.
pub fn answer(
    job: &HeapJob,
    heaps: &[u64],
    misere: bool,
    started_ms: f64,
) -> Result<PositionAnswer, String> {
    let sizes: Vec<usize> = heaps.iter().map(|&h| h as usize).collect();
    let normal = job.analyze(&sizes)?;
    let mut answer = PositionAnswer {
        code: job.game().to_string(),
        heaps: heaps.to_vec(),
        rules: Rules::from_misere(misere),
        outcome: normal.outcome,
        heap_values: normal.heap_values.iter().map(|&v| u32::from(v)).collect(),
        nimber: u32::from(normal.nimber),
        winning_moves: moves(&normal.winning_moves),
        genera: None,
        tame: None,
        method: "the nim-sum of the heaps' values (Sprague–Grundy)".into(),
        values: remoteness_job::heap_values(job.game(), &sizes, misere),
        elapsed_ms: 0.0,
    };
    if misere {
        let code = answer.code.clone();
        let analysis = MISERE.with(|solvers| {
            let mut solvers = solvers.borrow_mut();
            let solver = solvers
                .entry(code)
                .or_insert_with(|| solver_for(job.game()));
            solver.analyze(&sizes, &MISERE_BUDGET)
        });
        let analysis = analysis.map_err(|error| match error {
            MisereError::BudgetExhausted { budget, .. } => format!(
                "the misère outcome of this position needs more than {budget} positions of search, \
                 beyond what this page computes"
            ),
            other => other.to_string(),
        })?;
        answer.outcome = analysis.outcome;
        answer.winning_moves = moves(&analysis.winning_moves);
        answer.genera = analysis
            .heap_genera
            .map(|genera| genera.iter().map(|g| g.to_string()).collect());
        answer.tame = analysis.tame;
        answer.method = match analysis.method {
            Method::TameRule => {
                "every heap is tame, so misère Nim's rule on the genera decides".into()
            }
            Method::Search => "exact search of the misère game tree".into(),
        };
    }
    answer.elapsed_ms = js_sys::Date::now() - started_ms;
    Ok(answer)
}

/// A misère solver for `game`, with its quotient when one is found in time (the engine's policy,
/// [`MisereSolver::with_quick_quotient`], on the worker's clock and limits).
fn solver_for(game: &HeapGame) -> MisereSolver {
    let deadline = js_sys::Date::now() + QUOTIENT_MS;
    MisereSolver::with_quick_quotient(game, QUOTIENT_LIMITS, || js_sys::Date::now() < deadline)
}

fn moves(winning: &[WinningMove]) -> Vec<HeapMoveAnswer> {
    winning
        .iter()
        .map(|mv| HeapMoveAnswer {
            heap_index: mv.heap_index,
            pieces: mv.pieces.iter().map(|&p| p as u64).collect(),
        })
        .collect()
}
