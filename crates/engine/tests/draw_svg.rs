//! Renders a few drawings to SVG files in the tests' temporary directory (`draw-svg/` under
//! CARGO_TARGET_TMPDIR) for people to look at, and checks the files are well-formed pictures of the
//! drawing (one circle per spot, one path per curve).

use sprague_engine::draw::Drawing;
use std::path::PathBuf;

use crate::common;
use common::Rng;

/// A random game of `moves` moves from the n-spot start, each move routed and played.
fn playout(n: usize, moves: usize, seed: u64) -> Drawing {
    let mut rng = Rng(seed);
    let mut d = Drawing::start(n);
    for _ in 0..moves {
        let children = d.position().unwrap().children();
        if children.is_empty() {
            break;
        }
        let child = &children[rng.below(children.len())];
        let Some(mv) = d.route(child) else { break };
        d = d.play(&mv, None).expect("the move fits its drawing");
    }
    d
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("draw-svg");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn render_a_few_drawings() {
    let drawings = [
        ("start-5", Drawing::start(5)),
        ("game-3-spots", playout(3, 6, 7)),
        ("game-5-spots", playout(5, 9, 11)),
        ("game-6-spots", playout(6, 10, 5)),
        (
            "layout-3-lands",
            Drawing::layout_text("1a1a+0+AB|AB").unwrap(),
        ),
        // Built from the regions: nested regions, shared and lowercase letters, pockets.
        (
            "layout-nested",
            Drawing::layout_text("0*2.AB|CD|CD.EF|ABG|EFG").unwrap(),
        ),
        (
            "layout-letters",
            Drawing::layout_text("0.A|0.B|1aAa2bBb").unwrap(),
        ),
        (
            "layout-12-spots",
            Drawing::layout_text("0*6.AB|0*3.CD|0.AB.CD").unwrap(),
        ),
    ];
    for (name, d) in &drawings {
        let svg = d.to_svg();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), d.spots().len());
        assert_eq!(svg.matches("<path").count(), d.curves().len());
        std::fs::write(out_dir().join(format!("{name}.svg")), svg).unwrap();
        eprintln!(
            "{name}: {} -> {}",
            d.position().unwrap(),
            out_dir().join(name).display()
        );
    }
}
