//! The solver worker: the page talks to it with [`protocol::Request`]s and hears [`protocol::Response`]s.
//! Long computations run in short slices so the worker can post progress and hear "cancel" between them.

mod agent;
pub mod base_saving;
mod base_transfer;
mod check_part_job;
pub mod codec;
mod event_loop;
mod graph_job;
mod heap_job;
pub mod learn_job;
mod lookahead_job;
pub mod panic_report;
mod pong;
mod position_job;
pub mod protocol;
mod remoteness_job;
mod run_budget;
mod slices;
mod sprouts_import_job;
mod sprouts_job;
pub mod sprouts_search_job;

pub use agent::SolverReactor;
pub use heap_job::{HeapJob, MAX_HEAP};
pub use position_job::answer as position_answer;
pub use sprouts_job::SproutsJob;
