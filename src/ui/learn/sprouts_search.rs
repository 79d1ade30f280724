//! The Sprouts search view (`/learn/sprouts?pos=0*6&rules=normal&base=fresh`), after the Glop manual: while
//! the worker searches, the levels of its search (see `sprouts_levels`), the positions stored, the nodes and
//! the time, with pause, resume and cancel; a click on a child of a level makes the search compute it now.
//! When done, the position's value and every child's (see `sprouts_children`). The page only shows: the
//! position is parsed, searched and valued by the worker.

use super::learn_form::{Field, LearnForm};
use super::lesson_link::LessonLink;
use super::sprouts_children::SproutsChildren;
use super::sprouts_levels::SproutsLevels;
use super::{get, use_query_pairs};
use crate::play::setup::Rules;
use crate::route::Route;
use crate::ui::solver::next_request_id;
use crate::ui::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{
    Request, RequestId, Response, SearchAnswer, SearchControl, SearchReport,
};
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// Longest position text sent to the worker from a URL.
const MAX_POSITION_TEXT: usize = 400;

/// What the view asks: position text, misère, fresh base.
#[derive(Clone, PartialEq)]
struct Ask {
    position: String,
    misere: bool,
    fresh: bool,
}

fn ask_of(pairs: &[(String, String)]) -> Result<Ask, String> {
    let position = get(pairs, "pos").unwrap_or("0*5").trim().to_string();
    if position.is_empty() {
        return Err(
            "Enter a position: a number of spots (5), 0*5, or a position such as 0.1a2a.".into(),
        );
    }
    if position.len() > MAX_POSITION_TEXT {
        return Err(format!(
            "That position is too long (at most {MAX_POSITION_TEXT} characters)."
        ));
    }
    let misere = match get(pairs, "rules").unwrap_or("normal").trim() {
        "" | "normal" => false,
        "misere" | "misère" => true,
        other => {
            let shown: String = other.chars().take(20).collect();
            return Err(format!("Rules: “{shown}” is neither normal nor misere."));
        }
    };
    let fresh = match get(pairs, "base").unwrap_or("fresh").trim() {
        "" | "fresh" => true,
        "shared" => false,
        other => {
            let shown: String = other.chars().take(20).collect();
            return Err(format!("Base: “{shown}” is neither fresh nor shared."));
        }
    };
    Ok(Ask {
        position,
        misere,
        fresh,
    })
}

#[derive(Clone, Default, PartialEq)]
pub struct SearchState {
    pub waiting: Option<RequestId>,
    pub report: Option<SearchReport>,
    pub answer: Option<SearchAnswer>,
    pub error: Option<String>,
    pub cancelled: bool,
}

pub enum SearchAction {
    Sent(RequestId),
    Refused(String),
    Heard(Response),
}

impl Reducible for SearchState {
    type Action = SearchAction;

    fn reduce(self: Rc<Self>, action: SearchAction) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            SearchAction::Sent(id) => {
                state = SearchState {
                    waiting: Some(id),
                    ..SearchState::default()
                };
            }
            SearchAction::Refused(message) => {
                state = SearchState {
                    error: Some(message),
                    ..SearchState::default()
                };
            }
            SearchAction::Heard(response) => {
                if state.waiting != Some(response.id()) {
                    return self;
                }
                match response {
                    Response::SearchLevels { report, .. } => {
                        state.report = Some(report);
                        return Rc::new(state);
                    }
                    Response::SproutsSearch { answer, .. } => state.answer = Some(answer),
                    Response::Cancelled { .. } => state.cancelled = true,
                    Response::Error { message, .. } => state.error = Some(message),
                    _ => return self,
                }
                state.waiting = None;
            }
        }
        Rc::new(state)
    }
}

#[function_component(SproutsSearchPage)]
pub fn sprouts_search_page() -> Html {
    let pairs = use_query_pairs();
    let ask = ask_of(&pairs);
    let state = use_reducer(SearchState::default);
    let bridge = {
        let state = state.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                state.dispatch(SearchAction::Heard(response));
            }
        })
    };
    {
        let (state, bridge) = (state.clone(), bridge.clone());
        use_effect_with(ask.clone(), move |ask| match ask {
            Ok(ask) => {
                let id = next_request_id();
                state.dispatch(SearchAction::Sent(id));
                bridge.send(Request::SproutsSearch {
                    id,
                    position: ask.position.clone(),
                    rules: Rules::from_misere(ask.misere),
                    fresh: ask.fresh,
                });
            }
            Err(message) => state.dispatch(SearchAction::Refused(message.clone())),
        });
    }
    let control = {
        let (state, bridge) = (state.clone(), bridge.clone());
        Callback::from(move |control: SearchControl| {
            if let Some(id) = state.waiting {
                bridge.send(Request::SearchControl { id, control });
            }
        })
    };
    let cancel = {
        let (state, bridge) = (state.clone(), bridge.clone());
        Callback::from(move |_| {
            if let Some(id) = state.waiting {
                bridge.send(Request::Cancel { id });
            }
        })
    };
    let fields = vec![
        Field {
            key: "pos",
            label: "Position (spots, 0*n, or either notation)",
            value: get(&pairs, "pos").unwrap_or("0*5").to_string(),
            hint: "0*5",
        },
        Field {
            key: "rules",
            label: "Rules (normal or misere)",
            value: get(&pairs, "rules").unwrap_or("normal").to_string(),
            hint: "normal",
        },
        Field {
            key: "base",
            label: "Base (fresh: search everything; shared: use what is known)",
            value: get(&pairs, "base").unwrap_or("fresh").to_string(),
            hint: "fresh",
        },
    ];
    let misere = ask.as_ref().is_ok_and(|a| a.misere);
    let proof_link = ask
        .as_ref()
        .ok()
        .filter(|a| !a.misere)
        .map(|a| format!("/learn/proof?pos={}", super::url_code(&a.position)));
    html! {
        <section class="learn sprouts-search">
            <h1>{ "Sprouts: the search, level by level" }</h1>
            <p class="lead">{ "To value a position the solver values its children, and theirs, down the game. Each level below \
                is one position of that path (a couple: the position plus a nim heap, lost exactly when the heap equals its \
                nimber) with its children: the one being computed, those already settled and those left. A level turns \
                green when at most 4 children are left unknown and red when one is: the position above it is then probably \
                lost. Click a child that is still to try to compute it now — the order changes, never the answer." }</p>
            <LearnForm route={Route::LearnSprouts} {fields} busy={state.waiting.is_some()} submit="Search" />
            { status(&state, &control, &cancel) }
            if let Some(report) = &state.report {
                if state.waiting.is_some() {
                    if report.levels.is_empty() {
                        if misere {
                            <p class="muted">{ "Misère play: the search runs without the normal-play levels (they are shown for normal play)." }</p>
                        }
                    } else {
                        <SproutsLevels levels={report.levels.clone()} on_steer={control.clone()} />
                    }
                }
            }
            if let Some(answer) = &state.answer {
                <SproutsChildren answer={answer.clone()} />
            }
            <div class="learn-tools">
                <LessonLink />
                if let Some(href) = proof_link {
                    <a class="button-like" id="proof-link" href={href}>{ "Proof graph of this position" }</a>
                }
            </div>
        </section>
    }
}

fn status(state: &SearchState, control: &Callback<SearchControl>, cancel: &Callback<()>) -> Html {
    let report = state.report.as_ref();
    let figures = report.map(|r| {
        html! {
            <dl class="search-figures" id="search-figures">
                <div><dt>{ "Nodes" }</dt><dd id="search-nodes">{ r.nodes }</dd></div>
                <div><dt>{ "Positions stored" }</dt><dd id="search-stored">{ r.stored }</dd></div>
                <div><dt>{ "Time" }</dt><dd>{ format!("{:.1} s", r.elapsed_ms / 1000.0) }</dd></div>
                <div><dt>{ "Levels" }</dt><dd id="search-depth">{ r.levels.len() }</dd></div>
            </dl>
        }
    });
    let paused = report.is_some_and(|r| r.paused);
    let toggle = {
        let control = control.clone();
        Callback::from(move |_| {
            control.emit(if paused {
                SearchControl::Resume
            } else {
                SearchControl::Pause
            })
        })
    };
    let oncancel = {
        let cancel = cancel.clone();
        Callback::from(move |_| cancel.emit(()))
    };
    html! {
        <>
            if state.waiting.is_some() {
                <div class="working search-status" aria-live="polite" id="search-status" data-paused={paused.to_string()}>
                    <span id="search-phase">{ report.map_or("Asking the solver…".to_string(), |r| {
                        if r.paused { format!("Paused — {}", r.phase) } else { r.phase.clone() }
                    }) }</span>
                    { figures.unwrap_or_default() }
                    <button id="search-pause" type="button" onclick={toggle}>{ if paused { "Resume" } else { "Pause" } }</button>
                    <button id="cancel" type="button" onclick={oncancel}>{ "Cancel" }</button>
                </div>
                if let Some(note) = report.and_then(|r| r.note.clone()) {
                    <p class="muted" id="steer-note" role="status">{ note }</p>
                }
            }
            if state.cancelled {
                <p class="error" role="alert" id="learn-error">{ "Cancelled. What the search settled is kept in this tab's base." }</p>
            }
            if let Some(message) = &state.error {
                <p class="error" role="alert" id="learn-error">{ message }</p>
            }
        </>
    }
}
