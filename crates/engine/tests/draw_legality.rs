//! Freehand curves on hand-built drawings: each illegal case rejected with its reason, legal ones
//! identified as the child written here by hand (and found among the engine's children); a move
//! played on a drawing it was not made for refused with its reason.

use sprague_engine::draw::{CurveMove, Drawing, DrawingError, IllegalCurve, Point, Spot};
use sprague_engine::games::sprouts::Position;

fn line(points: &[(f64, f64)]) -> Vec<Point> {
    points.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

/// A drawing of isolated spots at these points.
fn spots_at(points: &[(f64, f64)]) -> Drawing {
    let spots = line(points).into_iter().map(|at| Spot { at }).collect();
    Drawing::new(spots, vec![]).unwrap()
}

/// Two spots at (300,350) and (700,350), joined by a straight curve (new spot at (500,350)).
fn joined() -> Drawing {
    let d = spots_at(&[(300.0, 350.0), (700.0, 350.0)]);
    let mv = d
        .check_curve(&line(&[(300.0, 350.0), (500.0, 350.0), (700.0, 350.0)]))
        .unwrap();
    assert_eq!(*mv.child(), "1a1a".parse::<Position>().unwrap());
    d.play(&mv, None).expect("the move fits its drawing")
}

/// A loop at spot 0 of [`joined`] (which has 2 lives there), enclosing nothing.
fn loop_at_spot_0(d: &Drawing) -> CurveMove {
    d.check_curve(&line(&[
        (300.0, 350.0),
        (250.0, 250.0),
        (200.0, 350.0),
        (300.0, 350.0),
    ]))
    .unwrap()
}

#[test]
fn a_legal_join_snaps_to_spots_and_is_identified() {
    let d = joined();
    assert_eq!(d.spots().len(), 3);
    assert_eq!(d.spots()[2].at, Point::new(500.0, 350.0));
    assert_eq!(d.lives(), vec![2, 2, 1]);
    assert_eq!(d.position().unwrap(), "1a1a".parse().unwrap());
}

#[test]
fn crossing_a_curve_is_rejected_naming_it() {
    let d = joined();
    let err = d
        .check_curve(&line(&[
            (300.0, 350.0),
            (400.0, 200.0),
            (450.0, 500.0),
            (700.0, 350.0),
        ]))
        .unwrap_err();
    assert!(
        matches!(err, IllegalCurve::CrossesCurve { curve: 0, .. }),
        "{err:?}"
    );
}

/// Distance from `p` to the polyline, computed here rather than with the engine's geometry.
fn dist_to_polyline(p: Point, line: &[Point]) -> f64 {
    line.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy)
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn a_crossing_is_reported_where_the_new_curve_first_meets_the_old() {
    let d = joined();
    // Up over the curve 0 (y = 350) at x = 350, along above it, and back down across it at x = 600.
    let drawn = line(&[
        (300.0, 350.0),
        (330.0, 420.0),
        (350.0, 300.0),
        (600.0, 300.0),
        (600.0, 420.0),
        (700.0, 350.0),
    ]);
    let err = d.check_curve(&drawn).unwrap_err();
    let IllegalCurve::CrossesCurve { curve: 0, at } = err else {
        panic!("{err:?}");
    };
    assert!(dist_to_polyline(at, &d.curves()[0].points) < 1e-9, "{at:?}");
    assert!(dist_to_polyline(at, &drawn) < 1e-9, "{at:?}");
    // The first of the two crossings along the new curve: from (330,420) to (350,300), at y = 350.
    let expected = Point::new(330.0 + 20.0 * 70.0 / 120.0, 350.0);
    assert!(at.dist(expected) < 1e-9, "{at:?}");
    // Drawn the other way round, the other crossing comes first.
    let reversed: Vec<Point> = drawn.iter().rev().copied().collect();
    let IllegalCurve::CrossesCurve { at, .. } = d.check_curve(&reversed).unwrap_err() else {
        panic!("a crossing");
    };
    assert!(at.dist(Point::new(600.0, 350.0)) < 1e-9, "{at:?}");
}

#[test]
fn passing_through_a_spot_is_rejected_naming_it() {
    let d = spots_at(&[(100.0, 350.0), (500.0, 350.0), (900.0, 350.0)]);
    let err = d
        .check_curve(&line(&[(100.0, 350.0), (900.0, 350.0)]))
        .unwrap_err();
    assert_eq!(err, IllegalCurve::PassesThroughSpot { spot: 1 });
}

#[test]
fn a_fourth_line_at_a_spot_is_rejected() {
    // The middle spot (2) has one life; after a loop-free curve from it to spot 0 it has none.
    let d = joined();
    let mv = d
        .check_curve(&line(&[(500.0, 350.0), (400.0, 250.0), (300.0, 350.0)]))
        .unwrap();
    let d = d.play(&mv, None).expect("the move fits its drawing");
    assert_eq!(d.lives()[2], 0);
    let err = d
        .check_curve(&line(&[(500.0, 350.0), (600.0, 500.0), (700.0, 350.0)]))
        .unwrap_err();
    assert_eq!(err, IllegalCurve::NoLivesLeft { spot: 2 });
}

#[test]
fn loops_need_two_lives() {
    let d = joined();
    // Spot 0 has 2 lives: a loop is legal; it encloses nothing, the rest stays outside.
    let mv = loop_at_spot_0(&d);
    let child = mv.child().clone();
    assert!("1a1a"
        .parse::<Position>()
        .unwrap()
        .children()
        .contains(&child));
    // Spot 2 (the middle one) has 1 life: no loop.
    let err = d
        .check_curve(&line(&[
            (500.0, 350.0),
            (450.0, 250.0),
            (550.0, 250.0),
            (500.0, 350.0),
        ]))
        .unwrap_err();
    assert_eq!(err, IllegalCurve::LoopNeedsTwoLives { spot: 2, lives: 1 });
}

#[test]
fn other_illegal_curves() {
    let d = joined();
    assert_eq!(
        d.check_curve(&line(&[(300.0, 350.0)])).unwrap_err(),
        IllegalCurve::TooShort
    );
    assert_eq!(
        d.check_curve(&line(&[(300.0, 200.0), (700.0, 200.0)]))
            .unwrap_err(),
        IllegalCurve::StartsOffSpot
    );
    assert_eq!(
        d.check_curve(&line(&[(300.0, 350.0), (700.0, 100.0)]))
            .unwrap_err(),
        IllegalCurve::EndsOffSpot
    );
    assert_eq!(
        d.check_curve(&line(&[
            (300.0, 350.0),
            (400.0, 200.0),
            (450.0, 100.0),
            (350.0, 150.0),
            (500.0, 200.0),
            (700.0, 350.0)
        ]))
        .unwrap_err(),
        IllegalCurve::CrossesItself
    );
    // Running along the existing curve out of spot 0 touches it.
    assert_eq!(
        d.check_curve(&line(&[
            (300.0, 350.0),
            (400.0, 350.0),
            (400.0, 500.0),
            (700.0, 360.0)
        ]))
        .unwrap_err(),
        // Along curve 0 from spot 0: the meeting starts at the spot.
        IllegalCurve::CrossesCurve {
            curve: 0,
            at: Point::new(300.0, 350.0)
        }
    );
    assert_eq!(
        d.check_curve(&line(&[(300.0, 350.0), (f64::NAN, 1.0), (700.0, 350.0)]))
            .unwrap_err(),
        IllegalCurve::NotFinite
    );
}

#[test]
fn every_child_of_the_three_spot_start_is_drawn_by_hand() {
    // Spots at (200,350), (500,350), (800,350). The engine lists 3 children: join two spots, a loop
    // with no spot inside, a loop around one spot.
    let d = spots_at(&[(200.0, 350.0), (500.0, 350.0), (800.0, 350.0)]);
    let join = d.check_curve(&line(&[(200.0, 350.0), (350.0, 300.0), (500.0, 350.0)]));
    let empty_loop = d.check_curve(&line(&[
        (200.0, 350.0),
        (150.0, 250.0),
        (100.0, 350.0),
        (200.0, 350.0),
    ]));
    let around = d.check_curve(&line(&[
        (200.0, 350.0),
        (500.0, 200.0),
        (650.0, 350.0),
        (500.0, 500.0),
        (200.0, 350.0),
    ]));
    let drawn: std::collections::BTreeSet<Position> = [join, empty_loop, around]
        .into_iter()
        .map(|m| m.unwrap().child().clone())
        .collect();
    let engine: std::collections::BTreeSet<Position> =
        Position::start(3).unwrap().children().into_iter().collect();
    assert_eq!(drawn, engine);
    assert!(drawn.contains(&"1a1a.0".parse().unwrap()));
    assert!(drawn.contains(&"AB.0|AB.0".parse().unwrap()));
    assert!(drawn.contains(&"AB|AB.0.0".parse().unwrap()));
}

#[test]
fn a_new_spot_on_a_point_of_its_curve_is_exactly_that_point() {
    // Symmetric curves with a bend in the middle: the new spot falls on the bend (up to rounding),
    // a point the curve keeps. The spot must be exactly on its curve, else a later curve ending at
    // the spot crosses this one by a hair.
    for k in 1..=60 {
        let (x, y) = (100.0 + k as f64 * 7.3, 350.0 / 3.0 + k as f64 / 3.0);
        let (half, rise) = (100.0 + k as f64 / 7.0, 200.0 / 3.0 + k as f64 * 1.7);
        let d = spots_at(&[(x, y), (x + 2.0 * half, y)]);
        let curve = line(&[
            (x, y),
            (x + half / 2.0, y + rise / 2.0),
            (x + half, y + rise),
            (x + 1.5 * half, y + rise / 2.0),
            (x + 2.0 * half, y),
        ]);
        let mv = d.check_curve(&curve).expect("a legal join");
        let played = d.play(&mv, None).expect("the move fits its drawing");
        let new = &played.curves()[0];
        let middle = new.middle.unwrap();
        assert_eq!(
            played.spots()[middle.spot].at,
            new.points[middle.index],
            "curve {k}"
        );
    }
}

/// The reason `play` gives for a move that does not fit the drawing.
fn misfit(why: IllegalCurve) -> Result<Drawing, DrawingError> {
    Err(DrawingError::MoveNotForThisDrawing(why))
}

#[test]
fn a_move_made_for_another_drawing_is_refused_with_its_reason() {
    // Made on three spots: a join from spot 2 to spot 0, and one from spot 0 to spot 2.
    let three = spots_at(&[(300.0, 350.0), (700.0, 350.0), (500.0, 600.0)]);
    let from_2 = three
        .check_curve(&line(&[(500.0, 600.0), (400.0, 500.0), (300.0, 350.0)]))
        .unwrap();
    let to_2 = three
        .check_curve(&line(&[(300.0, 350.0), (400.0, 500.0), (500.0, 600.0)]))
        .unwrap();
    // Played on two spots (no spot 2).
    let two = spots_at(&[(300.0, 350.0), (700.0, 350.0)]);
    assert_eq!(two.play(&from_2, None), misfit(IllegalCurve::StartsOffSpot));
    assert_eq!(two.play(&to_2, None), misfit(IllegalCurve::EndsOffSpot));
    // Played on three spots elsewhere: the curve's ends are not at the spots.
    let moved = spots_at(&[(300.0, 350.0), (700.0, 350.0), (500.0, 650.0)]);
    assert_eq!(
        moved.play(&from_2, None),
        misfit(IllegalCurve::StartsOffSpot)
    );
    assert_eq!(moved.play(&to_2, None), misfit(IllegalCurve::EndsOffSpot));

    // Made on the two joined spots (spot 0 has 2 lives): a join of 0 and 1 below, a loop at 0.
    let d = joined();
    let below = d
        .check_curve(&line(&[
            (300.0, 350.0),
            (300.0, 500.0),
            (700.0, 500.0),
            (700.0, 350.0),
        ]))
        .unwrap();
    let a_loop = loop_at_spot_0(&d);
    // After the loop spot 0 has no life left for the join; after the join it has 1, not 2 for the loop.
    let after_loop = d.play(&a_loop, None).unwrap();
    assert_eq!(after_loop.lives()[0], 0);
    assert_eq!(
        after_loop.play(&below, None),
        misfit(IllegalCurve::NoLivesLeft { spot: 0 })
    );
    let after_join = d.play(&below, None).unwrap();
    assert_eq!(
        after_join.play(&a_loop, None),
        misfit(IllegalCurve::LoopNeedsTwoLives { spot: 0, lives: 1 })
    );
    // The reason reads as one.
    assert_eq!(
        DrawingError::MoveNotForThisDrawing(IllegalCurve::NoLivesLeft { spot: 0 }).to_string(),
        "the move was made for another drawing: spot 0 has no lives left"
    );
}

#[test]
fn a_damaged_stored_move_is_refused_not_played() {
    // A move read back from storage or a message is only as good as its store (bincode, as between
    // the page and its worker, can carry what JSON cannot: a coordinate that is not a number).
    let d = spots_at(&[(300.0, 350.0), (700.0, 350.0)]);
    let stored = |points: Vec<Point>| -> CurveMove {
        let bytes = bincode::serialize(&(0usize, 1usize, points, "1a1a".to_string())).unwrap();
        bincode::deserialize(&bytes).expect("a move as stored")
    };
    let (a, b) = (Point::new(300.0, 350.0), Point::new(700.0, 350.0));
    assert_eq!(
        d.play(&stored(vec![a]), None),
        misfit(IllegalCurve::TooShort)
    );
    // Its ends fit, but the drawing it makes is not well formed: refused as `Drawing::new` would.
    let nan = Point::new(f64::NAN, 350.0);
    assert_eq!(
        d.play(&stored(vec![a, nan, nan, b]), None),
        Err(DrawingError::NotFinite)
    );
    assert!(d.play(&stored(vec![a, b]), None).is_ok());
}

#[test]
fn a_fitting_move_makes_exactly_its_child() {
    // Every child of the three-spot start, drawn by the router and played: on the drawing it was made
    // for, and on an equal drawing built apart from it (the same spots read back).
    let d = Drawing::start(3);
    let (spots, curves) = d.clone().into_parts();
    let same = Drawing::new(spots, curves).unwrap();
    for child in d.position().unwrap().children() {
        let mv = d.route(&child).expect("a curve for every child of 3 spots");
        assert_eq!(mv.child(), &child);
        for on in [&d, &same] {
            let played = on.play(&mv, None).expect("the move fits");
            assert_eq!(&played.position().unwrap(), mv.child());
            assert_eq!(played.spots().len(), 4);
            assert_eq!(played.curves().len(), 1);
        }
    }
    // A hand-drawn move with its new spot placed where asked: its child, the spot there.
    let d = joined();
    let mv = d
        .check_curve(&line(&[(500.0, 350.0), (400.0, 250.0), (300.0, 350.0)]))
        .unwrap();
    let played = d.play(&mv, Some(Point::new(400.0, 250.0))).unwrap();
    assert_eq!(&played.position().unwrap(), mv.child());
    assert_eq!(played.spots()[3].at, Point::new(400.0, 250.0));
}
