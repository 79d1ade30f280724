//! Drawings read back from storage or a file may be anything: spots on top of each other, curves that
//! cross, ends and middle spots off their points, indices out of range. The malformed ones are
//! refused when made or read (by `Drawing::new`, and by serde the same way); asking a well-formed one
//! — crossings and coincident spots included — for its position, its moves, a freehand curve or a
//! route returns an answer or an error, never a panic (on the page's thread a panic would stop the
//! app).

use sprague_engine::draw::{Curve, Drawing, OnCurve, Point, Spot};

use crate::common;
use common::Rng;

/// A point on a coarse grid (`step` apart), so that coincident spots and collinear pieces are common.
fn grid_point(rng: &mut Rng, step: f64) -> Point {
    Point {
        x: rng.below(10) as f64 * step,
        y: rng.below(10) as f64 * step,
    }
}

/// Spots and curves as they might be read: often not a well-formed drawing.
fn arbitrary_parts(rng: &mut Rng, step: f64) -> (Vec<Spot>, Vec<Curve>) {
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
    (spots, curves)
}

#[test]
fn arbitrary_drawings_give_answers_or_errors_never_a_panic() {
    let (mut refused, mut valid) = (0, 0);
    for seed in 1..=600u64 {
        let mut rng = Rng(seed);
        let step = if seed % 3 == 0 { 1e-3 } else { 50.0 };
        let (spots, curves) = arbitrary_parts(&mut rng, step);
        let read = serde_json::json!({ "spots": spots, "curves": curves });
        let read = serde_json::from_value::<Drawing>(read).ok();
        let Ok(drawing) = Drawing::new(spots, curves) else {
            assert_eq!(
                read, None,
                "seed {seed}: read back although refused when made"
            );
            refused += 1;
            continue;
        };
        assert_eq!(
            read.as_ref(),
            Some(&drawing),
            "seed {seed}: made but not read back"
        );
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
    // Some are refused as malformed, some are drawings of positions.
    assert!(
        refused > 0 && valid > 0,
        "{refused} refused, {valid} positions"
    );
}
