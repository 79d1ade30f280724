//! Remoteness and every move's value for the heap and graph pages, and the remoteness of Sprouts
//! positions for the review: the engine's search, kept between questions (per game and play) so that a
//! game's later positions are answered from what its first ones taught, within a budget per question and
//! a cap on what is kept.

use sprague_engine::games::graph::GraphPosition;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::remoteness::{
    GraphMoveValue, GraphParts, HeapMoveValue, HeapParts, RemotenessReport, RemotenessSearch,
    SproutsParts, Value,
};
use std::cell::RefCell;

/// New positions one question may value, and the time it may take. Past either the page is told the
/// values are not decided (and the computer plays without them); the next question goes on from there.
const QUESTION_NODES: u64 = 1_000_000;
const QUESTION_MS: f64 = 1_500.0;
/// Positions a kept search may hold (a few hundred MB at most) before it is dropped and started afresh.
const KEPT_NODES: usize = 2_000_000;

/// A Sprouts position's remoteness is a search of its whole game tree (each land's moves found by the
/// Sprouts rules, some tens of microseconds a position): within these, a review finds it for the last
/// positions of a game (natively about 1,300 positions and 0.04 s from 4 spots, 14,000 and 0.9 s from 5;
/// about 250,000 and 20 s from 6), and says "not decided" for the earlier ones without holding the review
/// up for long.
const SPROUTS_QUESTION_NODES: u64 = 20_000;
const SPROUTS_QUESTION_MS: f64 = 300.0;
/// Positions a kept Sprouts search may have valued, over all its questions, before it is dropped and
/// started afresh. Each keeps its lands' moves, some kilobytes a position (natively 810 MB after the
/// 250,000 positions from 6 spots), so this keeps the search near 100–200 MB.
const SPROUTS_KEPT_NODES: u64 = 60_000;

/// A Sprouts search kept between questions, and the positions it has valued in all.
struct KeptSprouts {
    search: RemotenessSearch<SproutsParts>,
    valued: u64,
}

thread_local! {
    static SPROUTS: RefCell<Option<KeptSprouts>> = const { RefCell::new(None) };
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

/// Who wins a Sprouts `position` and how many moves the game lasts with best play (the winner finishing
/// as fast as it can, the loser lasting as long as it can), when the search finds it within its budget.
pub fn sprouts_value(position: &Position, misere: bool) -> Option<Value> {
    SPROUTS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let fits =
            |kept: &KeptSprouts| kept.search.misere() == misere && kept.valued < SPROUTS_KEPT_NODES;
        let kept = match kept.as_mut() {
            Some(kept) if fits(kept) => kept,
            _ => kept.insert(KeptSprouts {
                search: RemotenessSearch::sprouts(misere),
                valued: 0,
            }),
        };
        let deadline = js_sys::Date::now() + SPROUTS_QUESTION_MS;
        let value = kept
            .search
            .value_while(position.lands(), SPROUTS_QUESTION_NODES, &mut || {
                js_sys::Date::now() < deadline
            });
        kept.valued += kept.search.spent();
        value.ok()
    })
}

/// Whether a question started now is still within its time.
fn within_time() -> impl FnMut() -> bool {
    let deadline = js_sys::Date::now() + QUESTION_MS;
    move || js_sys::Date::now() < deadline
}
