//! The curve of the hint's winning move on the Sprouts board. Routing it takes tens of milliseconds (more
//! when the move must be replaced by one of the same game that can be drawn), so the worker does it.

use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{Request, RequestId, Response};
use sprague_engine::draw::{Drawing, Point};
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// What is asked: the drawing and the winning move (a position string).
type Asked = (Drawing, String);

/// The hint's curve for moving from `drawing` to `child`, and the position that curve makes (the same game
/// as `child`); `None` while the worker routes it, or when it cannot be drawn.
#[hook]
pub fn use_hint_curve(
    drawing: Option<Drawing>,
    child: Option<String>,
) -> Option<(Vec<Point>, String)> {
    let found = use_state(|| None::<(Asked, Option<(Vec<Point>, String)>)>);
    let asked = use_mut_ref(|| None::<(RequestId, Asked)>);
    let bridge = {
        let (found, asked) = (found.clone(), asked.clone());
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(Response::SproutsHintCurve { id, curve }) = event {
                if let Some((asked_id, what)) = &*asked.borrow() {
                    if *asked_id == id {
                        found.set(Some((what.clone(), curve)));
                    }
                }
            }
        })
    };
    let wanted = drawing.zip(child);
    {
        let asked = asked.clone();
        use_effect_with(wanted.clone(), move |wanted| {
            *asked.borrow_mut() = None;
            if let Some((drawing, child)) = wanted {
                let id = next_request_id();
                *asked.borrow_mut() = Some((id, (drawing.clone(), child.clone())));
                bridge.send(Request::SproutsHintCurve {
                    id,
                    drawing: drawing.clone(),
                    child: child.clone(),
                });
            }
        });
    }
    // An answer for an earlier question is not shown.
    (*found)
        .as_ref()
        .filter(|(what, _)| Some(what) == wanted.as_ref())
        .and_then(|(_, curve)| curve.clone())
}
