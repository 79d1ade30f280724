//! Where the engine lists a child a drawing cannot make exactly (regions with at most 3 lives keep
//! only their multiset of vertices), `route_equivalent` draws another child with the same game tree.
//! Checked against the engine's own children (an independent route to the game trees) and strings
//! written by hand.

use sprague_engine::draw::{CurveMove, Drawing};
use sprague_engine::games::sprouts::Position;
use std::collections::BTreeSet;

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

/// The children of each child, as strings: two levels of the game tree.
fn two_levels(p: &Position) -> BTreeSet<Vec<String>> {
    p.children()
        .iter()
        .map(|c| {
            let mut next: Vec<String> = c.children().iter().map(|g| g.to_string()).collect();
            next.sort();
            next
        })
        .collect()
}

/// A drawing of `2A|2B|2AB` reached by play: from the 4-spot start, each of these children routed
/// and played in turn (the router is deterministic). A fresh layout of `2A|2B|2AB` has the structure
/// that draws every child; this one does not.
fn played_drawing() -> Drawing {
    let mut d = Drawing::start(4);
    for step in [
        "0*2.AB|0.AB",
        "0*2.AB|CD|AB.CD",
        "0*2.AB|2AB",
        "0.AB|2CD|AB.CD",
        "0.A|2B|2AB",
        "2A|2AB|CD|BCD",
        "2A|2B|2AB",
    ] {
        let mv = d
            .route(&pos(step))
            .unwrap_or_else(|| panic!("{step} routed"));
        d = d.play(&mv, None).expect("the move fits its drawing");
        assert_eq!(d.position().unwrap(), pos(step));
    }
    d
}

#[test]
fn an_undrawable_child_is_replaced_by_the_same_game() {
    // Engine child `22` of `2A|2B|2AB`: in this drawing the curve joining the two 1-life vertices
    // that makes it does not exist; `AB|AB` does (both are one move to the end).
    let d = played_drawing();
    let fresh = Drawing::layout_text("2A|2B|2AB").unwrap();
    assert!(
        fresh.children().contains(&pos("22")),
        "a fresh layout draws `22`"
    );
    let engine: BTreeSet<Position> = d.position().unwrap().children().into_iter().collect();
    let drawable: BTreeSet<Position> = d.children().into_iter().collect();
    assert!(engine.contains(&pos("22")));
    assert!(
        !drawable.contains(&pos("22")),
        "`22` is the undrawable child"
    );
    let (mut exact, mut replaced) = (0, 0);
    for wanted in &engine {
        let (mv, made) = d.route_equivalent(wanted).expect("some curve");
        let again = d.check_curve(mv.points()).unwrap();
        assert_eq!(again.child(), &made);
        assert_eq!(
            d.play(&mv, None)
                .expect("the move fits its drawing")
                .position()
                .unwrap(),
            made
        );
        // Whatever is drawn is a move of the position by the rules.
        assert!(engine.contains(&made), "{made} is not a child");
        if drawable.contains(wanted) {
            assert_eq!(&made, wanted);
            exact += 1;
        } else {
            // Same game: the same game tree, read from the engine's children (here two levels deep,
            // which is the whole tree of these tiny games).
            assert_ne!(&made, wanted);
            assert_eq!(two_levels(&made), two_levels(wanted), "{wanted} vs {made}");
            assert!(made.children().iter().all(|c| c.children().is_empty()));
            replaced += 1;
        }
    }
    // Both kinds were met (each branch's checks ran): `22` replaced, the others drawn exactly.
    assert_eq!(replaced, 1);
    assert_eq!(exact, engine.len() - 1);
}

#[test]
fn curve_moves_serialise_with_their_child_as_a_string() {
    let d = Drawing::start(2);
    let mv = d
        .route(&pos("0.AB|AB"))
        .or_else(|| d.route(&pos("AB|0.AB")))
        .unwrap();
    let text = serde_json::to_string(&mv).unwrap();
    assert!(text.contains("\"child\":\""), "{text}");
    let back: CurveMove = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (back.from(), back.to(), back.child()),
        (mv.from(), mv.to(), mv.child())
    );
    assert_eq!(back.points().len(), mv.points().len());
    // JSON numbers come back to within rounding.
    for (p, q) in back.points().iter().zip(mv.points()) {
        assert!(p.dist(*q) < 1e-9);
    }
    // A stored move whose child is not a position is an error, not a panic.
    let bad = text.replace(&format!("\"{}\"", mv.child()), "\"0.x\"");
    assert!(serde_json::from_str::<CurveMove>(&bad).is_err());
}
