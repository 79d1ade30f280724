//! The curve of the hint's winning move on the Sprouts board. Routing it takes tens of milliseconds (more
//! when the move must be replaced by one of the same game that can be drawn), so the worker does it.

use super::worker_answer::use_worker_answer;
use crate::worker::protocol::{Request, Response};
use sprague_engine::draw::{Drawing, Point};
use yew::prelude::*;

/// The hint's curve for moving from `drawing` to `child`, and the position that curve makes (the same game
/// as `child`); `None` while the worker routes it, or when it cannot be drawn.
#[hook]
pub fn use_hint_curve(
    drawing: Option<Drawing>,
    child: Option<String>,
) -> Option<(Vec<Point>, String)> {
    use_worker_answer(
        drawing.zip(child),
        |id, (drawing, child)| Request::SproutsHintCurve {
            id,
            drawing: drawing.clone(),
            child: child.clone(),
        },
        |response| match response {
            Response::SproutsHintCurve { id, curve } => Some((id, curve)),
            _ => None,
        },
    )
    .flatten()
}
