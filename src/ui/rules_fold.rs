//! A game's rules folded to one line: how to move and who wins, always shown; the full rules one click
//! away. A link opened cold then shows the board without scrolling, and what to do stays in view.

use crate::play::game::Rules;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RulesFoldProps {
    /// How to move, in one short sentence ("Press a dot to mark it: …").
    pub how: AttrValue,
    /// The rest of the rules, shown when the line is opened.
    pub full: AttrValue,
    pub rules: Rules,
}

#[function_component(RulesFold)]
pub fn rules_fold(props: &RulesFoldProps) -> Html {
    // Who wins: short on the line, in full (with the play's name) under it.
    let (ending, in_full) = match props.rules {
        Rules::Normal => (
            "Whoever cannot move loses.",
            "Whoever cannot move loses (normal play).",
        ),
        Rules::Misere => (
            "Whoever cannot move wins.",
            "Whoever cannot move wins (misère play).",
        ),
    };
    html! {
        <details class="rules" id="rules">
            <summary>
                <span id="rules-line">{ format!("{} {ending}", props.how) }</span>
                <span class="rules-more">{ "All the rules" }</span>
            </summary>
            <p>{ format!("{} {in_full}", props.full) }</p>
        </details>
    }
}
