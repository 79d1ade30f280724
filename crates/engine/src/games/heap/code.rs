//! Heap-game codes: octal and hexadecimal codes (`0.137`, `4.7`, `0.F`) and the parts of CGSuite's code
//! language that matter here (`4!.0`, the `!`, `?`, `=` modifiers, a repeating tail `0.[3]`), with the
//! named aliases. Parsing is `FromStr`, printing the canonical code is `Display`.

use super::digit::{Digit, SplitRule};
use super::named_games::{named_game, NamedGame, NAMED_GAMES};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Longest code text accepted; real codes are a few characters.
const MAX_CODE_LEN: usize = 256;

/// A heap game given by its code `d0.d1d2d3…`: digit `d_k` says what removing `k` tokens from one heap may
/// leave (bit `2^j`: exactly `j` non-empty heaps). An optional repeating tail gives `d_k` for every `k` past
/// the written digits, as in `0.[3]` (Nim).
///
/// Values are kept canonical (no trailing zero digits, shortest tail) so equal games compare equal.
///
/// ```
/// use sprague_engine::games::heap::HeapGame;
/// use sprague_engine::solve::heap::NimSequence;
/// // Kayles (0.77): its nim values are OEIS A002186, 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, ...
/// let kayles: HeapGame = "0.77".parse().unwrap();
/// let values = NimSequence::compute(&kayles, 12).unwrap();
/// assert_eq!(values.values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// // Nim (take any number from one heap): a repeating tail of 3s; a heap of n is worth n.
/// let nim: HeapGame = "0.[3]".parse().unwrap();
/// assert_eq!(nim, HeapGame::nim());
/// assert_eq!(NimSequence::compute(&nim, 6).unwrap().values(), [0, 1, 2, 3, 4, 5]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HeapGame {
    /// `digits[k]` is `d_k`; `digits[0]` (d0, splitting without removing) is always present.
    digits: Vec<Digit>,
    /// Digits repeated forever after `digits`; empty for an ordinary finite code.
    tail: Vec<Digit>,
}

/// Why a code could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeErrorKind {
    #[error("the code is empty")]
    Empty,
    #[error("the code is longer than {MAX_CODE_LEN} characters")]
    TooLong,
    #[error("expected a digit 0-9 or A-F, found `{0}`")]
    ExpectedDigit(char),
    #[error("expected `.` after the first digit, found `{0}`")]
    ExpectedPoint(char),
    #[error("the repeating tail `[…]` is not closed")]
    UnclosedTail,
    #[error("the repeating tail `[]` is empty")]
    EmptyTail,
    #[error("nothing may follow the repeating tail, found `{0}`")]
    AfterTail(char),
    #[error("the first digit may only split (4, 8 or C): removing no tokens cannot leave 0 heaps or 1 heap")]
    BadFirstDigit,
    #[error("modifier `{0}` needs a digit that leaves two or more heaps (4-F)")]
    ModifierWithoutSplit(char),
    #[error("a digit is missing at the end")]
    MissingDigit,
}

/// A malformed code: where (0-based character index into the input) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad heap-game code {} at character {}: {kind}", quote_around(input, *position), .position + 1)]
pub struct CodeError {
    pub input: String,
    pub position: usize,
    pub kind: CodeErrorKind,
}

/// Characters of a long input quoted on each side of the place an error points at.
const QUOTE_SIDE: usize = 20;

/// The input in backticks, or for a long one a window around character `at` (a 10,000-character
/// code is not echoed whole on one line).
fn quote_around(input: &str, at: usize) -> String {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() <= 2 * QUOTE_SIDE {
        return format!("`{input}`");
    }
    let from = at.saturating_sub(QUOTE_SIDE).min(chars.len());
    let to = (at + QUOTE_SIDE).min(chars.len());
    let window: String = chars[from..to].iter().collect();
    let before = if from > 0 { "…" } else { "" };
    let after = if to < chars.len() { "…" } else { "" };
    format!("`{before}{window}{after}` ({} characters)", chars.len())
}

impl HeapGame {
    /// Nim: take any number from one heap (`0.[3]`).
    pub fn nim() -> Self {
        "0.[3]".parse().expect("alias code is valid")
    }
    /// Kayles (`0.77`).
    pub fn kayles() -> Self {
        "0.77".parse().expect("alias code is valid")
    }
    /// Dawson's Kayles (`0.07`).
    pub fn dawson() -> Self {
        "0.07".parse().expect("alias code is valid")
    }
    /// The independence game, Dawson's Kayles shifted by one (`0.137`): a row of dots.
    pub fn independence() -> Self {
        "0.137".parse().expect("alias code is valid")
    }
    /// Grundy's game: split a heap into two unequal non-empty heaps (`4!.0`).
    pub fn grundy() -> Self {
        "4!.0".parse().expect("alias code is valid")
    }
    /// Officers (`0.6`).
    pub fn officers() -> Self {
        "0.6".parse().expect("alias code is valid")
    }

    /// Build from digits (index = tokens removed) and a repeating tail, checking and canonicalising them.
    pub fn from_digits(digits: Vec<Digit>, tail: Vec<Digit>) -> Result<Self, CodeErrorKind> {
        let d0 = digits.first().copied().unwrap_or_default();
        if d0.bits & 0b11 != 0 {
            return Err(CodeErrorKind::BadFirstDigit);
        }
        let mut game = HeapGame {
            digits: if digits.is_empty() {
                vec![Digit::default()]
            } else {
                digits
            },
            tail,
        };
        game.canonicalise();
        Ok(game)
    }

    fn canonicalise(&mut self) {
        if self.tail.iter().all(|d| d.is_zero()) {
            self.tail.clear();
        }
        // Shortest repeating unit of the tail.
        let len = self.tail.len();
        if let Some(p) = (1..len)
            .find(|&p| len.is_multiple_of(p) && (p..len).all(|i| self.tail[i] == self.tail[i - p]))
        {
            self.tail.truncate(p);
        }
        // Roll written digits that equal the tail's last digit into the tail: 0.3[3] = 0.[3].
        while !self.tail.is_empty()
            && self.digits.len() > 1
            && self.digits.last() == self.tail.last()
        {
            self.digits.pop();
            self.tail.rotate_right(1);
        }
        if self.tail.is_empty() {
            while self.digits.len() > 1 && self.digits.last().is_some_and(|d| d.is_zero()) {
                self.digits.pop();
            }
        }
    }

    /// The digit `d_k`: what removing `k` tokens may leave.
    pub fn digit(&self, k: usize) -> Digit {
        if k < self.digits.len() {
            self.digits[k]
        } else if self.tail.is_empty() {
            Digit::default()
        } else {
            self.tail[(k - self.digits.len()) % self.tail.len()]
        }
    }

    /// The written digits `d0, d1, …` (without the tail).
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The repeating tail (empty for a finite code).
    pub fn tail(&self) -> &[Digit] {
        &self.tail
    }

    /// True when the code has finitely many non-zero digits.
    pub fn is_finite(&self) -> bool {
        self.tail.is_empty()
    }

    /// Index of the last non-zero digit of a finite code (`None` with a repeating tail or no moves at all).
    pub fn last_nonzero_index(&self) -> Option<usize> {
        if !self.is_finite() {
            return None;
        }
        self.digits.iter().rposition(|d| !d.is_zero())
    }

    /// The largest number of heaps a single move can leave (0 to 3).
    pub fn max_heaps_left(&self) -> u32 {
        self.digits
            .iter()
            .chain(&self.tail)
            .map(|d| d.max_heaps())
            .max()
            .unwrap_or(0)
    }

    /// True when some digit carries a `!`, `?` or `=` modifier.
    pub fn has_modifiers(&self) -> bool {
        self.digits
            .iter()
            .chain(&self.tail)
            .any(|d| d.rule != SplitRule::Any)
    }

    /// This game's entry among the named games, if it has one.
    pub fn named(&self) -> Option<&'static NamedGame> {
        let code = self.to_string();
        NAMED_GAMES.iter().find(|game| game.code == code)
    }

    /// The name of this game, if it is one of the named games.
    pub fn alias(&self) -> Option<&'static str> {
        self.named().map(|game| game.name)
    }

    /// True for `0.137`, whose heaps are rows of dots.
    pub fn is_independence(&self) -> bool {
        static INDEPENDENCE: std::sync::LazyLock<HeapGame> =
            std::sync::LazyLock::new(HeapGame::independence);
        *self == *INDEPENDENCE
    }

    /// True for Grundy's game `4!.0`, whose heaps are piles split in two.
    pub fn is_grundy(&self) -> bool {
        static GRUNDY: std::sync::LazyLock<HeapGame> = std::sync::LazyLock::new(HeapGame::grundy);
        *self == *GRUNDY
    }
}

impl fmt::Display for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        if !self.tail.is_empty() {
            f.write_str("[")?;
            for d in &self.tail {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        } else if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        Ok(())
    }
}

impl FromStr for HeapGame {
    type Err = CodeError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let error = |position: usize, kind: CodeErrorKind| CodeError {
            input: input.to_string(),
            position,
            kind,
        };
        let text = input.trim();
        let offset = input.len() - input.trim_start().len();
        if text.is_empty() {
            return Err(error(0, CodeErrorKind::Empty));
        }
        if text.chars().count() > MAX_CODE_LEN {
            return Err(error(0, CodeErrorKind::TooLong));
        }
        if let Some(game) = named_game(text) {
            return game.code.parse();
        }
        let chars: Vec<(usize, char)> = text.char_indices().map(|(i, c)| (i + offset, c)).collect();
        let mut parser = CodeParser {
            chars: &chars,
            at: 0,
            end: input.len(),
        };
        let game = parser
            .parse()
            .map_err(|(position, kind)| error(position, kind))?;
        // The limit holds for the code as printed too (`.777…` prints as `0.777…`, one longer), so
        // every code read prints as one that reads back.
        if game.to_string().chars().count() > MAX_CODE_LEN {
            return Err(error(0, CodeErrorKind::TooLong));
        }
        Ok(game)
    }
}

impl TryFrom<String> for HeapGame {
    type Error = CodeError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<HeapGame> for String {
    fn from(game: HeapGame) -> Self {
        game.to_string()
    }
}

/// A small hand-written recursive-descent reader over the code's characters.
struct CodeParser<'a> {
    chars: &'a [(usize, char)],
    at: usize,
    end: usize,
}

type ParseResult<T> = Result<T, (usize, CodeErrorKind)>;

impl CodeParser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    fn position(&self) -> usize {
        self.chars.get(self.at).map_or(self.end, |&(i, _)| i)
    }

    fn parse(&mut self) -> ParseResult<HeapGame> {
        let start = self.position();
        let mut digits = Vec::new();
        if self.peek() != Some('.') {
            digits.push(self.digit()?);
        } else {
            digits.push(Digit::default());
        }
        match self.peek() {
            Some('.') => self.at += 1,
            Some(c) => return Err((self.position(), CodeErrorKind::ExpectedPoint(c))),
            None => {}
        }
        let mut tail = Vec::new();
        while let Some(c) = self.peek() {
            if c == '[' {
                tail = self.tail()?;
                break;
            }
            digits.push(self.digit()?);
        }
        if let Some(c) = self.peek() {
            return Err((self.position(), CodeErrorKind::AfterTail(c)));
        }
        HeapGame::from_digits(digits, tail).map_err(|kind| (start, kind))
    }

    fn tail(&mut self) -> ParseResult<Vec<Digit>> {
        let open = self.position();
        self.at += 1;
        let mut tail = Vec::new();
        loop {
            match self.peek() {
                Some(']') => {
                    self.at += 1;
                    break;
                }
                Some(_) => tail.push(self.digit()?),
                None => return Err((open, CodeErrorKind::UnclosedTail)),
            }
        }
        if tail.is_empty() {
            return Err((open, CodeErrorKind::EmptyTail));
        }
        Ok(tail)
    }

    fn digit(&mut self) -> ParseResult<Digit> {
        let position = self.position();
        let c = self.peek().ok_or((position, CodeErrorKind::MissingDigit))?;
        let bits = c
            .to_digit(16)
            .ok_or((position, CodeErrorKind::ExpectedDigit(c)))? as u8;
        self.at += 1;
        let rule = match self.peek() {
            Some('!') => SplitRule::AllDifferent,
            Some('?') => SplitRule::NotAllEqual,
            Some('=') => SplitRule::AllEqual,
            _ => SplitRule::Any,
        };
        if rule != SplitRule::Any {
            if bits & 0b1100 == 0 {
                return Err((
                    self.position(),
                    CodeErrorKind::ModifierWithoutSplit(rule.symbol()),
                ));
            }
            self.at += 1;
        }
        Ok(Digit { bits, rule })
    }
}
