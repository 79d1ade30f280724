//! A view's request under way (progress and cancel) or its error.

use super::LearnState;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub state: LearnState,
    pub on_cancel: Callback<()>,
}

#[function_component(Status)]
pub fn status(props: &StatusProps) -> Html {
    let state = &props.state;
    let oncancel = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |_| on_cancel.emit(()))
    };
    html! {
        <>
            if state.waiting.is_some() {
                <div class="working" aria-live="polite">
                    <progress max={state.progress.map_or(1, |(_, total)| total).to_string()}
                              value={state.progress.map_or(0, |(done, _)| done).to_string()} />
                    <span>{ state.progress.map_or("Asking the solver…".to_string(), |(done, total)| format!("{done} of {total}")) }</span>
                    <button id="cancel" type="button" onclick={oncancel}>{ "Cancel" }</button>
                </div>
            }
            if let Some(message) = &state.error {
                <p class="error" role="alert" id="learn-error">{ message }</p>
            }
        </>
    }
}
