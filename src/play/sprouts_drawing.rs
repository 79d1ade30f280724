//! The drawings of a Sprouts game a page has made, by line. Curves a person drew by hand are kept as
//! drawn; only moves the page has not seen drawn (the computer's, or a game opened from a link) are
//! routed — by the worker, with the engine's `draw::game_moves` (routing can take a good part of a
//! second).

use super::sprouts_game::SproutsGame;
use sprague_engine::draw::{Drawing, DrawnMove};
use sprague_engine::games::sprouts::Position;
use std::collections::HashMap;

/// Drawings already made, by line, and for the lines whose last move could not simply be added to the
/// picture, what to tell the player about it.
#[derive(Default)]
pub struct DrawingCache {
    drawings: HashMap<String, Drawing>,
    rearranged: HashMap<String, String>,
}

/// The key of a game's line: its start and every position reached.
pub fn line_key(start: &Position, line: &[Position]) -> String {
    let mut key = start.to_string();
    for position in line {
        key.push('~');
        key.push_str(&position.to_string());
    }
    key
}

impl DrawingCache {
    /// Remembers the drawing of this line (e.g. after a person drew its last curve).
    pub fn remember(&mut self, start: &Position, line: &[Position], drawing: Drawing) {
        self.drawings.insert(line_key(start, line), drawing);
    }

    /// Remembers a move's drawing made by the worker, with its note if the picture was rearranged.
    pub fn remember_drawn(&mut self, start: &Position, line: &[Position], drawn: DrawnMove) {
        let key = line_key(start, line);
        match drawn.rearranged {
            Some(note) => self.rearranged.insert(key.clone(), note),
            None => self.rearranged.remove(&key),
        };
        self.drawings.insert(key, drawn.drawing);
    }

    /// What happened to the picture when the game's last move was drawn, if it was rearranged.
    pub fn rearranged(&self, game: &SproutsGame) -> Option<&String> {
        self.rearranged.get(&line_key(&game.start, &game.line))
    }

    /// The drawing of the game's whole line, if it has been made.
    pub fn get(&self, game: &SproutsGame) -> Option<&Drawing> {
        self.drawings.get(&line_key(&game.start, &game.line))
    }

    /// The drawing after `line` (from `start`), if it has been made.
    pub fn get_line(&self, start: &Position, line: &[Position]) -> Option<&Drawing> {
        self.drawings.get(&line_key(start, line))
    }

    /// The drawing after `line` when its last move was drawn as a curve added to the drawing before it
    /// (not rearranged): its last curve is that move, its spots numbered as before.
    pub fn drawn_move(&self, start: &Position, line: &[Position]) -> Option<&Drawing> {
        let (_, earlier) = line.split_last()?;
        let after = self.get_line(start, line)?;
        let before = self.get_line(start, earlier)?;
        let (spots, curves) = (before.spots().len(), before.curves().len());
        let extends = after.spots().len() == spots + 1
            && after.curves().len() == curves + 1
            && after.spots()[..spots] == *before.spots()
            && after.curves()[..curves] == *before.curves();
        extends.then_some(after)
    }

    /// The longest part of the game's line already drawn: how many moves, and its drawing (`None` when
    /// not even the start is drawn).
    pub fn longest_drawn(&self, game: &SproutsGame) -> (usize, Option<&Drawing>) {
        (0..=game.line.len())
            .rev()
            .find_map(|moves| {
                self.drawings
                    .get(&line_key(&game.start, &game.line[..moves]))
                    .map(|drawing| (moves, Some(drawing)))
            })
            .unwrap_or((0, None))
    }
}
