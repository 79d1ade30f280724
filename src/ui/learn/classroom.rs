//! Classroom mode: large type and high contrast for a projector. A setting kept in IndexedDB like the
//! theme, shown as `data-classroom="on"` on `<html>` (the CSS does the rest; no inline style).

use crate::store::Store;
use gloo::events::EventListener;
use yew::prelude::*;

const SETTING: &str = "classroom";
/// Dispatched on `window` when the mode changes, for views that lay themselves out for it.
const CHANGED: &str = "sprague-classroom";

fn is_on() -> bool {
    gloo::utils::document_element()
        .get_attribute("data-classroom")
        .as_deref()
        == Some("on")
}

fn apply(on: bool) {
    let root = gloo::utils::document_element();
    let _ = if on {
        root.set_attribute("data-classroom", "on")
    } else {
        root.remove_attribute("data-classroom")
    };
    if let Ok(event) = web_sys::Event::new(CHANGED) {
        let _ = gloo::utils::window().dispatch_event(&event);
    }
}

/// Whether classroom mode is on, kept up to date (for drawings whose sizes CSS alone cannot set).
#[hook]
pub fn use_classroom() -> bool {
    let on = use_state(is_on);
    {
        let on = on.clone();
        use_effect_with((), move |_| {
            let listener =
                EventListener::new(&gloo::utils::window(), CHANGED, move |_| on.set(is_on()));
            move || drop(listener)
        });
    }
    *on
}

#[function_component(ClassroomToggle)]
pub fn classroom_toggle() -> Html {
    let on = use_state(is_on);
    {
        let on = on.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(store) = Store::open().await {
                    if let Ok(Some(saved)) = store.get_setting::<bool>(SETTING).await {
                        apply(saved);
                        on.set(saved);
                    }
                }
            });
        });
    }
    let onclick = {
        let on = on.clone();
        Callback::from(move |_| {
            let next = !*on;
            apply(next);
            on.set(next);
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(store) = Store::open().await {
                    let _ = store.put_setting(SETTING, &next).await;
                }
            });
        })
    };
    html! {
        <button id="classroom-toggle" class="theme-toggle" type="button" {onclick}
            aria-pressed={on.to_string()} title="Large type and high contrast for a projector">
            { if *on { "Classroom: on" } else { "Classroom" } }
        </button>
    }
}
