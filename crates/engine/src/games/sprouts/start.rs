//! A game's start as people write it — in a link, a form or a lesson: a number of spots (`5`) or a
//! position in either GLOP notation (`0*5`, `0.AB|AB`, `0.0.}]!`). Written back so that it reads back
//! as the same start.
//!
//! ```
//! use sprague_engine::games::sprouts::{Position, Start};
//! let five: Start = "5".parse().unwrap();
//! assert_eq!(five, Start::Spots(5));
//! let drawn: Start = "0.AB|AB".parse().unwrap();
//! assert_eq!(drawn.to_string().parse::<Start>().unwrap(), drawn);
//! // Digits read as spots, so a position whose GLOP text is all digits is written in the 2007 notation.
//! let boundary: Position = "112.}]!".parse().unwrap();
//! assert_eq!(Start::Position(boundary.clone()).to_string(), "112.}]!");
//! ```

use super::error::ParseError;
use super::notation::Notation;
use super::position::Position;
use std::fmt;
use std::str::FromStr;

/// Digits a number of spots may have: more is read as a position (and refused as one).
const MAX_SPOT_DIGITS: usize = 3;

/// A start: some spots, or a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A number of spots, as written (possibly 0: the reader does not judge sizes).
    Spots(usize),
    Position(Position),
}

impl Start {
    /// The position it starts from.
    pub fn position(&self) -> Result<Position, ParseError> {
        match self {
            Start::Spots(spots) => Position::start(*spots),
            Start::Position(position) => Ok(position.clone()),
        }
    }
}

impl FromStr for Start {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Start, ParseError> {
        let text = text.trim();
        // "0" is GLOP's one-spot position, and how a 1-spot game is written back.
        let spots = text != "0"
            && !text.is_empty()
            && text.len() <= MAX_SPOT_DIGITS
            && text.bytes().all(|b| b.is_ascii_digit());
        if spots {
            return Ok(Start::Spots(text.parse().expect("three digits fit")));
        }
        text.parse().map(Start::Position)
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Start::Spots(spots) => write!(f, "{spots}"),
            Start::Position(position) => {
                let text = position.to_string();
                if text != "0" && text.bytes().all(|b| b.is_ascii_digit()) {
                    f.write_str(&position.to_notation(Notation::Glop2007))
                } else {
                    f.write_str(&text)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_from_up_to_four_spots_reads_back_as_itself() {
        let mut seen = std::collections::HashSet::new();
        let mut todo: Vec<Position> = (0..=4).map(|n| Position::start(n).unwrap()).collect();
        while let Some(position) = todo.pop() {
            if !seen.insert(position.clone()) {
                continue;
            }
            let written = Start::Position(position.clone()).to_string();
            let read: Start = written.parse().unwrap();
            assert_eq!(read.position().unwrap(), position, "{written}");
            todo.extend(position.children());
        }
        assert!(seen.len() > 100, "{} positions", seen.len());
    }

    #[test]
    fn digits_are_spots_except_the_one_spot_position() {
        assert_eq!("7".parse::<Start>().unwrap(), Start::Spots(7));
        assert_eq!(" 012 ".parse::<Start>().unwrap(), Start::Spots(12));
        assert_eq!(
            "0".parse::<Start>().unwrap().position().unwrap(),
            Position::start(1).unwrap()
        );
        assert_eq!(
            "5".parse::<Start>().unwrap().position().unwrap(),
            "0*5".parse().unwrap()
        );
        assert_eq!(Start::Spots(5).to_string(), "5");
        assert!(
            "1234".parse::<Start>().is_err(),
            "four digits are no position"
        );
        assert!("0.AB|X".parse::<Start>().is_err());
    }
}
