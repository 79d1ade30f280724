//! Relayout of a child keeping the parent's drawing: isolated spots moved to roomier places keep the
//! position (the engine's canonical form is the referee) and every curve; a fresh layout, when
//! needed, still gives the child; a move the router cannot draw in a crowded drawing is drawn after
//! one curve is drawn again, and the result is checked without trusting the router (the legality
//! rules, the planar read-back, and a brute-force crossing count written here).

use sprague_engine::draw::{Curve, Drawing, Point, Relayout};
use sprague_engine::games::sprouts::Position;

use crate::common;
use common::crossings::crossings;

/// Distance from `p` to the nearest curve point segment (brute force, written here).
fn nearest_curve(d: &Drawing, p: Point) -> f64 {
    let mut best = f64::INFINITY;
    for c in d.curves() {
        for w in c.points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len2 = (b.x - a.x).powi(2) + (b.y - a.y).powi(2);
            let t = if len2 == 0.0 {
                0.0
            } else {
                (((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2).clamp(0.0, 1.0)
            };
            best = best.min(p.dist(a.lerp(b, t)));
        }
    }
    best
}

#[test]
fn the_crossing_count_sees_a_crossing_and_a_spot_on_a_curve() {
    let d = cramped();
    assert_eq!(crossings(&d), 0);
    let (mut spots, mut curves) = d.into_parts();
    let (a, b) = (spots[0].at, spots[1].at);
    let m = a.lerp(b, 0.5);
    curves.push(Curve {
        start: 2,
        end: 2,
        points: vec![spots[2].at, Point::new(m.x, m.y - 20.0), spots[2].at],
        middle: None,
    });
    // Out across the curve and back: two crossings.
    let d = Drawing::new(spots.clone(), curves.clone()).unwrap();
    assert_eq!(crossings(&d), 2);
    spots.push(sprague_engine::draw::Spot {
        at: a.lerp(b, 0.25),
    });
    let d = Drawing::new(spots, curves).unwrap();
    assert_eq!(crossings(&d), 3);
}

/// Two spots joined by a straight curve, and an isolated spot squeezed 6 px from it.
fn cramped() -> Drawing {
    let (mut spots, _) = Drawing::start(3).into_parts();
    let (a, b) = (spots[0].at, spots[1].at);
    let curves = vec![Curve {
        start: 0,
        end: 1,
        points: vec![a, b],
        middle: None,
    }];
    spots[2].at = Point::new(a.lerp(b, 0.5).x, a.y + 6.0);
    Drawing::new(spots, curves).unwrap()
}

#[test]
fn a_cramped_isolated_spot_is_moved_and_nothing_else() {
    let d = cramped();
    let before = d.position().unwrap();
    // An isolated spot and a curve joining two spots (2 lives each), by hand.
    assert_eq!(before, "0.11".parse::<Position>().unwrap());
    let spread = d
        .with_isolated_spots_spread()
        .expect("the isolated spot moves");
    assert_eq!(spread.position().unwrap(), before);
    assert_eq!(spread.curves(), d.curves());
    assert_eq!(spread.spots()[..2], d.spots()[..2]);
    assert!(
        nearest_curve(&spread, spread.spots()[2].at) > 5.0 * nearest_curve(&d, d.spots()[2].at)
    );
}

#[test]
fn a_drawing_without_isolated_spots_is_left_alone() {
    let (mut spots, curves) = cramped().into_parts();
    spots.pop();
    let d = Drawing::new(spots, curves).unwrap();
    assert!(d.with_isolated_spots_spread().is_none());
}

#[test]
fn relayout_gives_every_child_and_keeps_the_curves_when_it_says_so() {
    let d = cramped();
    let children = d.position().unwrap().children();
    let mut kept_count = 0;
    for child in &children {
        let (next, kept) = d.relayout_child(child).unwrap();
        assert_eq!(next.position().unwrap(), *child);
        assert_eq!(crossings(&next), 0, "{child}");
        if kept {
            assert_eq!(next.curves()[..1], d.curves()[..]);
            assert_eq!(next.spots()[..2], d.spots()[..2]);
            kept_count += 1;
        }
    }
    // The drawing has room for most moves: the kept branch is taken (its checks ran).
    assert!(kept_count > 0, "no child kept the drawing");
}

#[test]
fn relayout_how_agrees_with_relayout_child() {
    let d = cramped();
    for child in d.position().unwrap().children() {
        let (next, how) = d.relayout_how(&child).unwrap();
        let (_, kept) = d.relayout_child(&child).unwrap();
        assert_eq!(next.position().unwrap(), child);
        assert_eq!(kept, how == Relayout::Kept);
    }
}

/// A crowded drawing met in a random 8-spot game (saved by the `route_failures` example) where the
/// router finds no curve for one move: drawing one curve again makes room.
///
/// Checked without trusting the router: the child is a move of the position by the rules
/// (`Position::children`); the drawing with the curve redrawn (the new move's curve and spot taken
/// off again) reads back as the parent position, so the redraw changed nothing of the game; the new
/// move's curve, checked as a freehand curve in that drawing (the legality rules), is legal and makes
/// the child; the child's drawing reads back as the child; no two curves of it cross (a brute-force
/// count written here); and every spot but the redrawn curve's middle spot, and every curve but
/// that one, is where it was.
#[test]
fn a_crowded_move_is_drawn_by_redrawing_one_curve() {
    let text = include_str!("fixtures/route_failure_crowded.json");
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    let d: Drawing = serde_json::from_value(value["drawing"].clone()).unwrap();
    let child: Position = value["child"].as_str().unwrap().parse().unwrap();
    let parent = d.position().unwrap();
    assert!(parent.children().contains(&child));
    let (next, how) = d.relayout_how(&child).unwrap();
    let Relayout::CurveRedrawn { curve } = how else {
        panic!("expected one curve redrawn, got {how:?}");
    };

    // Spots and curves kept, but the redrawn curve and its middle spot; one curve and spot added.
    let moved = d.curves()[curve].middle.unwrap().spot;
    for (s, spot) in d.spots().iter().enumerate() {
        if s != moved {
            assert_eq!(next.spots()[s], *spot, "spot {s} moved");
        }
    }
    for (k, c) in d.curves().iter().enumerate() {
        if k != curve {
            assert_eq!(next.curves()[k], *c, "curve {k} changed");
        }
    }
    assert_eq!(next.curves().len(), d.curves().len() + 1);
    assert_eq!(next.spots().len(), d.spots().len() + 1);
    // The redrawn curve is whatever curve the router finds for the parent position in the drawing
    // without it: it may join other spots than the old one did (here it does), as long as the
    // game is the same (checked below).
    assert_ne!(
        next.curves()[curve].points,
        d.curves()[curve].points,
        "the curve was drawn again"
    );

    // The new move, taken off again: the drawing with the curve redrawn is still the parent.
    let added = next.curves().last().unwrap();
    assert_eq!(added.middle.map(|m| m.spot), Some(d.spots().len()));
    let (mut spots, mut curves) = next.clone().into_parts();
    curves.pop();
    spots.pop();
    let between = Drawing::new(spots, curves).unwrap();
    assert_eq!(between.position().unwrap(), parent);
    assert_eq!(
        crossings(&between),
        0,
        "the redrawn curve crosses the drawing"
    );

    // The new move is legal there and makes the child; the result reads back as the child.
    let mv = between
        .check_curve(&added.points)
        .expect("the new curve is a legal move in the drawing with the curve redrawn");
    assert_eq!(mv.child(), &child);
    assert_eq!((mv.from(), mv.to()), (added.start, added.end));
    assert_eq!(next.position().unwrap(), child);
    assert_eq!(
        crossings(&next),
        0,
        "the child's drawing has crossing curves"
    );
}
