//! `Position::children` against the independent brute force's move rules: every child once, no
//! other, for positions of one land and of several (where moves in different lands can meet, and the
//! engine skips the check for repeats when there is only one land).

use crate::common;

use std::collections::BTreeSet;

use common::sprouts_brute::State;
use common::Rng;
use sprague_engine::games::sprouts::Position;

fn parse(text: &str) -> Position {
    text.parse().unwrap()
}

/// The children of `position` by the brute force's rules, each put into canonical form by the engine.
fn brute_children(position: &Position) -> BTreeSet<Position> {
    State::parse(&position.to_string())
        .children()
        .iter()
        .map(|child| parse(&child.notation()))
        .collect()
}

fn assert_children_right(position: &Position) {
    let children = position.children();
    let distinct: BTreeSet<Position> = children.iter().cloned().collect();
    assert_eq!(distinct.len(), children.len(), "{position}: a child twice");
    assert_eq!(distinct, brute_children(position), "{position}");
}

#[test]
fn every_child_once_for_one_land_and_for_several() {
    let starts = [
        "0*3",
        "0*4",
        "0*2+0*3",
        "0*2+0*2",
        "0*3+0*3+0*1",
        "0.AB|0.AB+0*2",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut lands_seen = BTreeSet::new();
    for start in starts {
        for _ in 0..12 {
            let mut position = parse(start);
            loop {
                assert_children_right(&position);
                lands_seen.insert(position.lands().len().min(3));
                let children = position.children();
                if children.is_empty() {
                    break;
                }
                position = children[rng.below(children.len())].clone();
            }
        }
    }
    assert_eq!(
        lands_seen,
        BTreeSet::from([0, 1, 2, 3]),
        "positions of no, one, two and three or more lands were met"
    );
}

/// A loop at an isolated spot has two equal sides, so the engine builds only one of each pair of
/// mirrored ways to share the region's other boundaries out: the children of regions with several
/// spots and other boundaries, one and two moves deep, must still be all of the brute force's.
#[test]
fn loops_at_a_spot_among_other_boundaries_give_every_child() {
    let mut checked = 0;
    for start in ["0*5", "0*4.1a1a", "0*3.1a1a.1b1b", "0*4.AB|0*2.AB"] {
        let start = parse(start);
        let mut positions = vec![start.clone()];
        for child in start.children() {
            positions.extend(child.children());
            positions.push(child);
        }
        for position in &positions {
            assert_children_right(position);
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} positions checked");
}
