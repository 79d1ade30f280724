//! The part of a game's URL that says how it is played, shared by every game: `rules=misere`,
//! `vs=computer|human`, `first=computer`, `level=perfect|strong|learner`.

use super::setup::{Level, Opponent, Rules};

/// The URL keys read here.
pub const KEYS: [&str; 4] = ["rules", "vs", "first", "level"];

/// How a game is played, as read from a URL so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    pub rules: Rules,
    computer: bool,
    moves_first: bool,
    level: Level,
}

impl PlayOptions {
    /// Starts from these rules and this opponent (the page's usual ones).
    pub fn new(rules: Rules, opponent: Opponent) -> PlayOptions {
        let (computer, moves_first, level) = match opponent {
            Opponent::Computer { moves_first, level } => (true, moves_first, level),
            Opponent::Human => (false, false, Level::Perfect),
        };
        PlayOptions {
            rules,
            computer,
            moves_first,
            level,
        }
    }

    /// Takes `key=value` if the key is one of [`KEYS`] (`Ok(true)`), refusing a value it does not know.
    pub fn read(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "rules" => {
                self.rules = match value {
                    "normal" => Rules::Normal,
                    "misere" => Rules::Misere,
                    _ => return Err(bad(key, value, "normal or misere")),
                }
            }
            "vs" => {
                self.computer = match value {
                    "computer" => true,
                    "human" => false,
                    _ => return Err(bad(key, value, "computer or human")),
                }
            }
            "first" => {
                self.moves_first = match value {
                    "computer" => true,
                    "you" | "human" => false,
                    _ => return Err(bad(key, value, "computer or you")),
                }
            }
            "level" => {
                self.level = Level::ALL
                    .into_iter()
                    .find(|level| level.name() == value)
                    .ok_or_else(|| bad(key, value, "perfect, strong or learner"))?
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    pub fn opponent(&self) -> Opponent {
        if self.computer {
            Opponent::Computer {
                moves_first: self.moves_first,
                level: self.level,
            }
        } else {
            Opponent::Human
        }
    }
}

/// The pairs that say how a game is played.
pub fn pairs(rules: Rules, opponent: Opponent) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    if rules == Rules::Misere {
        pairs.push(("rules".into(), "misere".into()));
    }
    match opponent {
        Opponent::Computer { moves_first, level } => {
            pairs.push(("vs".into(), "computer".into()));
            if moves_first {
                pairs.push(("first".into(), "computer".into()));
            }
            pairs.push(("level".into(), level.name().into()));
        }
        Opponent::Human => pairs.push(("vs".into(), "human".into())),
    }
    pairs
}

/// "`key=value` is not understood: expected …", quoting at most a little of the value.
pub fn bad(key: &str, value: &str, expected: &str) -> String {
    format!(
        "“{key}={}” is not understood: expected {expected}",
        shorten(value, 12)
    )
}

/// At most `max` characters of a user's text, for quoting it in a message.
pub fn shorten(text: &str, max: usize) -> String {
    let mut short: String = text.chars().take(max).collect();
    if text.chars().count() > max {
        short.push('…');
    }
    short
}
