//! The "new game" form of the Sprouts page: spots or a pasted position, rules, opponent.

use super::player_options::{self, PlayerRefs};
use crate::play::sprouts_game::{parse_start, SproutsGame, MAX_SPOTS};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SproutsSetupProps {
    pub game: SproutsGame,
    pub on_start: Callback<SproutsGame>,
}

#[function_component(SproutsSetup)]
pub fn sprouts_setup(props: &SproutsSetupProps) -> Html {
    let error = use_state(|| None::<String>);
    let start_ref = use_node_ref();
    let players = use_memo((), |_| PlayerRefs::default());
    let onsubmit = {
        let (error, on_start) = (error.clone(), props.on_start.clone());
        let (start_ref, players) = (start_ref.clone(), players.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let text = start_ref
                .cast::<HtmlInputElement>()
                .map(|input| input.value())
                .unwrap_or_default();
            match parse_start(&text) {
                Ok(start) => {
                    let (rules, opponent) = player_options::read(&players);
                    error.set(None);
                    on_start.emit(SproutsGame::new(start, rules, opponent));
                }
                Err(message) => error.set(Some(message)),
            }
        })
    };
    html! {
        <details class="setup">
            <summary>{ "New game…" }</summary>
            <form id="setup" class="setup-form" {onsubmit}>
                <label>{ "Spots, or a position" }
                    <input id="setup-start" ref={start_ref} value={props.game.start.to_string()} autocomplete="off"
                           placeholder={format!("1 to {MAX_SPOTS}, or e.g. 0*4.A|0*4.A")} />
                </label>
                { player_options::view(props.game.rules, props.game.opponent, &players) }
                <button type="submit" id="setup-go">{ "Start" }</button>
            </form>
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
        </details>
    }
}
