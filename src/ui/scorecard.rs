//! A page's scorecard: the games against the computer won and lost in this browser session, counted once
//! per finished game (kept in the session's storage, so a reload keeps it and a new session starts afresh).

use gloo::storage::{SessionStorage, Storage};
use serde::{Deserialize, Serialize};
use yew::prelude::*;

/// Finished games remembered per page, so that one is not counted twice (oldest forgotten first).
const REMEMBERED: usize = 200;

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
struct Score {
    won: u32,
    lost: u32,
    /// The finished games counted, by their links.
    counted: Vec<String>,
}

#[derive(Properties, PartialEq)]
pub struct ScorecardProps {
    /// The page's name ("dots", "grundy"…): each page keeps its own score.
    pub page: AttrValue,
    /// A finished game against the computer: its link, and whether the person won.
    pub finished: Option<(String, bool)>,
}

#[function_component(Scorecard)]
pub fn scorecard(props: &ScorecardProps) -> Html {
    let key = format!("sprague-score-{}", props.page);
    let score = use_state({
        let key = key.clone();
        move || SessionStorage::get::<Score>(&key).unwrap_or_default()
    });
    {
        let score = score.clone();
        use_effect_with(props.finished.clone(), move |finished| {
            let Some((game, won)) = finished else {
                return;
            };
            let mut next = SessionStorage::get::<Score>(&key).unwrap_or_default();
            if next.counted.contains(game) {
                return;
            }
            if *won {
                next.won += 1;
            } else {
                next.lost += 1;
            }
            next.counted.push(game.clone());
            if next.counted.len() > REMEMBERED {
                next.counted.remove(0);
            }
            let _ = SessionStorage::set(&key, &next);
            score.set(next);
        });
    }
    if score.won + score.lost == 0 {
        return html! {};
    }
    html! {
        <p id="scorecard" class="muted scorecard">
            { format!("Against the computer this session: you won {}, it won {}.", score.won, score.lost) }
        </p>
    }
}
