//! The "new game" form of the Sprouts page: spots or a pasted position, rules, opponent.

use crate::play::game::{Level, Opponent, Rules};
use crate::play::sprouts_game::{parse_start, SproutsGame, MAX_SPOTS};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SproutsSetupProps {
    pub game: SproutsGame,
    pub on_start: Callback<SproutsGame>,
}

#[function_component(SproutsSetup)]
pub fn sprouts_setup(props: &SproutsSetupProps) -> Html {
    let error = use_state(|| None::<String>);
    let refs: [NodeRef; 5] = Default::default();
    let onsubmit = {
        let (error, on_start, refs) = (error.clone(), props.on_start.clone(), refs.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let value = |i: usize| {
                refs[i]
                    .cast::<HtmlInputElement>()
                    .map(|el| el.value())
                    .or_else(|| refs[i].cast::<HtmlSelectElement>().map(|el| el.value()))
                    .unwrap_or_default()
            };
            let start = match parse_start(&value(0)) {
                Ok(start) => start,
                Err(message) => return error.set(Some(message)),
            };
            let rules = if value(1) == "misere" {
                Rules::Misere
            } else {
                Rules::Normal
            };
            let level = Level::ALL
                .into_iter()
                .find(|l| l.name() == value(4))
                .unwrap_or(Level::Perfect);
            let opponent = match value(2).as_str() {
                "human" => Opponent::Human,
                _ => Opponent::Computer {
                    moves_first: value(3) == "computer",
                    level,
                },
            };
            error.set(None);
            on_start.emit(SproutsGame::new(start, rules, opponent));
        })
    };
    let (computer, moves_first, level) = match props.game.opponent {
        Opponent::Human => (false, false, Level::Perfect),
        Opponent::Computer { moves_first, level } => (true, moves_first, level),
    };
    let option = |value: &'static str, label: &'static str, selected: bool| {
        html! { <option {value} {selected}>{ label }</option> }
    };
    html! {
        <details class="setup">
            <summary>{ "New game…" }</summary>
            <form id="setup" class="setup-form" {onsubmit}>
                <label>{ "Spots, or a position" }
                    <input id="setup-start" ref={refs[0].clone()} value={props.game.start.to_string()} autocomplete="off"
                           placeholder={format!("1 to {MAX_SPOTS}, or e.g. 0*4.A|0*4.A")} />
                </label>
                <label>{ "Rules" }
                    <select id="setup-rules" ref={refs[1].clone()}>
                        { option("normal", "Normal: the last to move wins", props.game.rules == Rules::Normal) }
                        { option("misere", "Misère: the last to move loses", props.game.rules == Rules::Misere) }
                    </select>
                </label>
                <label>{ "Opponent" }
                    <select id="setup-vs" ref={refs[2].clone()}>
                        { option("computer", "The computer", computer) }
                        { option("human", "A friend at this screen", !computer) }
                    </select>
                </label>
                <label>{ "Who starts" }
                    <select id="setup-first" ref={refs[3].clone()}>
                        { option("you", "You (or player 1)", !moves_first) }
                        { option("computer", "The computer", moves_first) }
                    </select>
                </label>
                <label>{ "Computer's level" }
                    <select id="setup-level" ref={refs[4].clone()}>
                        { option("perfect", "Perfect", level == Level::Perfect) }
                        { option("strong", "Strong (slips now and then)", level == Level::Strong) }
                        { option("learner", "Learner (plays at random)", level == Level::Learner) }
                    </select>
                </label>
                <button type="submit" id="setup-go">{ "Start" }</button>
            </form>
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
        </details>
    }
}
