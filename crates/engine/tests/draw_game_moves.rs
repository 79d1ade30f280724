//! Drawing a game's moves (engine `draw::game_moves`): every move is drawn as the position it makes;
//! the computer's choice is drawn, or a move of the same game (its game tree two moves deep compared,
//! computed by the engine's children); the player is told exactly when the picture was rearranged
//! (compared with the drawing before: every old spot and curve kept).

use sprague_engine::draw::{draw_move, draw_one_of, Drawing};
use sprague_engine::games::sprouts::Position;

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

#[test]
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

#[test]
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
    after.spots().starts_with(before.spots()) && after.curves().starts_with(before.curves())
}

#[test]
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
