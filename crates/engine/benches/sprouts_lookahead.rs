//! How well the lookahead player (the computer's move when the exact answer takes too long) plays:
//! matches against a player moving at random, from n-spot starts, each side starting half the games,
//! with a budget of position expansions per move. Prints the win rate and the time per move.
//!
//! `cargo bench -p sprague-engine --bench sprouts_lookahead` (figures, not a test).

use std::time::Instant;

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, Lookahead, Search as _, Step};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The lookahead's move within `budget` expansions (one of its best moves, chosen at random).
fn lookahead_move(
    position: &Position,
    misere: bool,
    budget: u64,
    base: &mut Base,
    rng: &mut Rng,
) -> Position {
    let mut search = Lookahead::new(position, misere, std::mem::take(base));
    let mut spent = 0;
    while spent < budget {
        if let Step::Done(_) = search.step(16) {
            break;
        }
        spent += 16;
    }
    let best = search
        .lookout()
        .map(|found| found.best_moves.clone())
        .unwrap_or_else(|| position.children());
    *base = search.into_base();
    best[rng.below(best.len())].clone()
}

fn main() {
    let budget = 400;
    println!("lookahead ({budget} expansions a move) against random moves");
    for misere in [false, true] {
        for n in [6, 8, 10] {
            let games = 20;
            let (mut wins, mut moves, mut thinking) = (0, 0, 0.0);
            let mut base = Base::new();
            let mut rng = Rng(0x1234_5678 + n as u64);
            for game in 0..games {
                let lookahead_first = game % 2 == 0;
                let mut position = Position::start(n).unwrap();
                let mut lookahead_to_move = lookahead_first;
                while !position.children().is_empty() {
                    position = if lookahead_to_move {
                        let t = Instant::now();
                        let next = lookahead_move(&position, misere, budget, &mut base, &mut rng);
                        thinking += t.elapsed().as_secs_f64();
                        moves += 1;
                        next
                    } else {
                        let children = position.children();
                        children[rng.below(children.len())].clone()
                    };
                    lookahead_to_move = !lookahead_to_move;
                }
                // The player to move at the end cannot move: loses in normal play, wins in misère.
                let lookahead_won = lookahead_to_move == misere;
                wins += lookahead_won as usize;
            }
            println!(
                "{} {n:>2} spots: lookahead won {wins} of {games} ({:.0} %), {:.1} ms a move",
                if misere { "misère" } else { "normal" },
                100.0 * wins as f64 / games as f64,
                1000.0 * thinking / moves.max(1) as f64
            );
        }
    }
}
