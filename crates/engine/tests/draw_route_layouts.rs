//! Move → curve on drawings laid out from scratch: a position is laid out (`Drawing::layout`, as for
//! a pasted position or a link) and every child the engine lists (`Position::children`, the rules
//! alone) is routed. Each routed move is judged by checks that do not trust the router:
//! * the curve, checked again as a freehand curve (`check_curve`, the legality rules), is legal and
//!   makes that very child;
//! * the drawing after it, read back through its planar map (`Drawing::position`), is that child;
//! * the new curve crosses no curve, itself included, and passes through no spot (a brute-force
//!   count over pairs of segments, written here);
//! * every child is routed: the moves routed are exactly as many as the engine's children.
//!
//! A fresh layout draws the position's own canonical structure, so all of its children can be drawn
//! there (a drawing reached by other moves may have another structure for the same canonical string:
//! `draw_route.rs` covers those).
//!
//! Every 2- and 3-spot position, and an evenly spread sample of the 4-spot ones, run in the normal
//! test run (a few seconds); every 4-spot position (about a minute) runs in the slow lane
//! (`scripts/test-slow`).

use sprague_engine::draw::{Drawing, Point};
use sprague_engine::games::sprouts::Position;

use crate::common;
use common::crossings::{crossings_of_curve, straight, with_curve, with_spot};
use common::reachable;

/// Every how many-th 4-spot position (in the set's sorted order) the normal run routes.
const FOUR_SPOT_STRIDE: usize = 12;

#[test]
fn the_crossing_count_sees_a_crossing_a_curve_through_a_spot_and_a_self_crossing() {
    let start = Drawing::start(4);
    let d = with_curve(&start, straight(&start, 0, 3));
    assert_eq!(crossings_of_curve(&d, 0), 0);
    let d = with_curve(&d, straight(&d, 1, 2));
    assert_eq!(crossings_of_curve(&d, 1), 1);
    // A spot in the middle of a curve it does not end at.
    let d = with_spot(&d, d.spots()[0].at.lerp(d.spots()[3].at, 0.25));
    assert_eq!(crossings_of_curve(&d, 0), 2);
    // A curve crossing itself (a bow tie from spot 0 back to spot 0).
    let o = start.spots()[0].at;
    let bow = vec![
        o,
        Point::new(o.x + 40.0, o.y + 40.0),
        Point::new(o.x + 40.0, o.y - 40.0),
        Point::new(o.x - 10.0, o.y + 30.0),
        o,
    ];
    let d = with_curve(
        &start,
        sprague_engine::draw::Curve {
            start: 0,
            end: 0,
            points: bow,
            middle: None,
        },
    );
    assert_eq!(crossings_of_curve(&d, 0), 1);
}

/// Routes every child of `position` in its layout and judges each move (see the module notes):
/// (moves routed, moves the engine lists, moves not routed, named).
fn route_every_child(position: &Position) -> (usize, usize, Vec<String>) {
    let drawing = Drawing::layout(position).expect("every reachable position is laid out");
    assert_eq!(drawing.position().unwrap(), *position, "round trip");
    let children = position.children();
    let (mut routed, mut failures) = (0, Vec::new());
    for child in &children {
        let Some(curve) = drawing.route(child) else {
            failures.push(format!("{position} -> {child}"));
            continue;
        };
        let again = drawing
            .check_curve(curve.points())
            .unwrap_or_else(|e| panic!("{position} -> {child}: routed curve illegal: {e}"));
        assert_eq!(
            again.child(),
            child,
            "{position}: the curve makes another child"
        );
        let after = drawing
            .play(&curve, None)
            .expect("the move fits its drawing");
        assert_eq!(after.position().unwrap(), *child, "{position}: read back");
        let new = after.curves().len() - 1;
        assert_eq!(after.curves()[..new], drawing.curves()[..], "{position}");
        assert_eq!(
            crossings_of_curve(&after, new),
            0,
            "{position} -> {child}: the new curve crosses the drawing"
        );
        routed += 1;
    }
    (routed, children.len(), failures)
}

/// Routes every child of every position given; panics naming the moves not routed.
fn route_all<'a>(positions: impl Iterator<Item = &'a Position>) -> usize {
    let (mut routed, mut listed, mut failures) = (0, 0, Vec::new());
    for p in positions {
        let (r, l, f) = route_every_child(p);
        (routed, listed) = (routed + r, listed + l);
        failures.extend(f);
    }
    assert_eq!(failures, Vec::<String>::new());
    assert_eq!(routed, listed, "every child the engine lists is routed");
    routed
}

#[test]
fn every_child_of_every_two_and_three_spot_position_is_routed_in_its_layout() {
    for spots in [2, 3] {
        let routed = route_all(reachable(spots).iter());
        assert!(routed > 0, "{spots} spots");
    }
}

#[test]
fn every_child_of_a_sample_of_four_spot_positions_is_routed_in_its_layout() {
    let all = reachable(4);
    let sample: Vec<&Position> = all.iter().step_by(FOUR_SPOT_STRIDE).collect();
    let routed = route_all(sample.iter().copied());
    eprintln!(
        "4 spots: {} of {} positions, {routed} moves routed",
        sample.len(),
        all.len()
    );
    assert!(sample.len() * FOUR_SPOT_STRIDE >= all.len());
}

#[test]
#[ignore = "slow (about a minute): every position of the 4-spot game; run by scripts/test-slow"]
fn every_child_of_every_four_spot_position_is_routed_in_its_layout() {
    let all = reachable(4);
    let routed = route_all(all.iter());
    eprintln!("4 spots: {} positions, {routed} moves routed", all.len());
}
