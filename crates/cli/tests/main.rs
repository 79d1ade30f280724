//! The command line's tests, built as one test binary: each file below is a module, and `common`
//! holds what they share (bounded_cli.rs stays a binary of its own, so that its timings are not
//! taken while the other files' commands load the machine).
//!
//! Run one file's tests with `cargo test -p sprague-cli --test cli FILE::`.

mod common;

mod draw_cli;
mod graph_cli;
mod heap_cli;
mod heap_large_cli;
mod misere_cli;
mod remoteness_cli;
mod sprouts_base_trust_cli;
mod sprouts_cli;
mod sprouts_misere_cli;
