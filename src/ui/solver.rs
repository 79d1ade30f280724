//! Request ids for talking to the solver worker: each request gets a fresh one, and a page keeps only the
//! id it is waiting for, so late answers to abandoned requests are ignored.

use crate::worker::protocol::RequestId;
use std::cell::Cell;

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
