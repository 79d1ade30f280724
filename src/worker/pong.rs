//! Answering the page's pings (`Request::Ping`), which it sends to tell a busy worker from a dead one:
//! between two slices of a job, or at once when idle.

use super::panic_report::worker_name;
use super::protocol::{RequestId, Response};

/// The answer to ping `id`: alive, and named as a panic report would name this worker.
pub fn pong(id: RequestId) -> Response {
    Response::Pong {
        id,
        worker: worker_name(),
    }
}
