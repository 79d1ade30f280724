//! "Copy lesson link": the view's address (which holds its game, range or position) to the clipboard, to
//! paste into slides or a message to the class.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonLinkProps {
    /// The link to copy, when it says more than the address (the sequence view adds its zoom).
    #[prop_or_default]
    pub href: Option<AttrValue>,
}

#[function_component(LessonLink)]
pub fn lesson_link(props: &LessonLinkProps) -> Html {
    let copied = use_state(|| None::<bool>);
    let onclick = {
        let (copied, given) = (copied.clone(), props.href.clone());
        Callback::from(move |_| {
            let copied = copied.clone();
            let location = gloo::utils::window().location();
            let href = match &given {
                Some(path) => format!("{}{path}", location.origin().unwrap_or_default()),
                None => location.href().unwrap_or_default(),
            };
            let clipboard = gloo::utils::window().navigator().clipboard();
            wasm_bindgen_futures::spawn_local(async move {
                let done = wasm_bindgen_futures::JsFuture::from(clipboard.write_text(&href)).await;
                copied.set(Some(done.is_ok()));
            });
        })
    };
    html! {
        <>
            <button id="lesson-link" type="button" {onclick}
                title="Copy this view's address: it reopens the same game and question">{ "Copy lesson link" }</button>
            { match *copied {
                Some(true) => html! { <span class="muted" role="status">{ "Copied." }</span> },
                Some(false) => html! { <span class="muted" role="status">{ "Copy the address bar instead (the clipboard is not available here)." }</span> },
                None => html! {},
            } }
        </>
    }
}
