//! "Show values", the same on every page that has it: a toggle, and while it is on, a request for every
//! move's value on each position where a person may move (once per position).

use super::asking::{Answer, Asking, Purpose};
use yew::prelude::*;

/// Whether values are shown, and the toggle. `key` names the position; `wanted` is whether a person may
/// move there now.
#[hook]
pub fn use_show_values<A: Answer + 'static>(
    solver: &UseReducerHandle<Asking<A>>,
    key: &str,
    wanted: bool,
    ask: &Callback<Purpose>,
) -> (bool, Callback<()>) {
    let show = use_state(|| false);
    let asked_for = use_mut_ref(String::new);
    {
        let wanted = *show && wanted;
        let have = solver.values_for(key).is_some();
        let (ask, asked_for) = (ask.clone(), asked_for.clone());
        use_effect_with(
            (key.to_string(), wanted, have),
            move |(key, wanted, have)| {
                if *wanted && !*have && *asked_for.borrow() != *key {
                    *asked_for.borrow_mut() = key.clone();
                    ask.emit(Purpose::Values);
                }
            },
        );
    }
    let toggle = {
        let show = show.clone();
        Callback::from(move |()| show.set(!*show))
    };
    (*show, toggle)
}
