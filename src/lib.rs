//! Sprague's web app: Yew components (`ui`), the solver worker and its protocol (`worker`), IndexedDB
//! persistence (`store`), URL routing (`route`) and play on the heap boards (`play`). The rules and
//! solvers live in the `sprague-engine` crate.

pub mod learn_query;
pub mod play;
pub mod query;
pub mod route;
pub mod store;
pub mod ui;
pub mod worker;

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
