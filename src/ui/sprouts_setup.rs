//! The "new game" form of the Sprouts page: spots or a pasted position, rules, opponent.

use super::game_shell::show_started_game;
use super::player_options::{self, PlayerRefs};
use crate::play::sprouts_game::{parse_start, SproutsGame, DEFAULT_THINK_SECONDS, MAX_SPOTS};
use web_sys::HtmlInputElement;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Thinking times offered (seconds): past three quarters of it the computer stops the exact search and
/// looks ahead instead.
const THINK_CHOICES: [u32; 5] = [2, 5, 10, 20, 60];

#[derive(Properties, PartialEq)]
pub struct SproutsSetupProps {
    pub game: SproutsGame,
    pub on_start: Callback<SproutsGame>,
}

#[function_component(SproutsSetup)]
pub fn sprouts_setup(props: &SproutsSetupProps) -> Html {
    let error = use_state(|| None::<String>);
    let start_ref = use_node_ref();
    let think_ref = use_node_ref();
    let players = use_memo((), |_| PlayerRefs::default());
    let onsubmit = {
        let (error, on_start) = (error.clone(), props.on_start.clone());
        let (start_ref, players, think_ref) =
            (start_ref.clone(), players.clone(), think_ref.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let text = start_ref
                .cast::<HtmlInputElement>()
                .map(|input| input.value())
                .unwrap_or_default();
            match parse_start(&text) {
                Ok(start) => {
                    let (rules, opponent) = player_options::read(&players);
                    let think_seconds = think_ref
                        .cast::<HtmlSelectElement>()
                        .and_then(|select| select.value().parse().ok())
                        .unwrap_or(DEFAULT_THINK_SECONDS);
                    show_started_game(&event);
                    error.set(None);
                    on_start.emit(SproutsGame {
                        think_seconds,
                        ..SproutsGame::new(start, rules, opponent)
                    });
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
                <label>{ "The computer thinks up to" }
                    <select id="setup-think" ref={think_ref}>
                        { for think_choices(props.game.think_seconds).into_iter().map(|seconds| html! {
                            <option value={seconds.to_string()} selected={seconds == props.game.think_seconds}>
                                { format!("{seconds} s a move") }
                            </option>
                        }) }
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

/// The thinking times to offer, with the game's own (from a link) among them.
fn think_choices(current: u32) -> Vec<u32> {
    let mut choices = THINK_CHOICES.to_vec();
    if !choices.contains(&current) {
        choices.push(current);
        choices.sort_unstable();
    }
    choices
}
