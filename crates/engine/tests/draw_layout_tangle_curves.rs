//! Tangled lands (regions linked in a cycle, drawn as a small plane map) are drawn with gentle
//! curves, not straight chords: measured here, the letter spot nearest the middle of the drawing
//! (a one-life spot on a link between two junctions) stands off the straight line joining the two
//! spots its curves lead to. A straight chord puts it on that line (0 px). The round trip and the
//! absence of crossings are checked by `draw_layout.rs`; here only the shape.

use sprague_engine::draw::{Drawing, Point};

use crate::common;
use common::to_segment;

/// Least distance in pixels of the inner letter from its junctions' chord.
const LEAST_BEND: f64 = 8.0;

/// How far the one-life spot nearest the drawing's middle stands off the chord of its two
/// neighbours (the spots at the other ends of its two curves).
fn inner_letter_bend(d: &Drawing) -> f64 {
    let (mut lo, mut hi) = (
        Point::new(f64::MAX, f64::MAX),
        Point::new(f64::MIN, f64::MIN),
    );
    for s in d.spots() {
        lo = Point::new(lo.x.min(s.at.x), lo.y.min(s.at.y));
        hi = Point::new(hi.x.max(s.at.x), hi.y.max(s.at.y));
    }
    let middle = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
    let lives = d.lives();
    let neighbours = |s: usize| -> Vec<usize> {
        d.curves()
            .iter()
            .filter_map(|c| match (c.start == s, c.end == s) {
                (true, false) => Some(c.end),
                (false, true) => Some(c.start),
                _ => None,
            })
            .collect()
    };
    let inner = (0..d.spots().len())
        .filter(|&s| lives[s] == 1 && neighbours(s).len() == 2)
        .min_by(|&a, &b| {
            d.spots()[a]
                .at
                .dist(middle)
                .total_cmp(&d.spots()[b].at.dist(middle))
        })
        .expect("a one-life spot between two others");
    let n = neighbours(inner);
    to_segment(d.spots()[inner].at, d.spots()[n[0]].at, d.spots()[n[1]].at)
}

#[test]
fn tangles_are_drawn_with_curved_links() {
    for text in ["AB|AC|BC", "AB|AC|BD|CD", "ABC|ADE|BDF|CEF"] {
        let d = Drawing::layout_text(text).unwrap();
        let bend = inner_letter_bend(&d);
        println!("{text}: inner letter {bend:.1} px off its chord");
        assert!(
            bend >= LEAST_BEND,
            "{text}: inner letter only {bend:.1} px off its chord"
        );
    }
}
