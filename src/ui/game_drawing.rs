//! The drawing of a Sprouts game as the page shows it. Drawings made so far are kept by line (a curve a
//! person drew stays as drawn); a move not yet drawn — the computer's, or every move of a game opened from a
//! link — is routed by the worker, one move at a time, while the page shows the last drawing it has.

use crate::play::sprouts_drawing::{line_key, spots_of_start, DrawingCache, DrawnMove};
use crate::play::sprouts_game::SproutsGame;
use crate::worker::protocol::{Request, RequestId, Response};
use crate::worker::SolverReactor;
use sprague_engine::draw::Drawing;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};

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
        use_reactor_bridge::<SolverReactor, _>(move |event| {
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
                    cache.borrow_mut().remember_drawn(
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
    // Ask for the next missing move (one request at a time).
    {
        let (cache, in_flight, game) = (cache.clone(), in_flight.clone(), game.clone());
        let failed = failed.clone();
        use_effect_with((key.clone(), *arrivals), move |_| {
            if in_flight.borrow().is_some() {
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
