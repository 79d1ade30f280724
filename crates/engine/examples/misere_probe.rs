use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, LandForms, MisereFormSearch};
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (lo, hi, lives) = (args[0], args[1], args[2]);
    for n in lo..=hi {
        let t = Instant::now();
        let start = Position::start(n as usize).unwrap();
        let mut s = MisereFormSearch::with_forms(&start, Base::new(), LandForms::new(lives));
        let lost = loop {
            match s.step(20000) {
                sprague_engine::solve::sprouts::Step::Done(a) => break a,
                sprague_engine::solve::sprouts::Step::Running { nodes, depth } => eprintln!(
                    "  {:.1}s nodes {nodes} depth {depth} lands {} forms {} base {}",
                    t.elapsed().as_secs_f64(),
                    s.land_forms().land_count(),
                    s.land_forms().forms().len(),
                    s.base().misere_len()
                ),
            }
        };
        let nodes = s.nodes();
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
