//! The note a game page shows when what the solver learned for an answer could not be stored in the
//! browser (a full quota, another tab's newer version): the answer stands, the person is told what
//! was not kept, and the note stays until dismissed.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NotSavedNoteProps {
    pub message: Option<String>,
    pub on_dismiss: Callback<()>,
}

#[function_component(NotSavedNote)]
pub fn not_saved_note(props: &NotSavedNoteProps) -> Html {
    let Some(message) = &props.message else {
        return html! {};
    };
    html! {
        <p class="warning" role="status" id="not-saved">
            { message.clone() }
            { " " }
            <button type="button" id="dismiss-not-saved" onclick={props.on_dismiss.reform(|_| ())}>{ "OK" }</button>
        </p>
    }
}
