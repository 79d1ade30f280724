//! Ending a worker that stopped answering. gloo-worker starts the app's workers and keeps their handles
//! to itself; it ends one by asking it to close, which a worker stuck in a loop never reads, so the
//! stuck worker would keep its core until the tab closes. The page's loader (`www/boot.js`) keeps every
//! worker it sees started: a pool claims its worker as soon as it has started it, and the one left
//! unclaimed is the app's solver worker. Without the loader (the browser unit tests) nothing is kept
//! and nothing is ended.

use wasm_bindgen::{JsCast, JsValue};

/// The loader's record of started workers, if the page has one.
fn record() -> Option<JsValue> {
    js_sys::Reflect::get(&js_sys::global(), &"spragueWorkers".into())
        .ok()
        .filter(|record| record.is_object())
}

fn call(method: &str) -> Option<JsValue> {
    let record = record()?;
    let function: js_sys::Function = js_sys::Reflect::get(&record, &method.into())
        .ok()?
        .dyn_into()
        .ok()?;
    function.call0(&record).ok()
}

/// The worker started last, claimed by the caller (a pool, right after starting it).
pub fn claim_last() -> Option<web_sys::Worker> {
    call("claimLast")?.dyn_into().ok()
}

/// Ends the workers nobody claimed: the app's solver worker, when it is replaced.
pub fn end_unclaimed() {
    call("endUnclaimed");
}
