//! Misère quotients against an independent naive misère search (plain recursion written here), and
//! against invariants: every impartial misère quotient has even order (Plambeck–Siegel), its identity is
//! an N-position, and the monoid is commutative on heaps.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::Outcome;
use sprague_engine::solve::misere::{MisereQuotient, QuotientLimits};
use std::collections::HashMap;

fn naive_p(game: &HeapGame, heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut has_move = false;
    let mut to_p = false;
    for i in 0..key.len() {
        for pieces in game.options(key[i]) {
            has_move = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(pieces);
            if naive_p(game, &next, memo) {
                to_p = true;
            }
        }
    }
    let p = has_move && !to_p;
    memo.insert(key, p);
    p
}

fn check(code: &str, max_heap: usize, total: usize, most_heaps: usize) -> MisereQuotient {
    let game: HeapGame = code.parse().unwrap();
    let q = MisereQuotient::build(&game, max_heap, QuotientLimits::default()).unwrap();
    assert_eq!(q.len() % 2, 0, "{code}: quotient of odd order {}", q.len());
    assert!(!q.p[0], "{code}: the empty position is an N-position");
    let mut memo = HashMap::new();
    // Every position of up to `most_heaps` heaps (each at most `max_heap`) with at most `total` tokens.
    let mut stack: Vec<Vec<usize>> = vec![vec![]];
    let mut checked = 0;
    while let Some(heaps) = stack.pop() {
        let expected = if naive_p(&game, &heaps, &mut memo) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(q.outcome(&heaps).unwrap(), expected, "{code} {heaps:?}");
        checked += 1;
        let sum: usize = heaps.iter().sum();
        let from = heaps.last().copied().unwrap_or(1);
        if heaps.len() < most_heaps {
            for h in from..=max_heap {
                if sum + h <= total {
                    let mut next = heaps.clone();
                    next.push(h);
                    stack.push(next);
                }
            }
        }
    }
    assert!(checked > 40, "{code}: only {checked} positions");
    // Heaps added in either order give the same element.
    for a in 0..=max_heap {
        for b in 0..=max_heap {
            assert_eq!(q.image(&[a, b]).unwrap(), q.image(&[b, a]).unwrap());
        }
    }
    q
}

#[test]
fn dawson_quotient_small_heaps_matches_naive_search() {
    let q = check("0.07", 12, 26, 4);
    assert!(q.verify(&"0.07".parse().unwrap(), 24).failure.is_none());
}

#[test]
fn kayles_quotient_matches_naive_search() {
    check("0.77", 8, 22, 4);
}

#[test]
fn nim_quotient_heaps_up_to_two_is_misere_nim() {
    // Heaps 0, 1, 2 of Nim: misère Nim's quotient for heaps up to 2 has 6 elements
    // (1, a, b, ab, b², ab² with a² = 1, b³ = b).
    let q = check("0.[3]", 2, 16, 12);
    assert_eq!(q.len(), 6);
}

#[test]
fn quotient_rejects_absurd_bounds() {
    let game = HeapGame::dawson();
    assert!(MisereQuotient::build(&game, 100_000, QuotientLimits::default()).is_err());
    let q = MisereQuotient::build(&game, 6, QuotientLimits::default()).unwrap();
    assert!(q.outcome(&[7]).is_err());
}
