//! A game of Sprouts: the start, the positions reached move after move, the rules and who plays. All of
//! it lives in the URL (`start=0*5&line=…&rules=misere&vs=computer…`), positions written in canonical form
//! and joined by `~`, so a link reopens the same game however the engine numbers children.

use super::history::MoveList;
use super::play_query::{self, shorten, PlayOptions};
use super::setup::{Level, Opponent, Rules, Side};
use super::turns;
use sprague_engine::games::sprouts::{Position, Start};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Most spots of a start (the engine's notation allows 33; beyond 30 nothing can be solved anyway).
pub const MAX_SPOTS: usize = 30;
/// How long the computer thinks by default, and the longest a link may ask for (seconds).
pub const DEFAULT_THINK_SECONDS: u32 = 20;
pub const MAX_THINK_SECONDS: u32 = 120;
/// Longest query accepted from a URL.
const MAX_QUERY: usize = 12_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SproutsGame {
    pub start: Position,
    /// The position after each move, in order.
    pub line: Vec<Position>,
    pub rules: Rules,
    pub opponent: Opponent,
    /// How long the computer may think per move, in seconds (URL key `think`).
    pub think_seconds: u32,
}

impl SproutsGame {
    pub fn new(start: Position, rules: Rules, opponent: Opponent) -> SproutsGame {
        SproutsGame {
            start,
            line: Vec::new(),
            rules,
            opponent,
            think_seconds: DEFAULT_THINK_SECONDS,
        }
    }

    /// Five spots against the perfect computer, you first.
    pub fn default_game() -> SproutsGame {
        SproutsGame::new(
            Position::start(5).expect("5 spots is a valid start"),
            Rules::Normal,
            Opponent::Computer {
                moves_first: false,
                level: Level::Perfect,
            },
        )
    }

    pub fn current(&self) -> &Position {
        self.line.last().unwrap_or(&self.start)
    }

    /// The moves from the current position (the positions they lead to).
    pub fn moves(&self) -> Rc<Vec<Position>> {
        children_of(self.current())
    }

    /// Moves to `child`, or says why it is not a move from the current position.
    pub fn play(&mut self, child: Position) -> Result<(), String> {
        if !self.moves().contains(&child) {
            return Err(format!("{child} is not a move from {}", self.current()));
        }
        self.line.push(child);
        Ok(())
    }

    pub fn to_move(&self) -> Side {
        turns::side_to_move(self.line.len())
    }

    pub fn is_over(&self) -> bool {
        self.current().is_terminal()
    }

    pub fn computer_to_move(&self) -> bool {
        turns::is_computer(self.opponent, self.to_move()) && !self.is_over()
    }

    /// When the game is over: in normal play the last player to move wins, in misère play loses.
    pub fn winner(&self) -> Option<Side> {
        self.is_over()
            .then(|| turns::winner(self.rules, self.to_move()))
    }

    /// The game as query pairs (to be URL-encoded by the router).
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut pairs = vec![("start".to_string(), start_text(&self.start))];
        if !self.line.is_empty() {
            let line: Vec<String> = self.line.iter().map(|p| p.to_string()).collect();
            pairs.push(("line".into(), line.join("~")));
        }
        pairs.extend(play_query::pairs(self.rules, self.opponent));
        if self.think_seconds != DEFAULT_THINK_SECONDS {
            pairs.push(("think".into(), self.think_seconds.to_string()));
        }
        pairs
    }

    /// Reads a game from decoded query pairs; `Ok(None)` when they hold no game. The start may be a number
    /// of spots or a position in either notation; every move of the line is checked.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<Option<SproutsGame>, String> {
        let size: usize = pairs.iter().map(|(k, v)| k.len() + v.len() + 2).sum();
        if size > MAX_QUERY {
            return Err(format!(
                "the link is too long ({size} characters; at most {MAX_QUERY})"
            ));
        }
        let mut game = SproutsGame::default_game();
        let mut line = None;
        let mut any = false;
        let mut play = PlayOptions::new(game.rules, game.opponent);
        for (key, value) in pairs {
            any |= matches!(
                key.as_str(),
                "start" | "pos" | "line" | "rules" | "vs" | "first" | "level" | "think"
            );
            match key.as_str() {
                // `pos` as on the teaching pages; `start` as older links wrote it.
                "start" | "pos" => game.start = parse_start(value)?,
                "line" => line = Some(value.as_str()),
                "think" => game.think_seconds = parse_think(value)?,
                _ => {
                    play.read(key, value)?;
                }
            }
        }
        if !any {
            return Ok(None);
        }
        (game.rules, game.opponent) = (play.rules, play.opponent());
        for (number, text) in line.into_iter().flat_map(|l| l.split('~')).enumerate() {
            let child: Position = text
                .parse()
                .map_err(|error| format!("move {}: {error}", number + 1))?;
            game.play(child)
                .map_err(|why| format!("move {}: {why}", number + 1))?;
        }
        Ok(Some(game))
    }
}

/// The computer's thinking time from a link: whole seconds, 1 to [`MAX_THINK_SECONDS`].
fn parse_think(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(seconds) if (1..=MAX_THINK_SECONDS).contains(&seconds) => Ok(seconds),
        _ => Err(format!(
            "“{}” is not a thinking time (whole seconds, 1 to {MAX_THINK_SECONDS})",
            shorten(text, 12)
        )),
    }
}

/// Positions whose children were listed lately, with them: the page lists the current position's moves,
/// checks a move against them, and replays the whole line whenever the URL changes — each listing is
/// worth keeping (a large position's takes a good fraction of a second).
const KEPT_CHILDREN: usize = 256;

thread_local! {
    static CHILDREN: RefCell<HashMap<Position, Rc<Vec<Position>>>> = RefCell::new(HashMap::new());
}

/// The children of `position` (distinct, canonical), listed once and kept a while.
pub fn children_of(position: &Position) -> Rc<Vec<Position>> {
    if let Some(children) = CHILDREN.with(|kept| kept.borrow().get(position).cloned()) {
        return children;
    }
    let children = Rc::new(position.children());
    CHILDREN.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() >= KEPT_CHILDREN {
            kept.clear();
        }
        kept.insert(position.clone(), children.clone());
    });
    children
}

/// A start: `5` (spots) or a position string (the engine's [`Start`]), within the app's sizes.
pub fn parse_start(text: &str) -> Result<Position, String> {
    let text = text.trim();
    let not_a_position =
        |error| format!("“{}” is not a Sprouts position: {error}", shorten(text, 24));
    match text.parse::<Start>().map_err(not_a_position)? {
        Start::Spots(spots) if spots == 0 || spots > MAX_SPOTS => {
            Err(format!("{spots} spots: choose 1 to {MAX_SPOTS}"))
        }
        start @ Start::Spots(_) => start.position().map_err(|error| error.to_string()),
        Start::Position(position) if position.lives() as usize > 3 * MAX_SPOTS => Err(format!(
            "the position has {} lives; at most {} are accepted",
            position.lives(),
            3 * MAX_SPOTS
        )),
        Start::Position(position) => Ok(position),
    }
}

/// The start as a link writes it, so that `parse_start` reads it back (the engine's [`Start`]).
fn start_text(start: &Position) -> String {
    Start::Position(start.clone()).to_string()
}

/// Undo and redo as on the other boards (`play::history`): a Sprouts move is the position it leads to.
impl MoveList for SproutsGame {
    type Move = Position;
    fn moves(&self) -> &Vec<Position> {
        &self.line
    }
    fn moves_mut(&mut self) -> &mut Vec<Position> {
        &mut self.line
    }
    fn same_setting(&self, other: &SproutsGame) -> bool {
        self.start == other.start && self.rules == other.rules && self.opponent == other.opponent
    }
    fn computer_to_move(&self) -> bool {
        SproutsGame::computer_to_move(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::history::{redo_target, undo_target};
    use wasm_bindgen_test::wasm_bindgen_test;

    fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
        query
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[wasm_bindgen_test]
    fn a_one_spot_game_reads_back_from_its_link() {
        for start in ["1", "01"] {
            let game = SproutsGame::from_pairs(&pairs(&[("start", start)]))
                .unwrap()
                .unwrap();
            assert_eq!(game.start.lives(), 3, "one spot has 3 lives");
            let written = game.to_pairs();
            assert_eq!(
                SproutsGame::from_pairs(&written),
                Ok(Some(game)),
                "{written:?}"
            );
        }
        assert!(parse_start("00").is_err(), "no spots");
    }

    #[wasm_bindgen_test]
    fn a_start_written_in_digits_reads_back_as_that_position_not_a_number_of_spots() {
        // "112" is a boundary of three vertices (one with one line, two with two); read from a link as
        // a position, it must be written back in a form not taken for 112 spots.
        for start in ["112", "12", "2"] {
            let position: Position = start.parse().unwrap();
            let game = SproutsGame::new(position, Rules::Normal, Opponent::Human);
            let written = game.to_pairs();
            assert_eq!(
                SproutsGame::from_pairs(&written),
                Ok(Some(game)),
                "{written:?}"
            );
        }
    }

    #[wasm_bindgen_test]
    fn undo_and_redo_walk_the_line_by_whole_turns() {
        let computer = Opponent::Computer {
            moves_first: false,
            level: Level::Perfect,
        };
        let mut game = SproutsGame::new(Position::start(4).unwrap(), Rules::Normal, computer);
        for _ in 0..4 {
            let next = game.current().children()[0].clone();
            game.play(next).unwrap();
        }
        // Against the computer one undo takes back your move and its reply.
        let back = undo_target(&game).unwrap();
        assert_eq!(back.line.len(), 2);
        assert_eq!(undo_target(&back).unwrap().line.len(), 0);
        assert!(undo_target(&undo_target(&back).unwrap()).is_none());
        // Redo plays them again, as they were.
        let again = redo_target(&back, &game).unwrap();
        assert_eq!(again, game);
        assert!(redo_target(&game, &game).is_none());
        // A different line is not redone.
        let mut other = back.clone();
        let different = other.current().children()[1].clone();
        other.play(different).unwrap();
        assert!(redo_target(&other, &game).is_none());
        // Between friends, one move at a time.
        let friends = SproutsGame {
            opponent: Opponent::Human,
            ..game.clone()
        };
        assert_eq!(undo_target(&friends).unwrap().line.len(), 3);
    }

    #[wasm_bindgen_test]
    fn a_game_survives_its_pairs_and_bad_lines_are_refused() {
        let mut game =
            SproutsGame::new(Position::start(3).unwrap(), Rules::Misere, Opponent::Human);
        let first = game.current().children()[0].clone();
        game.play(first).unwrap();
        let second = game.current().children()[1].clone();
        game.play(second).unwrap();
        assert_eq!(
            SproutsGame::from_pairs(&game.to_pairs()),
            Ok(Some(game.clone()))
        );

        // A position that is not a child of the start.
        let err = SproutsGame::from_pairs(&pairs(&[("start", "2"), ("line", "0*5")])).unwrap_err();
        assert!(
            err.contains("move 1") && err.contains("not a move"),
            "{err}"
        );
        let err = SproutsGame::from_pairs(&pairs(&[("start", "0.AB|X")])).unwrap_err();
        assert!(err.contains("not a Sprouts position"), "{err}");
        let same = SproutsGame::from_pairs(&pairs(&[("pos", "0*6")]))
            .unwrap()
            .unwrap();
        assert_eq!(
            same,
            SproutsGame::from_pairs(&pairs(&[("start", "6")]))
                .unwrap()
                .unwrap()
        );
        let err = SproutsGame::from_pairs(&pairs(&[("start", "99")])).unwrap_err();
        assert!(err.contains("choose 1 to"), "{err}");
        assert_eq!(SproutsGame::from_pairs(&pairs(&[("heap", "3")])), Ok(None));
    }

    #[wasm_bindgen_test]
    fn one_spot_ends_after_two_moves() {
        // 1 spot: a loop (the only move) leaves two spots with one life each apart: one more move.
        let mut game =
            SproutsGame::new(Position::start(1).unwrap(), Rules::Normal, Opponent::Human);
        let mut moves = 0;
        while !game.is_over() {
            let child = game.current().children()[0].clone();
            game.play(child).unwrap();
            moves += 1;
        }
        assert_eq!(moves, 2);
        assert_eq!(game.winner(), Some(Side::Second));
    }
}
