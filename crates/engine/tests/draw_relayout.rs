//! Relayout of a child keeping the parent's drawing: isolated spots moved to roomier places keep the
//! position (the engine's canonical form is the referee) and every curve; a fresh layout, when
//! needed, still gives the child.

use sprague_engine::draw::{Curve, Drawing, Point};
use sprague_engine::games::sprouts::Position;

/// Distance from `p` to the nearest curve point segment (brute force, written here).
fn nearest_curve(d: &Drawing, p: Point) -> f64 {
    let mut best = f64::INFINITY;
    for c in &d.curves {
        for w in c.points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len2 = (b.x - a.x).powi(2) + (b.y - a.y).powi(2);
            let t = if len2 == 0.0 {
                0.0
            } else {
                (((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2).clamp(0.0, 1.0)
            };
            best = best.min(p.dist(a.lerp(b, t)));
        }
    }
    best
}

/// Two spots joined by a straight curve, and an isolated spot squeezed 6 px from it.
fn cramped() -> Drawing {
    let mut d = Drawing::start(3);
    let (a, b) = (d.spots[0].at, d.spots[1].at);
    d.curves.push(Curve {
        start: 0,
        end: 1,
        points: vec![a, b],
        middle: None,
    });
    d.spots[2].at = Point::new(a.lerp(b, 0.5).x, a.y + 6.0);
    d
}

#[test]
fn a_cramped_isolated_spot_is_moved_and_nothing_else() {
    let d = cramped();
    let before = d.position().unwrap();
    // An isolated spot and a curve joining two spots (2 lives each), by hand.
    assert_eq!(before, "0.11".parse::<Position>().unwrap());
    let spread = d
        .with_isolated_spots_spread()
        .expect("the isolated spot moves");
    assert_eq!(spread.position().unwrap(), before);
    assert_eq!(spread.curves, d.curves);
    assert_eq!(spread.spots[..2], d.spots[..2]);
    assert!(nearest_curve(&spread, spread.spots[2].at) > 5.0 * nearest_curve(&d, d.spots[2].at));
}

#[test]
fn a_drawing_without_isolated_spots_is_left_alone() {
    let mut d = cramped();
    d.spots.pop();
    assert!(d.with_isolated_spots_spread().is_none());
}

#[test]
fn relayout_gives_every_child_and_keeps_the_curves_when_it_says_so() {
    let d = cramped();
    for child in d.position().unwrap().children() {
        let (next, kept) = d.relayout_child(&child).unwrap();
        assert_eq!(next.position().unwrap(), child);
        if kept {
            assert_eq!(next.curves[..1], d.curves[..]);
            assert_eq!(next.spots[..2], d.spots[..2]);
        }
    }
}
