//! A game of Node Kayles on the Graphs page: the graph, where its vertices are drawn, the moves so far, the
//! rules and who plays. All of it lives in the URL, so a link reopens the same game.
//!
//! Query keys: `preset` (a named graph as `sprague graph solve --preset` reads it, `_` for `:` so that
//! the link needs no escapes: `grid_3x5`, `petersen`, `random_30_0.15_7`) or `g` (the graph: the number
//! of vertices, `_`, then the edges joined by `.`: `4_0-1.1-2.2-3`; the CLI's `4:0-1,1-2,2-3` is read
//! too) with `at` (each vertex's place in board units, `x_y`, joined by `.`; optional), `m` (the vertices
//! marked, in turn, `3.7.1`), and the play keys `rules`, `vs`, `first`, `level`.

use super::graph_layout::{layout_for, Spot, INSET, SIZE};
use super::play_query::{self, shorten, PlayOptions};
use super::setup::{Level, Opponent, Rules, Side};
use super::turns;
use crate::query;
use sprague_engine::games::graph::{Graph, GraphPosition, VertexSet, MAX_VERTICES};

/// The graph a new visitor sees.
pub const DEFAULT_PRESET: &str = "grid:3x5";
/// Longest query accepted from a URL.
const MAX_QUERY: usize = 4000;

#[derive(Clone, Debug, PartialEq)]
pub struct GraphGame {
    pub graph: Graph,
    /// Where each vertex is drawn, in board units.
    pub layout: Vec<Spot>,
    /// The preset's name while the graph is that preset, unedited (the URL then names it).
    pub preset: Option<String>,
    /// The vertices marked, in turn.
    pub moves: Vec<usize>,
    pub rules: Rules,
    pub opponent: Opponent,
}

/// What a link asked for: the game, and the keys it did not understand (reported, not fatal).
pub struct FromLink {
    pub game: Option<GraphGame>,
    pub ignored: Vec<String>,
}

impl GraphGame {
    /// A new game on a preset graph.
    pub fn from_preset(name: &str, rules: Rules, opponent: Opponent) -> Result<GraphGame, String> {
        let graph = Graph::preset(name).map_err(|error| error.to_string())?;
        let layout = layout_for(&graph, Some(name));
        Ok(GraphGame {
            graph,
            layout,
            preset: Some(name.trim().to_string()),
            moves: Vec::new(),
            rules,
            opponent,
        })
    }

    /// A game on a graph with no vertices yet, to build by hand.
    pub fn empty(rules: Rules, opponent: Opponent) -> GraphGame {
        GraphGame {
            graph: Graph::new(0, &[]).expect("the empty graph is valid"),
            layout: Vec::new(),
            preset: None,
            moves: Vec::new(),
            rules,
            opponent,
        }
    }

    pub fn default_game() -> GraphGame {
        GraphGame::from_preset(
            DEFAULT_PRESET,
            Rules::Normal,
            Opponent::Computer {
                moves_first: false,
                level: Level::Perfect,
            },
        )
        .expect("the default preset is valid")
    }

    /// The position after every move (the moves were checked when the game was built).
    pub fn position(&self) -> GraphPosition {
        GraphPosition::after_moves(self.graph.clone(), &self.moves).expect("the moves were checked")
    }

    pub fn remaining(&self) -> VertexSet {
        self.position().remaining()
    }

    pub fn is_over(&self) -> bool {
        self.remaining().is_empty()
    }

    /// Marks `vertex`, or says why it cannot be marked.
    pub fn play(&mut self, vertex: usize) -> Result<(), String> {
        self.position()
            .play(vertex)
            .map_err(|error| error.to_string())?;
        self.moves.push(vertex);
        Ok(())
    }

    pub fn to_move(&self) -> Side {
        turns::side_to_move(self.moves.len())
    }

    pub fn computer_to_move(&self) -> bool {
        turns::is_computer(self.opponent, self.to_move()) && !self.is_over()
    }

    pub fn winner(&self) -> Option<Side> {
        self.is_over()
            .then(|| turns::winner(self.rules, self.to_move()))
    }

    /// The same graph and players from the start.
    pub fn restarted(&self) -> GraphGame {
        GraphGame {
            moves: Vec::new(),
            ..self.clone()
        }
    }

    /// A game on an edited graph: no moves yet, no preset name.
    fn edited(&self, graph: Graph, layout: Vec<Spot>) -> GraphGame {
        GraphGame {
            graph,
            layout,
            preset: None,
            moves: Vec::new(),
            rules: self.rules,
            opponent: self.opponent,
        }
    }

    /// A new vertex at `spot` (refused at [`MAX_VERTICES`]).
    pub fn with_vertex(&self, spot: Spot) -> Result<GraphGame, String> {
        let n = self.graph.vertex_count();
        if n >= MAX_VERTICES {
            return Err(format!(
                "a graph has at most {MAX_VERTICES} vertices here (the solver's limit)"
            ));
        }
        let graph = Graph::new(n + 1, &self.graph.edges()).map_err(|e| e.to_string())?;
        let mut layout = self.layout.clone();
        layout.push(clamp(spot));
        Ok(self.edited(graph, layout))
    }

    /// The edge `u`–`v` added, or removed if it is there.
    pub fn with_edge_toggled(&self, u: usize, v: usize) -> Result<GraphGame, String> {
        let mut edges = self.graph.edges();
        let (a, b) = (u.min(v), u.max(v));
        match edges.iter().position(|&edge| edge == (a, b)) {
            Some(i) => {
                edges.remove(i);
            }
            None => edges.push((a, b)),
        }
        let graph = Graph::new(self.graph.vertex_count(), &edges).map_err(|e| e.to_string())?;
        Ok(self.edited(graph, self.layout.clone()))
    }

    /// Vertex `v` and its edges removed; the vertices after it are renumbered one lower.
    pub fn without_vertex(&self, v: usize) -> Result<GraphGame, String> {
        let n = self.graph.vertex_count();
        if v >= n {
            return Err(format!("there is no vertex {v}"));
        }
        let renumber = |x: usize| if x > v { x - 1 } else { x };
        let edges: Vec<_> = self
            .graph
            .edges()
            .into_iter()
            .filter(|&(a, b)| a != v && b != v)
            .map(|(a, b)| (renumber(a), renumber(b)))
            .collect();
        let graph = Graph::new(n - 1, &edges).map_err(|e| e.to_string())?;
        let mut layout = self.layout.clone();
        layout.remove(v);
        Ok(self.edited(graph, layout))
    }

    /// Vertex `v` drawn at `spot` (the game goes on: only the picture changes).
    pub fn with_vertex_moved(&self, v: usize, spot: Spot) -> GraphGame {
        let mut game = self.clone();
        if let Some(place) = game.layout.get_mut(v) {
            *place = clamp(spot);
        }
        game.preset = None;
        game
    }

    /// The game as a URL query (without `?`).
    pub fn to_query(&self) -> String {
        query::write(self.to_pairs())
    }

    /// The game as the pairs of a URL query.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        match &self.preset {
            Some(name) => pairs.push(("preset".into(), name.replace(':', "_"))),
            None => {
                let edges: Vec<String> = self
                    .graph
                    .edges()
                    .iter()
                    .map(|(u, v)| format!("{u}-{v}"))
                    .collect();
                pairs.push((
                    "g".into(),
                    format!("{}_{}", self.graph.vertex_count(), edges.join(".")),
                ));
                let at: Vec<String> = self
                    .layout
                    .iter()
                    .map(|&(x, y)| format!("{}_{}", x.round() as i64, y.round() as i64))
                    .collect();
                if !at.is_empty() {
                    pairs.push(("at".into(), at.join(".")));
                }
            }
        }
        if !self.moves.is_empty() {
            let moves: Vec<String> = self.moves.iter().map(|v| v.to_string()).collect();
            pairs.push(("m".into(), moves.join(".")));
        }
        pairs.extend(play_query::pairs(self.rules, self.opponent));
        pairs
    }

    /// Reads a game from a URL query. Every part is checked and every move replayed, with an error that
    /// says what is wrong; keys it does not know are listed in `ignored`.
    pub fn from_query(query: &str) -> Result<FromLink, String> {
        let query = query.strip_prefix('?').unwrap_or(query);
        if query.len() > MAX_QUERY {
            return Err(format!(
                "the link is too long ({} characters; at most {MAX_QUERY})",
                query.len()
            ));
        }
        let default = GraphGame::default_game();
        let mut play = PlayOptions::new(default.rules, default.opponent);
        let (mut preset, mut graph_text, mut at, mut moves) = (None, None, None, None);
        let mut ignored = Vec::new();
        let mut any = false;
        for (key, value) in query::read(query) {
            let key = key.as_str();
            match key {
                "preset" => preset = Some(value.replace('_', ":")),
                "g" => graph_text = Some(engine_graph_text(&value)),
                "at" => at = Some(value),
                "m" => moves = Some(value),
                _ => {
                    if !play.read(key, &value)? {
                        ignored.push(shorten(key, 12));
                        continue;
                    }
                }
            }
            any = true;
        }
        if !any {
            return Ok(FromLink {
                game: None,
                ignored,
            });
        }
        let mut game = match (preset, graph_text) {
            (Some(_), Some(_)) => {
                return Err("the link names both a preset and a graph (g=): give one".into())
            }
            (Some(name), None) => GraphGame::from_preset(&name, play.rules, play.opponent())?,
            (None, Some(text)) => {
                let graph: Graph = text.parse().map_err(|error| format!("g: {error}"))?;
                let layout = match &at {
                    Some(text) => parse_layout(text, graph.vertex_count())?,
                    None => layout_for(&graph, None),
                };
                GraphGame {
                    graph,
                    layout,
                    preset: None,
                    moves: Vec::new(),
                    rules: play.rules,
                    opponent: play.opponent(),
                }
            }
            (None, None) => GraphGame {
                rules: play.rules,
                opponent: play.opponent(),
                ..default
            },
        };
        for (number, text) in moves
            .iter()
            .flat_map(|text| text.split('.'))
            .filter(|text| !text.is_empty())
            .enumerate()
        {
            let vertex = text.parse::<usize>().map_err(|_| {
                format!(
                    "move {}: “{}” is not a vertex number",
                    number + 1,
                    shorten(text, 12)
                )
            })?;
            game.play(vertex)
                .map_err(|why| format!("move {}: {why}", number + 1))?;
        }
        Ok(FromLink {
            game: Some(game),
            ignored,
        })
    }
}

impl super::history::MoveList for GraphGame {
    type Move = usize;
    fn moves(&self) -> &Vec<usize> {
        &self.moves
    }
    fn moves_mut(&mut self) -> &mut Vec<usize> {
        &mut self.moves
    }
    fn same_setting(&self, other: &Self) -> bool {
        self.graph == other.graph && self.rules == other.rules && self.opponent == other.opponent
    }
    fn computer_to_move(&self) -> bool {
        GraphGame::computer_to_move(self)
    }
}

/// A place on the board, in whole units (as a link writes it).
fn clamp((x, y): Spot) -> Spot {
    (
        x.round().clamp(INSET, SIZE - INSET),
        y.round().clamp(INSET, SIZE - INSET),
    )
}

/// The link's `4_0-1.1-2` as the engine's `4:0-1,1-2` (which a link may also hold).
fn engine_graph_text(value: &str) -> String {
    if value.contains(':') {
        value.to_string()
    } else {
        value.replacen('_', ":", 1).replace('.', ",")
    }
}

/// Places as `x_y` joined by `.` (or, as older links wrote them, `x.y` joined by `,`).
fn parse_layout(text: &str, vertices: usize) -> Result<Vec<Spot>, String> {
    let (between, within) = if text.contains(',') {
        (',', '.')
    } else {
        ('.', '_')
    };
    let spots: Vec<&str> = text.split(between).filter(|s| !s.is_empty()).collect();
    if spots.len() != vertices {
        return Err(format!(
            "at: {} places given for {vertices} vertices",
            spots.len()
        ));
    }
    spots
        .into_iter()
        .map(|spot| {
            let bad = || {
                format!(
                    "at: “{}” is not a place: write x_y in whole board units",
                    shorten(spot, 12)
                )
            };
            let (x, y) = spot.split_once(within).ok_or_else(bad)?;
            let coordinate = |t: &str| {
                (t.len() <= 5 && !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| t.parse::<f64>().ok())
                    .flatten()
                    .ok_or_else(bad)
            };
            Ok(clamp((coordinate(x)?, coordinate(y)?)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_game_reads_back_from_its_link() {
        let mut game = GraphGame::from_preset("petersen", Rules::Misere, Opponent::Human).unwrap();
        game.play(0).unwrap();
        let read = GraphGame::from_query(&game.to_query())
            .unwrap()
            .game
            .unwrap();
        assert_eq!(read, game);
        // An edited graph keeps its drawing in the link.
        let edited = game
            .with_vertex((100.0, 100.0))
            .unwrap()
            .with_edge_toggled(10, 3)
            .unwrap();
        assert!(
            edited.to_query().starts_with("g=11_"),
            "{}",
            edited.to_query()
        );
        let read = GraphGame::from_query(&edited.to_query())
            .unwrap()
            .game
            .unwrap();
        assert_eq!(read.graph, edited.graph);
        assert_eq!(read.layout, edited.layout);
    }

    #[wasm_bindgen_test]
    fn bad_links_say_what_is_wrong() {
        let error = |q: &str| GraphGame::from_query(q).err().unwrap();
        assert!(error("g=3:0-0").contains("itself"));
        assert!(error("g=3:0-1&at=1_1").contains("1 places given for 3 vertices"));
        // The CLI's form of a graph is read too, and escaped links are read as typed.
        let cli = GraphGame::from_query("g=3%3A0-1%2C1-2")
            .unwrap()
            .game
            .unwrap();
        assert_eq!(cli.graph.to_string(), "3:0-1,1-2");
        let link = GraphGame::from_query("g=3_0-1.1-2&at=100_100.200_200.300_300")
            .unwrap()
            .game
            .unwrap();
        assert_eq!(link.graph, cli.graph);
        assert_eq!(link.layout[1], (200.0, 200.0));
        let random = GraphGame::from_query("preset=random_20_0.2_5")
            .unwrap()
            .game
            .unwrap();
        assert_eq!(random.preset.as_deref(), Some("random:20:0.2:5"));
        assert!(random.to_query().starts_with("preset=random_20_0.2_5"));
        assert!(error("preset=grid:9x9").contains("at most 64"));
        assert!(error("preset=path:4&m=1.2").contains("move 2: vertex 2 is already removed"));
        assert!(error("preset=path:4&g=2:").contains("both"));
        let link = GraphGame::from_query("preset=path:4&pos=7").unwrap();
        assert_eq!(link.ignored, vec!["pos".to_string()]);
        assert!(link.game.is_some());
    }

    #[wasm_bindgen_test]
    fn editing_renumbers_and_restarts() {
        let game = GraphGame::from_preset("path:4", Rules::Normal, Opponent::Human).unwrap();
        let fewer = game.without_vertex(1).unwrap();
        assert_eq!(fewer.graph.to_string(), "3:1-2");
        assert_eq!(fewer.layout.len(), 3);
        let toggled = game.with_edge_toggled(1, 0).unwrap();
        assert_eq!(toggled.graph.to_string(), "4:1-2,2-3");
        assert!(toggled.preset.is_none());
    }
}
