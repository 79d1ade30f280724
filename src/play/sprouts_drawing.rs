//! The drawing of a Sprouts game: the start drawn (n spots spread out, or a pasted position laid out), then
//! each move of the line drawn as a curve routed by the engine's drawing layer. Curves a person drew by hand
//! are kept as drawn: the page stores each drawing it has made under its line, and only moves it has not
//! seen drawn (the computer's, or a game opened from a link) are routed — by the worker, with
//! [`draw_start`] and [`draw_move`] (routing can take a good part of a second).

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

    /// The drawing of the game's whole line, if it has been made.
    pub fn get(&self, game: &SproutsGame) -> Option<&Drawing> {
        self.drawings.get(&line_key(&game.start, &game.line))
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

/// The drawing of a start: n spots spread out, or any other position laid out.
pub fn draw_start(start: &Position) -> Result<Drawing, String> {
    if let Some(spots) = spots_of_start(start) {
        Ok(Drawing::start(spots))
    } else {
        Drawing::layout(start)
            .map_err(|error| format!("this position cannot be drawn yet ({error})"))
    }
}

/// The number of spots when `start` is an n-spot start (drawn at once, with nothing to compute).
pub fn spots_of_start(start: &Position) -> Option<usize> {
    let spots = start.lives() as usize / 3;
    Position::start(spots)
        .is_ok_and(|p| &p == start)
        .then_some(spots)
}

/// The drawing after the move to `child`: its curve routed in `drawing`. A move the router cannot draw
/// (the engine lists moves up to equivalence in small regions) is drawn by laying the position out
/// afresh from this drawing — except the last move of a game, which keeps the picture (a fresh layout
/// of the empty position would be blank).
pub fn draw_move(drawing: &Drawing, child: &Position) -> Result<Drawing, String> {
    if child.is_terminal() && drawing.route(child).is_none() {
        return Ok(drawing.clone());
    }
    drawing
        .relayout_child(child)
        .map(|(drawing, _kept)| drawing)
        .map_err(|error| {
            format!("no curve was found for the move to {child}, and it cannot be drawn afresh ({error})")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn every_move_is_drawn_as_the_position_it_makes() {
        // In this layout of `2A|2B|2AB` the engine's child `22` has no curve (see the engine's
        // `route_equivalent`): it is laid out afresh; every other child is routed.
        let drawing = Drawing::layout(&"2A|2B|2AB".parse().unwrap()).unwrap();
        let parent = drawing.position().unwrap();
        let children = parent.children();
        assert!(children.contains(&"22".parse().unwrap()));
        for child in children.iter().filter(|child| !child.is_terminal()) {
            let drawn = draw_move(&drawing, child).unwrap();
            assert_eq!(&drawn.position().unwrap(), child);
        }
    }
}
