//! Relayout of only the part of a drawing a move is in (`Drawing::relayout_part`, the
//! `Relayout::LandRedrawn` fallback): the result is a drawing of exactly the child (the engine's
//! canonical form is the referee), and whatever it keeps is kept exactly: the spots that moved make
//! up whole connected parts of the parent's drawing (found here by a union-find written in the test),
//! every other spot keeps its exact coordinates and every curve among them its exact points.

use std::collections::BTreeSet;

use sprague_engine::draw::{Drawing, Relayout};
use sprague_engine::games::sprouts::Position;

use crate::common;

/// The connected part of each spot of `d` (spots linked by a curve through its ends and middle).
fn parts(d: &Drawing) -> Vec<usize> {
    let mut part: Vec<usize> = (0..d.spots().len()).collect();
    // Relabel until stable: every spot takes the smallest label among the spots it is linked to.
    loop {
        let mut changed = false;
        for c in d.curves() {
            let mut linked = vec![c.start, c.end];
            linked.extend(c.middle.map(|m| m.spot));
            let low = linked.iter().map(|&s| part[s]).min().unwrap();
            for &s in &linked {
                if part[s] != low {
                    let old = part[s];
                    for p in part.iter_mut().filter(|p| **p == old) {
                        *p = low;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            return part;
        }
    }
}

/// Checks the invariants of the module notes for a parent, its relaid child drawing and the count
/// of moved spots reported; returns the number of spots kept.
fn check_kept_exactly(parent: &Drawing, next: &Drawing, reported: usize) -> usize {
    let same = |a: sprague_engine::draw::Point, b: sprague_engine::draw::Point| {
        a.x.to_bits() == b.x.to_bits() && a.y.to_bits() == b.y.to_bits()
    };
    let kept: Vec<bool> = parent
        .spots()
        .iter()
        .map(|s| next.spots().iter().any(|t| same(s.at, t.at)))
        .collect();
    let moved = kept.iter().filter(|&&k| !k).count();
    assert_eq!(moved, reported, "reported moved count");
    assert!(moved < parent.spots().len(), "everything moved");
    // Moved spots make up whole parts.
    let part = parts(parent);
    let moved_parts: BTreeSet<usize> = (0..kept.len())
        .filter(|&s| !kept[s])
        .map(|s| part[s])
        .collect();
    for s in 0..kept.len() {
        assert_eq!(
            kept[s],
            !moved_parts.contains(&part[s]),
            "spot {s} kept or moved apart from its part"
        );
    }
    // Every curve among kept spots is in the child's drawing with exactly its points.
    for c in parent.curves().iter().filter(|c| kept[c.start]) {
        let found = next.curves().iter().any(|n| {
            n.points.len() == c.points.len()
                && n.points.iter().zip(&c.points).all(|(&a, &b)| same(a, b))
        });
        assert!(found, "a kept curve changed");
    }
    parent.spots().len() - moved
}

/// Every child of the fresh layouts of the positions with at least two lands reachable from 3
/// spots and from 4 spots: each land sits in its own fenced cell, so the part of any move is one
/// cell and the other lands are kept exactly.
#[test]
fn a_move_in_one_land_redraws_only_that_land() {
    let mut checked = 0;
    for n in [3, 4] {
        for p in common::reachable(n) {
            if p.lands().len() < 2 {
                continue;
            }
            let d = Drawing::layout(&p).unwrap();
            for child in p.children() {
                let (next, moved) = d
                    .relayout_part(&child)
                    .unwrap_or_else(|| panic!("{p} -> {child}: no part redrawn"));
                assert_eq!(next.position().unwrap(), child, "{p} -> {child}");
                let kept = check_kept_exactly(&d, &next, moved);
                assert!(kept > 0);
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} moves checked");
}

/// Drawings laid out from a position with several lands and played on, where the router finds no
/// curve for a move (saved by the `relayout_fixtures` example): redrawing the move's part gives the
/// child and keeps the other land exactly.
#[test]
fn router_failures_are_redrawn_in_part() {
    let fixtures = [
        include_str!("fixtures/route_failure_fenced_a.json"),
        include_str!("fixtures/route_failure_fenced_b.json"),
    ];
    // Checked the same way where a part is found; a drawing of one part (as from a game played
    // from the start) is redrawn whole, which `relayout_part` refuses.
    for text in fixtures {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let d: Drawing = serde_json::from_value(value["drawing"].clone()).unwrap();
        let child: Position = value["child"].as_str().unwrap().parse().unwrap();
        assert!(d.position().unwrap().children().contains(&child));
        let (next, moved) = d.relayout_part(&child).expect("a part redrawn");
        assert_eq!(next.position().unwrap(), child);
        assert!(check_kept_exactly(&d, &next, moved) > 0);
    }
}

/// A child that is not a child of the drawing's position gets nothing.
#[test]
fn a_non_child_is_refused() {
    let p: Position = "0*3+0*2".parse().unwrap();
    let d = Drawing::layout(&p).unwrap();
    let not_child: Position = "0*4".parse().unwrap();
    assert!(d.relayout_part(&not_child).is_none());
}

/// A corrupt drawing (a curve naming a spot that does not exist) cannot even be made, so it never
/// reaches the relayout.
#[test]
fn a_corrupt_drawing_is_refused() {
    let p: Position = "0*3+0*2".parse().unwrap();
    let (spots, mut curves) = Drawing::layout(&p).unwrap().into_parts();
    assert!(!curves.is_empty(), "the layout draws a curve");
    curves[0].end = spots.len() + 5;
    assert!(Drawing::new(spots, curves).is_err());
}

/// `relayout_unroutable` (the chain after a failed route) gives the child, reports the spots moved
/// by a redrawn part as counted here, and `spots_moved` agrees with a count written here.
#[test]
fn relayout_reports_the_spots_moved() {
    let p: Position = "0*3+0*2".parse().unwrap();
    let d = Drawing::layout(&p).unwrap();
    for child in p.children() {
        let (next, how) = d.relayout_unroutable(&child).unwrap();
        assert_eq!(next.position().unwrap(), child);
        let counted = d
            .spots()
            .iter()
            .filter(|s| !next.spots().iter().any(|t| t.at == s.at))
            .count();
        assert_eq!(d.spots_moved(&next), counted);
        match how {
            Relayout::LandRedrawn { moved } => {
                assert_eq!(moved, counted);
                check_kept_exactly(&d, &next, moved);
            }
            Relayout::Kept => {} // isolated spots spread, then routed
            other => panic!("{child}: expected the drawing kept or a part redrawn, got {other:?}"),
        }
    }
}

/// `relayout_quick` (no routing) gives the child on the fenced fixtures, redraws a part there and
/// keeps the rest exactly.
#[test]
fn quick_relayout_redraws_a_part() {
    for text in [
        include_str!("fixtures/route_failure_fenced_a.json"),
        include_str!("fixtures/route_failure_fenced_b.json"),
    ] {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let d: Drawing = serde_json::from_value(value["drawing"].clone()).unwrap();
        let child: Position = value["child"].as_str().unwrap().parse().unwrap();
        let (next, how) = d.relayout_quick(&child).unwrap();
        assert_eq!(next.position().unwrap(), child);
        let Relayout::LandRedrawn { moved } = how else {
            panic!("{child}: got {how:?}");
        };
        assert!(check_kept_exactly(&d, &next, moved) > 0);
    }
}
