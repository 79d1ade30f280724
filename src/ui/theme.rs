//! Light and dark themes. The choice is a setting kept in IndexedDB; without one, the system's
//! preference applies (see the CSS). The theme is set as `data-theme` on `<html>`, never as inline style.

use crate::store::Store;
use serde::{Deserialize, Serialize};
use yew::prelude::*;

const SETTING: &str = "theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    fn attribute(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn other(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }

    /// The theme showing now: the saved one, else the system's.
    fn current() -> Theme {
        let prefers_dark = gloo::utils::window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|query| query.matches());
        let attribute = gloo::utils::document_element().get_attribute("data-theme");
        match attribute.as_deref() {
            Some("dark") => Theme::Dark,
            Some("light") => Theme::Light,
            _ if prefers_dark => Theme::Dark,
            _ => Theme::Light,
        }
    }

    fn apply(self) {
        let _ = gloo::utils::document_element().set_attribute("data-theme", self.attribute());
    }
}

#[function_component(ThemeToggle)]
pub fn theme_toggle() -> Html {
    let theme = use_state(Theme::current);
    {
        let theme = theme.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(store) = Store::open().await {
                    if let Ok(Some(saved)) = store.get_setting::<Theme>(SETTING).await {
                        saved.apply();
                        theme.set(saved);
                    }
                }
            });
        });
    }
    let onclick = {
        let theme = theme.clone();
        Callback::from(move |_| {
            let next = theme.other();
            next.apply();
            theme.set(next);
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(store) = Store::open().await {
                    let _ = store.put_setting(SETTING, &next).await;
                }
            });
        })
    };
    let label = match *theme {
        Theme::Light => "Dark mode",
        Theme::Dark => "Light mode",
    };
    html! {
        <button id="theme-toggle" class="theme-toggle" type="button" {onclick}
            aria-pressed={(*theme == Theme::Dark).to_string()}>{ label }</button>
    }
}
