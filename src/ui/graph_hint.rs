//! The Graphs page's hint: each component with its nimber (in its board colour), their nim-sum worked out
//! in binary, and the winning moves; in misère play, the outcome the search found and why nimbers do not
//! decide it.

use super::graph_board::COMPONENT_CLASSES;
use super::learn::use_classroom;
use crate::play::game::Rules;
use sprague_engine::solve::graph::GraphAnalysis;
use sprague_engine::solve::heap::Outcome;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GraphHintProps {
    pub answer: GraphAnalysis,
    /// When every move loses: the vertex whose marking makes the game last longest, if known.
    #[prop_or_default]
    pub lasting: Option<usize>,
}

/// The hint for a beginner: what to play and why, with no nimbers, XOR or "N-position".
fn plain_words(answer: &GraphAnalysis, lasting: Option<usize>) -> String {
    let goal = if answer.misere {
        "your opponent has to make the last move"
    } else {
        "you make the last move"
    };
    match (answer.outcome, answer.winning_moves.first()) {
        (Outcome::N, Some(v)) => format!(
            "Mark vertex {v}. Then, whatever your opponent does, you can always answer so that {goal}."
        ),
        (Outcome::N, None) => format!("You can win: there is a move after which {goal}."),
        (Outcome::P, _) => {
            let last = lasting
                .map(|v| format!(" Mark vertex {v} makes the game last longest."))
                .unwrap_or_default();
            format!(
                "Every move loses if your opponent plays well. Make the game last as long as you can, \
                 and hope they slip.{last}"
            )
        }
    }
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

/// A component's nimber in binary, beside it when there are several components to add up: `(binary 010)`.
/// With one component there is nothing to add, and `nimber 1 = 1` would only say the number again.
fn binary_note(g: u32, width: usize, several: bool) -> Option<String> {
    several.then(|| format!(" (binary {g:0width$b})"))
}

/// The verdict in normal play from the components' nimbers `terms` and their nim-sum `sum`: one
/// component's nimber alone (`Nimber 1 ≠ 0: …`), several added up (`Nim-sum 1 ⊕ 2 = 3 (binary 11) ≠ 0: …`).
fn normal_verdict(terms: &[u32], sum: u32, width: usize) -> String {
    let sum_text = if terms.len() > 1 {
        let terms: Vec<String> = terms.iter().map(|g| g.to_string()).collect();
        format!(
            "Nim-sum {} = {sum} (binary {sum:0width$b})",
            terms.join(" ⊕ ")
        )
    } else {
        format!("Nimber {sum}")
    };
    if sum == 0 {
        format!("{sum_text}: the player to move loses against best play — every move gives the opponent a win.")
    } else {
        format!("{sum_text} ≠ 0: the player to move wins by moving to nim-sum 0.")
    }
}

#[function_component(GraphHint)]
pub fn graph_hint(props: &GraphHintProps) -> Html {
    let classroom = use_classroom();
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
    // Each nimber in binary only when there are several to add up (in binary, without carries).
    let several = answer.components.len() > 1;
    let components = answer.components.iter().enumerate().map(|(i, c)| {
        let chip = format!("component-chip comp-{}", i % COMPONENT_CLASSES);
        html! {
            <li class="component-value">
                <span class={chip} aria-hidden="true"></span>
                { format!("Component {} ({}): ", i + 1, vertex_list(&c.vertices)) }
                if let Some(g) = c.nimber {
                    <strong>{ format!("nimber {g}") }</strong>
                    if let Some(bits) = binary_note(g, width, several) {
                        <code class="binary">{ bits }</code>
                    }
                }
            </li>
        }
    });
    let verdict = match (rules, answer.nimber, answer.outcome) {
        (Rules::Normal, Some(sum), _) => {
            let terms: Vec<u32> = answer.components.iter().filter_map(|c| c.nimber).collect();
            normal_verdict(&terms, sum, width)
        }
        (_, _, Outcome::N) => "Misère play: the player to move wins (found by searching the sums of components; nimbers do not add up in misère play).".to_string(),
        (_, _, Outcome::P) => "Misère play: the player to move loses against best play (found by searching the sums of components).".to_string(),
    };
    html! {
        <div class="hint-panel graph-hint" id="graph-hint" aria-live="polite">
            <h2>{ "Hint" }</h2>
            <p id="hint-plain">{ plain_words(answer, props.lasting) }</p>
            // The reason in nimbers, one click away; open at once except in classroom mode.
            <details class="hint-why" open={!classroom}>
                <summary>{ if answer.misere { "Why (misère play, for experts)" } else { "Why (nimbers and XOR, for experts)" } }</summary>
                if !answer.components.is_empty() {
                    <ul class="components">{ for components }</ul>
                }
                <p id="graph-verdict">{ verdict }</p>
            </details>
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

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn one_component_says_its_nimber_once_and_several_are_added_up() {
        // One component: its nimber, not the same number again as a sum or in binary.
        assert_eq!(binary_note(1, 1, false), None);
        let one = normal_verdict(&[1], 1, 1);
        assert!(one.starts_with("Nimber 1 ≠ 0: "), "{one}");
        assert!(!one.contains("= 1") && !one.contains('⊕'), "{one}");
        let lost = normal_verdict(&[0], 0, 1);
        assert!(
            lost.starts_with("Nimber 0: the player to move loses"),
            "{lost}"
        );
        // Several: each in binary, and their nim-sum worked out.
        assert_eq!(binary_note(1, 2, true).as_deref(), Some(" (binary 01)"));
        assert_eq!(binary_note(2, 2, true).as_deref(), Some(" (binary 10)"));
        let two = normal_verdict(&[1, 2], 3, 2);
        assert!(
            two.starts_with("Nim-sum 1 ⊕ 2 = 3 (binary 11) ≠ 0: "),
            "{two}"
        );
        assert!(normal_verdict(&[3, 3], 0, 2)
            .starts_with("Nim-sum 3 ⊕ 3 = 0 (binary 00): the player to move loses"));
    }
}
