//! Asking the solver about every position of a game, for its review: one position at a time, on a bridge
//! of the review's own (so hints and the computer's moves are not held up), each answer kept by the
//! position's key so that a longer game, or the same positions met again, is not asked twice.

use super::asking::{is_progress, Answer};
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{Request, RequestId, Response};
use std::collections::HashMap;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// What the review has heard, by position key.
#[derive(Clone, PartialEq)]
pub struct ReviewAsking<A> {
    /// Each answer, or why there is none ("not decided").
    pub heard: HashMap<String, Result<A, String>>,
    /// The question under way: its id and position key.
    pub waiting: Option<(RequestId, String)>,
}

impl<A> Default for ReviewAsking<A> {
    fn default() -> Self {
        ReviewAsking {
            heard: HashMap::new(),
            waiting: None,
        }
    }
}

pub enum ReviewAsk {
    Sent(RequestId, String),
    Heard(Response),
}

impl<A: Answer> Reducible for ReviewAsking<A> {
    type Action = ReviewAsk;

    fn reduce(self: Rc<Self>, action: ReviewAsk) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            ReviewAsk::Sent(id, key) => state.waiting = Some((id, key)),
            ReviewAsk::Heard(response) => {
                let Some((id, key)) = state.waiting.clone() else {
                    return self;
                };
                if id != response.id() || is_progress(&response) {
                    return self;
                }
                let answer = match response {
                    Response::NotSaved { .. } => return self,
                    Response::Error { message, .. } => Err(message),
                    Response::Cancelled { .. } => Err("the review was stopped".to_string()),
                    other => A::from_response(other)
                        .ok_or_else(|| "the solver answered something else".to_string()),
                };
                state.heard.insert(key, answer);
                state.waiting = None;
            }
        }
        Rc::new(state)
    }
}

/// While `active`, asks about each position of `keys` not heard yet, in order, with `request` making the
/// question about position `i` under id `id`. Returns each position's answer so far (in the order of
/// `keys`) and whether a question is under way.
#[hook]
pub fn use_review_asking<A: Answer + 'static>(
    keys: Vec<String>,
    active: bool,
    request: Callback<(usize, RequestId), Request>,
) -> (Vec<Option<Result<A, String>>>, bool) {
    let asking = use_reducer(ReviewAsking::<A>::default);
    let bridge = {
        let asking = asking.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                asking.dispatch(ReviewAsk::Heard(response));
            }
        })
    };
    {
        let (asking, bridge) = (asking.clone(), bridge.clone());
        let deps = (
            active,
            keys.clone(),
            asking.waiting.is_some(),
            asking.heard.len(),
        );
        use_effect_with(deps, move |(active, keys, waiting, _)| {
            if !*active || *waiting {
                return;
            }
            if let Some(i) = keys.iter().position(|key| !asking.heard.contains_key(key)) {
                let id = next_request_id();
                asking.dispatch(ReviewAsk::Sent(id, keys[i].clone()));
                bridge.send(request.emit((i, id)));
            }
        });
    }
    let answers = keys
        .iter()
        .map(|key| asking.heard.get(key).cloned())
        .collect();
    (answers, asking.waiting.is_some())
}
