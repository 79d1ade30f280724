//! One module per family of subcommands.

pub mod heap;
pub mod misere;
pub mod sprouts;

/// What every command returns: an error is printed as `error: …` with exit status 2.
pub type CommandResult = Result<(), Box<dyn std::error::Error>>;
