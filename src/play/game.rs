//! A game on a heap board: where it started, the moves so far, the rules and who plays. All of it lives in
//! the page's URL, so a link reopens exactly this game and the browser's back button steps through it.
//!
//! Query keys: `n` (dots in the row, or one pile), `piles` (`7.5.3`), `m` (moves: dots numbered from 1,
//! `pile-counters` splits such as `1-3`, or in Nim `pile-counters` taken such as `2-3`), `rules=misere`,
//! `vs=computer`, `first=computer`, `level=…`.

use super::board::{Board, BoardKind, BoardMove};
use super::pins::{row_playable, PinRow};
use super::play_query::{self, shorten, PlayOptions};
use crate::query;
// Re-exported: the heap pages take these from here along with `Game`.
pub use super::setup::{Level, Opponent, Rules, Side};
use super::turns;
use sprague_engine::games::heap::{DotRow, HeapGame};

/// The largest row of dots a board draws.
pub const MAX_DOTS: usize = 500;
/// The largest pile and the most piles a Grundy or Nim board draws.
pub const MAX_PILE: usize = 50;
pub const MAX_PILES: usize = 12;
/// Longest query accepted from a URL (longer ones are refused before parsing).
const MAX_QUERY: usize = 4000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub start: Board,
    pub moves: Vec<BoardMove>,
    pub rules: Rules,
    pub opponent: Opponent,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Board, rules: Rules, opponent: Opponent) -> Game {
        Game {
            start,
            moves: Vec::new(),
            rules,
            opponent,
        }
    }

    /// The default game of a page: 20 dots, one pile of 12, or Nim's piles of 3, 4 and 5, against the
    /// perfect computer.
    pub fn default_for(kind: BoardKind) -> Game {
        let start = match kind {
            BoardKind::Dots => Board::Dots(DotRow::new(20).expect("20 dots is a valid row")),
            BoardKind::Grundy => Board::Piles(vec![12]),
            BoardKind::Nim => Board::Nim(vec![3, 4, 5]),
        };
        Game::new(
            start,
            Rules::Normal,
            Opponent::Computer {
                moves_first: false,
                level: Level::Perfect,
            },
        )
    }

    pub fn kind(&self) -> BoardKind {
        self.start.kind()
    }

    /// The board after every move (the moves were checked when the game was built).
    pub fn board(&self) -> Board {
        self.board_after(self.moves.len())
    }

    /// The board after the first `count` moves.
    pub fn board_after(&self, count: usize) -> Board {
        let mut board = self.start.clone();
        for &mv in &self.moves[..count.min(self.moves.len())] {
            board.play(mv).expect("the game's moves were checked");
        }
        board
    }

    /// Plays `mv` at the end of the game, or says why not.
    pub fn play(&mut self, mv: BoardMove) -> Result<(), String> {
        self.board().play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    pub fn to_move(&self) -> Side {
        turns::side_to_move(self.moves.len())
    }

    /// Whether the side to move is the computer's (and the game is not over).
    pub fn computer_to_move(&self) -> bool {
        turns::is_computer(self.opponent, self.to_move()) && !self.board().is_over()
    }

    /// When the game is over, the winner: in normal play the last player to move, in misère play the other.
    pub fn winner(&self) -> Option<Side> {
        self.board()
            .is_over()
            .then(|| turns::winner(self.rules, self.to_move()))
    }

    /// The game as a URL query (without `?`).
    pub fn to_query(&self) -> String {
        query::write(self.to_pairs())
    }

    /// The game as the pairs of a URL query.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        match &self.start {
            Board::Dots(row) => pairs.push(("n".into(), row.len().to_string())),
            Board::Piles(piles) | Board::Nim(piles) => {
                pairs.push(("piles".into(), join(piles.iter())))
            }
            Board::Pins(row) => {
                pairs.push(("code".into(), row.game().to_string()));
                pairs.push(("n".into(), row.len().to_string()));
            }
        }
        if !self.moves.is_empty() {
            let moves = self.moves.iter().map(|mv| match *mv {
                BoardMove::Mark(dot) => (dot + 1).to_string(),
                BoardMove::Split { pile, top } => format!("{}-{}", pile + 1, top),
                BoardMove::KnockDown { start, len } => format!("{}-{}", start + 1, len),
                BoardMove::Take { pile, count } => format!("{}-{}", pile + 1, count),
            });
            pairs.push(("m".into(), join(moves)));
        }
        pairs.extend(play_query::pairs(self.rules, self.opponent));
        pairs
    }

    /// Reads a game from a URL query; `Ok(None)` when the query holds no game. Every part is checked and
    /// every move replayed, with an error that says what is wrong.
    pub fn from_query(kind: BoardKind, query: &str) -> Result<Option<Game>, String> {
        let query = query.strip_prefix('?').unwrap_or(query);
        if query.len() > MAX_QUERY {
            return Err(format!(
                "the link is too long ({} characters; at most {MAX_QUERY})",
                query.len()
            ));
        }
        let mut start = None;
        let mut code = None;
        let mut moves_text = None;
        // Unless the link says otherwise, the page's usual opponent.
        let mut play = PlayOptions::new(Rules::Normal, Game::default_for(kind).opponent);
        let mut any = false;
        let pairs = query::read(query);
        for (key, value) in &pairs {
            let (key, value) = (key.as_str(), value.as_str());
            any |= matches!(
                key,
                "n" | "piles" | "code" | "m" | "rules" | "vs" | "first" | "level"
            );
            match key {
                "n" => start = Some(parse_start(kind, value)?),
                "code" if kind == BoardKind::Dots => code = Some(parse_row_code(value)?),
                "piles" if kind != BoardKind::Dots => start = Some(parse_piles(kind, value)?),
                "m" => moves_text = Some(value),
                _ => {
                    play.read(key, value)?;
                }
            }
        }
        if !any {
            return Ok(None);
        }
        let mut start = match start {
            Some(start) => start,
            None => Game::default_for(kind).start,
        };
        if let (Some(Some(game)), Board::Dots(row)) = (code, &start) {
            start = Board::Pins(PinRow::new(game, row.len())?);
        }
        let mut game = Game::new(start, play.rules, play.opponent());
        for (number, text) in moves_text
            .into_iter()
            .flat_map(|text| text.split('.'))
            .filter(|text| !text.is_empty())
            .enumerate()
        {
            let mv = parse_move(&game.start, text)
                .map_err(|why| format!("move {}: {why}", number + 1))?;
            game.play(mv)
                .map_err(|why| format!("move {}: {why}", number + 1))?;
        }
        Ok(Some(game))
    }
}

impl super::history::MoveList for Game {
    type Move = BoardMove;
    fn moves(&self) -> &Vec<BoardMove> {
        &self.moves
    }
    fn moves_mut(&mut self) -> &mut Vec<BoardMove> {
        &mut self.moves
    }
    fn same_setting(&self, other: &Self) -> bool {
        self.start == other.start && self.rules == other.rules && self.opponent == other.opponent
    }
    fn computer_to_move(&self) -> bool {
        Game::computer_to_move(self)
    }
}

fn join(items: impl Iterator<Item = impl ToString>) -> String {
    items
        .map(|item| item.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

fn parse_number(text: &str, what: &str, max: usize) -> Result<usize, String> {
    // A long run of digits is a number, just too large: say the limit.
    if text.len() > 6 && text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "a {what} of {} is too large (at most {max})",
            shorten(text, 12)
        ));
    }
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "“{}” is not a {what}: use a whole number up to {max}",
            shorten(text, 12)
        ));
    }
    let value: usize = text
        .parse()
        .map_err(|_| format!("“{text}” is not a {what}"))?;
    if value > max {
        return Err(format!("a {what} of {value} is too large (at most {max})"));
    }
    Ok(value)
}

fn parse_start(kind: BoardKind, text: &str) -> Result<Board, String> {
    match kind {
        BoardKind::Dots => {
            let n = parse_number(text, "number of dots", MAX_DOTS)?;
            Ok(Board::Dots(DotRow::new(n).map_err(|e| e.to_string())?))
        }
        BoardKind::Grundy | BoardKind::Nim => parse_piles(kind, text),
    }
}

fn parse_piles(kind: BoardKind, text: &str) -> Result<Board, String> {
    let count = text.split('.').count();
    if count > MAX_PILES {
        return Err(format!("{count} piles are too many (at most {MAX_PILES})"));
    }
    let piles = text
        .split('.')
        .map(|pile| parse_number(pile, "pile size", MAX_PILE))
        .collect::<Result<Vec<_>, _>>()?;
    if kind == BoardKind::Nim {
        // A Nim pile is taken away when it is emptied, so none starts empty.
        if piles.contains(&0) {
            return Err(format!(
                "a pile of 0 is no pile: give each pile 1 to {MAX_PILE} counters"
            ));
        }
        return Ok(Board::Nim(piles));
    }
    Ok(Board::Piles(piles))
}

/// A row variant's code: an octal code a row of pins can show (`0.77`, `kayles`, …). The independence game
/// keeps its own board (marking dots), so `0.137` is no variant.
fn parse_row_code(text: &str) -> Result<Option<HeapGame>, String> {
    if text.len() > 40 {
        return Err("the game code is too long".into());
    }
    let game: HeapGame = text
        .parse()
        .map_err(|e| format!("“{}” is not a game code: {e}", shorten(text, 12)))?;
    if game == HeapGame::nim() {
        return Err("Nim is played on its own page, with several piles: /nim?piles=3.4.5".into());
    }
    if game.is_independence() {
        return Ok(None);
    }
    row_playable(&game)?;
    Ok(Some(game))
}

fn parse_move(start: &Board, text: &str) -> Result<BoardMove, String> {
    let pair = |first: &str, second: &str, example: &str| {
        text.split_once('-')
            .ok_or_else(|| format!("“{}” is not a move: write {example}", shorten(text, 12)))
            .and_then(|(a, b)| {
                let a = parse_number(a, first, MAX_DOTS)?;
                if a == 0 {
                    return Err(format!("{first}s are numbered from 1"));
                }
                Ok((a - 1, parse_number(b, second, MAX_DOTS)?))
            })
    };
    match start {
        Board::Dots(_) => {
            let dot = parse_number(text, "dot number", MAX_DOTS)?;
            if dot == 0 {
                return Err("dots are numbered from 1".into());
            }
            Ok(BoardMove::Mark(dot - 1))
        }
        Board::Piles(_) => {
            let (pile, top) = pair(
                "pile number",
                "number of counters",
                "pile-counters, such as 1-3",
            )?;
            Ok(BoardMove::Split { pile, top })
        }
        Board::Nim(_) => {
            let (pile, count) = pair(
                "pile number",
                "number of counters",
                "pile-counters taken, such as 2-3",
            )?;
            Ok(BoardMove::Take { pile, count })
        }
        Board::Pins(_) => {
            let (start, len) = pair(
                "pin number",
                "number of pins",
                "first pin-pins, such as 4-2",
            )?;
            Ok(BoardMove::KnockDown { start, len })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_game_survives_its_query() {
        let mut game = Game::new(
            Board::Piles(vec![9, 5]),
            Rules::Misere,
            Opponent::Computer {
                moves_first: true,
                level: Level::Strong,
            },
        );
        game.play(BoardMove::Split { pile: 0, top: 2 }).unwrap();
        game.play(BoardMove::Split { pile: 2, top: 1 }).unwrap();
        let query = game.to_query();
        assert_eq!(
            Game::from_query(BoardKind::Grundy, &query),
            Ok(Some(game.clone()))
        );
        assert_eq!(game.board().heaps(), vec![2, 7, 1, 4]);

        let mut kayles = Game::from_query(BoardKind::Dots, "code=kayles&n=9")
            .unwrap()
            .unwrap();
        kayles
            .play(BoardMove::KnockDown { start: 3, len: 2 })
            .unwrap();
        assert_eq!(kayles.board().heaps(), vec![3, 4]);
        assert_eq!(
            Game::from_query(BoardKind::Dots, &kayles.to_query()),
            Ok(Some(kayles))
        );

        let mut dots = Game::default_for(BoardKind::Dots);
        dots.play(BoardMove::Mark(0)).unwrap();
        dots.play(BoardMove::Mark(9)).unwrap();
        assert_eq!(
            Game::from_query(BoardKind::Dots, &format!("?{}", dots.to_query())),
            Ok(Some(dots))
        );
    }

    #[wasm_bindgen_test]
    fn bad_queries_say_what_is_wrong() {
        let err = |q: &str| Game::from_query(BoardKind::Dots, q).unwrap_err();
        assert!(err("n=9999").contains("too large"));
        assert!(err("n=<b>x</b>").contains("not a number of dots"));
        assert!(err("n=5&m=1.2").contains("move 2"), "dot 2 is beside dot 1");
        assert!(err("n=5&m=0").contains("from 1"));
        assert!(err("rules=sideways").contains("normal or misere"));
        assert!(err(&"n=5&m=".repeat(2000)).contains("too long"));
        assert!(Game::from_query(BoardKind::Grundy, "piles=4&m=1-2")
            .unwrap_err()
            .contains("not a legal move"));
        assert_eq!(Game::from_query(BoardKind::Dots, "heap=7"), Ok(None));
        assert!(err("code=4.07").contains("without removing"));
        assert!(err("code=0.x").contains("not a game code"));
        assert!(err("code=nim").contains("/nim?piles="));
        let nim = |q: &str| Game::from_query(BoardKind::Nim, q);
        assert!(nim("piles=3.x")
            .unwrap_err()
            .contains("“x” is not a pile size"));
        assert!(nim("piles=3.999").unwrap_err().contains("too large"));
        assert!(nim("piles=3.0").unwrap_err().contains("pile of 0"));
        assert!(nim(&format!("piles={}", "1.".repeat(20)))
            .unwrap_err()
            .contains("too many"));
        assert!(nim("piles=3.4&m=1-4").unwrap_err().contains("move 1"));
    }

    /// A link whose values a mail program or a person percent-encoded reads as the plain one.
    #[wasm_bindgen_test]
    fn a_percent_encoded_link_reads_as_the_plain_one() {
        let plain = Game::from_query(BoardKind::Nim, "piles=3.4.5&m=1-3&vs=human");
        assert!(matches!(plain, Ok(Some(_))));
        assert_eq!(
            Game::from_query(BoardKind::Nim, "piles=3%2E4%2E5&m=1%2D3&vs=hum%61n"),
            plain
        );
        let kayles = Game::from_query(BoardKind::Dots, "code=kayles&n=9");
        assert!(matches!(kayles, Ok(Some(_))));
        assert_eq!(
            Game::from_query(BoardKind::Dots, "code=%6Bayles&n=%39"),
            kayles
        );
    }

    #[wasm_bindgen_test]
    fn a_nim_game_survives_its_query() {
        let mut game = Game::from_query(BoardKind::Nim, "piles=3.4.5")
            .unwrap()
            .unwrap();
        assert_eq!(game.start, Board::Nim(vec![3, 4, 5]));
        game.play(BoardMove::Take { pile: 0, count: 3 }).unwrap();
        game.play(BoardMove::Take { pile: 1, count: 1 }).unwrap();
        assert_eq!(game.board().heaps(), vec![4, 4]);
        assert_eq!(
            game.to_query(),
            "piles=3.4.5&m=1-3.2-1&vs=computer&level=perfect"
        );
        assert_eq!(
            Game::from_query(BoardKind::Nim, &game.to_query()),
            Ok(Some(game))
        );
    }

    #[wasm_bindgen_test]
    fn the_player_who_cannot_move_loses_in_normal_play_and_wins_in_misere() {
        // 3 dots: marking the middle one ends the game at once.
        let mut game = Game::new(
            Board::Dots(DotRow::new(3).unwrap()),
            Rules::Normal,
            Opponent::Human,
        );
        game.play(BoardMove::Mark(1)).unwrap();
        assert_eq!(game.winner(), Some(Side::First));
        game.rules = Rules::Misere;
        assert_eq!(game.winner(), Some(Side::Second));
    }
}
