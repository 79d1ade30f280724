//! (being written)

use super::CommandResult;

#[derive(clap::Subcommand)]
pub enum HeapCommand {
    #[command(hide = true)]
    HeapCommandPending,
}

impl HeapCommand {
    pub fn run(self) -> CommandResult {
        Err("not written yet".into())
    }
}
