//! Typed errors of the drawing layer.

use thiserror::Error;

use crate::games::sprouts::ParseError;

use super::curve_rules::IllegalCurve;

/// A drawing that cannot stand for a Sprouts position (e.g. a hand-edited or corrupt stored one).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum DrawingError {
    #[error("curve #{curve} refers to spot {spot}, but there are only {spots} spots")]
    NoSuchSpot {
        curve: usize,
        spot: usize,
        spots: usize,
    },
    #[error("curve #{curve} has fewer than two points")]
    TooFewPoints { curve: usize },
    #[error("curve #{curve} does not start and end on its spots")]
    EndsOffSpot { curve: usize },
    #[error("a coordinate is not a finite number")]
    NotFinite,
    #[error("spot {spot} has {ends} curve ends (at most 3)")]
    TooManyCurveEnds { spot: usize, ends: usize },
    #[error("the drawing needs more than 26 letters in one land or region, beyond the notation")]
    TooManyLetters,
    /// A move played on a drawing it does not fit (made for another drawing): its spots are not
    /// spots of this one or lack the lives, or its curve does not start and end at them.
    #[error("the move was made for another drawing: {0}")]
    MoveNotForThisDrawing(IllegalCurve),
    #[error("the position the drawing gives was rejected by the engine: {0}")]
    Position(#[from] ParseError),
}

/// Why a position could not be laid out.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LayoutError {
    #[error("{0}")]
    Parse(#[from] ParseError),
    #[error("the constructive layout cannot build a land of this position (its regions do not nest or meet as circles and plane maps can show)")]
    NotTreeLike,
    #[error("no sequence of moves reaching this position was found within the search budget")]
    NotFound,
    #[error("a move on the way could not be drawn")]
    NoCurve,
    #[error("the layout did not reproduce the position (got {got}, wanted {wanted})")]
    Mismatch { got: String, wanted: String },
    #[error("{0}")]
    Drawing(#[from] DrawingError),
}
