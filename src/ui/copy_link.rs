//! "Copy link": puts the page's URL (which holds the whole game) on the clipboard.

use yew::prelude::*;

#[function_component(CopyLink)]
pub fn copy_link() -> Html {
    let copied = use_state(|| false);
    let onclick = {
        let copied = copied.clone();
        Callback::from(move |_| {
            let copied = copied.clone();
            let href = gloo::utils::window().location().href().unwrap_or_default();
            let clipboard = gloo::utils::window().navigator().clipboard();
            wasm_bindgen_futures::spawn_local(async move {
                let done = wasm_bindgen_futures::JsFuture::from(clipboard.write_text(&href)).await;
                copied.set(done.is_ok());
            });
        })
    };
    html! {
        <button id="copy-link" type="button" {onclick}>{ if *copied { "Link copied" } else { "Copy link" } }</button>
    }
}
