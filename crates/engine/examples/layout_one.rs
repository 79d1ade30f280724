//! Study aid: lay out the position strings given and write each as an SVG picture.
//!
//! `cargo run -p sprague-engine --example layout_one -- /tmp/out 'position' ...`

use sprague_engine::draw::Drawing;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/layout-one".into());
    std::fs::create_dir_all(&dir).expect("output folder");
    for (k, text) in args.enumerate() {
        match Drawing::layout_text(&text) {
            Ok(d) => {
                std::fs::write(format!("{dir}/p{k}.svg"), d.to_svg()).expect("write");
                println!("p{k}: {text}");
            }
            Err(e) => println!("p{k}: {text}: {e}"),
        }
    }
}
