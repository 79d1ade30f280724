//! The drawing of a Sprouts game as the page shows it. Drawings made so far are kept by line (a curve a
//! person drew stays as drawn); a move not yet drawn — the computer's, or every move of a game opened from a
//! link — is routed by the worker, one move at a time, while the page shows the last drawing it has.
//! Each drawing made is also saved in IndexedDB under its line, and a line the page has not drawn yet is
//! first looked for there: after a reload the curves a person drew are still theirs.

use super::solver_bridge::use_solver_bridge;
use crate::play::sprouts_drawing::{line_key, DrawingCache};
use crate::play::sprouts_game::SproutsGame;
use crate::store::{Store, StoredDrawing};
use crate::worker::protocol::{Request, RequestId, Response};
use sprague_engine::draw::Drawing;
use sprague_engine::draw::{spots_of_start, DrawnMove};
use sprague_engine::games::sprouts::Position;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

use super::solver::next_request_id;

/// What the board can show.
#[derive(Clone, PartialEq)]
pub enum GameDrawing {
    /// The drawing of the whole line.
    Ready(Drawing),
    /// The worker is drawing the rest of the line; meanwhile, the drawing of its longest drawn part.
    Drawing(Option<Drawing>),
    /// No drawing can be made, and why.
    Failed(String),
}

impl GameDrawing {
    pub fn ready(&self) -> Option<&Drawing> {
        match self {
            GameDrawing::Ready(drawing) => Some(drawing),
            _ => None,
        }
    }
}

/// The request under way: its id and the line (key) it draws.
type InFlight = Option<(RequestId, String, SproutsGame, usize)>;

/// The drawings of the page's games (shared with the page, which adds the curves people draw) and the
/// drawing of `game`, asking the worker for what is missing.
#[hook]
pub fn use_game_drawing(game: &SproutsGame, cache: Rc<RefCell<DrawingCache>>) -> GameDrawing {
    let in_flight = use_mut_ref(|| None as InFlight);
    let failed = use_mut_ref(|| None::<(String, String)>);
    // Bumped when a drawing arrives, so the page renders again.
    let arrivals = use_state(|| 0u32);
    let bridge = {
        let (cache, in_flight, failed, arrivals) = (
            cache.clone(),
            in_flight.clone(),
            failed.clone(),
            arrivals.clone(),
        );
        use_solver_bridge(move |event| {
            let ReactorEvent::Output(response) = event else {
                return;
            };
            let Some((id, key, game, moves)) = in_flight.borrow().clone() else {
                return;
            };
            if response.id() != id {
                return;
            }
            match response {
                Response::SproutsDrawn {
                    drawing,
                    rearranged,
                    ..
                } => {
                    keep_drawn(
                        &cache,
                        &game.start,
                        &game.line[..moves],
                        DrawnMove {
                            drawing,
                            rearranged,
                        },
                    );
                }
                Response::Error { message, .. } => *failed.borrow_mut() = Some((key, message)),
                _ => return,
            }
            *in_flight.borrow_mut() = None;
            arrivals.set(*arrivals + 1);
        })
    };
    let key = line_key(&game.start, &game.line);
    // An n-spot start is drawn at once here (spots on a grid: nothing to compute); a pasted start is
    // laid out by the worker like the moves.
    {
        let mut cache = cache.borrow_mut();
        if cache.longest_drawn(game).1.is_none() {
            if let Some(spots) = spots_of_start(&game.start) {
                cache.remember(&game.start, &[], Drawing::start(spots));
            }
        }
    }
    // A line not drawn here yet is first looked for among the saved drawings (once per line).
    let looked_up = use_mut_ref(HashSet::<String>::new);
    {
        let (cache, looked_up, game) = (cache.clone(), looked_up.clone(), game.clone());
        let arrivals = arrivals.clone();
        use_effect_with(key.clone(), move |key| {
            if cache.borrow().get(&game).is_some() {
                looked_up.borrow_mut().insert(key.clone());
            } else if !looked_up.borrow().contains(key) {
                let key = key.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    restore_saved(&cache, &game).await;
                    looked_up.borrow_mut().insert(key);
                    arrivals.set(*arrivals + 1);
                });
            }
        });
    }
    // Ask for the next missing move (one request at a time).
    {
        let (cache, in_flight, game) = (cache.clone(), in_flight.clone(), game.clone());
        let failed = failed.clone();
        let looked_up = looked_up.clone();
        use_effect_with((key.clone(), *arrivals), move |(key, _)| {
            if in_flight.borrow().is_some() || !looked_up.borrow().contains(key) {
                return;
            }
            let cache = cache.borrow();
            if cache.get(&game).is_some() {
                return;
            }
            let (drawn, from) = cache.longest_drawn(&game);
            let (moves, position) = match from {
                None => (0, game.start.to_string()),
                Some(_) => (drawn + 1, game.line[drawn].to_string()),
            };
            let target_key = line_key(&game.start, &game.line[..moves]);
            if failed
                .borrow()
                .as_ref()
                .is_some_and(|(k, _)| *k == target_key)
            {
                return; // already refused: not asked again
            }
            let id = next_request_id();
            *in_flight.borrow_mut() = Some((id, target_key, game.clone(), moves));
            bridge.send(Request::SproutsDraw {
                id,
                from: from.cloned(),
                position,
            });
        });
    }
    let cache = cache.borrow();
    if let Some(drawing) = cache.get(game) {
        return GameDrawing::Ready(drawing.clone());
    }
    // A failure on the way to this line.
    if let Some((failed_key, message)) = &*failed.borrow() {
        if key == *failed_key || key.starts_with(&format!("{failed_key}~")) {
            return GameDrawing::Failed(message.clone());
        }
    }
    GameDrawing::Drawing(cache.longest_drawn(game).1.cloned())
}

/// Remembers a move's drawing for the page and saves it in IndexedDB under its line.
pub fn keep_drawn(
    cache: &RefCell<DrawingCache>,
    start: &Position,
    line: &[Position],
    drawn: DrawnMove,
) {
    let saved = StoredDrawing {
        line: line_key(start, line),
        drawing: drawn.drawing.clone(),
        saved_ms: js_sys::Date::now(),
    };
    cache.borrow_mut().remember_drawn(start, line, drawn);
    wasm_bindgen_futures::spawn_local(async move {
        // Nothing is lost but the hand-drawn look if this fails (e.g. storage switched off).
        if let Ok(store) = Store::open().await {
            let _ = store.put_drawing(&saved).await;
        }
    });
}

/// Puts into the cache the longest part of the game's line (one move at least) saved in IndexedDB whose
/// drawing is a drawing of that part's position. A record that cannot be read, or that does not
/// draw its line's position, is passed over.
async fn restore_saved(cache: &RefCell<DrawingCache>, game: &SproutsGame) {
    let Ok(store) = Store::open().await else {
        return;
    };
    for moves in (1..=game.line.len()).rev() {
        let line = &game.line[..moves];
        if cache.borrow().longest_drawn(game).0 >= moves {
            return; // drawn here meanwhile
        }
        let Ok(Some(saved)) = store.get_drawing(&line_key(&game.start, line)).await else {
            continue;
        };
        if saved.drawing.position().ok().as_ref() == line.last() {
            cache
                .borrow_mut()
                .remember(&game.start, line, saved.drawing);
            // The earlier moves' drawings too, where saved: the review names each move from its curve.
            for earlier in (1..moves).rev() {
                let line = &game.line[..earlier];
                if cache.borrow().get_line(&game.start, line).is_some() {
                    continue;
                }
                if let Ok(Some(saved)) = store.get_drawing(&line_key(&game.start, line)).await {
                    if saved.drawing.position().ok().as_ref() == line.last() {
                        cache
                            .borrow_mut()
                            .remember(&game.start, line, saved.drawing);
                    }
                }
            }
            return;
        }
    }
}
