//! Sprouts moves in words ("join spot 1 to spot 3, around spot 2") for the list of moves from a position.
//! Finding them means looking at the moves between every two spots of the drawing, so the worker does it.

use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{Request, RequestId, Response};
use sprague_engine::draw::Drawing;
use std::collections::HashMap;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// What is asked: the drawing and the moves (position strings) to name.
type Asked = (Drawing, Vec<String>);

/// The words for the move from `drawing` to each of `children`, by child; empty while the worker looks,
/// when nothing is asked (`None`), and without the children that are no move of the drawing.
#[hook]
pub fn use_move_names(wanted: Option<(Drawing, Vec<String>)>) -> HashMap<String, String> {
    let found = use_state(|| None::<(Asked, HashMap<String, String>)>);
    let asked = use_mut_ref(|| None::<(RequestId, Asked)>);
    let bridge = {
        let (found, asked) = (found.clone(), asked.clone());
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(Response::SproutsMoveNames { id, names }) = event {
                if let Some((asked_id, (drawing, children))) = &*asked.borrow() {
                    if *asked_id == id {
                        let named = children
                            .iter()
                            .zip(names)
                            .filter_map(|(child, name)| Some((child.clone(), name?)))
                            .collect();
                        found.set(Some(((drawing.clone(), children.clone()), named)));
                    }
                }
            }
        })
    };
    {
        let asked = asked.clone();
        use_effect_with(wanted.clone(), move |wanted| {
            *asked.borrow_mut() = None;
            if let Some((drawing, children)) = wanted {
                let id = next_request_id();
                *asked.borrow_mut() = Some((id, (drawing.clone(), children.clone())));
                bridge.send(Request::SproutsMoveNames {
                    id,
                    drawing: drawing.clone(),
                    children: children.clone(),
                });
            }
        });
    }
    // Names for an earlier question are not shown.
    (*found)
        .as_ref()
        .filter(|(what, _)| Some(what) == wanted.as_ref())
        .map(|(_, named)| named.clone())
        .unwrap_or_default()
}
