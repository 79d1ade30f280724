//! What a game page has asked the solver worker, for the hint or for the computer's move, and what it
//! heard back. One request at a time; answers are kept with the position (a key) they were asked for, so
//! an answer that arrives after the position changed is never shown or played.

use crate::play::words::capitalised;
use crate::worker::protocol::{PositionAnswer, RequestId, Response, SproutsAnswer, SproutsGuess};
use std::rc::Rc;
use yew::Reducible;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Hint,
    ComputerMove,
    /// Every move's value, for "Show values".
    Values,
}

/// An answer type a page waits for.
pub trait Answer: Clone + PartialEq {
    fn from_response(response: Response) -> Option<Self>;
}

impl Answer for PositionAnswer {
    fn from_response(response: Response) -> Option<Self> {
        match response {
            Response::Analysis { answer, .. } => Some(answer),
            _ => None,
        }
    }
}

impl Answer for crate::worker::protocol::GraphAnswer {
    fn from_response(response: Response) -> Option<Self> {
        match response {
            Response::Graph { answer, .. } => Some(*answer),
            _ => None,
        }
    }
}

/// What the worker answers about a Sprouts position: exact, or (for the computer's move, when the exact
/// answer took too long) a lookahead search's choice.
#[derive(Clone, Debug, PartialEq)]
pub enum SproutsReply {
    Exact(SproutsAnswer),
    Guess(SproutsGuess),
}

impl SproutsReply {
    pub fn exact(&self) -> Option<&SproutsAnswer> {
        match self {
            SproutsReply::Exact(answer) => Some(answer),
            SproutsReply::Guess(_) => None,
        }
    }
}

impl Answer for SproutsReply {
    fn from_response(response: Response) -> Option<Self> {
        match response {
            Response::Sprouts { answer, .. } => Some(SproutsReply::Exact(answer)),
            Response::SproutsGuess { guess, .. } => Some(SproutsReply::Guess(guess)),
            _ => None,
        }
    }
}

/// Work reported by the worker while it computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// `done` of `total` heap sizes computed.
    Values { done: u64, total: u64 },
    /// Positions searched; children examined of all; depth of the search; positions stored; workers
    /// searching.
    Search {
        nodes: u64,
        children_done: u64,
        children: u64,
        depth: u64,
        stored: u64,
        workers: u64,
    },
    /// A lookahead search: positions expanded, the depth under way, moves scored at it of all.
    Lookahead {
        nodes: u64,
        depth: u32,
        scored: u64,
        moves: u64,
    },
}

#[derive(Clone, PartialEq)]
pub struct Asking<A> {
    /// The request under way: its id, purpose, and the key of the position asked about.
    pub waiting: Option<(RequestId, Purpose, String)>,
    pub progress: Option<Progress>,
    /// When `progress` was last changed (`js_sys::Date::now()` time).
    pub progress_ms: f64,
    /// When the request under way was sent (`js_sys::Date::now()` time).
    pub sent_ms: f64,
    /// The last hint, with the key of its position.
    pub hint: Option<(String, A)>,
    /// The answer asked for "Show values", with the key of its position.
    pub values: Option<(String, A)>,
    /// The answer for the computer's move (or why there is none), with the key of its position.
    pub computer: Option<(String, Result<A, String>)>,
    pub error: Option<String>,
    /// Why what the solver learned for an answer could not be stored (the answer stands), until the
    /// person dismisses it.
    pub not_saved: Option<String>,
}

impl<A> Default for Asking<A> {
    fn default() -> Self {
        Asking {
            waiting: None,
            progress: None,
            progress_ms: 0.0,
            sent_ms: 0.0,
            hint: None,
            values: None,
            computer: None,
            error: None,
            not_saved: None,
        }
    }
}

pub enum Ask {
    Sent(RequestId, Purpose, String),
    Heard(Response),
    /// The computer's answer has been used.
    Played,
    /// The person has read that something was not saved.
    Dismiss,
}

impl<A: Answer> Reducible for Asking<A> {
    type Action = Ask;

    fn reduce(self: Rc<Self>, action: Ask) -> Rc<Self> {
        if let Ask::Heard(response) = &action {
            // The bar moves at most every REDRAW_MS.
            let now = js_sys::Date::now();
            if is_progress(response)
                && self.progress.is_some()
                && now - self.progress_ms < REDRAW_MS
            {
                return self;
            }
        }
        let mut state = (*self).clone();
        match action {
            Ask::Sent(id, purpose, key) => {
                state.waiting = Some((id, purpose, key));
                state.progress = None;
                state.sent_ms = js_sys::Date::now();
                state.error = None;
            }
            Ask::Dismiss => state.not_saved = None,
            Ask::Played => state.computer = None,
            // Comes after the answer it is about, so whatever the page waits for now.
            Ask::Heard(Response::NotSaved { message, .. }) => state.not_saved = Some(message),
            Ask::Heard(response) => {
                let Some((id, purpose, key)) = state.waiting.clone() else {
                    return self;
                };
                if id != response.id() {
                    return self; // an answer to a request this page no longer waits for
                }
                if is_progress(&response) {
                    state.progress_ms = js_sys::Date::now();
                }
                let outcome = match response {
                    Response::Progress { done, total, .. } => {
                        state.progress = Some(Progress::Values { done, total });
                        return Rc::new(state);
                    }
                    Response::SearchProgress {
                        nodes,
                        children_done,
                        children,
                        depth,
                        stored,
                        workers,
                        ..
                    } => {
                        state.progress = Some(Progress::Search {
                            nodes,
                            children_done,
                            children,
                            depth,
                            stored,
                            workers,
                        });
                        return Rc::new(state);
                    }
                    Response::LookaheadProgress {
                        nodes,
                        depth,
                        scored,
                        moves,
                        ..
                    } => {
                        state.progress = Some(Progress::Lookahead {
                            nodes,
                            depth,
                            scored,
                            moves,
                        });
                        return Rc::new(state);
                    }
                    Response::Error { message, .. } => Err(message),
                    Response::Cancelled { .. } => Err("the search was cancelled".to_string()),
                    other => {
                        let kind = response_kind(&other);
                        // A reply of another kind is a fault of the worker: said, not waited on.
                        A::from_response(other).ok_or_else(|| {
                            format!(
                                "the solver answered with something this page cannot use ({kind})"
                            )
                        })
                    }
                };
                match (purpose, outcome) {
                    (Purpose::Hint, Ok(answer)) => state.hint = Some((key, answer)),
                    (Purpose::Hint, Err(message)) => state.error = Some(capitalised(&message)),
                    (Purpose::ComputerMove, outcome) => state.computer = Some((key, outcome)),
                    (Purpose::Values, Ok(answer)) => state.values = Some((key, answer)),
                    // The board is then shown without values; the hint still says why.
                    (Purpose::Values, Err(_)) => {}
                }
                state.waiting = None;
            }
        }
        Rc::new(state)
    }
}

/// Shortest time between two redraws of a long job's progress (a search here, an import's parts in
/// `check_pool`): workers report every 50 ms, and on a machine whose cores all run workers each
/// redraw (the page, its compositor, the GPU process) is taken from them.
pub const REDRAW_MS: f64 = 200.0;

/// Whether a response only reports progress.
pub fn is_progress(response: &Response) -> bool {
    matches!(
        response,
        Response::Progress { .. }
            | Response::SearchProgress { .. }
            | Response::LookaheadProgress { .. }
    )
}

/// The name of a response's kind (its variant), for messages.
fn response_kind(response: &Response) -> String {
    use std::fmt::Write;
    /// Keeps the leading name and stops the formatting there: a response can hold megabytes.
    struct Name(String);
    impl Write for Name {
        fn write_str(&mut self, text: &str) -> std::fmt::Result {
            let name: String = text.chars().take_while(|c| c.is_alphanumeric()).collect();
            let whole = name.len() == text.len();
            self.0.push_str(&name);
            if whole {
                Ok(())
            } else {
                Err(std::fmt::Error)
            }
        }
    }
    let mut name = Name(String::new());
    let _ = write!(name, "{response:?}");
    name.0
}

impl<A> Asking<A> {
    /// The answer for "Show values" (or a hint's), if it is for the position with this key.
    pub fn values_for(&self, key: &str) -> Option<&A> {
        for_key(&self.values, key).or_else(|| for_key(&self.hint, key))
    }

    /// The hint, if it is for the position with this key.
    pub fn hint_for(&self, key: &str) -> Option<&A> {
        self.hint
            .as_ref()
            .filter(|(asked_at, _)| asked_at == key)
            .map(|(_, answer)| answer)
    }
}

/// A kept answer, if it is for the position with this key.
fn for_key<'a, A>(kept: &'a Option<(String, A)>, key: &str) -> Option<&'a A> {
    kept.as_ref()
        .filter(|(asked_at, _)| asked_at == key)
        .map(|(_, answer)| answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::protocol::PositionAnswer;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_reply_of_the_wrong_kind_is_said_not_waited_on() {
        let state = Rc::new(Asking::<PositionAnswer>::default())
            .reduce(Ask::Sent(7, Purpose::Hint, "key".into()))
            .reduce(Ask::Heard(Response::Bases {
                id: 7,
                bases: Vec::new(),
            }));
        assert_eq!(state.waiting, None, "the page no longer waits");
        let error = state.error.clone().unwrap_or_default();
        assert!(error.contains("cannot use (Bases)"), "{error}");
        // A reply to another request is still ignored.
        let waiting = Rc::new(Asking::<PositionAnswer>::default())
            .reduce(Ask::Sent(8, Purpose::Hint, "key".into()))
            .reduce(Ask::Heard(Response::Bases {
                id: 7,
                bases: Vec::new(),
            }));
        assert!(waiting.waiting.is_some() && waiting.error.is_none());
    }

    #[wasm_bindgen_test]
    fn progress_is_redrawn_at_most_once_per_interval_and_the_answer_always() {
        let values = |done| {
            Ask::Heard(Response::Progress {
                id: 7,
                done,
                total: 10,
            })
        };
        let state = Rc::new(Asking::<PositionAnswer>::default())
            .reduce(Ask::Sent(7, Purpose::Hint, "key".into()))
            .reduce(values(1))
            .reduce(values(2));
        // Two reports in the same instant: the first is shown, the second waits for the next.
        assert_eq!(
            state.progress,
            Some(Progress::Values { done: 1, total: 10 })
        );
        let state = state.reduce(Ask::Heard(Response::Error {
            id: 7,
            message: "out of budget".into(),
        }));
        assert_eq!(state.waiting, None, "the answer is never held back");
        assert_eq!(state.error.as_deref(), Some("Out of budget"));
        // A new question shows its first report at once.
        let state = state
            .reduce(Ask::Sent(8, Purpose::Hint, "key".into()))
            .reduce(Ask::Heard(Response::Progress {
                id: 8,
                done: 3,
                total: 10,
            }));
        assert_eq!(
            state.progress,
            Some(Progress::Values { done: 3, total: 10 })
        );
    }
}
