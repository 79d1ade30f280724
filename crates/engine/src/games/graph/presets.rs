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

/// Reads a whole number of at most six digits (larger sizes are refused by the presets anyway).
fn size(text: &str, what: &'static str, needs: &'static str) -> Result<usize, GraphError> {
    if !text.is_empty() && text.len() <= 6 && text.bytes().all(|b| b.is_ascii_digit()) {
        Ok(text.parse().expect("six digits fit"))
    } else {
        Err(GraphError::BadPreset {
            what,
            needs,
            given: quote_window(text),
        })
    }
}

/// The kinds of preset graph: the one list that the reader ([`Graph::preset`]), the layouts
/// (`draw::graph_layout`), the page's form, the CLI and Python go by. Adding a preset starts here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PresetKind {
    Path,
    Cycle,
    Grid,
    Complete,
    Star,
    Petersen,
    Random,
}

impl PresetKind {
    /// Every kind, in the order a form offers them.
    pub const ALL: [PresetKind; 7] = [
        PresetKind::Path,
        PresetKind::Cycle,
        PresetKind::Grid,
        PresetKind::Complete,
        PresetKind::Star,
        PresetKind::Petersen,
        PresetKind::Random,
    ];

    /// The name a preset starts with (`path` of `path:7`).
    pub fn name(self) -> &'static str {
        match self {
            PresetKind::Path => "path",
            PresetKind::Cycle => "cycle",
            PresetKind::Grid => "grid",
            PresetKind::Complete => "complete",
            PresetKind::Star => "star",
            PresetKind::Petersen => "petersen",
            PresetKind::Random => "random",
        }
    }

    /// How a preset of this kind is written, for help texts.
    pub fn shape(self) -> &'static str {
        match self {
            PresetKind::Path => "path:N",
            PresetKind::Cycle => "cycle:N",
            PresetKind::Grid => "grid:RxC",
            PresetKind::Complete => "complete:N",
            PresetKind::Star => "star:LEAVES",
            PresetKind::Petersen => "petersen",
            PresetKind::Random => "random:N:DENSITY:SEED",
        }
    }

    /// Its name for people.
    pub fn label(self) -> &'static str {
        match self {
            PresetKind::Path => "Path (a row of dots)",
            PresetKind::Cycle => "Cycle",
            PresetKind::Grid => "Grid",
            PresetKind::Complete => "Complete graph",
            PresetKind::Star => "Star",
            PresetKind::Petersen => "Petersen graph",
            PresetKind::Random => "Random graph",
        }
    }

    /// Whether a graph of this kind is chosen by its number of vertices (a grid by its rows and
    /// columns; the Petersen graph has ten).
    pub fn sized_by_vertices(self) -> bool {
        !matches!(self, PresetKind::Grid | PresetKind::Petersen)
    }

    /// The kind of a preset (`grid` of `grid:3x4`), if it names one.
    pub fn of(preset: &str) -> Option<PresetKind> {
        let name = preset.split(':').next().unwrap_or_default();
        PresetKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// The presets [`Graph::preset`] reads, for help texts: every kind's shape (a test keeps it so).
pub const PRESETS: &str =
    "path:N, cycle:N, grid:RxC, complete:N, star:LEAVES, petersen, random:N:DENSITY:SEED";

impl Graph {
    /// A preset by name: `path:7`, `cycle:6`, `grid:5x5`, `complete:4`, `star:5`, `petersen`,
    /// `random:30:0.2:1` (vertices, density from 0 to 1, seed).
    pub fn preset(text: &str) -> Result<Graph, GraphError> {
        let text = text.trim();
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let count = || size(rest, "the number of vertices", "a whole number");
        let unknown = || {
            GraphError::BadPreset {
            what: "a preset",
            needs: "one of path:N, cycle:N, grid:RxC, complete:N, star:LEAVES, petersen, random:N:DENSITY:SEED",
            given: quote_window(text),
        }
        };
        match PresetKind::of(name).ok_or_else(unknown)? {
            PresetKind::Path => Graph::path(count()?),
            PresetKind::Cycle => Graph::cycle(count()?),
            PresetKind::Complete => Graph::complete(count()?),
            PresetKind::Star => Graph::star(count()?),
            PresetKind::Petersen if rest.is_empty() => Ok(Graph::petersen()),
            PresetKind::Petersen => Err(unknown()),
            PresetKind::Grid => {
                let needs = "rows x columns, as grid:5x5";
                let (rows, columns) = rest.split_once('x').ok_or(GraphError::BadPreset {
                    what: "a grid",
                    needs,
                    given: quote_window(rest),
                })?;
                Graph::grid(
                    size(rows, "a grid", needs)?,
                    size(columns, "a grid", needs)?,
                )
            }
            PresetKind::Random => {
                let needs = "vertices:density:seed, as random:30:0.2:1";
                let bad = || GraphError::BadPreset {
                    what: "a random graph",
                    needs,
                    given: quote_window(rest),
                };
                let mut fields = rest.split(':');
                let (Some(n), Some(density), Some(seed), None) =
                    (fields.next(), fields.next(), fields.next(), fields.next())
                else {
                    return Err(bad());
                };
                let n = size(n, "a random graph", needs)?;
                let density: f64 = density.parse().map_err(|_| bad())?;
                let seed: u64 = seed.parse().map_err(|_| bad())?;
                Graph::random(n, density, seed)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(graph: &Graph) -> Vec<usize> {
        (0..graph.vertex_count())
            .map(|v| graph.neighbours(v).len())
            .collect()
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
                assert!(
                    petersen
                        .neighbours(u)
                        .intersection(petersen.neighbours(v))
                        .len()
                        <= 1
                );
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

    #[test]
    fn the_help_texts_list_every_kind() {
        let shapes: Vec<&str> = PresetKind::ALL.iter().map(|kind| kind.shape()).collect();
        assert_eq!(PRESETS, shapes.join(", "));
        let error = Graph::preset("hexagon").unwrap_err().to_string();
        assert!(error.contains(&format!("one of {PRESETS}")), "{error}");
        for kind in PresetKind::ALL {
            assert_eq!(PresetKind::of(kind.shape()), Some(kind));
            assert_eq!(PresetKind::of(&format!("{}:3", kind.name())), Some(kind));
        }
        assert_eq!(PresetKind::of("paths:3"), None);
    }

    #[test]
    fn presets_by_name() {
        assert_eq!(
            Graph::preset("grid:2x3").unwrap(),
            Graph::grid(2, 3).unwrap()
        );
        assert_eq!(Graph::preset("petersen").unwrap(), Graph::petersen());
        assert_eq!(
            Graph::preset("random:12:0.3:5").unwrap(),
            Graph::random(12, 0.3, 5).unwrap()
        );
        assert_eq!(Graph::preset("star:4").unwrap(), Graph::star(4).unwrap());
        let error = |text: &str| Graph::preset(text).unwrap_err().to_string();
        assert!(error("grid:9x9").contains("at most 64"));
        assert!(error("path:99999999999").contains("a whole number"));
        assert!(error("hexagon").contains("one of path:N"));
        assert!(error("random:10:2:1").contains("from 0 to 1"));
        assert!(error("grid:5").contains("rows x columns"));
    }
}
