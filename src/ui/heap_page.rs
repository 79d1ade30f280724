//! The Dots and Grundy pages: ask the solver worker for the nim value of one heap, with progress and
//! cancel. The heap size lives in the URL (`?n=…`), so a shared link reopens and answers the same question.

use super::solver::next_request_id;
use crate::route::{heap_size_from_query, parse_heap_size, Route};
use crate::worker::protocol::{HeapAnswer, Outcome, Request, RequestId, Response};
use crate::worker::SolverReactor;
use serde::Serialize;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};
use yew_router::prelude::*;

/// Which heap game a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapGameKind {
    Dots,
    Grundy,
}

impl HeapGameKind {
    fn code(self) -> &'static str {
        match self {
            HeapGameKind::Dots => "0.137",
            HeapGameKind::Grundy => "4!.0",
        }
    }

    fn route(self) -> Route {
        match self {
            HeapGameKind::Dots => Route::Dots,
            HeapGameKind::Grundy => Route::Grundy,
        }
    }

    fn title(self) -> &'static str {
        match self {
            HeapGameKind::Dots => "Dots — the independence game",
            HeapGameKind::Grundy => "Grundy's game",
        }
    }

    fn rules(self) -> &'static str {
        match self {
            HeapGameKind::Dots => {
                "A row of dots. A move marks a dot; the dot and its neighbours leave the game, so a row \
                 can break in two. Whoever cannot move loses. This is octal game 0.137."
            }
            HeapGameKind::Grundy => {
                "Piles of counters. A move splits one pile into two piles of different sizes; piles of \
                 one or two can never be split. Whoever cannot move loses."
            }
        }
    }

    fn size_label(self) -> &'static str {
        match self {
            HeapGameKind::Dots => "Number of dots",
            HeapGameKind::Grundy => "Pile size",
        }
    }

    fn describe(self, heap: u64) -> String {
        match self {
            HeapGameKind::Dots => format!("A row of {heap} dots"),
            HeapGameKind::Grundy => format!("A pile of {heap}"),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct HeapPageProps {
    pub game: HeapGameKind,
}

#[derive(Clone, Default, PartialEq)]
struct PageState {
    input: String,
    waiting_for: Option<RequestId>,
    progress: Option<(u64, u64)>,
    answer: Option<HeapAnswer>,
    error: Option<String>,
}

enum Action {
    Input(String),
    Sent(RequestId),
    Refused(String),
    Heard(Response),
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
                    Response::Bases { .. } => {}
                }
            }
        }
        Rc::new(state)
    }
}

#[derive(Serialize)]
struct SizeQuery {
    n: u64,
}

#[function_component(HeapPage)]
pub fn heap_page(props: &HeapPageProps) -> Html {
    let game = props.game;
    let state = use_reducer(PageState::default);
    let navigator = use_navigator();
    let location = use_location();
    let bridge = {
        let state = state.clone();
        use_reactor_bridge::<SolverReactor, _>(move |event| {
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
                        let _ = navigator.replace_with_query(&game.route(), &SizeQuery { n: heap });
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
        <section class="game-page">
            <h1>{ game.title() }</h1>
            <p>{ game.rules() }</p>
            <form class="ask" {onsubmit}>
                <label for="heap-size">{ game.size_label() }</label>
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
            if let Some(answer) = &state.answer {
                { view_answer(game, answer) }
            }
        </section>
    }
}

fn view_answer(game: HeapGameKind, answer: &HeapAnswer) -> Html {
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
            format_duration(answer.elapsed_ms),
            answer.known
        )
    };
    html! {
        <div class="answer">
            <p id="answer" class="value">
                { format!("{} is worth *{}", game.describe(answer.heap), answer.nimber) }
            </p>
            <p id="outcome">{ verdict }</p>
            if let Some(period) = answer.period {
                <p id="period">{ format!("The values of this game are periodic with period {period}, proved by the Guy–Smith theorem.") }</p>
            }
            <p id="source" class="muted">{ source }</p>
        </div>
    }
}

fn format_duration(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}
