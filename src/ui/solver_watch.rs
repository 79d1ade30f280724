//! Telling a busy solver worker from a dead one. While a worker has questions outstanding the page
//! pings it every [`PING_EVERY_MS`]; it answers between two slices of its work, so a ping left
//! unanswered for [`SILENT_MS`] means the worker died (a panic, out of memory, closed) or is stuck.
//! Time is passed in, so the rules are tested without waiting.

use super::solver::next_request_id;
use crate::worker::protocol::{Request, RequestId, Response};
use std::collections::BTreeSet;

/// How often a worker with questions outstanding is pinged.
pub const PING_EVERY_MS: f64 = 2_000.0;

/// How long a ping may go unanswered. Far longer than a slice (50 ms): the longest stretch a worker
/// does not read its messages is reading a base on a slow phone.
pub const SILENT_MS: f64 = 15_000.0;

/// What the page says when a worker died and was replaced; the question it was answering ends with it
/// (not asked again, in case that question is what killed it).
pub const RESTARTED: &str =
    "The solver stopped and was restarted; nothing stored was lost. You can ask again.";

/// Why the solver gave no answer, to be said inside a sentence (the computer's note, when it moved
/// without one): a restart in words that fit there (nobody needs to ask again: the computer moved),
/// any other reason as it is, without its final period.
pub fn no_answer_because(message: &str) -> String {
    if message == RESTARTED {
        "the solver stopped and was restarted (nothing stored was lost)".to_string()
    } else {
        message.trim_end_matches('.').to_string()
    }
}

/// What to do about a worker now.
#[derive(Debug, PartialEq)]
pub enum Check {
    Nothing,
    /// Send this ping.
    Ping(Request),
    /// The worker is dead or stuck: replace it.
    Silent,
}

/// One worker as the page watches it: the questions it has not answered, the ping it has not
/// answered, and its name (from its pongs), which a panic report carries.
#[derive(Debug, Default)]
pub struct Watchdog {
    outstanding: BTreeSet<RequestId>,
    /// When the ping waiting for an answer was sent.
    unanswered_since: Option<f64>,
    last_ping_ms: Option<f64>,
    worker: Option<u32>,
}

impl Watchdog {
    /// Notes a request sent to the worker: a question is outstanding until it ends.
    pub fn sent(&mut self, request: &Request) {
        if let Some(id) = request.question_id() {
            self.outstanding.insert(id);
        }
    }

    /// Notes a response from the worker: it is alive, and a question may have ended.
    pub fn heard(&mut self, response: &Response) {
        self.unanswered_since = None;
        if let Response::Pong { worker, .. } = response {
            self.worker = Some(*worker);
        }
        if response.ends_request() {
            self.outstanding.remove(&response.id());
        }
    }

    /// Whether a question is outstanding.
    pub fn is_busy(&self) -> bool {
        !self.outstanding.is_empty()
    }

    /// Whether a panic report from the worker named `worker` is about this one.
    pub fn is_worker(&self, worker: u32) -> bool {
        self.worker == Some(worker)
    }

    /// What to do at time `now_ms`: ping a busy worker now and then, and give up on a silent one.
    pub fn check(&mut self, now_ms: f64) -> Check {
        if !self.is_busy() {
            self.unanswered_since = None;
            return Check::Nothing;
        }
        if let Some(since) = self.unanswered_since {
            return if now_ms - since >= SILENT_MS {
                Check::Silent
            } else {
                Check::Nothing
            };
        }
        if self
            .last_ping_ms
            .is_some_and(|last| now_ms - last < PING_EVERY_MS)
        {
            return Check::Nothing;
        }
        self.last_ping_ms = Some(now_ms);
        self.unanswered_since = Some(now_ms);
        Check::Ping(Request::Ping {
            id: next_request_id(),
        })
    }

    /// The questions outstanding, forgotten: the worker is being replaced and they end unanswered.
    pub fn take_outstanding(&mut self) -> Vec<RequestId> {
        std::mem::take(self).outstanding.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::setup::Rules;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn question(id: RequestId) -> Request {
        Request::ListBases { id }
    }

    fn pong() -> Response {
        Response::Pong { id: 0, worker: 9 }
    }

    #[wasm_bindgen_test]
    fn an_idle_worker_is_not_pinged() {
        let mut dog = Watchdog::default();
        assert_eq!(dog.check(0.0), Check::Nothing);
        assert_eq!(dog.check(10.0 * SILENT_MS), Check::Nothing);
    }

    #[wasm_bindgen_test]
    fn a_busy_worker_that_answers_pings_is_never_silent() {
        let mut dog = Watchdog::default();
        dog.sent(&question(1));
        let mut pings = 0;
        // A long question: pinged every PING_EVERY_MS, each ping answered.
        for step in 0..100 {
            let now = f64::from(step) * PING_EVERY_MS / 2.0;
            match dog.check(now) {
                Check::Ping(_) => {
                    pings += 1;
                    dog.heard(&pong());
                }
                Check::Nothing => {}
                Check::Silent => panic!("an answering worker was taken for dead at {now}"),
            }
        }
        assert_eq!(pings, 50);
        assert!(dog.is_worker(9));
    }

    #[wasm_bindgen_test]
    fn a_worker_silent_after_a_ping_is_given_up_and_its_questions_end() {
        let mut dog = Watchdog::default();
        dog.sent(&question(1));
        dog.sent(&question(2));
        assert!(matches!(dog.check(0.0), Check::Ping(Request::Ping { .. })));
        assert_eq!(dog.check(SILENT_MS - 1.0), Check::Nothing);
        assert_eq!(dog.check(SILENT_MS), Check::Silent);
        assert_eq!(dog.take_outstanding(), [1, 2]);
        assert!(!dog.is_busy());
        assert_eq!(dog.check(2.0 * SILENT_MS), Check::Nothing);
    }

    #[wasm_bindgen_test]
    fn a_question_ends_with_its_answer_not_with_its_progress() {
        let mut dog = Watchdog::default();
        dog.sent(&question(1));
        dog.sent(&Request::Cancel { id: 1 });
        dog.heard(&Response::Progress {
            id: 1,
            done: 1,
            total: 2,
        });
        assert!(dog.is_busy());
        dog.heard(&Response::Cancelled { id: 1 });
        assert!(!dog.is_busy());
    }

    #[wasm_bindgen_test]
    fn a_pool_share_ends_with_its_last_report() {
        let mut dog = Watchdog::default();
        dog.sent(&Request::SproutsChildren {
            id: 3,
            position: "0*5".parse().unwrap(),
            rules: Rules::Normal,
            part: 1,
            parts: 2,
        });
        let settled = |done| Response::ChildrenSettled {
            id: 3,
            settled: Vec::new(),
            nodes: 0,
            done,
        };
        dog.heard(&settled(false));
        assert!(dog.is_busy());
        dog.heard(&settled(true));
        assert!(!dog.is_busy());
    }
}
