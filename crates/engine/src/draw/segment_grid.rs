//! A polyline's segments bucketed in a grid of square cells, so that the segments near a box are
//! found without looking at all of them (the freehand check compares a curve with every segment of
//! the drawing and with itself: without it, that is quadratic in the points).

use super::geometry::Point;

/// Side of a cell.
const CELL: f64 = 24.0;

pub(crate) struct SegmentGrid {
    origin: Point,
    columns: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
    /// For each segment, the last query that returned it (so a query returns it once).
    stamp: Vec<u32>,
    query: u32,
}

impl SegmentGrid {
    /// The grid of the segments `points[i]`–`points[i + 1]`.
    pub fn of(points: &[Point]) -> SegmentGrid {
        let (mut lo, mut hi) = (points[0], points[0]);
        for p in points {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        // Finite points only (the caller checks); at most 256 × 256 cells.
        let columns = ((hi.x - lo.x) / CELL).min(255.0) as usize + 1;
        let rows = ((hi.y - lo.y) / CELL).min(255.0) as usize + 1;
        let mut grid = SegmentGrid {
            origin: lo,
            columns,
            rows,
            cells: vec![Vec::new(); columns * rows],
            stamp: vec![0; points.len().saturating_sub(1)],
            query: 0,
        };
        for (i, w) in points.windows(2).enumerate() {
            let (c0, r0) = grid.cell(Point::new(w[0].x.min(w[1].x), w[0].y.min(w[1].y)));
            let (c1, r1) = grid.cell(Point::new(w[0].x.max(w[1].x), w[0].y.max(w[1].y)));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    grid.cells[r * columns + c].push(i as u32);
                }
            }
        }
        grid
    }

    fn cell(&self, p: Point) -> (usize, usize) {
        let c = ((p.x - self.origin.x) / CELL).floor();
        let r = ((p.y - self.origin.y) / CELL).floor();
        (
            c.clamp(0.0, (self.columns - 1) as f64) as usize,
            r.clamp(0.0, (self.rows - 1) as f64) as usize,
        )
    }

    /// The segments whose cells meet the box of `a`–`b` widened by `reach`, each once, in
    /// increasing order: every segment within `reach` of `a`–`b` is among them.
    pub fn near(&mut self, a: Point, b: Point, reach: f64) -> Vec<usize> {
        self.query = self.query.wrapping_add(1);
        if self.query == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.query = 1;
        }
        let lo = Point::new(a.x.min(b.x) - reach, a.y.min(b.y) - reach);
        let hi = Point::new(a.x.max(b.x) + reach, a.y.max(b.y) + reach);
        if hi.x < self.origin.x || hi.y < self.origin.y {
            return Vec::new();
        }
        let (c0, r0) = self.cell(lo);
        let (c1, r1) = self.cell(hi);
        let mut out = Vec::new();
        for r in r0..=r1 {
            for c in c0..=c1 {
                for &s in &self.cells[r * self.columns + c] {
                    if self.stamp[s as usize] != self.query {
                        self.stamp[s as usize] = self.query;
                        out.push(s as usize);
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::geometry::{segment_distance, segments_touch};

    #[test]
    fn near_finds_every_segment_within_reach() {
        // A random walk with long and short steps, and random query segments: every segment that
        // touches a query, or comes within its reach, is returned (checked against all of them).
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 10_000) as f64 / 10.0
        };
        let mut points = vec![Point::new(500.0, 350.0)];
        for k in 0..400 {
            let last = points[points.len() - 1];
            let scale = if k % 17 == 0 { 1.0 } else { 0.05 };
            let step = Point::new((next() - 500.0) * scale, (next() - 500.0) * scale);
            points.push(Point::new(last.x + step.x, last.y + step.y));
        }
        let mut grid = SegmentGrid::of(&points);
        for _ in 0..300 {
            let a = Point::new(next() - 100.0, next() - 100.0);
            let b = Point::new(a.x + (next() - 500.0) * 0.1, a.y + (next() - 500.0) * 0.1);
            let reach = next() / 100.0;
            let found = grid.near(a, b, reach);
            for (i, w) in points.windows(2).enumerate() {
                let close =
                    segments_touch(a, b, w[0], w[1]) || segment_distance(a, b, w[0], w[1]) <= reach;
                assert!(!close || found.contains(&i), "segment {i} missed");
            }
        }
    }
}
