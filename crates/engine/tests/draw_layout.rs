//! Position → drawing → position: the layout of a position string, read back through the drawing's
//! planar map, gives the same canonical position (the engine's canonical form is the referee).

use sprague_engine::draw::{Drawing, LayoutError};
use sprague_engine::games::sprouts::Position;
use std::collections::BTreeSet;

fn reachable(n: usize) -> BTreeSet<Position> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![Position::start(n).unwrap()];
    while let Some(p) = stack.pop() {
        if seen.insert(p.clone()) {
            stack.extend(p.children());
        }
    }
    seen
}

fn round_trip(p: &Position) -> Result<(), String> {
    let drawing = Drawing::layout(&p.to_string()).map_err(|e| format!("{p}: {e}"))?;
    let back = drawing.position().map_err(|e| format!("{p}: {e}"))?;
    if back != *p {
        return Err(format!("{p} came back as {back}"));
    }
    Ok(())
}

#[test]
fn every_two_spot_position_round_trips() {
    let failures: Vec<String> = reachable(2)
        .iter()
        .filter_map(|p| round_trip(p).err())
        .collect();
    assert_eq!(failures, Vec::<String>::new());
}

#[test]
fn every_three_spot_position_round_trips() {
    let all = reachable(3);
    let failures: Vec<String> = all.iter().filter_map(|p| round_trip(p).err()).collect();
    eprintln!(
        "3 spots: {} positions, {} failures: {failures:?}",
        all.len(),
        failures.len()
    );
    assert_eq!(failures, Vec::<String>::new());
}

#[test]
fn several_lands_are_fenced_apart() {
    // Without fences the two lands' outer regions would merge into one region.
    for text in ["0+0", "0*2+0", "1a1a+0+AB|AB", "22+0.AB|AB"] {
        let p: Position = text.parse().unwrap();
        assert!(p.lands().len() >= 2);
        round_trip(&p).unwrap();
    }
}

#[test]
fn bad_strings_are_errors() {
    assert!(matches!(Drawing::layout("0.x"), Err(LayoutError::Parse(_))));
    assert!(matches!(Drawing::layout(""), Err(LayoutError::Parse(_))));
    assert_eq!(Drawing::layout("!").unwrap(), Drawing::default());
}
