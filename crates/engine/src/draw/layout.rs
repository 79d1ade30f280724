//! Position → drawing from the position string alone.
//!
//! Each land is built directly from its regions (`layout_plan`, `layout_geometry`): boundaries become
//! circles and bridges carrying the live vertices, nested as the regions nest, with dead junctions
//! and dead pockets that reduction removes. Regions that meet in a cycle (three regions around a dead
//! junction, as in `AB|AC|BC`) are drawn as a small plane map instead (`layout_tangle`), tried at a
//! few sizes and both ways round until it reads back right without crossings. A land that still
//! cannot be built falls back to replaying a game found by search (`layout_search`; no land of the
//! test sets needs it). Several lands each get a cell of the box; all but the largest
//! are fenced by a dead ring snug around them (`layout_ring`: two spots joined by three curves, no
//! lives left), which keeps their regions apart and vanishes in reduction.
//!
//! Every layout is read back through its planar map and compared with the target before it is
//! returned ([`LayoutError::Mismatch`] otherwise).

use crate::games::sprouts::{Land, Position};

use super::drawing::{Drawing, HEIGHT, WIDTH};
use super::error::LayoutError;
use super::layout_check::crossing_free;
use super::layout_geometry::{draw_plan, TangleStyle};
use super::layout_plan::Plan;
use super::layout_ring::{bounds, ring_around, Bounds};
use super::layout_search::{land_drawing, place};

/// Largest distance in pixels between neighbouring things on a circle (small positions are not
/// blown up to fill the box).
const MAX_UNIT: f64 = 70.0;
/// How much more room the open land of several gets than its size alone would give it.
const OPEN_WEIGHT: f64 = 1.6;
/// A cell in a row is at least this share of the row's widest cell.
const LEAST_SHARE: f64 = 0.3;
/// Height of a ringed land's room, at most, per its width.
const RING_ASPECT: f64 = 1.0;
/// Margin kept free along the box or a land's cell.
const MARGIN: f64 = 0.05;

/// The ways a tangled land's map is tried, in order.
const TANGLE_STYLES: [TangleStyle; 8] = [
    TangleStyle {
        spread: 1.0,
        mirror: false,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 1.0,
        mirror: true,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 1.8,
        mirror: false,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 1.8,
        mirror: true,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 3.2,
        mirror: false,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 3.2,
        mirror: true,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 6.0,
        mirror: false,
        tight: false,
        bend: false,
    },
    TangleStyle {
        spread: 6.0,
        mirror: true,
        tight: false,
        bend: false,
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
        _ => several_lands(lands, method)?,
    };
    drawing.check()?; // the layouts are long: their output is checked, not assumed
    let got = drawing.position()?;
    if got != *target {
        return Err(LayoutError::Mismatch {
            got: got.to_string(),
            wanted: target.to_string(),
        });
    }
    Ok(drawing)
}

/// Several lands on rows of cells. The largest land is drawn open, in the last cell;
/// every other land gets a dead ring snug around it (k − 1 rings keep k lands' regions apart).
/// Within a row, cells are as wide as their lands weigh, the open land weighing more.
fn several_lands(lands: &[Land], method: Method) -> Result<Drawing, LayoutError> {
    // A land's size: the vertices its regions' boundaries list (a shared letter counts twice).
    let size: Vec<usize> = lands
        .iter()
        .map(|l| l.regions().iter().flatten().map(Vec::len).sum())
        .collect();
    let open = (0..lands.len())
        .max_by_key(|&i| (size[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    let mut order: Vec<usize> = (0..lands.len()).filter(|&i| i != open).collect();
    order.push(open);
    let k = order.len();
    let columns = (1..=k).find(|c| c * c >= k).unwrap_or(k);
    let rows = k.div_ceil(columns);
    let h = HEIGHT / rows as f64;
    let weight = |i: usize| {
        let w = size[i] as f64 + 2.0;
        if i == open {
            w * OPEN_WEIGHT
        } else {
            w
        }
    };
    let mut out = Drawing::default();
    for (row, chunk) in order.chunks(columns).enumerate() {
        // No cell narrower than a share of the widest one (a small land still gets a readable ring).
        let heaviest = chunk.iter().map(|&i| weight(i)).fold(0.0, f64::max);
        let weight = |i: usize| weight(i).max(heaviest * LEAST_SHARE);
        let total: f64 = chunk.iter().map(|&i| weight(i)).sum();
        let (mut x0, y0) = (0.0, row as f64 * h);
        for &i in chunk {
            let w = WIDTH * weight(i) / total;
            let cell = (x0, y0, x0 + w, y0 + h);
            x0 += w;
            if i == open {
                append(&mut out, &land_in(&lands[i], cell.0, y0, w, h, method)?);
                continue;
            }
            // Room for the ring: its half-size is about 1.24 × (the land's half-size + its pad).
            let half_w = ((w * 0.5 - 3.0) / 1.24 - 26.0).max(w * 0.1);
            let half_h = ((h * 0.5 - 14.0) / 1.24 - 26.0).max(h * 0.1);
            // Not much taller than wide (a few loose spots would stand in a tall column).
            let half_h = half_h.min(half_w * RING_ASPECT);
            let (cx, cy) = (x0 - w * 0.5, y0 + h * 0.5);
            let inner = land_in(
                &lands[i],
                cx - half_w,
                cy - half_h,
                2.0 * half_w,
                2.0 * half_h,
                method,
            )?;
            let inside: Bounds = bounds(&inner).unwrap_or((cx, cy, cx, cy));
            ring_around(&mut out, inside, cell);
            append(&mut out, &inner);
        }
    }
    Ok(out)
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
        // A tangle's inner links are tried bent (gentle curves), then straight, at each size.
        let bends: &[bool] = if tangled { &[true, false] } else { &[false] };
        let styles = [true, false].into_iter().flat_map(|tight| {
            base.iter().flat_map(move |&s| {
                bends
                    .iter()
                    .map(move |&bend| TangleStyle { tight, bend, ..s })
            })
        });
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
