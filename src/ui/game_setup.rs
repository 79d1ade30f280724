//! The "new game" form of a heap board: the starting position, normal or misère play, and who plays. It
//! writes the choices as a game query and lets `Game::from_query` check them, so a form and a link are
//! validated by the same code.

use crate::play::board::{Board, BoardKind};
use crate::play::game::{Game, Level, Opponent, Rules, MAX_DOTS, MAX_PILE, MAX_PILES};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GameSetupProps {
    /// The game being played: the form starts from its settings.
    pub game: Game,
    pub on_start: Callback<Game>,
}

#[function_component(GameSetup)]
pub fn game_setup(props: &GameSetupProps) -> Html {
    let game = &props.game;
    let kind = game.kind();
    let start_text = match &game.start {
        Board::Dots(row) => row.len().to_string(),
        Board::Pins(row) => row.len().to_string(),
        Board::Piles(piles) => piles
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    };
    let (computer, moves_first, level) = match game.opponent {
        Opponent::Human => (false, false, Level::Perfect),
        Opponent::Computer { moves_first, level } => (true, moves_first, level),
    };
    let error = use_state(|| None::<String>);
    let size_ref = use_node_ref();
    let rules_ref = use_node_ref();
    let vs_ref = use_node_ref();
    let first_ref = use_node_ref();
    let level_ref = use_node_ref();
    let code_ref = use_node_ref();
    let code_text = match &game.start {
        Board::Pins(row) => row.game().to_string(),
        _ => "0.137".to_string(),
    };

    let onsubmit = {
        let (error, on_start) = (error.clone(), props.on_start.clone());
        let refs = (
            size_ref.clone(),
            rules_ref.clone(),
            vs_ref.clone(),
            first_ref.clone(),
            level_ref.clone(),
            code_ref.clone(),
        );
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let select = |node: &NodeRef| {
                node.cast::<HtmlSelectElement>()
                    .map(|s| s.value())
                    .unwrap_or_default()
            };
            let size = refs
                .0
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let code = refs
                .5
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let start = match kind {
                BoardKind::Dots => format!("n={}&code={}", size.trim(), code.trim()),
                BoardKind::Grundy => {
                    let piles: Vec<&str> = size
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|p| !p.is_empty())
                        .collect();
                    format!("piles={}", piles.join("."))
                }
            };
            let query = format!(
                "{start}&rules={}&vs={}&first={}&level={}",
                select(&refs.1),
                select(&refs.2),
                select(&refs.3),
                select(&refs.4)
            );
            match Game::from_query(kind, &query) {
                Ok(Some(game)) => {
                    error.set(None);
                    on_start.emit(game);
                }
                Ok(None) => {}
                Err(message) => error.set(Some(message)),
            }
        })
    };

    let (size_label, size_hint) = match kind {
        BoardKind::Dots => ("Dots (or pins) in the row", format!("1 to {MAX_DOTS}")),
        BoardKind::Grundy => (
            "Piles",
            format!("up to {MAX_PILES} piles of at most {MAX_PILE}, e.g. 7 5 3"),
        ),
    };
    let option = |value: &'static str, label: &'static str, selected: bool| {
        html! { <option {value} {selected}>{ label }</option> }
    };
    html! {
        <details class="setup">
            <summary>{ "New game…" }</summary>
            <form id="setup" class="setup-form" {onsubmit}>
                if kind == BoardKind::Dots {
                    <label>{ "Game" }
                        <input id="setup-code" ref={code_ref} list="row-codes" value={code_text} autocomplete="off"
                               title="0.137 is the independence game; any octal code that a row of pins can show works" />
                        <datalist id="row-codes">
                            <option value="0.137">{ "Independence game (mark a dot)" }</option>
                            <option value="0.77">{ "Kayles: one pin or two adjacent" }</option>
                            <option value="0.07">{ "Dawson's Kayles: two adjacent pins" }</option>
                            <option value="0.6">{ "0.6: one pin, not a whole row" }</option>
                            <option value="0.51">{ "0.51" }</option>
                        </datalist>
                    </label>
                }
                <label>{ size_label }
                    <input id="setup-size" ref={size_ref} value={start_text} autocomplete="off" title={size_hint.clone()} placeholder={size_hint} />
                </label>
                <label>{ "Rules" }
                    <select id="setup-rules" ref={rules_ref}>
                        { option("normal", "Normal: the last to move wins", game.rules == Rules::Normal) }
                        { option("misere", "Misère: the last to move loses", game.rules == Rules::Misere) }
                    </select>
                </label>
                <label>{ "Opponent" }
                    <select id="setup-vs" ref={vs_ref}>
                        { option("computer", "The computer", computer) }
                        { option("human", "A friend at this screen", !computer) }
                    </select>
                </label>
                <label>{ "Who starts" }
                    <select id="setup-first" ref={first_ref}>
                        { option("you", "You (or player 1)", !moves_first) }
                        { option("computer", "The computer", moves_first) }
                    </select>
                </label>
                <label>{ "Computer's level" }
                    <select id="setup-level" ref={level_ref}>
                        { option("perfect", "Perfect", level == Level::Perfect) }
                        { option("strong", "Strong (slips now and then)", level == Level::Strong) }
                        { option("learner", "Learner (plays at random)", level == Level::Learner) }
                    </select>
                </label>
                <button type="submit" id="setup-start">{ "Start" }</button>
            </form>
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
        </details>
    }
}
