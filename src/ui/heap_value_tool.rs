//! The value of one large heap, asked of the solver worker with progress and cancel (on the Dots and
//! Grundy pages, under the board). The heap size lives in the URL (`?heap=…`), so a shared link reopens and
//! answers the same question.

use super::hint_panel::format_ms;
use super::not_saved_note::NotSavedNote;
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::play::board::BoardKind;
use crate::route::{current_pairs, heap_size_from_query, parse_heap_size, replace_keys, Route};
use crate::worker::protocol::{HeapAnswer, Outcome, Request, RequestId, Response};
use crate::worker::MAX_HEAP;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;
use yew_router::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HeapValueToolProps {
    pub game: BoardKind,
}

#[derive(Clone, Default, PartialEq)]
struct PageState {
    input: String,
    waiting_for: Option<RequestId>,
    progress: Option<(u64, u64)>,
    answer: Option<HeapAnswer>,
    error: Option<String>,
    /// Why what was computed could not be stored (see `NotSavedNote`).
    not_saved: Option<String>,
}

enum Action {
    Input(String),
    Sent(RequestId),
    Refused(String),
    Heard(Response),
    Dismiss,
}

impl Reducible for PageState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Action::Input(text) => state.input = text,
            Action::Sent(id) => {
                state.waiting_for = Some(id);
                state.progress = None;
                state.error = None;
            }
            Action::Dismiss => state.not_saved = None,
            // Comes after the answer it is about.
            Action::Heard(Response::NotSaved { message, .. }) => state.not_saved = Some(message),
            Action::Refused(message) => {
                state.error = Some(message);
                state.answer = None;
            }
            Action::Heard(response) => {
                if state.waiting_for != Some(response.id()) {
                    return self; // an answer to a request this page no longer waits for
                }
                match response {
                    Response::Progress { done, total, .. } => state.progress = Some((done, total)),
                    Response::HeapValue { answer, .. } => {
                        state.waiting_for = None;
                        state.answer = Some(answer);
                    }
                    Response::Cancelled { .. } => {
                        state.waiting_for = None;
                        state.error = Some("Cancelled. What was computed so far is kept.".into());
                    }
                    Response::Error { message, .. } => {
                        state.waiting_for = None;
                        state.answer = None;
                        state.error = Some(message);
                    }
                    _ => {}
                }
            }
        }
        Rc::new(state)
    }
}

#[function_component(HeapValueTool)]
pub fn heap_value_tool(props: &HeapValueToolProps) -> Html {
    let game = props.game;
    let state = use_reducer(PageState::default);
    let navigator = use_navigator();
    let location = use_location();
    let bridge = {
        let state = state.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                state.dispatch(Action::Heard(response));
            }
        })
    };

    let ask = {
        let (state, bridge) = (state.clone(), bridge.clone());
        Callback::from(move |heap: u64| {
            let id = next_request_id();
            state.dispatch(Action::Sent(id));
            bridge.send(Request::HeapValue {
                id,
                code: game.code().into(),
                heap,
            });
        })
    };

    // A link with `?n=…` asks its question as soon as the page opens.
    {
        let (state, ask) = (state.clone(), ask.clone());
        let query = location
            .map(|location| location.query_str().to_string())
            .unwrap_or_default();
        use_effect_with(game, move |_| match heap_size_from_query(&query) {
            Ok(Some(heap)) => {
                state.dispatch(Action::Input(heap.to_string()));
                ask.emit(heap);
            }
            Ok(None) => {}
            Err(message) => state.dispatch(Action::Refused(format!(
                "This link's heap size is not valid: {message}"
            ))),
        });
    }

    let oninput = {
        let state = state.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            state.dispatch(Action::Input(input.value()));
        })
    };
    let onsubmit = {
        let (state, ask) = (state.clone(), ask.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            match parse_heap_size(&state.input) {
                Ok(heap) => {
                    if let Some(navigator) = &navigator {
                        let current = current_pairs();
                        let pairs = replace_keys(
                            current,
                            &["heap"],
                            vec![("heap".into(), heap.to_string())],
                        );
                        let _ = navigator.replace_with_query(&route(game), &pairs);
                    }
                    ask.emit(heap);
                }
                Err(message) => state.dispatch(Action::Refused(message)),
            }
        })
    };
    let oncancel = {
        let (state, bridge) = (state.clone(), bridge.clone());
        Callback::from(move |_| {
            if let Some(id) = state.waiting_for {
                bridge.send(Request::Cancel { id });
            }
        })
    };

    let busy = state.waiting_for.is_some();
    html! {
        <section class="value-tool">
            <h2>{ "The value of one big heap" }</h2>
            <p class="muted">{ format!("The solver computes {} of any size up to {MAX_HEAP} and keeps what it learns in a base.", plural(game)) }</p>
            <form class="ask" {onsubmit}>
                <label for="heap-size">{ size_label(game) }</label>
                <input id="heap-size" inputmode="numeric" autocomplete="off" value={state.input.clone()} {oninput} />
                <button id="compute" type="submit" disabled={busy}>{ "Compute nim value" }</button>
            </form>
            if busy {
                <div class="working" aria-live="polite">
                    <progress max={state.progress.map_or(1, |(_, total)| total).to_string()}
                              value={state.progress.map_or(0, |(done, _)| done).to_string()} />
                    <span>{ state.progress.map_or("Starting…".to_string(), |(done, total)| format!("{done} of {total} sizes")) }</span>
                    <button id="cancel" type="button" onclick={oncancel}>{ "Cancel" }</button>
                </div>
            }
            if let Some(message) = &state.error {
                <p class="error" role="alert">{ message }</p>
            }
            <NotSavedNote message={state.not_saved.clone()}
                          on_dismiss={{ let state = state.clone(); Callback::from(move |()| state.dispatch(Action::Dismiss)) }} />
            if let Some(answer) = &state.answer {
                { view_answer(game, answer) }
            }
        </section>
    }
}

fn route(game: BoardKind) -> Route {
    match game {
        BoardKind::Dots => Route::Dots,
        BoardKind::Grundy => Route::Grundy,
        BoardKind::Nim => Route::Nim,
    }
}

fn plural(game: BoardKind) -> &'static str {
    match game {
        BoardKind::Dots => "the value of a row of dots",
        BoardKind::Grundy | BoardKind::Nim => "the value of a pile",
    }
}

fn size_label(game: BoardKind) -> &'static str {
    match game {
        BoardKind::Dots => "Number of dots",
        BoardKind::Grundy | BoardKind::Nim => "Pile size",
    }
}

fn describe(game: BoardKind, heap: u64) -> String {
    match game {
        BoardKind::Dots => format!("A row of {heap} dots"),
        BoardKind::Grundy | BoardKind::Nim => format!("A pile of {heap}"),
    }
}

fn view_answer(game: BoardKind, answer: &HeapAnswer) -> Html {
    let verdict = match answer.outcome {
        Outcome::P => "nimber 0: the player to move loses (a P-position).",
        Outcome::N => "nimber ≠ 0: the player to move wins (an N-position).",
    };
    let source = if answer.from_base {
        format!(
            "Answered from the base, which holds {} values.",
            answer.known
        )
    } else {
        format!(
            "Computed in {}; the base now holds {} values.",
            format_ms(answer.elapsed_ms),
            answer.known
        )
    };
    html! {
        <div class="answer">
            <p id="answer" class="value">
                { format!("{} is worth *{}", describe(game, answer.heap), answer.nimber) }
            </p>
            <p id="outcome">{ verdict }</p>
            if let Some(period) = answer.period {
                <p id="period">{ format!("The values of this game are periodic with period {period}, proved by the Guy–Smith theorem.") }</p>
            }
            <p id="source" class="muted">{ source }</p>
        </div>
    }
}
