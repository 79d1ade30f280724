//! Boards that act on pointer events (a tap on a vertex, a curve drawn with a finger) must not also get
//! the click a browser makes after a touch. That click is aimed where the finger was when the page may
//! already have changed under it: playing a move clears a note above the board, the board moves up, and
//! the click lands on the button below it (Undo, on a phone — the move taken back at once).

use yew::{Callback, TouchEvent};

/// A `touchend` handler that cancels the click the touch would make (cancelling `touchend` does that).
pub fn no_click_after_touch() -> Callback<TouchEvent> {
    Callback::from(|event: TouchEvent| {
        if event.cancelable() {
            event.prevent_default();
        }
    })
}
