//! Position → drawing → position: the layout of a position string, read back through the drawing's
//! planar map, gives the same canonical position (the engine's canonical form is the referee).

use sprague_engine::draw::{Drawing, LayoutError};
use sprague_engine::games::sprouts::Position;

mod common;
use common::{reachable, Rng};

fn round_trip(p: &Position) -> Result<(), String> {
    let drawing = Drawing::layout_text(&p.to_string()).map_err(|e| format!("{p}: {e}"))?;
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
    assert!(matches!(
        Drawing::layout_text("0.x"),
        Err(LayoutError::Parse(_))
    ));
    assert!(matches!(
        Drawing::layout_text(""),
        Err(LayoutError::Parse(_))
    ));
    assert_eq!(Drawing::layout_text("!").unwrap(), Drawing::default());
}

/// Positions met in random games (engine moves only) from the given starts, `per_start` games each.
fn random_positions(spots: std::ops::RangeInclusive<usize>, per_start: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for n in spots {
        for seed in 1..=per_start {
            let mut rng = Rng(seed * 104_729 + n as u64);
            let mut p = Position::start(n).unwrap();
            loop {
                let children = p.children();
                if children.is_empty() {
                    break;
                }
                p = children[rng.below(children.len())].clone();
                out.push(p.clone());
            }
        }
    }
    out
}

/// Lays out each position: those laid out must come back equal; returns (laid out, not found).
fn coverage(positions: &[Position]) -> (usize, usize) {
    let (mut ok, mut missing) = (0, 0);
    for p in positions {
        match Drawing::layout(p) {
            Ok(d) => {
                assert_eq!(d.position().unwrap(), *p);
                ok += 1;
            }
            Err(LayoutError::NotFound) => missing += 1,
            Err(e) => panic!("{p}: {e}"),
        }
    }
    (ok, missing)
}

#[test]
fn late_positions_of_five_spot_games_round_trip() {
    // The last few positions of random 5-spot games: small lands, within the search's reach.
    let positions: Vec<Position> = random_positions(5..=5, 6)
        .into_iter()
        .filter(|p| p.lives() <= 7)
        .collect();
    let (ok, missing) = coverage(&positions);
    eprintln!("late 5-spot positions: {ok} laid out, {missing} not found");
    assert_eq!(missing, 0);
}

#[test]
#[ignore = "slow (minutes): every 4-spot position and random positions of 5- to 8-spot games; run by scripts/test-slow"]
fn four_spot_positions_and_random_larger_ones() {
    let all = reachable(4);
    let failures: Vec<String> = all.iter().filter_map(|p| round_trip(p).err()).collect();
    eprintln!(
        "4 spots: {} positions, {} failures: {failures:?}",
        all.len(),
        failures.len()
    );
    let positions = random_positions(5..=8, 10);
    let (ok, missing) = coverage(&positions);
    eprintln!(
        "random 5-8 spot positions: {} in all, {ok} laid out, {missing} beyond the search",
        positions.len()
    );
    assert!(failures.is_empty());
}
