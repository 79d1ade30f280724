//! What a freehand curve must be to be a legal move: the tolerances it is held to, the bound on its
//! size, and the reasons it fails ([`IllegalCurve`]). The check itself is `legality`'s; the errors
//! of whole drawings (`error`) carry an [`IllegalCurve`] too, so it sits below both.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::geometry::Point;

/// A curve end within this distance of a spot snaps to it.
pub const SNAP_RADIUS: f64 = 18.0;
/// A curve passing closer than this to a spot passes through it.
pub const SPOT_CLEARANCE: f64 = 3.0;
/// Shortest legal curve.
pub const MIN_LENGTH: f64 = 6.0;
/// Most points a freehand curve may have.
pub const MAX_POINTS: usize = 20_000;

/// Why a freehand curve is not a legal move.
#[derive(Debug, Clone, PartialEq, Error, Serialize, Deserialize)]
pub enum IllegalCurve {
    #[error("the curve is too short")]
    TooShort,
    #[error("the curve has too many points (at most {MAX_POINTS})")]
    TooManyPoints,
    #[error("a coordinate is not a finite number")]
    NotFinite,
    #[error("the curve does not start on a spot")]
    StartsOffSpot,
    #[error("the curve does not end on a spot")]
    EndsOffSpot,
    #[error("spot {spot} has no lives left")]
    NoLivesLeft { spot: usize },
    #[error("a loop needs 2 lives at its spot; spot {spot} has {lives}")]
    LoopNeedsTwoLives { spot: usize, lives: u8 },
    /// `at`: the first point, along the new curve, where it meets curve `curve`.
    #[error("the curve crosses curve #{curve}")]
    CrossesCurve { curve: usize, at: Point },
    #[error("the curve crosses itself")]
    CrossesItself,
    #[error("the curve passes through spot {spot}")]
    PassesThroughSpot { spot: usize },
    #[error("the drawing itself is invalid")]
    InvalidDrawing,
}
