//! Drawings read back from storage or a file may be anything: spots on top of each other, curves that
//! cross, ends and middle spots off their points, indices out of range. Asking such a drawing for its
//! position, its moves, a freehand curve or a route returns an answer or an error — never a panic (on
//! the page's thread a panic would stop the app).

use sprague_engine::draw::{Curve, Drawing, OnCurve, Point, Spot};

mod common;
use common::Rng;

/// A point on a coarse grid (`step` apart), so that coincident spots and collinear pieces are common.
fn grid_point(rng: &mut Rng, step: f64) -> Point {
    Point {
        x: rng.below(10) as f64 * step,
        y: rng.below(10) as f64 * step,
    }
}

fn arbitrary_drawing(rng: &mut Rng, step: f64) -> Drawing {
    let n = 1 + rng.below(6);
    let spots: Vec<Spot> = (0..n)
        .map(|_| Spot {
            at: grid_point(rng, step),
        })
        .collect();
    let curves = (0..rng.below(6))
        .map(|_| {
            // Now and then a spot index past the end.
            let pick = |rng: &mut Rng| {
                let past_end = usize::from(rng.below(20) == 0);
                rng.below(n + past_end)
            };
            let (start, end) = (pick(rng), pick(rng));
            let at = |s: usize| spots.get(s).map_or(Point { x: 1.0, y: 2.0 }, |s| s.at);
            let mut points = vec![at(start)];
            for _ in 0..rng.below(4) {
                points.push(grid_point(rng, step));
            }
            points.push(at(end));
            let middle = (points.len() > 2 && rng.below(2) == 0).then(|| {
                let spot = pick(rng);
                let index = 1 + rng.below(points.len() - 2);
                if rng.below(4) > 0 {
                    points[index] = at(spot);
                }
                OnCurve { spot, index }
            });
            Curve {
                start,
                end,
                points,
                middle,
            }
        })
        .collect();
    Drawing { spots, curves }
}

#[test]
fn arbitrary_drawings_give_answers_or_errors_never_a_panic() {
    let mut valid = 0;
    for seed in 1..=600u64 {
        let mut rng = Rng(seed);
        let step = if seed % 3 == 0 { 1e-3 } else { 50.0 };
        let drawing = arbitrary_drawing(&mut rng, step);
        if drawing.position().is_ok() {
            valid += 1;
        }
        let _ = drawing.children();
        let stroke = [grid_point(&mut rng, step), grid_point(&mut rng, step)];
        let _ = drawing.check_curve(&stroke);
        if seed % 30 == 0 {
            if let Ok(position) = drawing.position() {
                for child in position.children().iter().take(3) {
                    let _ = drawing.route(child);
                }
            }
        }
    }
    // Some of them are drawings of positions (the rest are refused by the checks).
    assert!(valid > 0);
}
