use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, LandForms, MisereFormSearch};
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (lo, hi, lives) = (args[0], args[1], args[2]);
    for n in lo..=hi {
        let t = Instant::now();
        let start = Position::start(n as usize).unwrap();
        let mut s = MisereFormSearch::with_forms(&start, Base::new(), LandForms::new(lives));
        let lost = s.run();
        let nodes = s.nodes();
        let (ll, lm) = s.large_land_stats();
        print!("large lands {ll} moves {lm} ");
        let (base, lf) = s.into_parts();
        println!(
            "n={n} lives<={lives}: {} in {:.2}s nodes={nodes} base={} lands={} forms={}",
            if lost { "L" } else { "W" },
            t.elapsed().as_secs_f64(),
            base.misere_len(),
            lf.land_count(),
            lf.forms().len()
        );
    }
}
