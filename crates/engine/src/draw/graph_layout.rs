//! Where a Node Kayles graph's vertices sit on the board (the page's board and the Python package's
//! pictures): the shape a preset is known by (a row, a ring, a grid, the Petersen star), or, for any
//! other graph, a ring relaxed by a spring layout so that joined vertices sit near each other. Board units: a square of [`SIZE`], vertices kept [`INSET`] from its sides.

use crate::games::graph::{Graph, PresetKind};
use std::f64::consts::PI;

/// The board's side, in board units.
pub const SIZE: f64 = 600.0;
/// How far vertices stay from the board's sides.
pub const INSET: f64 = 40.0;

pub type Spot = (f64, f64);

const CENTRE: f64 = SIZE / 2.0;
const RADIUS: f64 = SIZE / 2.0 - INSET;

fn ring(n: usize, radius: f64, turn: f64) -> Vec<Spot> {
    (0..n)
        .map(|i| {
            let angle = turn - PI / 2.0 + 2.0 * PI * i as f64 / n.max(1) as f64;
            (CENTRE + radius * angle.cos(), CENTRE + radius * angle.sin())
        })
        .collect()
}

/// `count` spots in rows of `per_row`, left to right then right to left (a path snakes down the board).
fn rows(count: usize, per_row: usize, snake: bool) -> Vec<Spot> {
    let per_row = per_row.max(1);
    let row_count = count.div_ceil(per_row).max(1);
    let step_x = (SIZE - 2.0 * INSET) / (per_row.max(2) - 1) as f64;
    let step_y = if row_count > 1 {
        (SIZE - 2.0 * INSET) / (row_count - 1) as f64
    } else {
        0.0
    };
    let top = if row_count > 1 { INSET } else { CENTRE };
    (0..count)
        .map(|i| {
            let (row, mut column) = (i / per_row, i % per_row);
            if snake && row % 2 == 1 {
                column = per_row - 1 - column;
            }
            let left = if per_row == 1 { CENTRE } else { INSET };
            (left + step_x * column as f64, top + step_y * row as f64)
        })
        .collect()
}

/// The layout of a preset (`path:7`, `grid:3x4`, …) as [`Graph::preset`] names them; `None` for a
/// random graph or a name it does not know (those get [`spring_layout`]).
pub fn preset_layout(name: &str, graph: &Graph) -> Option<Vec<Spot>> {
    let n = graph.vertex_count();
    let rest = name.split_once(':').map_or("", |(_, rest)| rest);
    let layout = match PresetKind::of(name)? {
        PresetKind::Path if n <= 8 => rows(n, n, false),
        PresetKind::Path => rows(n, 8, true),
        PresetKind::Cycle | PresetKind::Complete => ring(n, RADIUS, 0.0),
        PresetKind::Star => {
            let mut spots = vec![(CENTRE, CENTRE)];
            spots.extend(ring(n.saturating_sub(1), RADIUS, 0.0));
            spots
        }
        PresetKind::Grid => {
            let columns: usize = rest.split_once('x')?.1.parse().ok()?;
            rows(n, columns, false)
        }
        PresetKind::Petersen => {
            let mut spots = ring(5, RADIUS, 0.0);
            spots.extend(ring(5, RADIUS * 0.45, 0.0));
            spots
        }
        PresetKind::Random => return None,
    };
    (layout.len() == n).then_some(layout)
}

/// A ring relaxed by a deterministic spring layout (Fruchterman–Reingold): edges pull, all vertices push
/// apart, the moves cool down step by step. At most 64 vertices: a few hundred thousand operations.
pub fn spring_layout(graph: &Graph) -> Vec<Spot> {
    let n = graph.vertex_count();
    let mut spots = ring(n, RADIUS * 0.8, 0.0);
    if n < 3 {
        return spots;
    }
    let area = (SIZE - 2.0 * INSET).powi(2);
    let k = (area / n as f64).sqrt() * 0.8;
    let edges = graph.edges();
    let mut temperature = SIZE / 8.0;
    for _ in 0..200 {
        let mut shift = vec![(0.0f64, 0.0f64); n];
        for u in 0..n {
            for v in u + 1..n {
                let (dx, dy) = (spots[u].0 - spots[v].0, spots[u].1 - spots[v].1);
                let distance = (dx * dx + dy * dy).sqrt().max(0.01);
                let push = k * k / distance;
                let (fx, fy) = (dx / distance * push, dy / distance * push);
                shift[u].0 += fx;
                shift[u].1 += fy;
                shift[v].0 -= fx;
                shift[v].1 -= fy;
            }
        }
        for &(u, v) in &edges {
            let (dx, dy) = (spots[u].0 - spots[v].0, spots[u].1 - spots[v].1);
            let distance = (dx * dx + dy * dy).sqrt().max(0.01);
            let pull = distance * distance / k;
            let (fx, fy) = (dx / distance * pull, dy / distance * pull);
            shift[u].0 -= fx;
            shift[u].1 -= fy;
            shift[v].0 += fx;
            shift[v].1 += fy;
        }
        for (spot, (fx, fy)) in spots.iter_mut().zip(shift) {
            let length = (fx * fx + fy * fy).sqrt().max(0.01);
            let step = length.min(temperature);
            spot.0 = (spot.0 + fx / length * step).clamp(INSET, SIZE - INSET);
            spot.1 = (spot.1 + fy / length * step).clamp(INSET, SIZE - INSET);
        }
        temperature *= 0.97;
    }
    separate(&mut spots);
    spots
}

/// Vertices closer than this are pushed apart after the spring layout (two discs and a gap).
const MIN_GAP: f64 = 48.0;

/// Pushes apart every pair of vertices nearer than [`MIN_GAP`], a few rounds, staying on the board.
fn separate(spots: &mut [Spot]) {
    for _ in 0..60 {
        let mut moved = false;
        for u in 0..spots.len() {
            for v in u + 1..spots.len() {
                let (dx, dy) = (spots[v].0 - spots[u].0, spots[v].1 - spots[u].1);
                let distance = dx.hypot(dy);
                if distance < MIN_GAP {
                    // Coincident vertices part along a direction fixed by their numbers.
                    let (ux, uy) = if distance < 1e-6 {
                        let angle = (u * 7 + v * 13) as f64;
                        (angle.cos(), angle.sin())
                    } else {
                        (dx / distance, dy / distance)
                    };
                    let push = (MIN_GAP - distance) / 2.0 + 0.5;
                    let inside = |x: f64| x.clamp(INSET, SIZE - INSET);
                    spots[u] = (
                        inside(spots[u].0 - ux * push),
                        inside(spots[u].1 - uy * push),
                    );
                    spots[v] = (
                        inside(spots[v].0 + ux * push),
                        inside(spots[v].1 + uy * push),
                    );
                    moved = true;
                }
            }
        }
        if !moved {
            break;
        }
    }
}

/// The layout of `graph`: the preset's shape when `preset` names one, else a spring layout. Places are
/// whole board units, as a link writes them.
pub fn layout_for(graph: &Graph, preset: Option<&str>) -> Vec<Spot> {
    preset
        .and_then(|name| preset_layout(name, graph))
        .unwrap_or_else(|| spring_layout(graph))
        .into_iter()
        .map(|(x, y)| (x.round(), y.round()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(spots: &[Spot]) -> bool {
        spots.iter().all(|&(x, y)| {
            (INSET..=SIZE - INSET).contains(&x) && (INSET..=SIZE - INSET).contains(&y)
        })
    }

    fn closest_pair(spots: &[Spot]) -> f64 {
        let mut best = f64::INFINITY;
        for (i, a) in spots.iter().enumerate() {
            for b in &spots[i + 1..] {
                best = best.min(((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt());
            }
        }
        best
    }

    #[test]
    fn every_preset_and_random_graph_fits_with_room_between_vertices() {
        for name in [
            "path:5",
            "path:30",
            "cycle:12",
            "grid:5x5",
            "grid:8x8",
            "complete:10",
            "star:12",
            "petersen",
            "random:40:0.1:3",
        ] {
            let graph = Graph::preset(name).unwrap();
            let spots = layout_for(&graph, Some(name));
            assert_eq!(spots.len(), graph.vertex_count(), "{name}");
            assert!(inside(&spots), "{name}");
            // Two vertex discs (radius 18) never touch.
            assert!(
                closest_pair(&spots) > 36.0,
                "{name}: {}",
                closest_pair(&spots)
            );
        }
    }

    #[test]
    fn a_grid_is_laid_out_as_a_grid() {
        let graph = Graph::preset("grid:2x3").unwrap();
        let spots = layout_for(&graph, Some("grid:2x3"));
        // Joined vertices share a row or a column.
        for (u, v) in graph.edges() {
            assert!(spots[u].0 == spots[v].0 || spots[u].1 == spots[v].1);
        }
    }
}
