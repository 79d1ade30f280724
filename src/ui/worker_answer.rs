//! One question to the solver worker per input, answered in the background: the hook asks again when
//! its input changes and shows only the answer to the input of now (an answer to an earlier one,
//! arriving late, is dropped).

use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{Request, RequestId, Response};
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// The worker's answer to `wanted` (`None` while it works, or when nothing is wanted): `ask` makes
/// the request for an input, `answer` reads the response that answers it (with its request's id).
#[hook]
pub fn use_worker_answer<Q, A>(
    wanted: Option<Q>,
    ask: fn(RequestId, &Q) -> Request,
    answer: fn(Response) -> Option<(RequestId, A)>,
) -> Option<A>
where
    Q: Clone + PartialEq + 'static,
    A: Clone + 'static,
{
    let found = use_state(|| None::<(Q, A)>);
    let asked = use_mut_ref(|| None::<(RequestId, Q)>);
    let bridge = {
        let (found, asked) = (found.clone(), asked.clone());
        use_solver_bridge(move |event| {
            let ReactorEvent::Output(response) = event else {
                return;
            };
            if let Some((id, value)) = answer(response) {
                if let Some((asked_id, what)) = &*asked.borrow() {
                    if *asked_id == id {
                        found.set(Some((what.clone(), value)));
                    }
                }
            }
        })
    };
    {
        let asked = asked.clone();
        use_effect_with(wanted.clone(), move |wanted| {
            *asked.borrow_mut() = None;
            if let Some(what) = wanted {
                let id = next_request_id();
                *asked.borrow_mut() = Some((id, what.clone()));
                bridge.send(ask(id, what));
            }
        });
    }
    (*found)
        .as_ref()
        .filter(|(what, _)| Some(what) == wanted.as_ref())
        .map(|(_, value)| value.clone())
}
