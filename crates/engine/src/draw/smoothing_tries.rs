//! The order in which a routed mesh path is smoothed into curves to try, smoothest first.
//!
//! A mesh path zigzags. Most curves pass with the path pulled tight with the roomiest clearance and
//! rounded well; where that touches something, plainer versions are tried (less clearance, fewer
//! rounds of corner cutting), and last the raw path itself (simplified, then not even that). The
//! router checks each try as a freehand curve, so the order only decides which legal curve is kept,
//! never whether a wrong one is.

use super::geometry::{chaikin, resample, simplify, Point};
use super::smooth::{pull_tight, Obstacles};

/// Clearances from the drawing that a routed path is pulled tight with, roomiest first.
const PULL_CLEARANCES: [f64; 3] = [20.0, 12.0, 6.0];

/// Spacing the raw path is resampled to before it is pulled tight, and a pulled path after it is
/// rounded (corner cutting bunches points at corners; even spacing keeps the legality check fair).
const PULL_SPACING: f64 = 6.0;

/// What a try starts from.
#[derive(Clone, Copy, Debug)]
enum Base {
    /// The path pulled tight with clearance `PULL_CLEARANCES[clearance]`, resampled at `resample`
    /// before rounding (long steps: calm curves; none: exactly as pulled).
    Pulled {
        clearance: usize,
        resample: Option<f64>,
    },
    /// The raw mesh path, simplified with tolerance `simplify` before rounding, and its points
    /// spaced `spacing` apart after.
    Raw {
        simplify: Option<f64>,
        spacing: Option<f64>,
    },
}

/// One smoothing of the mesh path: its base, then `rounds` rounds of corner cutting (Chaikin).
#[derive(Clone, Copy, Debug)]
pub(super) struct SmoothingTry {
    base: Base,
    rounds: usize,
}

const fn pulled(clearance: usize, resample: Option<f64>, rounds: usize) -> SmoothingTry {
    SmoothingTry {
        base: Base::Pulled {
            clearance,
            resample,
        },
        rounds,
    }
}

const fn raw(simplify: Option<f64>, rounds: usize, spacing: Option<f64>) -> SmoothingTry {
    SmoothingTry {
        base: Base::Raw { simplify, spacing },
        rounds,
    }
}

/// The tries, in order: each pulled clearance rounded (coarse steps and more rounds first), then
/// pulled but not rounded, then the raw path rounded less and less.
pub(super) const SMOOTHING_TRIES: [SmoothingTry; 13] = [
    pulled(0, Some(48.0), 5),
    pulled(0, Some(28.0), 4),
    pulled(1, Some(28.0), 4),
    pulled(1, Some(10.0), 3),
    pulled(2, Some(28.0), 4),
    pulled(2, Some(10.0), 3),
    pulled(1, None, 0),
    pulled(2, None, 0),
    raw(Some(8.0), 4, Some(8.0)),
    raw(Some(3.0), 3, Some(8.0)),
    raw(None, 3, Some(6.0)),
    raw(None, 1, None),
    raw(None, 0, None),
];

impl SmoothingTry {
    /// True when the try pulls the path tight (not for an empty loop: it would shrink to nothing
    /// round its spot).
    pub(super) fn pulls(&self) -> bool {
        matches!(self.base, Base::Pulled { .. })
    }

    /// The curve this try makes of the mesh path `paths` holds.
    pub(super) fn shape(&self, paths: &mut PulledPaths) -> Vec<Point> {
        let mut smooth = match self.base {
            Base::Pulled {
                clearance,
                resample: step,
            } => {
                let tight = paths.pulled(clearance);
                match step {
                    Some(step) => resample(tight, step),
                    None => tight.to_vec(),
                }
            }
            Base::Raw { simplify: tol, .. } => match tol {
                Some(tol) => simplify(paths.line, tol),
                None => paths.line.to_vec(),
            },
        };
        for _ in 0..self.rounds {
            smooth = chaikin(&smooth);
        }
        match self.base {
            Base::Pulled { .. } if self.rounds > 0 => resample(&smooth, PULL_SPACING),
            Base::Raw {
                spacing: Some(spacing),
                ..
            } => resample(&smooth, spacing),
            _ => smooth,
        }
    }
}

/// A mesh path and the versions of it pulled tight, each made once, when first asked for (pulling
/// is the costly part, and most curves pass the first try).
pub(super) struct PulledPaths<'a> {
    line: &'a [Point],
    obstacles: &'a Obstacles,
    pulled: [Option<Vec<Point>>; PULL_CLEARANCES.len()],
}

impl<'a> PulledPaths<'a> {
    pub(super) fn new(line: &'a [Point], obstacles: &'a Obstacles) -> Self {
        PulledPaths {
            line,
            obstacles,
            pulled: Default::default(),
        }
    }

    /// The path pulled tight with clearance `PULL_CLEARANCES[k]`.
    fn pulled(&mut self, k: usize) -> &[Point] {
        let (line, obstacles) = (self.line, self.obstacles);
        self.pulled[k].get_or_insert_with(|| {
            pull_tight(&resample(line, PULL_SPACING), obstacles, PULL_CLEARANCES[k])
        })
    }

    /// The path pulled tight with the least clearance (where the elastic band starts from).
    pub(super) fn tightest(&mut self) -> &[Point] {
        self.pulled(PULL_CLEARANCES.len() - 1)
    }
}
