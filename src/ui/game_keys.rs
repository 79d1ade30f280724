//! Keyboard shortcuts of the game pages: `u` or Ctrl+Z undo, `r` or Ctrl+Y redo, `h` hint — not while the
//! person is typing in a field.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Listens for the shortcuts while the component lives; `deps` renews the callbacks when they change.
#[hook]
pub fn use_game_keys<D: PartialEq + 'static>(
    deps: D,
    on_undo: Callback<()>,
    on_redo: Callback<()>,
    on_hint: Option<Callback<()>>,
) {
    use_effect_with(deps, move |_| {
        let options = EventListenerOptions::enable_prevent_default();
        let listener = EventListener::new_with_options(
            &gloo::utils::document(),
            "keydown",
            options,
            move |event| {
                let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                let typing = event
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                    });
                if typing || event.alt_key() || event.meta_key() {
                    return;
                }
                match (event.key().as_str(), event.ctrl_key(), &on_hint) {
                    ("u", false, _) | ("z", true, _) => on_undo.emit(()),
                    ("r", false, _) | ("y", true, _) => on_redo.emit(()),
                    ("h", false, Some(on_hint)) => on_hint.emit(()),
                    _ => return,
                }
                event.prevent_default();
            },
        );
        move || drop(listener)
    });
}
