//! SVG pictures of drawings, for tests, debugging and the Python package's notebooks (the app draws
//! its own).

use std::fmt::Write;

use super::drawing::{Drawing, HEIGHT, WIDTH};

/// Fill colour of a spot by lives: 3 green, 2 yellow, 1 red, 0 grey (as in GLOP's manual).
fn colour(lives: u8) -> &'static str {
    match lives {
        3 => "#2e9e44",
        2 => "#e0b000",
        1 => "#d03030",
        _ => "#999999",
    }
}

impl Drawing {
    /// The drawing as a standalone SVG document in the box's own coordinates.
    pub fn to_svg(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}">"#
        );
        let _ = writeln!(
            out,
            r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbfaf6" stroke="#ccc"/>"##
        );
        for (c, curve) in self.curves.iter().enumerate() {
            let mut d = String::new();
            for (i, p) in curve.points.iter().enumerate() {
                let _ = write!(
                    d,
                    "{}{:.2},{:.2} ",
                    if i == 0 { "M" } else { "L" },
                    p.x,
                    p.y
                );
            }
            let _ = writeln!(
                out,
                r##"<path d="{d}" fill="none" stroke="#223" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"><title>curve {c}</title></path>"##
            );
        }
        for (s, (spot, lives)) in self.spots.iter().zip(self.lives()).enumerate() {
            let _ = writeln!(
                out,
                r##"<circle cx="{:.2}" cy="{:.2}" r="7" fill="{}" stroke="#111" stroke-width="1.5"><title>spot {s}: {lives} lives</title></circle>"##,
                spot.at.x,
                spot.at.y,
                colour(lives)
            );
            let _ = writeln!(
                out,
                r##"<text x="{:.2}" y="{:.2}" font-size="11" font-family="sans-serif" fill="#555">{s}</text>"##,
                spot.at.x + 9.0,
                spot.at.y - 9.0
            );
        }
        out.push_str("</svg>\n");
        out
    }
}
