//! `sprague`: the native command line on the same engine as the browser app.

mod commands;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The searches allocate many small short-lived vectors (children before canonical form); mimalloc
/// serves them faster than the system allocator (measured: see the commit that added it).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "sprague",
    version,
    about = "Solve and explore impartial combinatorial games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Heap(commands::heap::HeapCommand),
    #[command(flatten)]
    Misere(commands::misere::MisereCommand),
    /// Sprouts: positions, children, solving, bases and proofs
    #[command(subcommand)]
    Sprouts(commands::sprouts::SproutsCommand),
    /// Sprouts: lay out a position as a drawing (SVG or JSON)
    Draw(commands::draw::DrawCommand),
    /// Node Kayles on any graph: solve, benchmark
    #[command(subcommand)]
    Graph(commands::graph::GraphCommand),
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Heap(command) => command.run(),
        Command::Misere(command) => command.run(),
        Command::Sprouts(command) => command.run(),
        Command::Draw(command) => command.run(),
        Command::Graph(command) => command.run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`sprague seq … | head`) would panic; die quietly
/// of the signal instead, as command-line tools do.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists or anything is written.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
