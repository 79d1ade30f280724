//! Helpers shared by the engine's integration tests (and the drawing bench): a small deterministic
//! random generator, the positions reachable from an n-spot Sprouts start, and point-in-polygon,
//! plane distances and turning written here (independent of the engine's geometry), and a brute-force
//! Sprouts solver of its own ([`sprouts_brute`]), a brute-force crossing count ([`crossings`]), the
//! web app's pool of workers modelled by stepped questions ([`stepped_pool`]), and the distributed
//! master driven in one process ([`master_sim`]).
#![allow(dead_code)] // each test file uses only some of these

pub mod crossings;
pub mod master_sim;
pub mod sprouts_brute;
pub mod stepped_pool;

use sprague_engine::draw::Point;
use sprague_engine::games::sprouts::Position;
use std::collections::BTreeSet;

/// A small deterministic generator (xorshift), so random games are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every position reachable from the n-spot start, by the engine's children alone.
pub fn reachable(n: usize) -> BTreeSet<Position> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![Position::start(n).unwrap()];
    while let Some(p) = stack.pop() {
        if seen.insert(p.clone()) {
            stack.extend(p.children());
        }
    }
    seen
}

/// Even-odd test: is `p` inside the closed polygon (the last point joined back to the first)?
pub fn inside(p: Point, polygon: &[Point]) -> bool {
    let mut odd = false;
    let n = polygon.len();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            odd = !odd;
        }
    }
    odd
}

/// Distance from `p` to the segment `ab`.
pub fn to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    };
    (p.x - (a.x + t * dx)).hypot(p.y - (a.y + t * dy))
}

/// Turning that goes back and forth along a curve (total absolute turning minus net turning,
/// radians), read from points at least 8 apart so that it does not depend on the sampling.
pub fn back_and_forth(points: &[Point]) -> f64 {
    let mut coarse = vec![points[0]];
    for &p in &points[1..] {
        if p.dist(*coarse.last().unwrap()) >= 8.0 {
            coarse.push(p);
        }
    }
    let (mut total, mut net) = (0.0f64, 0.0f64);
    for w in coarse.windows(3) {
        let a = (w[1].y - w[0].y).atan2(w[1].x - w[0].x);
        let b = (w[2].y - w[1].y).atan2(w[2].x - w[1].x);
        let mut d = b - a;
        while d > std::f64::consts::PI {
            d -= 2.0 * std::f64::consts::PI;
        }
        while d < -std::f64::consts::PI {
            d += 2.0 * std::f64::consts::PI;
        }
        total += d.abs();
        net += d;
    }
    total - net.abs()
}
