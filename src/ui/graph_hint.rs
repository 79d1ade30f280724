//! The Graphs page's hint: each component with its nimber (in its board colour), their nim-sum worked out
//! in binary, and the winning moves; in misère play, the outcome the search found and why nimbers do not
//! decide it.

use super::graph_board::COMPONENT_CLASSES;
use crate::play::game::Rules;
use sprague_engine::solve::graph::GraphAnalysis;
use sprague_engine::solve::heap::Outcome;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GraphHintProps {
    pub answer: GraphAnalysis,
}

fn vertex_list(vertices: &[usize]) -> String {
    match vertices {
        [] => "none".into(),
        [one] => format!("vertex {one}"),
        many => format!(
            "vertices {}",
            many.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[function_component(GraphHint)]
pub fn graph_hint(props: &GraphHintProps) -> Html {
    let answer = &props.answer;
    let rules = if answer.misere {
        Rules::Misere
    } else {
        Rules::Normal
    };
    let width = answer
        .components
        .iter()
        .filter_map(|c| c.nimber)
        .chain(answer.nimber)
        .map(|g| (32 - g.leading_zeros()).max(1) as usize)
        .max()
        .unwrap_or(1);
    let components = answer.components.iter().enumerate().map(|(i, c)| {
        let chip = format!("component-chip comp-{}", i % COMPONENT_CLASSES);
        html! {
            <li class="component-value">
                <span class={chip} aria-hidden="true"></span>
                { format!("Component {} ({}): ", i + 1, vertex_list(&c.vertices)) }
                if let Some(g) = c.nimber {
                    <strong>{ format!("nimber {g}") }</strong>
                    <code class="binary">{ format!(" = {g:0width$b}") }</code>
                }
            </li>
        }
    });
    let verdict = match (rules, answer.nimber, answer.outcome) {
        (Rules::Normal, Some(sum), _) => {
            let terms: Vec<String> = answer
                .components
                .iter()
                .filter_map(|c| c.nimber.map(|g| g.to_string()))
                .collect();
            let sum_text = if terms.len() > 1 {
                format!("Nim-sum {} = {sum} (binary {sum:0width$b})", terms.join(" ⊕ "))
            } else {
                format!("Nimber {sum}")
            };
            if sum == 0 {
                format!("{sum_text}: the player to move loses against best play — every move gives the opponent a win.")
            } else {
                format!("{sum_text} ≠ 0: the player to move wins by moving to nim-sum 0.")
            }
        }
        (_, _, Outcome::N) => "Misère play: the player to move wins (found by searching the sums of components; nimbers do not add up in misère play).".to_string(),
        (_, _, Outcome::P) => "Misère play: the player to move loses against best play (found by searching the sums of components).".to_string(),
    };
    html! {
        <div class="hint-panel graph-hint" id="graph-hint" aria-live="polite">
            <h2>{ "Hint" }</h2>
            if !answer.components.is_empty() {
                <ul class="components">{ for components }</ul>
            }
            <p id="graph-verdict">{ verdict }</p>
            if answer.winning_moves.is_empty() {
                <p>{ "No winning move: any move may be answered with a win." }</p>
            } else {
                <p id="winning-moves">
                    { "Winning moves (ringed on the board): mark " }
                    <strong>{ vertex_list(&answer.winning_moves) }</strong>
                    { "." }
                </p>
            }
        </div>
    }
}
