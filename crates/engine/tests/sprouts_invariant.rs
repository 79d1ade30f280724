//! The cheap land invariant a search reads before canonical form must agree with the one read from
//! the canonical land (the invariant property the deferral relies on), and the children handed out
//! before canonical form must be, once named, exactly the distinct children.

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

use sprague_engine::games::sprouts::{Land, Position};

/// Every land of every position reachable from the `spots`-spot start.
fn reachable_lands(spots: usize) -> BTreeSet<Land> {
    let mut seen: HashSet<Position> = HashSet::new();
    let mut todo = vec![Position::start(spots).unwrap()];
    let mut lands = BTreeSet::new();
    while let Some(p) = todo.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        lands.extend(p.lands().iter().cloned());
        todo.extend(p.children());
    }
    lands
}

#[test]
fn pending_children_name_to_the_distinct_children_with_matching_invariants() {
    let lands = reachable_lands(4);
    assert!(lands.len() > 100);
    for land in &lands {
        let mut named: BTreeSet<Vec<Land>> = BTreeSet::new();
        let _ = land.pending_children_until(|child| {
            let mut before: Vec<u64> = child.invariants().collect();
            let lands = child.into_lands();
            let mut after: Vec<u64> = lands.iter().map(Land::invariant).collect();
            before.sort_unstable();
            after.sort_unstable();
            assert_eq!(before, after, "child of {land}");
            named.insert(lands);
            ControlFlow::<()>::Continue(())
        });
        let distinct: BTreeSet<Vec<Land>> = land.children().into_iter().collect();
        assert_eq!(named, distinct, "children of {land}");
    }
}

#[test]
fn pending_children_of_positions_name_to_the_distinct_children() {
    let mut seen: HashSet<Position> = HashSet::new();
    let mut todo = vec![Position::start(4).unwrap()];
    while let Some(p) = todo.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        let mut named: BTreeSet<Position> = BTreeSet::new();
        let _ = p.pending_children_until(|child| {
            let before = child.position_invariant();
            let child = Position::from_lands(child.into_lands());
            assert_eq!(before, child.invariant(), "child {child} of {p}");
            named.insert(child);
            ControlFlow::<()>::Continue(())
        });
        let children = p.children();
        assert_eq!(named, children.iter().cloned().collect(), "children of {p}");
        todo.extend(children);
    }
    assert!(seen.len() > 1000);
}
