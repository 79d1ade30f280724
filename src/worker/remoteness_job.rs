//! Remoteness and every move's value for the heap and graph pages: the engine's search, kept between
//! questions (per game and play) so that a game's later positions are answered from what its first ones
//! taught, within a budget per question and a cap on what is kept.

use sprague_engine::games::graph::GraphPosition;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::remoteness::{
    GraphMoveValue, GraphParts, HeapMoveValue, HeapParts, RemotenessReport, RemotenessSearch,
};
use std::cell::RefCell;

/// New positions one question may value, and the time it may take. Past either the page is told the
/// values are not decided (and the computer plays without them); the next question goes on from there.
const QUESTION_NODES: u64 = 1_000_000;
const QUESTION_MS: f64 = 1_500.0;
/// Positions a kept search may hold (a few hundred MB at most) before it is dropped and started afresh.
const KEPT_NODES: usize = 2_000_000;

thread_local! {
    static HEAPS: RefCell<Option<RemotenessSearch<HeapParts>>> = const { RefCell::new(None) };
    static GRAPHS: RefCell<Option<RemotenessSearch<GraphParts>>> = const { RefCell::new(None) };
}

/// The remoteness of `heaps` in `game` and every move's value.
pub fn heap_values(
    game: &HeapGame,
    heaps: &[usize],
    misere: bool,
) -> RemotenessReport<HeapMoveValue> {
    HEAPS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let fits = |search: &RemotenessSearch<HeapParts>| {
            search.game().0 == *game && search.misere() == misere && search.len() < KEPT_NODES
        };
        let search = match kept.as_mut() {
            Some(search) if fits(search) => search,
            _ => kept.insert(RemotenessSearch::heaps(game.clone(), misere)),
        };
        search.report(heaps, QUESTION_NODES, within_time())
    })
}

/// The remoteness of a Node Kayles position and every move's value.
pub fn graph_values(position: &GraphPosition, misere: bool) -> RemotenessReport<GraphMoveValue> {
    GRAPHS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let fits = |search: &RemotenessSearch<GraphParts>| {
            search.misere() == misere && search.len() < KEPT_NODES
        };
        let search = match kept.as_mut() {
            Some(search) if fits(search) => search,
            _ => kept.insert(RemotenessSearch::graphs(misere)),
        };
        search.report(position, QUESTION_NODES, within_time())
    })
}

/// Whether a question started now is still within its time.
fn within_time() -> impl FnMut() -> bool {
    let deadline = js_sys::Date::now() + QUESTION_MS;
    move || js_sys::Date::now() < deadline
}
