//! (being written)

use super::CommandResult;

#[derive(clap::Subcommand)]
pub enum MisereCommand {
    #[command(hide = true)]
    MisereCommandPending,
}

impl MisereCommand {
    pub fn run(self) -> CommandResult {
        Err("not written yet".into())
    }
}
