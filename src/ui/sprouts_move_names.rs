//! Sprouts moves in words ("join spot 1 to spot 3, around spot 2") for the list of moves from a position.
//! Finding them means looking at the moves between every two spots of the drawing, so the worker does it.

use super::worker_answer::use_worker_answer;
use crate::worker::protocol::{Request, Response};
use sprague_engine::draw::Drawing;
use std::collections::HashMap;
use yew::prelude::*;

/// The words for the move from `drawing` to each of `children`, by child; empty while the worker looks,
/// when nothing is asked (`None`), and without the children that are no move of the drawing.
#[hook]
pub fn use_move_names(wanted: Option<(Drawing, Vec<String>)>) -> HashMap<String, String> {
    let names = use_worker_answer(
        wanted.clone(),
        |id, (drawing, children)| Request::SproutsMoveNames {
            id,
            drawing: drawing.clone(),
            children: children.clone(),
        },
        |response| match response {
            Response::SproutsMoveNames { id, names } => Some((id, names)),
            _ => None,
        },
    );
    match (wanted, names) {
        (Some((_, children)), Some(names)) => children
            .into_iter()
            .zip(names)
            .filter_map(|(child, name)| Some((child, name?)))
            .collect(),
        _ => HashMap::new(),
    }
}
