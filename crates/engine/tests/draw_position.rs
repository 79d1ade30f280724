//! Drawing → position, checked against position strings written here by hand from the pictures, and
//! against the engine's own children (an independent route to the same states).

use sprague_engine::draw::{Curve, Drawing, DrawingError, OnCurve, Point, Spot};
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
        assert_eq!(drawing.spots().len(), n);
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
    let mut with_middle = base.clone();
    with_middle.push(Spot {
        at: Point::new(300.0, 100.0),
    });
    let join = Drawing::new(
        with_middle,
        vec![curve(
            0,
            1,
            &[(100.0, 100.0), (300.0, 100.0), (500.0, 100.0)],
            1,
            2,
        )],
    )
    .unwrap();
    assert_eq!(join.position().unwrap(), pos("1a1a"));

    // A loop on spot 0, spot 1 outside it: inside `AB`, outside `AB.0`.
    let mut loop_spots = base.clone();
    loop_spots.push(Spot {
        at: Point::new(300.0, 300.0),
    });
    let outside = Drawing::new(loop_spots.clone(), vec![square_loop(200.0, 2)]).unwrap();
    assert_eq!(outside.position().unwrap(), pos("AB|AB.0"));

    // The same loop around spot 1 (moved inside): the same position (on the sphere it is the same).
    loop_spots[1].at = Point::new(200.0, 200.0);
    let inside = Drawing::new(loop_spots, vec![square_loop(200.0, 2)]).unwrap();
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
    let mut points = spots(&[(100.0, 100.0), (200.0, 200.0), (300.0, 300.0)]);
    points.push(Spot {
        at: Point::new(600.0, 600.0),
    });
    points.push(Spot {
        at: Point::new(400.0, 400.0),
    });
    let mut curves = vec![square_loop(500.0, 3)];
    // Small loop on spot 1 enclosing spot 2.
    curves.push(curve(
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
    let d = Drawing::new(points, curves).unwrap();
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
    let mut points = spots(&[
        (100.0, 300.0),
        (500.0, 300.0),
        (300.0, 100.0),
        (300.0, 500.0),
    ]);
    let mut curves = vec![
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
    ];
    let d = Drawing::new(points.clone(), curves.clone()).unwrap();
    assert_eq!(d.position().unwrap(), pos("ABCD|ADCB"));
    // A third curve from spot 0 to spot 1 through the inside kills both: `AB` (inside, split) etc.
    curves.push(curve(
        0,
        1,
        &[(100.0, 300.0), (300.0, 300.0), (500.0, 300.0)],
        1,
        4,
    ));
    points.push(Spot {
        at: Point::new(300.0, 300.0),
    });
    let d = Drawing::new(points, curves).unwrap();
    // Three regions: top `m x` -> A C, bottom `n x` -> B C, outside `m n` -> A B.
    assert_eq!(d.position().unwrap(), pos("AC|BC|AB"));
}

#[test]
fn malformed_drawings_are_refused_when_made_and_when_read() {
    let (spots, _) = Drawing::start(2).into_parts();
    let join = |end: usize, points: Vec<Point>| Curve {
        start: 0,
        end,
        points,
        middle: None,
    };
    let (a, b) = (spots[0].at, spots[1].at);
    let made = |curve: Curve| Drawing::new(spots.clone(), vec![curve]);
    assert_eq!(
        made(join(7, vec![a, b])),
        Err(DrawingError::NoSuchSpot {
            curve: 0,
            spot: 7,
            spots: 2
        })
    );
    assert_eq!(
        made(join(1, vec![a, Point::new(b.x + 5.0, b.y)])),
        Err(DrawingError::EndsOffSpot { curve: 0 })
    );
    assert_eq!(
        made(join(1, vec![a, Point::new(f64::NAN, b.y)])),
        Err(DrawingError::NotFinite)
    );
    assert_eq!(
        made(join(1, vec![a])),
        Err(DrawingError::TooFewPoints { curve: 0 })
    );
    // Four loops' worth of ends at one spot.
    let loops = vec![join(0, vec![a, Point::new(a.x, a.y + 50.0), a]); 2];
    assert_eq!(
        Drawing::new(spots.clone(), loops),
        Err(DrawingError::TooManyCurveEnds { spot: 0, ends: 4 })
    );
    assert!(made(join(1, vec![a, b])).is_ok());

    // Read back (as from storage or a message): a good drawing round-trips, a bad one is refused
    // with the reason, never handed on.
    let good = made(join(1, vec![a, b])).unwrap();
    let text = serde_json::to_string(&good).unwrap();
    assert_eq!(serde_json::from_str::<Drawing>(&text).unwrap(), good);
    let bad = text.replace("\"end\":1", "\"end\":7");
    assert_ne!(bad, text);
    let err = serde_json::from_str::<Drawing>(&bad).unwrap_err();
    assert!(err.to_string().contains("refers to spot 7"), "{err}");
}
