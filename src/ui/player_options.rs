//! The part of every "new game" form that says how the game is played: normal or misère, against whom,
//! who starts, and the computer's level. The form reads the choices back with [`read`].

use crate::play::game::{Level, Opponent, Rules};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The four selects of the form.
#[derive(Clone, Default, PartialEq)]
pub struct PlayerRefs {
    pub rules: NodeRef,
    pub vs: NodeRef,
    pub first: NodeRef,
    pub level: NodeRef,
}

/// The selects, showing `rules` and `opponent`.
pub fn view(rules: Rules, opponent: Opponent, refs: &PlayerRefs) -> Html {
    let (computer, moves_first, level) = match opponent {
        Opponent::Human => (false, false, Level::Perfect),
        Opponent::Computer { moves_first, level } => (true, moves_first, level),
    };
    let option = |value: &'static str, label: &'static str, selected: bool| {
        html! { <option {value} {selected}>{ label }</option> }
    };
    html! {
        <>
            <label>{ "Rules" }
                <select id="setup-rules" ref={refs.rules.clone()}>
                    { option("normal", "Normal: the last to move wins", rules == Rules::Normal) }
                    { option("misere", "Misère: the last to move loses", rules == Rules::Misere) }
                </select>
            </label>
            <label>{ "Opponent" }
                <select id="setup-vs" ref={refs.vs.clone()}>
                    { option("computer", "The computer", computer) }
                    { option("human", "A friend at this screen", !computer) }
                </select>
            </label>
            <label>{ "Who starts" }
                <select id="setup-first" ref={refs.first.clone()}>
                    { option("you", "You (or player 1)", !moves_first) }
                    { option("computer", "The computer", moves_first) }
                </select>
            </label>
            <label>{ "Computer's level" }
                <select id="setup-level" ref={refs.level.clone()}>
                    { option("perfect", "Perfect", level == Level::Perfect) }
                    { option("strong", "Strong (slips now and then)", level == Level::Strong) }
                    { option("learner", "Learner (plays at random)", level == Level::Learner) }
                </select>
            </label>
        </>
    }
}

/// The rules and opponent chosen.
pub fn read(refs: &PlayerRefs) -> (Rules, Opponent) {
    let value = |node: &NodeRef| {
        node.cast::<HtmlSelectElement>()
            .map(|select| select.value())
            .unwrap_or_default()
    };
    let rules = match value(&refs.rules).as_str() {
        "misere" => Rules::Misere,
        _ => Rules::Normal,
    };
    let level = Level::ALL
        .into_iter()
        .find(|level| level.name() == value(&refs.level))
        .unwrap_or(Level::Perfect);
    let opponent = match value(&refs.vs).as_str() {
        "human" => Opponent::Human,
        _ => Opponent::Computer {
            moves_first: value(&refs.first) == "computer",
            level,
        },
    };
    (rules, opponent)
}
