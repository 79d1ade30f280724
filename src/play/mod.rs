//! Playing on the heap boards: the boards and their moves, a game with its URL form, and the computer's
//! choice of move. No values are computed here: the solver worker supplies them.

pub mod board;
pub mod game;
pub mod opponent;
