//! A searched Sprouts position's answer and its children with their values, for correspondence play (as
//! the Glop manual's "Children" tab): each child with its nimber (normal play) or outcome (misère), the
//! winning moves marked, a link to analyse that child here and one to play it on the board.

use super::sprouts_thumb::SproutsThumb;
use super::url_code;
use crate::worker::protocol::{Outcome, SearchAnswer};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SproutsChildrenProps {
    pub answer: SearchAnswer,
}

#[function_component(SproutsChildren)]
pub fn sprouts_children(props: &SproutsChildrenProps) -> Html {
    let answer = &props.answer;
    let rules = if answer.rules.is_misere() {
        "misere"
    } else {
        "normal"
    };
    let verdict = match (answer.outcome, answer.nimber) {
        (Outcome::P, Some(n)) => format!("nimber {n}: the player to move loses (P-position)"),
        (Outcome::N, Some(n)) => format!("nimber {n}: the player to move wins (N-position)"),
        (Outcome::P, None) => "misère play: the player to move loses (P-position)".into(),
        (Outcome::N, None) => "misère play: the player to move wins (N-position)".into(),
    };
    let winning = answer.children.iter().filter(|c| c.wins).count();
    let advice = if answer.children.is_empty() {
        "No move is left: the game is over.".to_string()
    } else if winning == 0 {
        "Every move loses against best play: let the opponent move first, or play and hope."
            .to_string()
    } else {
        format!(
            "{winning} of the {} moves win: play one of the marked children.",
            answer.children.len()
        )
    };
    let play_rules = if answer.rules.is_misere() {
        "&rules=misere"
    } else {
        ""
    };
    html! {
        <div class="sprouts-answer" id="sprouts-answer" data-outcome={if answer.outcome == Outcome::P { "P" } else { "N" }}
            data-nimber={answer.nimber.map(|n| n.to_string()).unwrap_or_default()} data-position={answer.position.clone()}>
            <h2>{ "Answer" }</h2>
            <div class="answer-head">
                if let Some(drawing) = &answer.picture {
                    <SproutsThumb drawing={drawing.clone()} large=true />
                }
                <p class="verdict"><code>{ answer.position.clone() }</code>{ ": " }<strong>{ verdict }</strong></p>
            </div>
            <p class="muted">{ format!("{} nodes searched in {:.1} s; {} positions stored{}.",
                answer.nodes, answer.elapsed_ms / 1000.0, answer.stored,
                if answer.steered > 0 { format!("; steered {} times", answer.steered) } else { String::new() }) }</p>
            <p>{ advice }</p>
            if !answer.children.is_empty() {
                <table class="learn-table children-table" id="children-table">
                    <caption>{ format!("The {} children (distinct positions after one move) and their values", answer.children.len()) }</caption>
                    <thead><tr>
                        <th scope="col">{ "#" }</th>
                        <th scope="col">{ "Child" }</th>
                        <th scope="col">{ "Lives" }</th>
                        <th scope="col">{ "Lands" }</th>
                        <th scope="col">{ if answer.rules.is_misere() { "Outcome" } else { "Nimber" } }</th>
                        <th scope="col">{ "Moving here" }</th>
                        <th scope="col">{ "Look further" }</th>
                    </tr></thead>
                    <tbody>
                        { for answer.children.iter().enumerate().map(|(i, child)| {
                            let value = match child.nimber {
                                Some(n) => format!("*{n}"),
                                None if child.wins => "P".into(),
                                None => "N".into(),
                            };
                            let analyse = format!("/learn/sprouts?pos={}&rules={rules}", url_code(&child.position));
                            let play = format!("/sprouts?start={}{play_rules}", url_code(&child.position));
                            html! {
                                <tr class={classes!(child.wins.then_some("winning-move"))} data-child={child.position.clone()}
                                    data-nimber={child.nimber.map(|n| n.to_string()).unwrap_or_default()} data-wins={child.wins.to_string()}>
                                    <td>{ i + 1 }</td>
                                    <td><div class="child-cell">
                                        if let Some(drawing) = &child.picture {
                                            <SproutsThumb drawing={drawing.clone()} />
                                        }
                                        <code>{ child.position.clone() }</code>
                                    </div></td>
                                    <td>{ child.lives }</td>
                                    <td>{ child.lands }</td>
                                    <td class="value">{ value }</td>
                                    <td>{ if child.wins { "wins ✓" } else { "loses" } }</td>
                                    <td class="links">
                                        <a href={analyse} class="analyse-link">{ "analyse" }</a>
                                        { " · " }
                                        <a href={play} class="play-link">{ "play it" }</a>
                                    </td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
        </div>
    }
}
