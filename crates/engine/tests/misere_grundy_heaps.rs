//! Single heaps and small sums of Grundy's game in misère play: the search with the quotient shortcut
//! (and the rules built on it: one-move wins, guesses, incremental elements) against an independent
//! naive recursion written here (sorted lists of heaps, heaps of 1 and 2 dropped because they have no
//! move, outcome by the definition, a plain HashMap memo).

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{Budget, MisereQuotient, MisereSolver, QuotientLimits};
use sprague_engine::solve::heap::Outcome;
use std::collections::HashMap;

/// Misère P-position? Heaps sorted, each at least 3. Splitting `h` into `a < b`, `a + b = h`.
fn naive_p(heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&p) = memo.get(heaps) {
        return p;
    }
    let mut has_move = false;
    let mut move_to_p = false;
    'all: for i in 0..heaps.len() {
        let h = heaps[i];
        for a in 1..h.div_ceil(2) {
            let b = h - a;
            has_move = true;
            let mut next: Vec<usize> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend([a, b].into_iter().filter(|&x| x >= 3));
            next.sort_unstable();
            if naive_p(&next, memo) {
                move_to_p = true;
                break 'all;
            }
        }
    }
    let p = has_move && !move_to_p;
    memo.insert(heaps.to_vec(), p);
    p
}

fn naive_outcome(heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> Outcome {
    let mut key: Vec<usize> = heaps.iter().copied().filter(|&h| h >= 3).collect();
    key.sort_unstable();
    if naive_p(&key, memo) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// A solver as the CLI and the worker use it: the proven quotient of heaps up to `bound` decides the
/// positions made only of such heaps.
fn solver(bound: usize) -> MisereSolver {
    let game = HeapGame::grundy();
    let quotient = MisereQuotient::build(&game, bound, QuotientLimits::default()).unwrap();
    let mut solver = MisereSolver::new(&game);
    solver.use_quotient(&quotient).unwrap();
    solver
}

#[test]
fn single_heaps_to_64_agree_with_naive_recursion() {
    let mut solver = solver(28);
    let mut memo = HashMap::new();
    let mut p_heaps = Vec::new();
    for n in 0..=64 {
        let found = solver.outcome(&[n], u64::MAX).unwrap();
        assert_eq!(found, naive_outcome(&[n], &mut memo), "heap {n}");
        if found == Outcome::P {
            p_heaps.push(n);
        }
    }
    // What the naive recursion says, spelled out: multiples of 3 up to 45, then 50.
    let expected: Vec<usize> = (1..=15).map(|k| 3 * k).chain([50]).collect();
    assert_eq!(p_heaps, expected);
}

#[test]
fn sums_with_several_large_heaps_agree_with_naive_recursion() {
    // A small quotient (heaps up to 12), so that many positions have one, two or three heaps beyond
    // it: the one-move rule, the incremental elements and the guesses are all exercised.
    let mut solver = solver(12);
    let mut memo = HashMap::new();
    let budget = Budget::default();
    for a in 3..=30 {
        for b in a..=30 {
            for c in [0, 3, 5, 7, 13, 14] {
                if a + b + c > 44 {
                    continue;
                }
                let heaps = [a, b, c];
                let analysis = solver.analyze(&heaps, &budget).unwrap();
                assert_eq!(
                    analysis.outcome,
                    naive_outcome(&heaps, &mut memo),
                    "{heaps:?}"
                );
                for m in &analysis.winning_moves {
                    assert_eq!(naive_outcome(&m.result, &mut memo), Outcome::P, "{heaps:?}");
                }
            }
        }
    }
}

#[test]
#[ignore = "slow (40 s to 2 min, the naive recursion): single heaps up to 80"]
fn single_heaps_to_80_agree_with_naive_recursion() {
    let mut solver = solver(28);
    let mut memo = HashMap::new();
    for n in 0..=80 {
        let found = solver.outcome(&[n], u64::MAX).unwrap();
        assert_eq!(found, naive_outcome(&[n], &mut memo), "heap {n}");
    }
}
