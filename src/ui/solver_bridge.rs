//! The page's bridges to its solver worker, watched: [`use_solver_bridge`] is yew-agent's
//! `use_reactor_bridge` plus a [`Watchdog`] per bridge. When the worker dies — its panic report is
//! heard, or a busy worker leaves a ping unanswered — every question outstanding ends with
//! [`RESTARTED`] (as an error response, so each page shows it where it shows the solver's errors,
//! and its spinner stops) and the app starts a new worker (see `App`). Nothing is asked again.

use super::solver_pool;
use super::solver_watch::{Check, Watchdog, PING_EVERY_MS, RESTARTED};
use super::worker_handles;
use crate::worker::panic_report::{PanicReport, PANIC_CHANNEL};
use crate::worker::protocol::{Request, Response};
use crate::worker::SolverReactor;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent, UseReactorBridgeHandle};

/// Sends a request through one bridge.
type SendRequest = Rc<dyn Fn(Request)>;

/// The panic reports' channel and what it calls.
type PanicListener = (
    web_sys::BroadcastChannel,
    Closure<dyn Fn(web_sys::MessageEvent)>,
);

thread_local! {
    static WATCHED: RefCell<Watched> = RefCell::new(Watched::default());
}

#[derive(Default)]
struct Watched {
    bridges: HashMap<usize, Bridge>,
    next_key: usize,
    /// Starts a new worker for the whole app (set by `App`).
    restart: Option<Callback<()>>,
    /// Kept while the app runs: the ping timer and the panic reports' listener.
    _ticker: Option<gloo::timers::callback::Interval>,
    _listener: Option<PanicListener>,
}

/// One component's bridge: how to send it a request and tell its component a response.
struct Bridge {
    dog: Watchdog,
    send: SendRequest,
    tell: Rc<dyn Fn(Response)>,
}

/// A bridge to the app's solver worker, as `use_reactor_bridge` gives, whose questions are watched.
#[derive(Clone, PartialEq)]
pub struct SolverBridge {
    handle: UseReactorBridgeHandle<SolverReactor>,
    key: usize,
}

impl SolverBridge {
    pub fn send(&self, request: Request) {
        WATCHED.with(|watched| {
            if let Some(bridge) = watched.borrow_mut().bridges.get_mut(&self.key) {
                bridge.dog.sent(&request);
            }
        });
        self.handle.send(request);
    }
}

/// Sets what starts a new worker for the whole app; starts the watching.
pub fn set_restart(restart: Callback<()>) {
    WATCHED.with(|watched| {
        let mut watched = watched.borrow_mut();
        watched.restart = Some(restart);
        if watched._ticker.is_none() {
            let every = (PING_EVERY_MS / 2.0) as u32;
            watched._ticker = Some(gloo::timers::callback::Interval::new(every, tick));
            watched._listener = listen_for_panics();
        }
    });
}

/// `use_reactor_bridge`, watched (see the module docs). `Pong`s are the watch's, not the component's.
#[hook]
pub fn use_solver_bridge<F>(on_output: F) -> SolverBridge
where
    F: Fn(ReactorEvent<SolverReactor>) + 'static,
{
    let key = *use_memo((), |_| {
        WATCHED.with(|watched| {
            let mut watched = watched.borrow_mut();
            watched.next_key += 1;
            watched.next_key
        })
    });
    let on_output = Rc::new(on_output);
    let handle = {
        let on_output = on_output.clone();
        use_reactor_bridge::<SolverReactor, _>(move |event| {
            if let ReactorEvent::Output(response) = &event {
                WATCHED.with(|watched| {
                    if let Some(bridge) = watched.borrow_mut().bridges.get_mut(&key) {
                        bridge.dog.heard(response);
                    }
                });
                if let Response::Pong { .. } = response {
                    return;
                }
            }
            on_output(event)
        })
    };
    // The entry follows the latest callback and handle (a new one after a restart).
    {
        let send_handle = handle.clone();
        let send: SendRequest = Rc::new(move |request| send_handle.send(request));
        let tell: Rc<dyn Fn(Response)> =
            Rc::new(move |response| on_output(ReactorEvent::Output(response)));
        WATCHED.with(|watched| {
            let mut watched = watched.borrow_mut();
            match watched.bridges.get_mut(&key) {
                Some(bridge) => {
                    bridge.send = send;
                    bridge.tell = tell;
                }
                None => {
                    let dog = Watchdog::default();
                    watched.bridges.insert(key, Bridge { dog, send, tell });
                }
            }
        });
    }
    use_effect_with((), move |_| {
        move || {
            WATCHED.with(|watched| watched.borrow_mut().bridges.remove(&key));
        }
    });
    SolverBridge { handle, key }
}

/// Pings the busy bridges' worker, and restarts it if one of them finds it silent; the pool's workers
/// are watched the same way.
fn tick() {
    let now = js_sys::Date::now();
    let mut silent = false;
    let pings: Vec<(SendRequest, Request)> = WATCHED.with(|watched| {
        let mut watched = watched.borrow_mut();
        let mut pings = Vec::new();
        for bridge in watched.bridges.values_mut() {
            match bridge.dog.check(now) {
                Check::Ping(ping) => pings.push((bridge.send.clone(), ping)),
                Check::Silent => silent = true,
                Check::Nothing => {}
            }
        }
        pings
    });
    if silent {
        restart("the solver did not answer for a long time");
    } else {
        for (send, ping) in pings {
            send(ping);
        }
    }
    solver_pool::watch(now);
}

/// Listens on the panic reports' channel: a report from the app's worker restarts it; one from a
/// pool worker replaces that worker.
fn listen_for_panics() -> Option<PanicListener> {
    let channel = web_sys::BroadcastChannel::new(PANIC_CHANNEL).ok()?;
    let heard = Closure::<dyn Fn(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        let Ok(report) = serde_wasm_bindgen::from_value::<PanicReport>(event.data()) else {
            return;
        };
        let ours = WATCHED.with(|watched| {
            let watched = watched.borrow();
            watched
                .bridges
                .values()
                .any(|b| b.dog.is_worker(report.worker))
        });
        if ours {
            restart(&report.message);
        } else {
            solver_pool::heard_panic(&report);
        }
    });
    channel.set_onmessage(Some(heard.as_ref().unchecked_ref()));
    Some((channel, heard))
}

/// Ends every outstanding question with [`RESTARTED`] and starts a new worker; `why` goes to the
/// console, for a bug report.
fn restart(why: &str) {
    web_sys::console::warn_1(&format!("Restarting the solver worker: {why}").into());
    let (restart, ended) = WATCHED.with(|watched| {
        let mut watched = watched.borrow_mut();
        let ended: Vec<_> = watched
            .bridges
            .values_mut()
            .map(|bridge| (bridge.tell.clone(), bridge.dog.take_outstanding()))
            .collect();
        (watched.restart.clone(), ended)
    });
    // A stuck worker never reads the message that asks it to close: it is ended outright.
    worker_handles::end_unclaimed();
    if let Some(restart) = restart {
        restart.emit(());
    }
    // Told outside the borrow: a component may send a request as it hears.
    for (tell, ids) in ended {
        for id in ids {
            tell(Response::Error {
                id,
                message: RESTARTED.to_string(),
            });
        }
    }
}
