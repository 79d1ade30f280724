//! Move → curve: from drawings of the 2- and 3-spot starts (every reachable position, each drawn by
//! routing the moves that lead to it) every child is routed; the curve passes the freehand check and
//! is identified — through the drawing's own planar map, independent of how the route was chosen — as
//! that very child. The children a drawing reaches are always among the engine's children; for the
//! 2-spot game they are exactly the engine's children.

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;
use std::collections::{BTreeSet, HashMap};

use crate::common;
use common::{reachable, Rng};

/// Routes every child the engine lists for the drawing's position: the drawings after each routed
/// move, the children not routed although the drawing reaches them, and the number of engine children
/// the drawing cannot reach exactly.
///
/// The last happens where a region has at most 3 lives: the engine's canonical form keeps only the
/// multiset of its vertices (GLOP's rule: the finer structure does not change the game), so a few of
/// its children need a structure the drawing at hand does not have (see `Drawing::children`).
fn route_all(drawing: &Drawing) -> (Vec<Drawing>, Vec<String>, usize) {
    let position = drawing.position().unwrap();
    let engine: Vec<Position> = position.children();
    let drawable: BTreeSet<Position> = drawing.children().into_iter().collect();
    let mut reached = BTreeSet::new();
    let mut next = Vec::new();
    let mut failed = Vec::new();
    let mut elsewhere = 0;
    for child in &engine {
        if !drawable.contains(child) {
            elsewhere += 1;
            continue;
        }
        let Some(mv) = drawing.route(child) else {
            failed.push(format!("{position} -> {child}"));
            continue;
        };
        let again = drawing
            .check_curve(mv.points())
            .expect("a routed curve is legal");
        assert_eq!(again.child(), child);
        let played = drawing.play(&mv, None).expect("the move fits its drawing");
        assert_eq!(&played.position().unwrap(), child);
        reached.insert(again.child().clone());
        next.push(played);
    }
    if failed.is_empty() {
        let expected: BTreeSet<Position> = engine
            .iter()
            .filter(|c| drawable.contains(c))
            .cloned()
            .collect();
        assert_eq!(reached, expected);
    }
    (next, failed, elsewhere)
}

/// Every position reachable from the n-spot start (one drawing each): (positions, moves routed,
/// moves not routed).
fn explore(n: usize) -> (usize, usize, Vec<String>, usize) {
    let mut seen: HashMap<Position, ()> = HashMap::new();
    let start = Drawing::start(n);
    seen.insert(start.position().unwrap(), ());
    let mut frontier = vec![start];
    let (mut routed, mut failures, mut undrawable) = (0, Vec::new(), 0);
    while let Some(d) = frontier.pop() {
        let (children, failed, elsewhere) = route_all(&d);
        routed += children.len();
        undrawable += elsewhere;
        failures.extend(failed);
        for c in children {
            if seen.insert(c.position().unwrap(), ()).is_none() {
                frontier.push(c);
            }
        }
    }
    (seen.len(), routed, failures, undrawable)
}

#[test]
fn every_child_from_two_spots_is_routed() {
    let (positions, routed, failures, undrawable) = explore(2);
    assert_eq!(failures, Vec::<String>::new());
    assert_eq!(undrawable, 0);
    // Every position reachable in the 2-spot game was visited (count found by the engine alone).
    assert_eq!(positions, reachable(2).len());
    assert!(routed >= positions - 1);
}

#[test]
fn nearly_every_child_from_three_spots_is_routed() {
    let (positions, routed, failures, undrawable) = explore(3);
    eprintln!(
        "3 spots: {positions} positions, {routed} moves routed, {} not: {failures:?}; \
         {undrawable} engine children not drawable in the drawing at hand",
        failures.len()
    );
    // Every move is routed (measured: 667 moves; 1% was allowed before necks were meshed finer
    // and splits in the outer face enclosed the smaller side).
    assert_eq!(failures, Vec::<String>::new());
    assert!(positions * 100 >= reachable(3).len() * 97);
}

/// Random games from larger starts: at every position on the way, every child is routed (and checked
/// as above); the game goes on along a random one. Returns (moves routed, failures).
fn playouts(spots: std::ops::RangeInclusive<usize>, games: u64) -> (usize, Vec<String>) {
    let (mut routed, mut failures) = (0, Vec::new());
    for n in spots {
        for seed in 1..=games {
            let mut rng = Rng(seed * 7919 + n as u64);
            let mut d = Drawing::start(n);
            loop {
                let (next, failed, _) = route_all(&d);
                routed += next.len();
                failures.extend(failed);
                if next.is_empty() {
                    break;
                }
                let k = rng.below(next.len());
                d = next.into_iter().nth(k).unwrap();
            }
        }
    }
    (routed, failures)
}

#[test]
fn random_games_from_five_and_six_spots_are_routed() {
    let (routed, failures) = playouts(5..=6, 1);
    eprintln!(
        "5-6 spots: {routed} moves routed, {} not: {failures:?}",
        failures.len()
    );
    // Measured: 235 moves, all routed; a few crowded faces may still defeat the router.
    assert!(failures.len() * 100 <= routed, "{failures:?}");
}

#[test]
#[ignore = "slow (minutes): every position of the 4-spot game and random games from 5 to 8 spots; run by scripts/test-slow"]
fn every_child_from_four_spots_and_random_games_to_eight_spots() {
    let (positions, routed, failures, undrawable) = explore(4);
    eprintln!(
        "4 spots: {positions} positions, {routed} moves routed, {} not: {failures:?}; \
         {undrawable} engine children not drawable here",
        failures.len()
    );
    let (routed2, failures2) = playouts(5..=8, 4);
    eprintln!(
        "5-8 spots: {routed2} moves routed, {} not: {failures2:?}",
        failures2.len()
    );
    // Measured: 3 of the 12,954 moves of the 4-spot game and 18 of the 2,500 moves met in the
    // random 5- to 8-spot games are not routed (spots left a few units apart by earlier curves).
    // Before paths were pulled tight with the roomiest clearance first, loops included, none of
    // these were missed, but 79 of 2,497 moves in random 8- to 12-spot games were (7 now; see
    // `examples/route_wiggle.rs`). A move not routed is drawn by redrawing part of the picture.
    assert!(failures.len() * 1000 <= routed, "{failures:?}");
    assert!(failures2.len() * 100 <= routed2, "{failures2:?}");
}
