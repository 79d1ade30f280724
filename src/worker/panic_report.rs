//! What a solver worker does when it panics. The release build aborts on a panic (the wasm is dead
//! after it), so the hook is the worker's last word: it says what went wrong in the console and to the
//! page, then closes the worker so that it holds no memory. The page hears the report on a
//! `BroadcastChannel` (the worker's own messages go through yew-agent's codec, which a foreign message
//! would break) and restarts the worker (`ui::solver_watch`).

use serde::{Deserialize, Serialize};
use std::cell::Cell;
use wasm_bindgen::JsCast;

/// The channel the reports go on.
pub const PANIC_CHANNEL: &str = "sprague-solver-panic";

/// One worker's last word: which worker (its [`worker_name`]) and what the panic said.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PanicReport {
    pub worker: u32,
    pub message: String,
}

thread_local! {
    static NAME: Cell<Option<u32>> = const { Cell::new(None) };
}

/// This worker's name, chosen at random when first asked: pages and workers of other tabs share the
/// channel, so a report names the worker it comes from. (Also on the worker's global `solverWorker`,
/// for DevTools and the end-to-end tests.)
pub fn worker_name() -> u32 {
    NAME.with(|name| {
        if let Some(known) = name.get() {
            return known;
        }
        let chosen = (js_sys::Math::random() * f64::from(u32::MAX)) as u32;
        name.set(Some(chosen));
        let _ = js_sys::Reflect::set(
            &js_sys::global(),
            &"solverWorker".into(),
            &f64::from(chosen).into(),
        );
        chosen
    })
}

/// The words of a report: the panic's message (a `&str` or `String` payload, as `panic!` makes) and
/// where in the source it was raised.
pub fn panic_text(payload: &(dyn std::any::Any + Send), location: Option<(&str, u32)>) -> String {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic without a message");
    match location {
        Some((file, line)) => format!("the solver panicked at {file}:{line}: {message}"),
        None => format!("the solver panicked: {message}"),
    }
}

/// Installs the hook. Call first thing in the worker.
pub fn install() {
    let worker = worker_name();
    std::panic::set_hook(Box::new(move |info| {
        let location = info.location().map(|at| (at.file(), at.line()));
        let message = panic_text(info.payload(), location);
        web_sys::console::error_1(&message.as_str().into());
        report(&PanicReport { worker, message });
        // The page starts another worker; this one is of no more use.
        if let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
            scope.close();
        }
    }));
}

/// Posts `report` on [`PANIC_CHANNEL`] (nothing if the browser has no `BroadcastChannel`: the page
/// then notices the silence instead).
pub fn report(report: &PanicReport) {
    let Ok(channel) = web_sys::BroadcastChannel::new(PANIC_CHANNEL) else {
        return;
    };
    if let Ok(message) = serde_wasm_bindgen::to_value(report) {
        let _ = channel.post_message(&message);
    }
    channel.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_panic_says_its_message_and_where() {
        let payload: Box<dyn std::any::Any + Send> = Box::new("index out of bounds");
        assert_eq!(
            panic_text(payload.as_ref(), Some(("src/worker/agent.rs", 12))),
            "the solver panicked at src/worker/agent.rs:12: index out of bounds"
        );
    }

    #[wasm_bindgen_test]
    fn a_formatted_message_is_said_too() {
        let payload: Box<dyn std::any::Any + Send> = Box::new(format!("heap {} too big", 7));
        assert_eq!(
            panic_text(payload.as_ref(), None),
            "the solver panicked: heap 7 too big"
        );
    }

    #[wasm_bindgen_test]
    fn a_payload_of_another_type_still_makes_a_report() {
        let payload: Box<dyn std::any::Any + Send> = Box::new(42_u8);
        assert_eq!(
            panic_text(payload.as_ref(), None),
            "the solver panicked: a panic without a message"
        );
    }

    #[wasm_bindgen_test]
    async fn a_report_reaches_a_listener_on_the_channel() {
        let listener = web_sys::BroadcastChannel::new(PANIC_CHANNEL).unwrap();
        let heard = js_sys::Promise::new(&mut |resolve, _reject| {
            listener.set_onmessage(Some(resolve.unchecked_ref()));
        });
        let sent = PanicReport {
            worker: 7,
            message: "the solver panicked: test".into(),
        };
        report(&sent);
        let event: web_sys::MessageEvent = wasm_bindgen_futures::JsFuture::from(heard)
            .await
            .unwrap()
            .unchecked_into();
        let got: PanicReport = serde_wasm_bindgen::from_value(event.data()).unwrap();
        assert_eq!(got, sent);
        listener.close();
    }
}
