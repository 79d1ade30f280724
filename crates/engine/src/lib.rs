//! Sprague's engine: the rules of impartial games (`games`) and the solvers that compute their values
//! (`solve`). Pure Rust with no web dependencies, so the same code runs natively in the `sprague` CLI and as
//! WebAssembly in the browser's solver worker.

pub mod draw;
pub mod games;
pub mod solve;
