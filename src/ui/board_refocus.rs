//! After a person's move on the Sprouts board the focus goes back to the board, once its new drawing is
//! shown: the pressed button or the board itself is replaced by then, and the focus would fall to the page.

use super::game_drawing::GameDrawing;
use yew::prelude::*;

/// Asks for the focus to go back to the board when the drawing of the next line is shown (not if it
/// cannot be drawn). A flag, not state: asking must not draw the page again.
#[hook]
pub fn use_board_refocus(line: String, drawing: &GameDrawing) -> Callback<()> {
    let wanted = use_mut_ref(|| false);
    let shown = match drawing {
        GameDrawing::Ready(_) => Some(true),
        GameDrawing::Drawing(_) => None,
        GameDrawing::Failed(_) => Some(false),
    };
    {
        let wanted = wanted.clone();
        use_effect_with((line, shown), move |(_, shown)| {
            if let Some(shown) = *shown {
                if std::mem::take(&mut *wanted.borrow_mut()) && shown {
                    focus_board();
                }
            }
        });
    }
    Callback::from(move |()| *wanted.borrow_mut() = true)
}

/// Focuses the board (it takes focus: `tabindex=-1`), as the heap pages do after a move, without
/// scrolling: the page must not move under the finger that just drew.
fn focus_board() {
    use wasm_bindgen::JsCast;
    if let Some(board) = gloo::utils::document()
        .query_selector("svg.sprouts-board")
        .ok()
        .flatten()
        .and_then(|element| element.dyn_into::<web_sys::SvgElement>().ok())
    {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = board.focus_with_options(&options);
    }
}
