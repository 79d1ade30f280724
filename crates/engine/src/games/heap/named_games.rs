//! The heap games known by name: one list, read wherever a game is named — the code reader (a name in
//! place of a code), the CLI's help, the Python package, and the app's quick choices, titles and lessons.
//! Adding a named game is one entry here.
//!
//! ```
//! use sprague_engine::games::heap::{named_game, HeapGame};
//! let kayles = named_game("Kayles").unwrap();
//! assert_eq!(kayles.code, "0.77");
//! assert_eq!("kayles".parse::<HeapGame>().unwrap(), HeapGame::kayles());
//! assert_eq!(HeapGame::kayles().named().map(|g| g.title), Some("Kayles"));
//! ```

/// A heap game with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedGame {
    /// What a link, the CLI or Python may write instead of the code (any case).
    pub name: &'static str,
    /// Other names read as this game.
    pub also: &'static [&'static str],
    /// Its octal code, as [`HeapGame`] prints it.
    pub code: &'static str,
    /// Its name in a sentence or a title.
    pub title: &'static str,
    /// A move on a row of pins in a few words, for the games a row of pins shows well (`None`: its
    /// heaps are drawn otherwise, as piles).
    pub on_a_row: Option<&'static str>,
}

impl NamedGame {
    /// Whether `text` names this game (any case, surrounding spaces ignored).
    pub fn is_named(&self, text: &str) -> bool {
        let text = text.trim();
        std::iter::once(&self.name)
            .chain(self.also)
            .any(|name| name.eq_ignore_ascii_case(text))
    }
}

/// Every named game, in the order the app offers them.
pub const NAMED_GAMES: [NamedGame; 6] = [
    NamedGame {
        name: "independence",
        also: &[],
        code: "0.137",
        title: "Independence game",
        on_a_row: Some("mark a dot, which leaves with its neighbours"),
    },
    NamedGame {
        name: "grundy",
        also: &[],
        code: "4!.0",
        title: "Grundy's game",
        on_a_row: None,
    },
    NamedGame {
        name: "kayles",
        also: &[],
        code: "0.77",
        title: "Kayles",
        on_a_row: Some("one pin or two adjacent"),
    },
    NamedGame {
        name: "dawson",
        also: &["dawsons-kayles"],
        code: "0.07",
        title: "Dawson's Kayles",
        on_a_row: Some("two adjacent pins"),
    },
    NamedGame {
        name: "officers",
        also: &[],
        code: "0.6",
        title: "Officers",
        on_a_row: Some("one pin, not a whole row"),
    },
    NamedGame {
        name: "nim",
        also: &[],
        code: "0.[3]",
        title: "Nim",
        on_a_row: None,
    },
];

/// The named game `text` names, if any.
pub fn named_game(text: &str) -> Option<&'static NamedGame> {
    NAMED_GAMES.iter().find(|game| game.is_named(text))
}

/// The names, for help texts: "independence, grundy, kayles, …".
pub fn game_names() -> String {
    NAMED_GAMES
        .iter()
        .map(|game| game.name)
        .collect::<Vec<_>>()
        .join(", ")
}
