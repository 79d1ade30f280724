//! Move → curve in awkward places, checked against independent things: the engine's children (the
//! rules) name the child wanted, the routed curve is checked again as a freehand curve, and the
//! spots a loop encloses are counted by the tests' own point-in-polygon test (`tests/common`).

use sprague_engine::draw::{Curve, Drawing, Point, Spot};
use sprague_engine::games::sprouts::Position;

use crate::common;
use common::{inside, to_segment};

/// A loop at spot 0 shaped like a dumbbell: two rooms joined by a corridor `width` px wide, an
/// isolated spot in each room.
fn dumbbell(width: f64) -> Drawing {
    let h = width / 2.0;
    let corner = Point::new(200.0, 250.0);
    let outline = vec![
        corner,
        Point::new(400.0, 250.0),
        Point::new(400.0, 350.0 - h),
        Point::new(600.0, 350.0 - h),
        Point::new(600.0, 250.0),
        Point::new(800.0, 250.0),
        Point::new(800.0, 450.0),
        Point::new(600.0, 450.0),
        Point::new(600.0, 350.0 + h),
        Point::new(400.0, 350.0 + h),
        Point::new(400.0, 450.0),
        Point::new(200.0, 450.0),
        corner,
    ];
    let spots = [corner, Point::new(300.0, 350.0), Point::new(700.0, 350.0)]
        .into_iter()
        .map(|at| Spot { at })
        .collect();
    let curves = vec![Curve {
        start: 0,
        end: 0,
        points: outline,
        middle: None,
    }];
    Drawing::new(spots, curves).unwrap()
}

/// Every child of the drawing's position (by the engine's rules) that the drawing reaches is
/// routed, and the curve, checked again as a freehand curve, makes that very child.
fn routes_every_child(d: &Drawing) {
    let position = d.position().unwrap();
    let drawable = d.children();
    for child in position.children() {
        if !drawable.contains(&child) {
            continue;
        }
        let mv = d
            .route(&child)
            .unwrap_or_else(|| panic!("{position} -> {child} not routed"));
        let again = d.check_curve(mv.points()).expect("a legal curve");
        assert_eq!(again.child(), &child);
    }
}

#[test]
fn a_loop_passes_a_narrow_corridor_to_enclose_the_spot_beyond_it() {
    for width in [6.0, 10.0] {
        let d = dumbbell(width);
        // By hand: inside the loop two isolated spots and the loop's spot (one life, seen once);
        // outside, that spot alone (a dead region, dropped).
        assert_eq!(d.position().unwrap(), "0*2.2".parse::<Position>().unwrap());
        routes_every_child(&d);
    }
}

#[test]
fn a_curve_squeezes_past_a_spot_in_a_narrow_corridor() {
    // A spot in the middle of the corridor: a curve from one room to the other passes it with only
    // a few pixels to spare on either side.
    for width in [14.0, 18.0] {
        let (mut spots, curves) = dumbbell(width).into_parts();
        spots.push(Spot {
            at: Point::new(500.0, 350.0),
        });
        let d = Drawing::new(spots, curves).unwrap();
        // By hand: inside the loop three isolated spots and the loop's spot.
        assert_eq!(d.position().unwrap(), "0*3.2".parse::<Position>().unwrap());
        routes_every_child(&d);
    }
}

#[test]
fn a_loop_in_the_outer_face_encloses_the_smaller_group() {
    for n in 3..=7 {
        let d = Drawing::start(n);
        let position = d.position().unwrap();
        for child in position.children() {
            let mv = d.route(&child).expect("every child of a start is routed");
            assert_eq!(d.check_curve(mv.points()).unwrap().child(), &child);
            if mv.from() != mv.to() {
                continue;
            }
            let enclosed = (0..n)
                .filter(|&s| s != mv.from() && inside(d.spots()[s].at, mv.points()))
                .count();
            let others = n - 1;
            assert!(
                enclosed * 2 <= others,
                "{n} spots: the loop for {child} encloses {enclosed} of {others}"
            );
        }
    }
}

/// Total absolute turning of a polyline, in radians (written here, not the engine's).
fn total_turning(points: &[Point]) -> f64 {
    points
        .windows(3)
        .map(|w| {
            let a = (w[1].y - w[0].y).atan2(w[1].x - w[0].x);
            let b = (w[2].y - w[1].y).atan2(w[2].x - w[1].x);
            let d = (b - a).rem_euclid(2.0 * std::f64::consts::PI);
            d.min(2.0 * std::f64::consts::PI - d)
        })
        .sum()
}

#[test]
fn a_join_across_an_empty_face_is_nearly_straight() {
    // In a start drawing nothing but spots is in the way: where the straight segment between the
    // two spots a join connects passes well clear of every other spot, a person draws (nearly) that
    // segment. A curve that wiggles turns a lot and is longer.
    let mut checked = 0;
    for n in 2..=7 {
        let d = Drawing::start(n);
        for child in d.position().unwrap().children() {
            let mv = d.route(&child).expect("every child of a start is routed");
            if mv.from() == mv.to() {
                continue;
            }
            let (a, b) = (d.spots()[mv.from()].at, d.spots()[mv.to()].at);
            let clear = (0..n)
                .filter(|&s| s != mv.from() && s != mv.to())
                .all(|s| to_segment(d.spots()[s].at, a, b) > 40.0);
            if !clear {
                continue;
            }
            let points = mv.points();
            let length: f64 = points.windows(2).map(|w| w[0].dist(w[1])).sum();
            assert!(
                length <= 1.05 * a.dist(b),
                "{n} spots, {child}: length {length:.1} for ends {:.1} apart",
                a.dist(b)
            );
            let turning = total_turning(points);
            assert!(turning <= 0.5, "{n} spots, {child}: turns {turning:.2} rad");
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} joins checked");
}

#[test]
fn a_loop_round_one_lone_spot_holds_it_well_inside() {
    // A person draws a loop round a lone spot as a round balloon with the spot well inside (room
    // for the moves still to come there), not a band pulled tight round it.
    let mut rooms = Vec::new();
    for n in 3..=7 {
        let d = Drawing::start(n);
        for child in d.position().unwrap().children() {
            let mv = d.route(&child).expect("every child of a start is routed");
            if mv.from() != mv.to() {
                continue;
            }
            let points = mv.points();
            let held: Vec<usize> = (0..n)
                .filter(|&s| s != mv.from() && inside(d.spots()[s].at, points))
                .collect();
            if let [s] = held[..] {
                let room = points
                    .windows(2)
                    .map(|w| to_segment(d.spots()[s].at, w[0], w[1]))
                    .fold(f64::INFINITY, f64::min);
                rooms.push((room, child));
            }
        }
    }
    let shown: Vec<String> = rooms.iter().map(|(r, _)| format!("{r:.1}")).collect();
    println!(
        "room round the spot of each loop round one spot: {}",
        shown.join(", ")
    );
    assert!(rooms.len() >= 5, "only {} loops checked", rooms.len());
    for (room, child) in rooms {
        assert!(
            room >= 35.0,
            "{child}: the spot only {room:.1} inside its loop"
        );
    }
}
