//! (being written)

use super::CommandResult;

#[derive(clap::Subcommand)]
pub enum SproutsCommand {
    #[command(hide = true)]
    SproutsCommandPending,
}

impl SproutsCommand {
    pub fn run(self) -> CommandResult {
        Err("not written yet".into())
    }
}
