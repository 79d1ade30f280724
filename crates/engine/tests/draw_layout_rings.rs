//! The dead rings that keep the lands of a multi-land layout apart, measured with geometry written
//! here: a ring is two dead spots joined by three curves (found from the drawing's curves, not from
//! the layout's code). In the layout of every multi-land position reachable from the 4-spot start,
//! met along random 8- to 14-spot games, and of a few hand-picked ones:
//! * there are one ring fewer than lands (the largest land is drawn open, with the room around);
//! * each ring's eye is readable: its two spots stand at least [`EYE_APART`] px apart;
//! * each ring is snug: its frame (the longest of its three curves) encloses something, and no more
//!   than [`SNUG`] × the area of the box around what it encloses, widened by [`ROOM`] px each way.
//!   (The rings that filled each land's whole cell made this ratio 10-40 for a ring round one spot.)

use sprague_engine::draw::{Drawing, Point};
use sprague_engine::games::sprouts::Position;

use crate::common;
use common::Rng;

const EYE_APART: f64 = 30.0;
const SNUG: f64 = 2.0;
const ROOM: f64 = 40.0;

/// Ray casting: is `p` inside the closed polygon?
fn inside(p: Point, polygon: &[Point]) -> bool {
    let mut odd = false;
    let n = polygon.len();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if x > p.x {
                odd = !odd;
            }
        }
    }
    odd
}

/// Shoelace area of a closed polygon.
fn area(polygon: &[Point]) -> f64 {
    let n = polygon.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    twice.abs() * 0.5
}

/// The rings of a drawing: pairs of dead spots joined by exactly three curves, with those curves.
fn rings(d: &Drawing) -> Vec<(usize, usize, Vec<usize>)> {
    let lives = d.lives();
    let mut out = Vec::new();
    for a in 0..d.spots().len() {
        for b in a + 1..d.spots().len() {
            if lives[a] != 0 || lives[b] != 0 {
                continue;
            }
            let joining: Vec<usize> = (0..d.curves().len())
                .filter(|&c| {
                    let curve = &d.curves()[c];
                    curve.middle.is_none()
                        && ((curve.start == a && curve.end == b)
                            || (curve.start == b && curve.end == a))
                })
                .collect();
            if joining.len() == 3 {
                out.push((a, b, joining));
            }
        }
    }
    out
}

/// Checks one position's layout; `Err` names what is wrong.
fn check(p: &Position) -> Result<(), String> {
    let d = Drawing::layout(p).map_err(|e| format!("{p}: {e}"))?;
    let found = rings(&d);
    let lands = p.lands().len();
    if found.len() + 1 != lands {
        return Err(format!("{p}: {} rings for {lands} lands", found.len()));
    }
    for (a, b, curves) in &found {
        let apart = d.spots()[*a].at.dist(d.spots()[*b].at);
        if apart < EYE_APART {
            return Err(format!("{p}: a ring's eye spots only {apart:.1} px apart"));
        }
        let frame = curves
            .iter()
            .map(|&c| &d.curves()[c].points)
            .max_by_key(|points| points.len())
            .unwrap();
        // What the frame encloses: spots and points of curves other than the ring's own.
        let enclosed: Vec<Point> = d
            .spots()
            .iter()
            .map(|s| s.at)
            .chain(
                (0..d.curves().len())
                    .filter(|c| !curves.contains(c))
                    .flat_map(|c| d.curves()[c].points.iter().copied()),
            )
            .filter(|&q| inside(q, frame))
            .collect();
        if enclosed.is_empty() {
            return Err(format!("{p}: a ring encloses nothing"));
        }
        let (mut l, mut t, mut r, mut bt) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for q in &enclosed {
            (l, t, r, bt) = (l.min(q.x), t.min(q.y), r.max(q.x), bt.max(q.y));
        }
        let roomy = (r - l + 2.0 * ROOM) * (bt - t + 2.0 * ROOM);
        let ratio = area(frame) / roomy;
        if ratio > SNUG {
            return Err(format!(
                "{p}: a ring's frame is {ratio:.1} × the box round what it holds"
            ));
        }
    }
    Ok(())
}

#[test]
fn rings_of_hand_picked_positions_are_snug_with_readable_eyes() {
    for text in [
        "0+22",
        "0+0+22",
        "1a1a+2AB|2AB",
        "0*3+0.AB|AB",
        "0+1a1a+0.AB|AB",
    ] {
        let p: Position = text.parse().unwrap();
        assert!(p.lands().len() >= 2, "{text} has one land");
        check(&p).unwrap();
    }
}

#[test]
fn rings_of_four_spot_positions_are_snug_with_readable_eyes() {
    let several: Vec<Position> = common::reachable(4)
        .into_iter()
        .filter(|p| p.lands().len() >= 2)
        .collect();
    assert!(
        several.len() > 20,
        "only {} multi-land positions",
        several.len()
    );
    let failures: Vec<String> = several.iter().filter_map(|p| check(p).err()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn rings_of_random_game_positions_are_snug_with_readable_eyes() {
    let mut several = Vec::new();
    for (k, spots) in (8..=14).step_by(2).enumerate() {
        for seed in 1..=3u64 {
            let mut rng = Rng(seed * 7_919 + k as u64 * 104_729 + 1);
            let mut p = Position::start(spots).unwrap();
            loop {
                let children = p.children();
                if children.is_empty() {
                    break;
                }
                p = children[rng.below(children.len())].clone();
                if p.lands().len() >= 2 {
                    several.push(p.clone());
                }
            }
        }
    }
    assert!(
        several.len() > 30,
        "only {} multi-land positions",
        several.len()
    );
    let failures: Vec<String> = several.iter().filter_map(|p| check(p).err()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
