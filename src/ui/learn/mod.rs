//! The teaching views (`/learn/…`): a mex table, the nim-sum explainer, the nim sequence plotted, P-positions
//! and the misère view, with lesson links, CSV export and a classroom mode. Each view keeps what it shows in
//! its URL, so a link opens the same lesson; every value comes from the solver worker.

mod classroom;
mod csv_link;
mod heap_picture;
mod learn_form;
mod lesson_link;
mod lessons;
mod mex_table;
mod misere_view;
mod nim_sum;
mod p_positions;
mod sequence_plot;
mod sprouts_children;
mod sprouts_levels;
mod sprouts_proof;
mod sprouts_proof_svg;
mod sprouts_search;
mod sprouts_thumb;
mod status;

pub use classroom::{use_classroom, ClassroomToggle};
pub use lessons::Lessons;
pub use mex_table::MexTablePage;
pub use misere_view::MiserePage;
pub use nim_sum::NimSumPage;
pub use p_positions::PPositionsPage;
pub use sequence_plot::SequencePage;
pub use sprouts_proof::SproutsProofPage;
pub use sprouts_search::SproutsSearchPage;

use super::solver::next_request_id;
use crate::play::game::Rules;
use crate::play::heap_challenge::{heap_challenge_link, heap_play_link};
use crate::query;
use crate::ui::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{LearnAnswer, LearnQuery, Request, RequestId, Response};
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;
use yew_router::prelude::*;

/// The current URL's query as decoded pairs.
#[hook]
pub fn use_query_pairs() -> Vec<(String, String)> {
    let location = use_location();
    let raw = location
        .map(|location| location.query_str().to_string())
        .unwrap_or_default();
    query::read(&raw)
}

/// The views' link values, read as the fuzz target reads them.
pub use crate::learn_query::{code_of, heaps_text, number, parse_heaps, DEFAULT_CODE};
/// The value of `key` in `pairs`.
pub use crate::query::value as get;

/// A code or position written for a URL query.
pub use crate::query::encode as url_code;

/// The board page showing a position of this game, when the game has one.
pub fn board_link(code: &str, heaps: &[u64]) -> Option<String> {
    heap_play_link(&code.parse().ok()?, heaps, Rules::Normal)
}

/// The same position as a challenge on its board ("find a winning move"), when the game has one.
pub fn challenge_link(code: &str, heaps: &[u64]) -> Option<String> {
    heap_challenge_link(&code.parse().ok()?, heaps, Rules::Normal)
}

/// What a view is waiting for or has heard.
#[derive(Clone, Default, PartialEq)]
pub struct LearnState {
    pub waiting: Option<RequestId>,
    pub progress: Option<(u64, u64)>,
    pub answer: Option<LearnAnswer>,
    pub error: Option<String>,
}

pub enum LearnAction {
    Sent(RequestId),
    Refused(String),
    Heard(Response),
}

impl Reducible for LearnState {
    type Action = LearnAction;

    fn reduce(self: Rc<Self>, action: LearnAction) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            LearnAction::Sent(id) => {
                state.waiting = Some(id);
                state.progress = None;
                state.error = None;
            }
            LearnAction::Refused(message) => {
                state.waiting = None;
                state.answer = None;
                state.error = Some(message);
            }
            LearnAction::Heard(response) => {
                if state.waiting != Some(response.id()) {
                    return self;
                }
                match response {
                    Response::Progress { done, total, .. } => {
                        state.progress = Some((done, total));
                        return Rc::new(state);
                    }
                    Response::Learn { answer, .. } => state.answer = Some(*answer),
                    Response::Cancelled { .. } => {
                        state.error = Some("Cancelled. What was computed so far is kept.".into())
                    }
                    Response::Error { message, .. } => {
                        state.answer = None;
                        state.error = Some(message);
                    }
                    _ => return self,
                }
                state.waiting = None;
            }
        }
        Rc::new(state)
    }
}

/// Asks the worker for `ask` whenever it changes (an `Err` is shown as the view's error instead); returns
/// the state and a callback that cancels the request under way.
#[hook]
pub fn use_learn(
    ask: Result<(String, LearnQuery), String>,
) -> (UseReducerHandle<LearnState>, Callback<()>) {
    let state = use_reducer(LearnState::default);
    let bridge = {
        let state = state.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                state.dispatch(LearnAction::Heard(response));
            }
        })
    };
    {
        let (state, bridge) = (state.clone(), bridge.clone());
        use_effect_with(ask, move |ask| match ask {
            Ok((code, query)) => {
                let id = next_request_id();
                state.dispatch(LearnAction::Sent(id));
                bridge.send(Request::Learn {
                    id,
                    code: code.clone(),
                    query: query.clone(),
                });
            }
            Err(message) => state.dispatch(LearnAction::Refused(message.clone())),
        });
    }
    let cancel = {
        let state = state.clone();
        Callback::from(move |_| {
            if let Some(id) = state.waiting {
                bridge.send(Request::Cancel { id });
            }
        })
    };
    (state, cancel)
}

/// `*3`-style value text.
pub fn star(value: u32) -> String {
    format!("*{value}")
}

/// A value in binary with `width` digits.
pub fn binary(value: u32, width: usize) -> String {
    format!("{value:0width$b}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn reads_links_and_refuses_junk() {
        let pairs = query::read("?code=4%21.0&heaps=7.5.10&to=12");
        assert_eq!(get(&pairs, "code"), Some("4!.0"));
        assert_eq!(code_of(&pairs), Ok("4!.0".to_string()));
        assert_eq!(code_of(&[]), Ok(DEFAULT_CODE.to_string()));
        assert!(code_of(&query::read("code=")).is_err());
        assert!(code_of(&query::read(&format!("code={}", "7".repeat(60)))).is_err());
        assert_eq!(number(&pairs, "to", "To", 3, 100), Ok(12));
        assert_eq!(number(&pairs, "from", "From", 3, 100), Ok(3));
        assert!(number(&pairs, "to", "To", 3, 10)
            .unwrap_err()
            .contains("too large"));
        assert!(number(&query::read("to=-1"), "to", "To", 3, 10).is_err());
        assert!(number(&query::read("to=%3Cb%3E"), "to", "To", 3, 10).is_err());
        assert!(number(
            &query::read("to=99999999999999999999"),
            "to",
            "To",
            3,
            u64::MAX
        )
        .is_err());
        assert_eq!(parse_heaps("7.5.10"), Ok(vec![7, 5, 10]));
        assert_eq!(parse_heaps(" 7, 5 10 "), Ok(vec![7, 5, 10]));
        assert_eq!(parse_heaps(""), Ok(vec![]));
        assert!(parse_heaps("7.x").is_err());
        assert!(parse_heaps(&"1.".repeat(100)).is_err());
        assert_eq!(heaps_text(&[6, 41]), "6.41");
        assert_eq!(board_link("0.137", &[9]), Some("/dots?n=9".into()));
        // Two rows: one row of 50 with the dot between them marked (by the computer, so the person moves).
        assert_eq!(
            board_link("0.137", &[6, 41]),
            Some("/dots?n=50&m=8&first=computer".into())
        );
        assert_eq!(
            board_link("4!.0", &[1, 8]),
            Some("/grundy?piles=1.8".into())
        );
        assert_eq!(board_link("0.77", &[3]), None);
        assert_eq!(
            board_link("0.[3]", &[3, 0, 5]),
            Some("/nim?piles=3.5".into())
        );
        assert_eq!(binary(5, 4), "0101");
        assert_eq!(
            csv_link::csv_text(&[
                vec!["a".into(), "b,c".into()],
                vec!["\"q\"".into(), "1".into()]
            ]),
            "a,\"b,c\"\r\n\"\"\"q\"\"\",1\r\n"
        );
    }
}
