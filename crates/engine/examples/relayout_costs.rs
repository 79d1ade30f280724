//! Study aid (not a test): the time of each step of `relayout_how`'s fallback chain on saved router
//! failures (JSON files written by the `route_failures` example), and what each step gives.
//!
//! `cargo run -p sprague-engine --example relayout_costs -- file.json...` (RELAYOUT_SVG=folder: the
//! part redrawn written there as SVG)

use std::time::Instant;

use sprague_engine::draw::Drawing;
use sprague_engine::games::sprouts::Position;

fn main() {
    for path in std::env::args().skip(1) {
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("file")).expect("json");
        let d: Drawing = serde_json::from_value(value["drawing"].clone()).expect("drawing");
        let child: Position = value["child"].as_str().unwrap().parse().expect("child");
        println!("{path}: {} spots, -> {child}", d.spots().len());
        let t = Instant::now();
        let routed = d.route(&child).is_some();
        println!("  route          {:>8.1} ms  found {routed}", ms(t));
        let t = Instant::now();
        let spread = d.with_isolated_spots_spread();
        println!(
            "  spread         {:>8.1} ms  moved {}",
            ms(t),
            spread.is_some()
        );
        let t = Instant::now();
        let part = d.relayout_part(&child);
        println!(
            "  part           {:>8.1} ms  {:?}",
            ms(t),
            part.as_ref().map(|p| (p.1, d.spots().len()))
        );
        // With RELAYOUT_SVG set to a folder, the part redrawn is written there as a picture.
        if let (Ok(dir), Some((drawn, _))) = (std::env::var("RELAYOUT_SVG"), &part) {
            let name = std::path::Path::new(&path)
                .file_stem()
                .unwrap()
                .to_string_lossy();
            std::fs::write(format!("{dir}/{name}-part.svg"), drawn.to_svg()).expect("write");
        }
        let t = Instant::now();
        let fresh = Drawing::layout(&child).is_ok();
        println!("  fresh layout   {:>8.1} ms  {fresh}", ms(t));
        let t = Instant::now();
        let (_, how) = d.relayout_how(&child).expect("relayout");
        println!("  relayout_how   {:>8.1} ms  {how:?}", ms(t));
    }
}

fn ms(t: Instant) -> f64 {
    1000.0 * t.elapsed().as_secs_f64()
}
