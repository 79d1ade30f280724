//! Making challenges, for a teacher: a link to the position shown as a challenge ("find a winning move",
//! Hint and Show values hidden, two people at the board), and a worksheet of such positions kept in this
//! browser, from any game page, given as one link.

use crate::play::challenge::{with_sheet, MAX_SHEET};
use crate::query;
use crate::route::current_pairs;
use gloo::storage::{LocalStorage, Storage};
use yew::prelude::*;

/// Where the worksheet being made is kept.
const SHEET_KEY: &str = "sprague-worksheet";
/// The keys a challenge link drops: who plays (the student plays both sides), and any earlier challenge.
const DROPPED: [&str; 7] = [
    "vs",
    "first",
    "level",
    "think",
    "challenge",
    "sheet",
    "heap",
];

#[derive(Properties, PartialEq)]
pub struct ChallengeMakerProps {
    /// Moves played in the game shown: the challenge is the position after them.
    pub at: usize,
}

#[function_component(ChallengeMaker)]
pub fn challenge_maker(props: &ChallengeMakerProps) -> Html {
    let open = use_state(|| false);
    let sheet = use_state(stored_sheet);
    let link = challenge_link(props.at);
    let origin = gloo::utils::window()
        .location()
        .origin()
        .unwrap_or_default();
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |_| open.set(!*open))
    };
    let on_add = {
        let (sheet, link) = (sheet.clone(), link.clone());
        Callback::from(move |_| {
            let mut list = (*sheet).clone();
            if list.len() < MAX_SHEET && list.last() != Some(&link) {
                list.push(link.clone());
            }
            let _ = LocalStorage::set(SHEET_KEY, &list);
            sheet.set(list);
        })
    };
    let on_clear = {
        let sheet = sheet.clone();
        Callback::from(move |_| {
            LocalStorage::delete(SHEET_KEY);
            sheet.set(Vec::new());
        })
    };
    let sheet_link = sheet
        .split_first()
        .map(|(first, rest)| format!("{origin}{}", with_sheet(first, rest)));
    html! {
        <>
            <button id="make-challenge" type="button" aria-expanded={open.to_string()} onclick={on_toggle}
                    title="A link that asks a student to find a winning move from this position">
                { "Challenge…" }
            </button>
            if *open {
                <div id="challenge-maker" class="challenge-maker">
                    <label>{ "Challenge link: " }
                        <input id="challenge-url" class="link" readonly=true value={format!("{origin}{link}")} />
                    </label>
                    <p class="muted">{ "It opens at this position with Hint and Show values hidden and asks for a winning move; the student's move is checked." }</p>
                    <button id="add-to-sheet" type="button" onclick={on_add}>{ "Add to worksheet" }</button>
                    if let Some(sheet_link) = sheet_link {
                        <label>{ format!("Worksheet of {}: ", sheet.len()) }
                            <input id="sheet-url" class="link" readonly=true value={sheet_link} />
                        </label>
                        <button id="clear-sheet" type="button" onclick={on_clear}>{ "Clear worksheet" }</button>
                    }
                </div>
            }
        </>
    }
}

/// The app-relative link of a challenge at the position after `at` moves of the game in the address bar.
fn challenge_link(at: usize) -> String {
    let path = gloo::utils::window()
        .location()
        .pathname()
        .unwrap_or_default();
    let mut pairs: Vec<(String, String)> = current_pairs()
        .into_iter()
        .filter(|(key, _)| !DROPPED.contains(&key.as_str()))
        .collect();
    pairs.push(("vs".into(), "human".into()));
    pairs.push(("challenge".into(), at.to_string()));
    format!("{path}?{}", query::write(&pairs))
}

/// The worksheet kept in this browser (empty when none, or when what is stored is not a list of links).
fn stored_sheet() -> Vec<String> {
    LocalStorage::get::<Vec<String>>(SHEET_KEY)
        .unwrap_or_default()
        .into_iter()
        .filter(|link| link.starts_with('/'))
        .take(MAX_SHEET)
        .collect()
}
