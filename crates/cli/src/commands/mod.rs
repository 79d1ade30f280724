//! One module per family of subcommands.

pub mod bounded;
pub mod budget;
pub mod draw;
pub mod graph;
pub mod heap;
pub mod misere;
pub mod remoteness;
pub mod sprouts;

/// The help of a game-code argument, naming the games the engine knows by name.
pub fn code_help() -> String {
    format!(
        "Game code (0.137, 4!.0, 0.[3], …) or name ({})",
        sprague_engine::games::heap::game_names()
    )
}

/// What every command returns: an error is printed as `error: …` with exit status 2.
pub type CommandResult = Result<(), Box<dyn std::error::Error>>;

/// One line for a winning move of a heap position (normal or misère play), with the dot or pile split
/// it is on the boards.
pub fn describe_move(m: &sprague_engine::solve::heap::WinningMove) -> String {
    let mut line = format!(
        "  heap #{} ({}) -> remove {} leaving {:?}",
        m.heap_index, m.heap, m.removed, m.pieces
    );
    if let Some(d) = m.dots {
        line += &format!("  [mark dot {} of component {}]", d.dot, d.component);
    }
    if let Some(s) = m.pile_split {
        line += &format!("  [split pile {} into {}+{}]", s.pile, s.into.0, s.into.1);
    }
    line + &format!("  => {:?}", m.result)
}

/// Prints one line per winning move ([`describe_move`]) through one buffer: a heap of a million has a
/// hundred thousand winning moves, and a write per line cost more than finding them.
pub fn print_moves(moves: &[sprague_engine::solve::heap::WinningMove]) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for m in moves {
        writeln!(out, "{}", describe_move(m))?;
    }
    out.flush()
}
