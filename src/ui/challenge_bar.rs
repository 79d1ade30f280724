//! A challenge as the student meets it: the prompt, the verdict on their move in plain words, "Try again",
//! and the worksheet's next challenge.

use crate::play::challenge::Challenge;
use crate::query;
use crate::route::Route;
use yew::prelude::*;
use yew_router::prelude::*;
use yew_router::Routable;

#[derive(Properties, PartialEq)]
pub struct ChallengeBarProps {
    pub challenge: Challenge,
    /// Whether the student has played their move, and if so whether it is right and the words for it.
    pub verdict: Option<(Option<bool>, String)>,
    pub on_try_again: Callback<()>,
}

#[function_component(ChallengeBar)]
pub fn challenge_bar(props: &ChallengeBarProps) -> Html {
    let navigator = use_navigator();
    let next = props.challenge.next_link().map(|link| {
        let navigator = navigator.clone();
        let left = props.challenge.sheet.len();
        let go = Callback::from(move |_| go_to(&navigator, &link));
        html! {
            <button id="next-challenge" type="button" onclick={go}>
                { format!("Next challenge ({left} left)") }
            </button>
        }
    });
    let class = match &props.verdict {
        Some((Some(true), _)) => "right",
        Some((Some(false), _)) => "wrong",
        _ => "waiting",
    };
    html! {
        <div id="challenge" class={classes!("challenge", props.verdict.is_some().then_some(class))} aria-live="polite">
            if let Some((_, words)) = &props.verdict {
                <p id="challenge-verdict">{ words }</p>
                <div class="challenge-actions">
                    <button id="try-again" type="button" onclick={props.on_try_again.reform(|_| ())}>{ "Try again" }</button>
                    { for next }
                </div>
            } else {
                <p id="challenge-prompt"><strong>{ "Challenge: " }</strong>{ "find a winning move, and play it." }</p>
                if props.challenge.sheet.is_empty() {
                    <p class="muted">{ "Hint and Show values are hidden until you have played." }</p>
                } else {
                    <p class="muted">{ format!("A worksheet: {} more challenges after this one.", props.challenge.sheet.len()) }</p>
                }
            }
        </div>
    }
}

/// Opens a link within the app (`/grundy?piles=7.5&challenge=0…`) without reloading it.
fn go_to(navigator: &Option<Navigator>, link: &str) {
    let (path, query) = link.split_once('?').unwrap_or((link, ""));
    let pairs = query::read(query);
    if let (Some(navigator), Some(route)) = (navigator, Route::recognize(path)) {
        let _ = navigator.push_with_query(&route, &pairs);
    }
}
