//! The drawing of a Sprouts game: the start drawn (n spots spread out, or a pasted position laid out), then
//! each move of the line drawn as a curve routed by the engine's drawing layer. Curves a person drew by hand
//! are kept as drawn: the page stores each drawing it has made under its line, and only moves it has not
//! seen drawn (the computer's, or a game opened from a link) are routed.

use super::sprouts_game::SproutsGame;
use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;
use std::collections::HashMap;

/// Drawings already made, by line.
#[derive(Default)]
pub struct DrawingCache {
    drawings: HashMap<String, Drawing>,
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

    /// The drawing of the game, or why there is none (the start could not be laid out, or a move could
    /// not be routed).
    pub fn drawing(&mut self, game: &SproutsGame) -> Result<Drawing, String> {
        // The longest part of the line already drawn.
        let mut drawn = game.line.len();
        let mut drawing = loop {
            if let Some(drawing) = self
                .drawings
                .get(&line_key(&game.start, &game.line[..drawn]))
            {
                break drawing.clone();
            }
            if drawn == 0 {
                let drawing = start_drawing(&game.start)?;
                self.remember(&game.start, &[], drawing.clone());
                break drawing;
            }
            drawn -= 1;
        };
        for count in drawn + 1..=game.line.len() {
            let child = &game.line[count - 1];
            drawing = match drawing.route(child) {
                Some(curve) => drawing.play(&curve, None),
                // Some moves cannot be routed in this drawing (the engine lists moves up to equivalence
                // in small regions). At the end of the game keep the picture as it is (a fresh layout of
                // the empty position would be blank); otherwise draw the position afresh.
                None if child.is_terminal() => drawing,
                None => Drawing::layout(child).map_err(|error| {
                    format!("no curve was found for the move to {child}, and it cannot be drawn afresh ({error})")
                })?,
            };
            self.remember(&game.start, &game.line[..count], drawing.clone());
        }
        Ok(drawing)
    }
}

fn start_drawing(start: &Position) -> Result<Drawing, String> {
    let spots = start.lives() as usize / 3;
    let isolated = Position::start(spots).is_ok_and(|p| &p == start);
    if isolated {
        Ok(Drawing::start(spots))
    } else {
        Drawing::layout(start)
            .map_err(|error| format!("this position cannot be drawn yet ({error})"))
    }
}
