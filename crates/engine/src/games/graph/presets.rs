//! The graphs classrooms start from: paths, cycles, grids, complete graphs, stars, the Petersen graph and
//! random graphs.

use super::graph::{quote_window, Graph, GraphError};
use super::vertex_set::MAX_VERTICES;

fn too_many(count: usize) -> Result<(), GraphError> {
    if count > MAX_VERTICES {
        Err(GraphError::TooManyVertices(count))
    } else {
        Ok(())
    }
}

impl Graph {
    /// `n` vertices in a row: the independence game's row of `n` dots (heap `n` of 0.137).
    pub fn path(n: usize) -> Result<Graph, GraphError> {
        too_many(n)?;
        let edges: Vec<_> = (1..n).map(|v| (v - 1, v)).collect();
        Graph::new(n, &edges)
    }

    /// `n` vertices round a ring (`n` at least 3).
    pub fn cycle(n: usize) -> Result<Graph, GraphError> {
        if n < 3 {
            return Err(GraphError::BadPreset {
                what: "a cycle",
                needs: "at least 3 vertices",
                given: n.to_string(),
            });
        }
        too_many(n)?;
        let edges: Vec<_> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        Graph::new(n, &edges)
    }

    /// A `rows` × `columns` grid, numbered row by row.
    pub fn grid(rows: usize, columns: usize) -> Result<Graph, GraphError> {
        let count = rows.saturating_mul(columns);
        too_many(count)?;
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                let v = r * columns + c;
                if c + 1 < columns {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + columns));
                }
            }
        }
        Graph::new(count, &edges)
    }

    /// Every pair of `n` vertices joined.
    pub fn complete(n: usize) -> Result<Graph, GraphError> {
        too_many(n)?;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                edges.push((u, v));
            }
        }
        Graph::new(n, &edges)
    }

    /// Vertex 0 joined to `leaves` others.
    pub fn star(leaves: usize) -> Result<Graph, GraphError> {
        too_many(leaves.saturating_add(1))?;
        let edges: Vec<_> = (1..=leaves).map(|v| (0, v)).collect();
        Graph::new(leaves + 1, &edges)
    }

    /// The Petersen graph: an outer 5-cycle 0–4, an inner pentagram 5–9, spokes `i`–`i+5`.
    pub fn petersen() -> Graph {
        let mut edges = Vec::new();
        for i in 0..5 {
            edges.push((i, (i + 1) % 5));
            edges.push((5 + i, 5 + (i + 2) % 5));
            edges.push((i, i + 5));
        }
        Graph::new(10, &edges).expect("the Petersen graph is simple")
    }

    /// Each pair of `n` vertices joined with probability `density` (0 to 1), from `seed`: the same seed
    /// gives the same graph everywhere.
    pub fn random(n: usize, density: f64, seed: u64) -> Result<Graph, GraphError> {
        too_many(n)?;
        if !(0.0..=1.0).contains(&density) {
            return Err(GraphError::BadPreset {
                what: "a random graph's density",
                needs: "a number from 0 to 1",
                given: quote_window(&density.to_string()),
            });
        }
        let mut state = seed;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                // splitmix64: a fixed, portable stream (no platform randomness in the engine).
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                if ((z >> 11) as f64) < density * (1u64 << 53) as f64 {
                    edges.push((u, v));
                }
            }
        }
        Graph::new(n, &edges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(graph: &Graph) -> Vec<usize> {
        (0..graph.vertex_count()).map(|v| graph.neighbours(v).len()).collect()
    }

    #[test]
    fn presets_have_the_shape_their_names_say() {
        assert_eq!(Graph::path(4).unwrap().to_string(), "4:0-1,1-2,2-3");
        assert_eq!(degrees(&Graph::cycle(5).unwrap()), vec![2; 5]);
        let grid = Graph::grid(3, 4).unwrap();
        assert_eq!(grid.edges().len(), 3 * 3 + 2 * 4);
        assert_eq!(Graph::complete(5).unwrap().edges().len(), 10);
        assert_eq!(degrees(&Graph::star(3).unwrap()), vec![3, 1, 1, 1]);
        let petersen = Graph::petersen();
        assert_eq!(degrees(&petersen), vec![3; 10]);
        assert_eq!(petersen.edges().len(), 15);
        // Girth 5: no triangle and no 4-cycle, so no two vertices share two neighbours.
        for u in 0..10 {
            for v in u + 1..10 {
                assert!(petersen.neighbours(u).intersection(petersen.neighbours(v)).len() <= 1);
            }
        }
    }

    #[test]
    fn random_graphs_follow_their_seed_and_density() {
        let a = Graph::random(30, 0.2, 7).unwrap();
        assert_eq!(a, Graph::random(30, 0.2, 7).unwrap());
        assert_ne!(a, Graph::random(30, 0.2, 8).unwrap());
        let edges = a.edges().len() as f64;
        assert!((edges / 435.0 - 0.2).abs() < 0.08, "{edges} edges");
        assert!(Graph::random(10, 0.0, 1).unwrap().edges().is_empty());
        assert_eq!(Graph::random(10, 1.0, 1).unwrap().edges().len(), 45);
        assert!(Graph::random(10, 1.5, 1).is_err());
        assert!(Graph::grid(9, 9).is_err());
        assert!(Graph::cycle(2).is_err());
    }
}
