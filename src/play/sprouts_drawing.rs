//! The drawing of a Sprouts game: the start drawn (n spots spread out, or a pasted position laid out), then
//! each move of the line drawn as a curve routed by the engine's drawing layer. Curves a person drew by hand
//! are kept as drawn: the page stores each drawing it has made under its line, and only moves it has not
//! seen drawn (the computer's, or a game opened from a link) are routed — by the worker, with
//! [`draw_start`] and [`draw_move`] (routing can take a good part of a second).

use super::sprouts_game::SproutsGame;
use sprague_engine::draw::{Drawing, Relayout};
use sprague_engine::games::sprouts::Position;
use std::collections::HashMap;

/// Drawings already made, by line, and for the lines whose last move could not simply be added to the
/// picture, what to tell the player about it.
#[derive(Default)]
pub struct DrawingCache {
    drawings: HashMap<String, Drawing>,
    rearranged: HashMap<String, String>,
}

/// A move drawn: the drawing after it, and — when the picture had to change to make room for the move —
/// what to tell the player (spots that jump without a word confuse them).
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnMove {
    pub drawing: Drawing,
    pub rearranged: Option<String>,
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
/// (the engine lists moves up to equivalence in small regions) is drawn by rearranging the picture as
/// little as it can (`Drawing::relayout_unroutable`), and the player is told — except for the last
/// move of a game, which keeps the picture (a fresh layout of the empty position would be blank).
pub fn draw_move(drawing: &Drawing, child: &Position) -> Result<DrawnMove, String> {
    if let Some(curve) = drawing.route(child) {
        return Ok(added(drawing.play(&curve, None)));
    }
    drawn_rearranged(drawing, child)
}

/// The drawing after the move to `child` when no curve for it was found in `drawing` (see
/// [`draw_move`]): the picture rearranged, with the note for the player.
fn drawn_rearranged(drawing: &Drawing, child: &Position) -> Result<DrawnMove, String> {
    if child.is_terminal() {
        return Ok(added(drawing.clone()));
    }
    let (after, how) = drawing.relayout_unroutable(child).map_err(|error| {
        format!(
            "no curve was found for the move to {child}, and it cannot be drawn afresh ({error})"
        )
    })?;
    let rearranged = rearranged_note(drawing, &after, how);
    Ok(DrawnMove {
        drawing: after,
        rearranged,
    })
}

/// What to tell the player when drawing a move changed more of the picture than its new curve.
fn rearranged_note(before: &Drawing, after: &Drawing, how: Relayout) -> Option<String> {
    const WHY: &str = "There was no room to draw this move in the picture as it was";
    let moved = spots(before.spots_moved(after));
    match how {
        Relayout::Kept if before.spots_moved(after) == 0 => None,
        Relayout::Kept => Some(format!(
            "{WHY}, so {moved} with no line yet moved to make room."
        )),
        Relayout::CurveRedrawn { .. } => Some(format!(
            "{WHY}, so one line was drawn again to make room ({moved} moved)."
        )),
        Relayout::LandRedrawn { .. } => Some(format!(
            "{WHY}, so the part of the picture it is played in was drawn again ({moved} moved; \
             the rest is as it was)."
        )),
        Relayout::Fresh => Some(format!(
            "{WHY}, so the whole position was drawn afresh: the spots are not where they were."
        )),
    }
}

fn spots(count: usize) -> String {
    match count {
        1 => "1 spot".into(),
        n => format!("{n} spots"),
    }
}

/// The computer's move among `choices` (moves of the drawing's position, in the order to try them),
/// drawn: the first that can be routed as a curve; else a move of the same game that can (see
/// `Drawing::route_equivalent`); else the first choice, with the picture rearranged (see [`draw_move`]).
/// The move made and its drawing.
pub fn draw_one_of(
    drawing: &Drawing,
    choices: &[Position],
) -> Result<(Position, DrawnMove), String> {
    let first = choices.first().ok_or("no move to choose from")?;
    let parent = drawing
        .position()
        .map_err(|error| format!("the drawing is not valid: {error}"))?;
    let moves = parent.children();
    if let Some(stranger) = choices.iter().find(|child| !moves.contains(child)) {
        return Err(format!("{stranger} is not a move from {parent}"));
    }
    if let Some((child, curve)) = choices
        .iter()
        .find_map(|child| Some((child, drawing.route(child)?)))
    {
        return Ok((child.clone(), added(drawing.play(&curve, None))));
    }
    if let Some((curve, drawn)) = choices
        .iter()
        .filter_map(|child| drawing.route_equivalent(child))
        .find(|(_, drawn)| moves.contains(drawn))
    {
        return Ok((drawn, added(drawing.play(&curve, None))));
    }
    // None could be routed (tried above): the first is drawn by rearranging the picture.
    Ok((first.clone(), drawn_rearranged(drawing, first)?))
}

/// A drawing that only gained its new curve.
fn added(drawing: Drawing) -> DrawnMove {
    DrawnMove {
        drawing,
        rearranged: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// The children of each child, each list sorted: equal for positions with the same game tree two
    /// moves deep (the whole tree of the tiny games met here).
    fn two_levels(position: &Position) -> Vec<Vec<Position>> {
        let mut levels: Vec<Vec<Position>> = position
            .children()
            .iter()
            .map(|child| {
                let mut next = child.children();
                next.sort();
                next
            })
            .collect();
        levels.sort();
        levels
    }

    #[wasm_bindgen_test]
    fn the_computer_plays_each_move_drawn_or_a_drawable_one_of_the_same_game() {
        // Along a 4-spot game (always the last move listed), every move offered alone.
        let mut drawing = Drawing::start(4);
        loop {
            let children = drawing.position().unwrap().children();
            let Some(last) = children.last().cloned() else {
                break;
            };
            for child in &children {
                let (played, drawn) = draw_one_of(&drawing, std::slice::from_ref(child)).unwrap();
                assert_eq!(drawn.drawing.position().unwrap(), played);
                if drawing.route(child).is_some() || played == *child {
                    assert_eq!(&played, child);
                } else {
                    assert_eq!(
                        two_levels(&played),
                        two_levels(child),
                        "{child} vs {played}"
                    );
                }
            }
            drawing = draw_move(&drawing, &last).unwrap().drawing;
        }
        // A move that is not a move of the drawing is refused, as is an empty choice.
        let start = Drawing::start(2);
        assert!(draw_one_of(&start, &[]).is_err());
        assert!(
            draw_one_of(&start, &["0*5".parse().unwrap()]).is_err(),
            "not a move"
        );
    }

    #[wasm_bindgen_test]
    fn every_move_is_drawn_as_the_position_it_makes() {
        // Whether or not a curve is found for each (in an older layout `22` had none), the drawing made
        // is of that very position.
        let drawing = Drawing::layout(&"2A|2B|2AB".parse().unwrap()).unwrap();
        let parent = drawing.position().unwrap();
        let children = parent.children();
        assert!(children.contains(&"22".parse().unwrap()));
        for child in children.iter().filter(|child| !child.is_terminal()) {
            let drawn = draw_move(&drawing, child).unwrap();
            assert_eq!(&drawn.drawing.position().unwrap(), child);
        }
    }

    /// Whether `after` is `before` with curves added and nothing else changed: every old spot where it
    /// was, every old curve as it was.
    fn only_added(before: &Drawing, after: &Drawing) -> bool {
        after.spots.starts_with(&before.spots) && after.curves.starts_with(&before.curves)
    }

    #[wasm_bindgen_test]
    fn the_player_is_told_exactly_when_the_picture_was_rearranged() {
        // Along a 4-spot line, every child of each position drawn: the note is given exactly when the
        // drawing changed beyond its new curve. The line's last position has children no curve in
        // this drawing can make (the engine keeps only the vertices of regions with few lives), so
        // the picture must change for them: the case is met, not only the quiet one.
        let line = [
            "0*2.AB|0.AB",
            "0*2.AB|CD|AB.CD",
            "0*2.AB|2AB",
            "0.AB|2CD|AB.CD",
            "0.A|2B|2AB",
        ];
        let mut drawing = Drawing::start(4);
        let mut rearranged = 0;
        for next in line {
            let next: Position = next.parse().unwrap();
            for child in drawing.position().unwrap().children() {
                let drawn = draw_move(&drawing, &child).unwrap();
                assert_eq!(drawn.drawing.position().unwrap(), child);
                let quiet = only_added(&drawing, &drawn.drawing);
                assert_eq!(drawn.rearranged.is_none(), quiet, "{child}: {drawn:?}");
                if let Some(note) = &drawn.rearranged {
                    assert!(note.starts_with("There was no room"), "{note}");
                    rearranged += 1;
                }
            }
            drawing = draw_move(&drawing, &next).unwrap().drawing;
        }
        let undrawable = drawing
            .position()
            .unwrap()
            .children()
            .into_iter()
            .filter(|child| !drawing.children().contains(child) && !child.is_terminal())
            .count();
        assert!(
            undrawable > 0,
            "the line no longer meets an undrawable move"
        );
        for child in drawing.position().unwrap().children() {
            if !drawing.children().contains(&child) && !child.is_terminal() {
                let drawn = draw_move(&drawing, &child).unwrap();
                assert!(drawn.rearranged.is_some(), "{child}");
                rearranged += 1;
            }
        }
        assert!(rearranged > 0);
    }
}
