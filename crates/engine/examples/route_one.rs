//! Study aid: routes the wanted child of one saved failure (JSON from `route_failures`), else asks
//! `relayout_how`, and writes the result as an SVG next to it.
//!
//! `cargo run -p sprague-engine --example route_one -- /tmp/route-fail/n6-g4-s4-2.json`

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("a JSON file from route_failures");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let drawing: Drawing = serde_json::from_value(value["drawing"].clone()).expect("a drawing");
    let child: Position = value["child"]
        .as_str()
        .unwrap()
        .parse()
        .expect("a position");
    let t = std::time::Instant::now();
    let routed = drawing.route(&child);
    println!("route: {:.0} ms", t.elapsed().as_secs_f64() * 1000.0);
    match routed {
        Some(mv) => {
            let svg = drawing
                .play(&mv, None)
                .expect("the move fits its drawing")
                .to_svg();
            std::fs::write(path.replace(".json", "-routed.svg"), svg).unwrap();
            println!("routed");
        }
        None => match drawing.relayout_how(&child) {
            Ok((next, how)) => {
                std::fs::write(path.replace(".json", "-relayout.svg"), next.to_svg()).unwrap();
                println!("not routed; relayout: {how:?}");
            }
            Err(e) => println!("not routed; relayout_child: {e}"),
        },
    }
}
