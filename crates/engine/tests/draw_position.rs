//! Drawing → position, checked against position strings written here by hand from the pictures, and
//! against the engine's own children (an independent route to the same states).

use sprague_engine::draw::{Curve, Drawing, OnCurve, Point, Spot};
use sprague_engine::games::sprouts::Position;
use std::collections::BTreeSet;

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

fn spots(points: &[(f64, f64)]) -> Vec<Spot> {
    points
        .iter()
        .map(|&(x, y)| Spot {
            at: Point::new(x, y),
        })
        .collect()
}

/// A curve through the given points, its middle spot at `points[mid]` (that spot's id is `spot`).
fn curve(start: usize, end: usize, points: &[(f64, f64)], mid: usize, spot: usize) -> Curve {
    Curve {
        start,
        end,
        points: points.iter().map(|&(x, y)| Point::new(x, y)).collect(),
        middle: Some(OnCurve { spot, index: mid }),
    }
}

/// A square loop on spot 0 at (100, 100) going out to the right, its middle spot (id `spot`) at the
/// far corner; spans 100..(100 + size).
fn square_loop(size: f64, spot: usize) -> Curve {
    let s = 100.0 + size;
    curve(
        0,
        0,
        &[
            (100.0, 100.0),
            (s, 100.0),
            (s, s),
            (100.0, s),
            (100.0, 100.0),
        ],
        2,
        spot,
    )
}

#[test]
fn starts_give_the_n_spot_positions() {
    for n in 0..=12 {
        let drawing = Drawing::start(n);
        assert_eq!(drawing.spots.len(), n);
        assert_eq!(
            drawing.position().unwrap(),
            Position::start(n).unwrap(),
            "n = {n}"
        );
    }
}

#[test]
fn two_spot_moves_match_hand_written_strings_and_the_engine_children() {
    let base = spots(&[(100.0, 100.0), (500.0, 100.0)]);
    // Join the two spots: a path 0 - m - 1; one region walking 0 m 1 m.
    let mut join = Drawing {
        spots: base.clone(),
        curves: vec![curve(
            0,
            1,
            &[(100.0, 100.0), (300.0, 100.0), (500.0, 100.0)],
            1,
            2,
        )],
    };
    join.spots.push(Spot {
        at: Point::new(300.0, 100.0),
    });
    assert_eq!(join.position().unwrap(), pos("1a1a"));

    // A loop on spot 0, spot 1 outside it: inside `AB`, outside `AB.0`.
    let mut outside = Drawing {
        spots: base.clone(),
        curves: vec![square_loop(200.0, 2)],
    };
    outside.spots.push(Spot {
        at: Point::new(300.0, 300.0),
    });
    assert_eq!(outside.position().unwrap(), pos("AB|AB.0"));

    // The same loop around spot 1 (moved inside): the same position (on the sphere it is the same).
    let mut inside = outside.clone();
    inside.spots[1].at = Point::new(200.0, 200.0);
    assert_eq!(inside.position().unwrap(), pos("AB.0|AB"));

    let drawn: BTreeSet<Position> = [&join, &outside, &inside]
        .iter()
        .map(|d| d.position().unwrap())
        .collect();
    let engine: BTreeSet<Position> = Position::start(2).unwrap().children().into_iter().collect();
    assert_eq!(drawn, engine);
}

#[test]
fn nested_loops_and_a_spot_in_between() {
    // Loop A on spot 0 (big), inside it spot 1 with its own loop (small) around spot 2.
    let mut d = Drawing {
        spots: spots(&[(100.0, 100.0), (200.0, 200.0), (300.0, 300.0)]),
        curves: vec![square_loop(500.0, 3)],
    };
    d.spots.push(Spot {
        at: Point::new(600.0, 600.0),
    });
    // Small loop on spot 1 enclosing spot 2.
    d.curves.push(curve(
        1,
        1,
        &[
            (200.0, 200.0),
            (400.0, 200.0),
            (400.0, 400.0),
            (200.0, 400.0),
            (200.0, 200.0),
        ],
        2,
        4,
    ));
    d.spots.push(Spot {
        at: Point::new(400.0, 400.0),
    });
    // Regions: outside the big loop `AB`; between the loops `AB.CD`; inside the small loop `CD.0`.
    assert_eq!(d.position().unwrap(), pos("AB|AB.CD|CD.0"));
    // The engine agrees that this is a grandchild of the 3-spot start.
    let grandchildren: BTreeSet<Position> = Position::start(3)
        .unwrap()
        .children()
        .iter()
        .flat_map(|c| c.children())
        .collect();
    assert!(grandchildren.contains(&d.position().unwrap()));
}

#[test]
fn dead_spots_and_tree_components() {
    // Spot 0 joined to spot 1 twice (a closed cycle 0 m 1 n), then spot 0 to itself... keep it to the
    // cycle: 0 and 1 have 1 life each, m and n 1 life: inside `ABCD`, outside `ADCB`.
    let mut d = Drawing {
        spots: spots(&[(100.0, 300.0), (500.0, 300.0)]),
        curves: vec![
            curve(
                0,
                1,
                &[(100.0, 300.0), (300.0, 100.0), (500.0, 300.0)],
                1,
                2,
            ),
            curve(
                0,
                1,
                &[(100.0, 300.0), (300.0, 500.0), (500.0, 300.0)],
                1,
                3,
            ),
        ],
    };
    d.spots.push(Spot {
        at: Point::new(300.0, 100.0),
    });
    d.spots.push(Spot {
        at: Point::new(300.0, 500.0),
    });
    assert_eq!(d.position().unwrap(), pos("ABCD|ADCB"));
    // A third curve from spot 0 to spot 1 through the inside kills both: `AB` (inside, split) etc.
    d.curves.push(curve(
        0,
        1,
        &[(100.0, 300.0), (300.0, 300.0), (500.0, 300.0)],
        1,
        4,
    ));
    d.spots.push(Spot {
        at: Point::new(300.0, 300.0),
    });
    // Three regions: top `m x` -> A C, bottom `n x` -> B C, outside `m n` -> A B.
    assert_eq!(d.position().unwrap(), pos("AC|BC|AB"));
}

#[test]
fn malformed_drawings_are_errors() {
    let mut d = Drawing::start(2);
    d.curves.push(Curve {
        start: 0,
        end: 7,
        points: vec![d.spots[0].at, d.spots[1].at],
        middle: None,
    });
    assert!(d.position().is_err());
    d.curves[0].end = 1;
    d.curves[0].points[1].x += 5.0;
    assert!(d.position().is_err());
    d.curves[0].points[1].x = f64::NAN;
    assert!(d.position().is_err());
}
