//! Study aid: positions met along random games (engine moves) from 8 to 14 spots, laid out from
//! scratch and written as SVG pictures, to look at.
//!
//! `cargo run -p sprague-engine --example layout_pictures -- /tmp/layout-pictures`

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/layout-pictures".into());
    std::fs::create_dir_all(&dir).expect("output folder");
    for n in [8, 10, 12, 14] {
        let mut rng = Rng(n as u64 * 104_729 + 1);
        let mut p = Position::start(n).unwrap();
        let mut step = 0;
        loop {
            let children = p.children();
            if children.is_empty() {
                break;
            }
            p = children[rng.below(children.len())].clone();
            step += 1;
            if step % (n / 2) == 0 {
                match Drawing::layout(&p) {
                    Ok(d) => {
                        std::fs::write(format!("{dir}/n{n}-s{step:02}.svg"), d.to_svg()).unwrap();
                        println!("n{n}-s{step:02}: {p}");
                    }
                    Err(e) => println!("n{n}-s{step:02}: {p}: {e}"),
                }
            }
        }
    }
}
