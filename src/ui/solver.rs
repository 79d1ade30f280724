//! Talking to the solver worker: where its script is (for the app's worker and the pools' helpers),
//! and request ids. Each request gets a fresh id, and a page keeps only the id it is waiting for, so
//! late answers to abandoned requests are ignored.

use crate::worker::protocol::RequestId;
use std::cell::Cell;

/// Where Trunk puts the worker's loader script.
pub(crate) const WORKER_PATH: &str = "/worker.js";

thread_local! {
    static NEXT_ID: Cell<RequestId> = const { Cell::new(1) };
}

pub fn next_request_id() -> RequestId {
    NEXT_ID.with(|next| {
        let id = next.get();
        next.set(id.wrapping_add(1).max(1));
        id
    })
}
