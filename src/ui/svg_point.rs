//! From a pointer's position on screen to an SVG board's own units, through the SVG's screen transform
//! (`getScreenCTM`): right at every window size and aspect ratio (a letterboxed board included), page
//! zoom, device pixel ratio and scroll position, where scaling by the bounding box is not.

use yew::NodeRef;

/// The point under the screen position `client` (CSS pixels, as pointer events give them) in the units of
/// the SVG element `svg`, and how many of those units one screen pixel spans there.
pub fn to_svg_units(svg: &NodeRef, client: (f64, f64)) -> Option<((f64, f64), f64)> {
    let svg = svg.cast::<web_sys::SvgGraphicsElement>()?;
    let m = svg.get_screen_ctm()?;
    let (a, b, c, d, e, f) = (
        m.a() as f64,
        m.b() as f64,
        m.c() as f64,
        m.d() as f64,
        m.e() as f64,
        m.f() as f64,
    );
    let det = a * d - b * c;
    if det.abs() < 1e-12 {
        return None;
    }
    let (x, y) = (client.0 - e, client.1 - f);
    let point = ((d * x - c * y) / det, (-b * x + a * y) / det);
    Some((point, 1.0 / det.abs().sqrt()))
}
