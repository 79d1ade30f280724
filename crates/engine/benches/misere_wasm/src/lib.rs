//! Exports for timing the misère solvers as WebAssembly (see `run.mjs`).

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{HeapMisereSearch, MisereQuotient, QuotientLimits};
use sprague_engine::solve::heap::Outcome;

/// Positions one single-heap search may expand before it is counted as given up (as the native bench).
const HEAP_BUDGET: u64 = 3_000_000;

/// A search for Grundy's game whose positions of heaps up to 28 are decided by their quotient (as the
/// native bench does).
fn grundy_search() -> HeapMisereSearch {
    let game = HeapGame::grundy();
    let mut search = HeapMisereSearch::new(&game);
    if let Ok(q) = MisereQuotient::build(&game, 28, QuotientLimits::default()) {
        search.set_shortcuts(vec![q.shortcut()]);
    }
    search
}

/// Misère outcomes of Grundy's game heaps `0..=max`, one search (memo carried over): the number of
/// P-positions, plus 1000 times the number of heaps given up.
#[no_mangle]
pub extern "C" fn grundy_heaps(max: u32) -> u32 {
    let mut search = grundy_search();
    let mut p = 0;
    let mut given_up = 0;
    for n in 0..=max as usize {
        match search.outcome(&[n], HEAP_BUDGET) {
            Ok(Outcome::P) => p += 1,
            Ok(_) => {}
            Err(_) => given_up += 1,
        }
    }
    p + 1000 * given_up
}

/// Misère outcomes of every three-heap Grundy's game sum with at most `total` tokens: the P count.
#[no_mangle]
pub extern "C" fn grundy_triples(total: u32) -> u32 {
    let total = total as usize;
    let mut search = grundy_search();
    let mut p = 0;
    for a in 1..=total {
        for b in a..=total - a {
            for c in b..=total - a - b {
                if search.outcome(&[a, b, c], u64::MAX) == Ok(Outcome::P) {
                    p += 1;
                }
            }
        }
    }
    p
}

/// Order of the misère quotient of Dawson's Kayles (0.07) for heaps up to `heaps` (0 on error).
#[no_mangle]
pub extern "C" fn dawson_quotient(heaps: u32) -> u32 {
    MisereQuotient::build(&HeapGame::dawson(), heaps as usize, QuotientLimits::default())
        .map_or(0, |q| q.len() as u32)
}
