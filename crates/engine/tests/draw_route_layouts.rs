//! Move → curve on drawings laid out from scratch: for every position reachable from the 2-, 3- and
//! 4-spot starts, the position is laid out (`Drawing::layout`, as for a pasted position or a link) and
//! every child the engine lists (`Position::children`, the rules alone) is routed; the curve, checked
//! again as a freehand curve, is legal and makes that very child, and so does the drawing after it.
//!
//! A fresh layout draws the position's own canonical structure, so all of its children can be drawn
//! there (a drawing reached by other moves may have another structure for the same canonical string:
//! `draw_route.rs` covers those).

use sprague_engine::draw::Drawing;

mod common;
use common::reachable;

/// (moves routed, moves not routed, with the first few named).
fn route_every_child_of_every_layout(spots: usize) -> (usize, Vec<String>) {
    let (mut routed, mut failures) = (0, Vec::new());
    for position in reachable(spots) {
        let drawing = Drawing::layout(&position).expect("every reachable position is laid out");
        assert_eq!(drawing.position().unwrap(), position, "round trip");
        for child in position.children() {
            let Some(curve) = drawing.route(&child) else {
                failures.push(format!("{position} -> {child}"));
                continue;
            };
            let again = drawing
                .check_curve(curve.points())
                .expect("a routed curve is legal as a freehand curve");
            assert_eq!(again.child(), &child, "{position}");
            assert_eq!(drawing.play(&curve, None).position().unwrap(), child);
            routed += 1;
        }
    }
    (routed, failures)
}

#[test]
fn every_child_of_every_two_and_three_spot_position_is_routed_in_its_layout() {
    for spots in [2, 3] {
        let (routed, failures) = route_every_child_of_every_layout(spots);
        assert_eq!(failures, Vec::<String>::new(), "{spots} spots");
        assert!(routed > 0);
    }
}

#[test]
#[ignore = "slow (about a minute in release): every position of the 4-spot game; run by scripts/test-slow"]
fn every_child_of_every_four_spot_position_is_routed_in_its_layout() {
    let (routed, failures) = route_every_child_of_every_layout(4);
    eprintln!("4 spots: {routed} moves routed, {} not", failures.len());
    // Measured: 12,966 moves, all routed.
    assert_eq!(failures, Vec::<String>::new());
}
