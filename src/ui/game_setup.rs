//! The "new game" form of a heap board: the starting position, normal or misère play, and who plays. It
//! writes the choices as a game query and lets `Game::from_query` check them, so a form and a link are
//! validated by the same code.

use super::game_shell::show_started_game;
use super::player_options::{self, PlayerRefs};
use crate::play::board::{Board, BoardKind};
use crate::play::game::{Game, MAX_DOTS, MAX_PILE, MAX_PILES};
use sprague_engine::games::heap::{NamedGame, NAMED_GAMES};
use web_sys::HtmlInputElement;
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
        Board::Piles(piles) | Board::Nim(piles) => piles
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    };
    let error = use_state(|| None::<String>);
    let size_ref = use_node_ref();
    let players = use_memo((), |_| PlayerRefs::default());
    let code_ref = use_node_ref();
    let code_text = match &game.start {
        Board::Pins(row) => row.game().to_string(),
        _ => "0.137".to_string(),
    };

    let onsubmit = {
        let (error, on_start) = (error.clone(), props.on_start.clone());
        let (size_ref, code_ref, players) = (size_ref.clone(), code_ref.clone(), players.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let size = size_ref
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let code = code_ref
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let start = match kind {
                BoardKind::Dots => format!("n={}&code={}", size.trim(), code.trim()),
                BoardKind::Grundy | BoardKind::Nim => {
                    let piles: Vec<&str> = size
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|p| !p.is_empty())
                        .collect();
                    format!("piles={}", piles.join("."))
                }
            };
            match Game::from_query(kind, &start) {
                Ok(Some(mut game)) => {
                    (game.rules, game.opponent) = player_options::read(&players);
                    error.set(None);
                    show_started_game(&event);
                    on_start.emit(game);
                }
                Ok(None) => {}
                Err(message) => error.set(Some(message)),
            }
        })
    };

    let (size_label, size_hint) = match kind {
        BoardKind::Dots => ("Dots (or pins) in the row", format!("1 to {MAX_DOTS}")),
        BoardKind::Grundy | BoardKind::Nim => (
            "Piles",
            format!("up to {MAX_PILES} piles of at most {MAX_PILE}, e.g. 7 5 3"),
        ),
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
                            { for NAMED_GAMES.iter().filter_map(row_choice) }
                        </datalist>
                    </label>
                }
                <label>{ size_label }
                    <input id="setup-size" ref={size_ref} value={start_text} autocomplete="off" title={size_hint.clone()} placeholder={size_hint} />
                </label>
                { player_options::view(game.rules, game.opponent, &players) }
                <button type="submit" id="setup-start">{ "Start" }</button>
            </form>
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
        </details>
    }
}

/// A quick choice of the row's game: a named game whose moves a row of pins shows.
fn row_choice(game: &NamedGame) -> Option<Html> {
    let on_a_row = game.on_a_row?;
    Some(html! { <option value={game.code}>{ format!("{}: {on_a_row}", game.title) }</option> })
}
