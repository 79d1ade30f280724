//! Drawing the moves of a game: the start drawn (n spots spread out, or another position laid out), a
//! move drawn as a curve routed in the picture, or — when no curve can be found — the picture
//! rearranged as little as it can be, with a note for the player; and the computer's move among its
//! choices drawn the same way. The web worker draws every move it is asked to with these (routing can
//! take a good part of a second); a page keeps the drawings it has made.

use super::{CurveMove, Drawing, Relayout};
use crate::games::sprouts::Position;

/// A move drawn: the drawing after it, and — when the picture had to change to make room for the move —
/// what to tell the player (spots that jump without a word confuse them).
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnMove {
    pub drawing: Drawing,
    pub rearranged: Option<String>,
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
        return added(drawing, &curve);
    }
    drawn_rearranged(drawing, child)
}

/// The drawing after the move to `child` when no curve for it was found in `drawing` (see
/// [`draw_move`]): the picture rearranged, with the note for the player.
fn drawn_rearranged(drawing: &Drawing, child: &Position) -> Result<DrawnMove, String> {
    if child.is_terminal() {
        return Ok(DrawnMove {
            drawing: drawing.clone(),
            rearranged: None,
        });
    }
    let (after, how) = drawing.relayout_unroutable(child).map_err(|error| {
        format!(
            "no curve was found for the move to {child}, and it cannot be drawn afresh ({error})"
        )
    })?;
    // A rearranged picture is built by moving spots and curves about: checked, not assumed, as it is
    // sent on (a page reading a malformed one back would refuse it).
    after
        .check()
        .map_err(|error| format!("the move to {child} was drawn wrongly ({error})"))?;
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
        return Ok((child.clone(), added(drawing, &curve)?));
    }
    if let Some((curve, drawn)) = choices
        .iter()
        .filter_map(|child| drawing.route_equivalent(child))
        .find(|(_, drawn)| moves.contains(drawn))
    {
        return Ok((drawn, added(drawing, &curve)?));
    }
    // None could be routed (tried above): the first is drawn by rearranging the picture.
    Ok((first.clone(), drawn_rearranged(drawing, first)?))
}

/// `drawing` that only gained its new curve, routed in it.
fn added(drawing: &Drawing, curve: &CurveMove) -> Result<DrawnMove, String> {
    let drawing = drawing
        .play(curve, None)
        .map_err(|error| format!("the curve routed for the move could not be drawn ({error})"))?;
    Ok(DrawnMove {
        drawing,
        rearranged: None,
    })
}
