//! Handing bytes the app made to the browser as a file download.

use gloo::file::{Blob, ObjectUrl};
use wasm_bindgen::JsCast;

/// Hands `bytes` to the browser as a download named `file_name`, of type `mime`.
pub fn download(file_name: &str, mime: &str, bytes: &[u8]) {
    let url = ObjectUrl::from(Blob::new_with_options(bytes, Some(mime)));
    let document = gloo::utils::document();
    if let Some(link) = document
        .create_element("a")
        .ok()
        .and_then(|el| el.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        link.set_href(&url);
        link.set_download(file_name);
        link.click();
    }
    // The URL must outlive the click: free it a little later.
    gloo::timers::callback::Timeout::new(10_000, move || drop(url)).forget();
}
