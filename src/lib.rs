//! Sprague's web app: Yew components (`ui`), the solver worker and its protocol (`worker`), IndexedDB
//! persistence (`store`) and URL routing (`route`). The game logic lives in the `sprague-engine` crate.

pub mod route;
pub mod store;
pub mod ui;
pub mod worker;

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
