//! The proof graph view (`/learn/proof?pos=0*3&detail=3&lives=0`): the worker searches the position on an
//! empty base, extracts the proof of its outcome (the engine's check computation: the couples it rests on)
//! and lays it out; this page draws it (see `sprouts_proof_svg`) with the Glop manual's options — detail
//! level (dot, number, text) and a lives filter — and offers the `.dot` for Graphviz.

use super::learn_form::{Field, LearnForm};
use super::lesson_link::LessonLink;
use super::sprouts_proof_svg::SproutsProofSvg;
use super::{get, number, url_code, use_query_pairs};
use crate::route::Route;
use crate::ui::solver::next_request_id;
use crate::ui::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{ProofAnswer, Request, RequestId, Response};
use gloo::file::{Blob, ObjectUrl};
use sprague_engine::solve::sprouts::Detail;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

const MAX_POSITION_TEXT: usize = 400;

#[derive(Clone, PartialEq)]
struct Ask {
    position: String,
    detail: Detail,
    min_lives: u32,
}

fn ask_of(pairs: &[(String, String)]) -> Result<Ask, String> {
    let position = get(pairs, "pos").unwrap_or("0*3").trim().to_string();
    if position.is_empty() {
        return Err(
            "Enter a position: a number of spots (3), 0*3, or a position such as 0.1a2a.".into(),
        );
    }
    if position.len() > MAX_POSITION_TEXT {
        return Err(format!(
            "That position is too long (at most {MAX_POSITION_TEXT} characters)."
        ));
    }
    let detail = number(pairs, "detail", "Detail level", 3, 3)?;
    let detail = Detail::from_level(detail as u32)
        .ok_or("Detail level: 1 (dots), 2 (numbers) or 3 (text).")?;
    let min_lives = number(pairs, "lives", "Lives filter", 0, 200)?;
    Ok(Ask {
        position,
        detail,
        min_lives: min_lives as u32,
    })
}

#[derive(Clone, Default, PartialEq)]
struct ProofState {
    waiting: Option<RequestId>,
    nodes: Option<u64>,
    answer: Option<ProofAnswer>,
    error: Option<String>,
}

enum ProofAction {
    Sent(RequestId),
    Refused(String),
    Heard(Response),
}

impl Reducible for ProofState {
    type Action = ProofAction;

    fn reduce(self: Rc<Self>, action: ProofAction) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            ProofAction::Sent(id) => {
                state.waiting = Some(id);
                state.nodes = None;
                state.error = None;
            }
            ProofAction::Refused(message) => {
                state = ProofState {
                    error: Some(message),
                    ..ProofState::default()
                }
            }
            ProofAction::Heard(response) => {
                if state.waiting != Some(response.id()) {
                    return self;
                }
                match response {
                    Response::SearchProgress { nodes, .. } => {
                        state.nodes = Some(nodes);
                        return Rc::new(state);
                    }
                    Response::SproutsProof { answer, .. } => state.answer = Some(*answer),
                    Response::Cancelled { .. } => {
                        state.answer = None;
                        state.error = Some("Cancelled.".into())
                    }
                    Response::Error { message, .. } => {
                        state.answer = None;
                        state.error = Some(message)
                    }
                    _ => return self,
                }
                state.waiting = None;
            }
        }
        Rc::new(state)
    }
}

#[function_component(SproutsProofPage)]
pub fn sprouts_proof_page() -> Html {
    let pairs = use_query_pairs();
    let ask = ask_of(&pairs);
    let state = use_reducer(ProofState::default);
    let bridge = {
        let state = state.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                state.dispatch(ProofAction::Heard(response));
            }
        })
    };
    {
        let (state, bridge) = (state.clone(), bridge.clone());
        use_effect_with(ask.clone(), move |ask| match ask {
            Ok(ask) => {
                let id = next_request_id();
                state.dispatch(ProofAction::Sent(id));
                bridge.send(Request::SproutsProof {
                    id,
                    position: ask.position.clone(),
                    detail: ask.detail,
                    min_lives: ask.min_lives,
                });
            }
            Err(message) => state.dispatch(ProofAction::Refused(message.clone())),
        });
    }
    let oncancel = {
        let state = state.clone();
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
            value: get(&pairs, "pos").unwrap_or("0*3").to_string(),
            hint: "0*3",
        },
        Field {
            key: "detail",
            label: "Detail: 1 dot, 2 number, 3 text",
            value: get(&pairs, "detail").unwrap_or("3").to_string(),
            hint: "3",
        },
        Field {
            key: "lives",
            label: "Only couples with at least this many lives",
            value: get(&pairs, "lives").unwrap_or("0").to_string(),
            hint: "0",
        },
    ];
    html! {
        <section class="learn sprouts-proof">
            <h1>{ "Sprouts: the proof graph" }</h1>
            <p class="lead">{ "A proof that a position is lost or won, as the check computation of the Glop manual builds it. \
                Each node is a couple (a position plus a nim heap), lost for the player to move exactly when the heap equals \
                the position's nimber. A losing couple (red) must link to every one of its moves, all winning; a winning \
                couple (blue) needs one move to a losing couple; a couple of several lands (yellow) rests on its lands' \
                nimbers. Rows are ordered by lives, written on the right." }</p>
            <LearnForm route={Route::LearnProof} {fields} busy={state.waiting.is_some()} submit="Draw" />
            if state.waiting.is_some() {
                <div class="working" aria-live="polite">
                    <span>{ state.nodes.map_or("Searching on an empty base…".to_string(), |n| format!("Searching: {n} nodes")) }</span>
                    <button id="cancel" type="button" onclick={oncancel}>{ "Cancel" }</button>
                </div>
            }
            if let Some(message) = &state.error {
                <p class="error" role="alert" id="learn-error">{ message }</p>
            }
            if let Some(answer) = &state.answer {
                { view(answer) }
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct DotLinkProps {
    dot: AttrValue,
    filename: AttrValue,
}

#[function_component(DotLink)]
fn dot_link(props: &DotLinkProps) -> Html {
    let url = use_memo(props.dot.clone(), |dot| {
        ObjectUrl::from(Blob::new_with_options(
            dot.as_str(),
            Some("text/vnd.graphviz"),
        ))
    });
    html! {
        <a class="button-like" id="dot-link" href={url.to_string()} download={props.filename.clone()}>{ "Download .dot" }</a>
    }
}

fn view(answer: &ProofAnswer) -> Html {
    let drawn = answer.picture.as_ref().map_or(0, |p| p.nodes.len());
    let filename = format!(
        "proof-{}.dot",
        answer
            .position
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .take(40)
            .collect::<String>()
    );
    html! {
        <div class="proof-answer" id="proof-answer" data-nodes={answer.nodes.to_string()} data-edges={answer.edges.to_string()}
            data-drawn={drawn.to_string()} data-losing={answer.losing.to_string()}>
            <p class="verdict"><code>{ answer.position.clone() }</code>{ ": " }<strong>{
                if answer.losing { "lost for the player to move (nimber 0)" } else { "won for the player to move" }
            }</strong>{ format!(". The proof has {} couples and {} links; lives from {} to {}.",
                answer.nodes, answer.edges, answer.lives.0, answer.lives.1) }</p>
            if answer.min_lives > 0 {
                <p class="muted">{ format!("Showing the {drawn} couples with at least {} lives (the top of the proof).", answer.min_lives) }</p>
            }
            <div class="learn-tools">
                if !answer.dot.is_empty() {
                    <DotLink dot={AttrValue::from(answer.dot.clone())} {filename} />
                }
                <LessonLink />
                <a class="button-like" href={format!("/learn/sprouts?pos={}", url_code(&answer.position))}>{ "Watch the search" }</a>
            </div>
            if let Some(message) = &answer.too_big {
                <p class="notice" id="proof-too-big" role="status">{ message.clone() }</p>
            }
            if let Some(picture) = &answer.picture {
                <SproutsProofSvg picture={picture.clone()} />
                <p class="muted legend">
                    <span class="swatch proof-losing">{ "losing couple" }</span>
                    <span class="swatch proof-winning">{ "winning couple" }</span>
                    <span class="swatch proof-lands">{ "several lands" }</span>
                </p>
            }
            <table class="learn-table proof-rows-table" id="proof-rows">
                <caption>{ "The proof's couples by lives" }</caption>
                <thead><tr>
                    <th scope="col">{ "Lives" }</th>
                    <th scope="col">{ "Losing" }</th>
                    <th scope="col">{ "Winning" }</th>
                    <th scope="col">{ "Several lands" }</th>
                </tr></thead>
                <tbody>
                    { for answer.by_lives.iter().map(|(lives, losing, winning, lands)| html! {
                        <tr data-lives={lives.to_string()}>
                            <th scope="row">{ lives }</th><td>{ losing }</td><td>{ winning }</td><td>{ lands }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
