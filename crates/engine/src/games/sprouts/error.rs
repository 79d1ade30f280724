//! Typed errors for malformed position strings: where (byte offset) and what went wrong.

use thiserror::Error;

/// A position string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("at byte {offset}: {kind}")]
pub struct ParseError {
    /// Byte offset in the input where the problem was found.
    pub offset: usize,
    /// What was wrong there.
    pub kind: ParseErrorKind,
}

/// What was wrong in a position string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("empty input (the empty position is written `!`)")]
    Empty,
    #[error("unexpected character {found:?}; expected {expected}")]
    Unexpected { found: char, expected: &'static str },
    #[error("unexpected end of input; expected {expected}")]
    UnexpectedEnd { expected: &'static str },
    #[error("`0` (a spot with 3 lives) is isolated, so it must be alone in its boundary")]
    SpotNotAlone,
    #[error("bad count after `0*`: {reason}")]
    BadCount { reason: &'static str },
    #[error("lowercase letter {letter:?} must occur exactly twice in its region, found {count}")]
    LowercaseCount { letter: char, count: usize },
    #[error("lowercase letter {letter:?} marks a vertex seen twice in one boundary, but its occurrences are in two boundaries")]
    LowercaseTwoBoundaries { letter: char },
    #[error("uppercase letter {letter:?} must occur exactly twice in its land, found {count}")]
    UppercaseCount { letter: char, count: usize },
    #[error("uppercase letter {letter:?} marks a vertex shared by two regions, but both occurrences are in one region")]
    UppercaseSameRegion { letter: char },
    #[error("lowercase letters {first:?} and {second:?} interleave in one boundary ({first}…{second}…{first}…{second}): a boundary of a drawing on the plane cannot pass its vertices in that order")]
    LowercaseCrossing { first: char, second: char },
    #[error("the position has {lives} lives; at most {max} are supported")]
    TooLarge { lives: usize, max: usize },
}
