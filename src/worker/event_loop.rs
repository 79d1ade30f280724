//! Letting the worker's event loop run between slices of computation, so that the page's requests
//! (a cancel, news from a pool worker) are read while a job runs.

use js_sys::Promise;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::MessageChannel;

/// Yields to the event loop and comes back as soon as the messages that arrived before are handled:
/// a message the worker posts to itself through a `MessageChannel`. A zero timeout would do the same
/// but browsers delay it to 4 ms once timeouts are nested, as they are between slices: with 50 ms
/// slices that cost every job about 7 % of its time.
pub async fn yield_to_event_loop() {
    match message_to_self() {
        // The channel is held until the message is back, so that its ports live that long.
        Some((_channel, back)) => {
            let _ = back.await;
        }
        None => gloo::timers::future::TimeoutFuture::new(0).await,
    }
}

/// A message posted to this worker through a new `MessageChannel`, and a future resolved when it
/// arrives; `None` if the channel could not be made or posted to.
fn message_to_self() -> Option<(MessageChannel, JsFuture)> {
    let channel = MessageChannel::new().ok()?;
    let back = Promise::new(&mut |resolve, _reject| {
        channel.port1().set_onmessage(Some(resolve.unchecked_ref()));
    });
    channel
        .port2()
        .post_message(&wasm_bindgen::JsValue::UNDEFINED)
        .ok()?;
    Some((channel, JsFuture::from(back)))
}
