//! Position → drawing from the position string alone.
//!
//! Each land is built directly from its regions (`layout_plan`, `layout_geometry`): boundaries become
//! circles and bridges carrying the live vertices, nested as the regions nest, with dead junctions
//! and dead pockets that reduction removes. Regions that meet in a cycle (three regions around a dead
//! junction, as in `AB|AC|BC`) are drawn as a small plane map instead (`layout_tangle`), tried at a
//! few sizes and both ways round until it reads back right without crossings. A land that still
//! cannot be built falls back to replaying a game found by search (`layout_search`; no land of the
//! test sets needs it). Several lands each get a cell of the box fenced by a dead ring (two spots
//! joined by three curves, no lives left), which keeps their regions apart and vanishes in reduction.
//!
//! Every layout is read back through its planar map and compared with the target before it is
//! returned ([`LayoutError::Mismatch`] otherwise).

use crate::games::sprouts::{Land, Position};

use super::drawing::{Drawing, HEIGHT, WIDTH};
use super::error::LayoutError;
use super::layout_check::crossing_free;
use super::layout_geometry::{draw_plan, TangleStyle};
use super::layout_plan::Plan;
use super::layout_search::{fence, land_drawing, place};

/// Largest distance in pixels between neighbouring things on a circle (small positions are not
/// blown up to fill the box).
const MAX_UNIT: f64 = 70.0;
/// Margin kept free along the box or a land's cell.
const MARGIN: f64 = 0.05;

/// The ways a tangled land's map is tried, in order.
const TANGLE_STYLES: [TangleStyle; 8] = [
    TangleStyle {
        spread: 1.0,
        mirror: false,
        tight: false,
    },
    TangleStyle {
        spread: 1.0,
        mirror: true,
        tight: false,
    },
    TangleStyle {
        spread: 1.8,
        mirror: false,
        tight: false,
    },
    TangleStyle {
        spread: 1.8,
        mirror: true,
        tight: false,
    },
    TangleStyle {
        spread: 3.2,
        mirror: false,
        tight: false,
    },
    TangleStyle {
        spread: 3.2,
        mirror: true,
        tight: false,
    },
    TangleStyle {
        spread: 6.0,
        mirror: false,
        tight: false,
    },
    TangleStyle {
        spread: 6.0,
        mirror: true,
        tight: false,
    },
];

/// How a land may be drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    /// Built from its regions, else searched for.
    Any,
    /// Built from its regions only.
    Constructive,
}

impl Drawing {
    /// A drawing of a position string (either notation), from scratch: [`Drawing::layout`] after
    /// parsing, with parse errors reported as [`LayoutError::Parse`].
    pub fn layout_text(position: &str) -> Result<Drawing, LayoutError> {
        Drawing::layout(&position.parse()?)
    }

    /// A drawing of `target`, from scratch. See the module notes.
    pub fn layout(target: &Position) -> Result<Drawing, LayoutError> {
        layout_with(target, Method::Any)
    }

    /// The layout built from the regions alone, without the search fallback:
    /// [`LayoutError::NotTreeLike`] for a land it cannot build.
    pub fn layout_constructive(target: &Position) -> Result<Drawing, LayoutError> {
        layout_with(target, Method::Constructive)
    }
}

fn layout_with(target: &Position, method: Method) -> Result<Drawing, LayoutError> {
    let lands = target.lands();
    let drawing = match lands.len() {
        0 => Drawing::default(),
        1 => land_in(&lands[0], 0.0, 0.0, WIDTH, HEIGHT, method)?,
        k => {
            let columns = (1..=k).find(|c| c * c >= k).unwrap_or(k);
            let rows = k.div_ceil(columns);
            let (w, h) = (WIDTH / columns as f64, HEIGHT / rows as f64);
            let mut out = Drawing::default();
            for (i, land) in lands.iter().enumerate() {
                let (x0, y0) = ((i % columns) as f64 * w, (i / columns) as f64 * h);
                fence(&mut out, x0, y0, w, h);
                // Inside the ring (a rounded box: the rectangle's corners stay inside it).
                let (mx, my) = (0.14, 0.17);
                let inner = land_in(
                    land,
                    x0 + w * mx,
                    y0 + h * my,
                    w * (1.0 - 2.0 * mx),
                    h * (1.0 - 2.0 * my),
                    method,
                )?;
                append(&mut out, &inner);
            }
            out
        }
    };
    let got = drawing.position()?;
    if got != *target {
        return Err(LayoutError::Mismatch {
            got: got.to_string(),
            wanted: target.to_string(),
        });
    }
    Ok(drawing)
}

/// One land drawn in the rectangle (x0, y0, w, h).
fn land_in(
    land: &Land,
    x0: f64,
    y0: f64,
    w: f64,
    h: f64,
    method: Method,
) -> Result<Drawing, LayoutError> {
    if let Some(plan) = Plan::of_land(land) {
        let (mx, my) = (w * MARGIN, h * MARGIN);
        let rect = (x0 + mx, y0 + my, w - 2.0 * mx, h - 2.0 * my);
        let wanted = Position::from_lands(vec![land.clone()]);
        // A tree-like plan is drawn once with its chains measured tight, else as nested disks
        // (plane by construction); a tangle's map is drawn a few ways, tight first. A tight or
        // tangled drawing is only known to be right once read back and found free of crossings.
        let tangled = !plan.tangles.is_empty();
        let base: &[TangleStyle] = if tangled {
            &TANGLE_STYLES
        } else {
            &TANGLE_STYLES[..1]
        };
        let styles = [true, false]
            .into_iter()
            .flat_map(|tight| base.iter().map(move |&s| TangleStyle { tight, ..s }));
        for style in styles {
            let drawing = draw_plan(&plan, rect, MAX_UNIT, style);
            if drawing.position().ok().as_ref() == Some(&wanted)
                && (!(tangled || style.tight) || crossing_free(&drawing))
            {
                return Ok(drawing);
            }
        }
    }
    if method == Method::Constructive {
        return Err(LayoutError::NotTreeLike);
    }
    let inner = land_drawing(land)?;
    let mut out = Drawing::default();
    place(&mut out, &inner, x0, y0, w, h);
    Ok(out)
}

/// Adds `inner`'s spots and curves to `out` (renumbering the spots).
fn append(out: &mut Drawing, inner: &Drawing) {
    let base = out.spots.len();
    out.spots.extend(inner.spots.iter().cloned());
    out.curves.extend(inner.curves.iter().map(|c| {
        let mut c = c.clone();
        c.start += base;
        c.end += base;
        if let Some(m) = &mut c.middle {
            m.spot += base;
        }
        c
    }));
}
