//! Moves between two chosen spots (the board's exact mode): over drawings of positions from the 2-, 3-
//! and 4-spot games, every move listed for a pair of spots is drawn by a curve that the freehand check
//! (the drawing's own planar map) identifies as that move — same ends, same resulting position — and
//! the moves of all pairs together are exactly the drawing's distinct children.

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;
use std::collections::BTreeSet;

use crate::common;
use common::Rng;

/// Checks every pair of spots of `drawing`; returns (moves listed, moves drawn).
fn check_pairs(drawing: &Drawing) -> (usize, usize) {
    let spots = drawing.spots().len();
    let mut union = BTreeSet::new();
    let (mut listed, mut drawn) = (0, 0);
    for a in 0..spots {
        for b in a..spots {
            let moves = drawing.moves_between(a, b);
            let distinct: BTreeSet<&Position> = moves.iter().map(|m| &m.child).collect();
            assert_eq!(distinct.len(), moves.len(), "moves are distinct");
            for mv in &moves {
                listed += 1;
                union.insert(mv.child.clone());
                let Some(curve) = drawing.draw_move(mv) else {
                    continue;
                };
                drawn += 1;
                let checked = drawing
                    .check_curve(curve.points())
                    .expect("a drawn move is a legal curve");
                let ends = BTreeSet::from([checked.from(), checked.to()]);
                assert_eq!(
                    ends,
                    BTreeSet::from([a, b]),
                    "the curve joins the chosen spots"
                );
                assert_eq!(checked.child(), &mv.child);
                assert_eq!(
                    drawing
                        .play(&curve, None)
                        .expect("the move fits its drawing")
                        .position()
                        .unwrap(),
                    mv.child
                );
            }
        }
    }
    let children: BTreeSet<Position> = drawing.children().into_iter().collect();
    assert_eq!(union, children, "{}", drawing.position().unwrap());
    (listed, drawn)
}

#[test]
fn two_spots_one_join_and_one_loop() {
    let drawing = Drawing::start(2);
    assert_eq!(drawing.moves_between(0, 1).len(), 1);
    let loops = drawing.moves_between(0, 0);
    // Around the other spot or not: on a sphere the same position.
    assert_eq!(loops.len(), 1);
    assert!(loops[0].inside.is_some(), "a loop splits the region");
    assert!(drawing.moves_between(0, 2).is_empty(), "no spot 2");
}

#[test]
fn every_pair_of_spots_along_random_games() {
    let mut rng = Rng(0x5907);
    let (mut listed, mut drawn) = (0, 0);
    for n in [2, 3, 3, 4, 4] {
        let mut drawing = Drawing::start(n);
        loop {
            let (l, d) = check_pairs(&drawing);
            listed += l;
            drawn += d;
            let children = drawing.position().unwrap().children();
            let routed: Vec<_> = children.iter().filter_map(|c| drawing.route(c)).collect();
            if routed.is_empty() {
                break;
            }
            let mv = &routed[rng.below(routed.len())];
            drawing = drawing.play(mv, None).expect("the move fits its drawing");
        }
    }
    eprintln!("{drawn} of {listed} moves between chosen spots drawn");
    assert!(listed > 100, "{listed} moves listed");
    // The router has known gaps (issue 6); nearly every listed move is drawn.
    assert!(drawn * 100 >= listed * 95, "{drawn} of {listed} drawn");
}

#[test]
fn a_spot_without_lives_has_no_moves() {
    // Two loops at spot 0 use its three lives... after one loop it has one life left: no second loop.
    let drawing = Drawing::start(1);
    let first = drawing.moves_between(0, 0);
    assert_eq!(first.len(), 1);
    let after = drawing
        .play(&drawing.draw_move(&first[0]).unwrap(), None)
        .expect("the move fits its drawing");
    assert!(
        after.moves_between(0, 0).is_empty(),
        "one life left: no loop"
    );
    assert_eq!(
        after.moves_between(0, 1).len(),
        1,
        "but a join to the new spot"
    );
}

#[test]
fn large_starts_list_every_loop_and_join() {
    // The n-spot start has ⌊(n−1)/2⌋ + 2 distinct children (a join, and loops around k of the other
    // n − 1 spots up to k ↔ n − 1 − k); from spot 0 the loops and the join to spot 1 are all of them.
    for n in [8, 14, 20] {
        let drawing = Drawing::start(n);
        let loops = drawing.moves_between(0, 0);
        let joins = drawing.moves_between(0, 1);
        assert_eq!(loops.len(), (n - 1) / 2 + 1, "{n} spots: loops");
        assert_eq!(joins.len(), 1, "{n} spots: joins");
        let listed: BTreeSet<Position> = loops
            .iter()
            .chain(&joins)
            .map(|m| m.child.clone())
            .collect();
        let children: BTreeSet<Position> =
            Position::start(n).unwrap().children().into_iter().collect();
        assert_eq!(listed, children, "{n} spots");
        for mv in loops.iter().chain(&joins) {
            let curve = drawing.draw_move(mv).expect("a move of a start is drawn");
            let checked = drawing.check_curve(curve.points()).expect("legal");
            assert_eq!(checked.child(), &mv.child);
        }
    }
}
