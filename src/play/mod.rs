//! Playing: the heap boards and their moves, heap and Sprouts games with their URL forms, and the
//! computer's choice of move. No values are computed here: the solver worker supplies them.

pub mod board;
pub mod challenge;
pub mod game;
pub mod graph_game;
pub mod heap_challenge;
pub mod history;
pub mod move_values;
pub mod opponent;
pub mod pins;
pub mod play_query;
pub mod review;
pub mod setup;
pub mod sprouts_drawing;
pub mod sprouts_game;
pub mod turns;
pub mod words;

/// Where a graph's vertices sit: the engine's, shared with the Python package's pictures.
pub use sprague_engine::draw::graph_layout;
