//! The misère equivalences the outcome search uses (`* + * ≡ 0`, so pairs of heaps equal to `*` cancel and
//! a heap whose only option is `*` is dropped) checked as invariants with a naive recursion written here
//! (plain sorted lists of heaps, outcome by the definition, nothing merged or dropped), and the search
//! that uses them against the same search on identical games only.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{HeapMisereSearch, MisereQuotient, QuotientLimits};
use sprague_engine::solve::heap::Outcome;
use std::collections::HashMap;

/// Misère P-position by the definition: at least one move, and every move to an N-position.
fn naive_p(game: &HeapGame, heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    let mut sorted = heaps.to_vec();
    sorted.sort_unstable();
    if let Some(&p) = memo.get(&sorted) {
        return p;
    }
    let mut has_move = false;
    let mut to_p = false;
    'all: for i in 0..sorted.len() {
        for pieces in game.options(sorted[i]) {
            has_move = true;
            let mut next = sorted.clone();
            next.remove(i);
            next.extend(pieces);
            if naive_p(game, &next, memo) {
                to_p = true;
                break 'all;
            }
        }
    }
    let p = has_move && !to_p;
    memo.insert(sorted, p);
    p
}

/// Every multiset of 0..=3 heaps, each at most `max`, total at most `total`.
fn positions(max: usize, total: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for a in 1..=max {
        out.push(vec![a]);
        for b in a..=max {
            if a + b <= total {
                out.push(vec![a, b]);
            }
            for c in b..=max {
                if a + b + c <= total {
                    out.push(vec![a, b, c]);
                }
            }
        }
    }
    out
}

/// `X + extra` has the outcome of `X` for every small position `X`.
fn assert_equivalent_to_zero(code: &str, extra: &[usize], max: usize, total: usize) {
    let game: HeapGame = code.parse().unwrap();
    let mut memo = HashMap::new();
    for x in positions(max, total) {
        let with: Vec<usize> = x.iter().chain(extra).copied().collect();
        assert_eq!(
            naive_p(&game, &with, &mut memo),
            naive_p(&game, &x, &mut memo),
            "{code}: {x:?} + {extra:?}"
        );
    }
}

#[test]
fn pairs_of_star_heaps_cancel() {
    // Grundy's game heap 3, Kayles heap 1, Dawson's 0.07 heaps 2 and 3 all have the single option 0.
    assert_equivalent_to_zero("4!.0", &[3, 3], 16, 30);
    assert_equivalent_to_zero("0.77", &[1, 1], 10, 18);
    assert_equivalent_to_zero("0.07", &[2, 3], 12, 22);
    assert_equivalent_to_zero("0.07", &[3, 3], 12, 22);
}

#[test]
fn a_heap_whose_only_option_is_star_is_zero() {
    // Grundy's heap 4 only splits into 3 + 1, which is *.
    assert_equivalent_to_zero("4!.0", &[4], 16, 30);
    assert_equivalent_to_zero("4!.0", &[4, 4, 3, 3], 14, 24);
}

#[test]
fn a_single_star_heap_is_not_zero() {
    // The rule is about pairs: one * changes outcomes (0 is N, * is P).
    let game = HeapGame::grundy();
    let mut memo = HashMap::new();
    assert!(!naive_p(&game, &[], &mut memo));
    assert!(naive_p(&game, &[3], &mut memo));
}

#[test]
fn search_with_equivalences_agrees_with_naive_recursion() {
    for code in ["4!.0", "0.77", "0.07", "0.137", "0.6"] {
        let game: HeapGame = code.parse().unwrap();
        let mut search = HeapMisereSearch::new(&game);
        let mut memo = HashMap::new();
        for x in positions(11, 20) {
            let naive = if naive_p(&game, &x, &mut memo) {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(search.outcome(&x, u64::MAX).unwrap(), naive, "{code} {x:?}");
        }
    }
}

#[test]
fn grundy_single_heaps_to_70_agree_with_the_search_on_identical_games() {
    let game = HeapGame::grundy();
    let quotient = MisereQuotient::build(&game, 28, QuotientLimits::default()).unwrap();
    let mut merged = HeapMisereSearch::new(&game);
    let mut plain = HeapMisereSearch::identical_games_only(&game);
    merged.set_shortcuts(vec![quotient.shortcut()]);
    plain.set_shortcuts(vec![quotient.shortcut()]);
    for n in 0..=70 {
        assert_eq!(
            merged.outcome(&[n], u64::MAX).unwrap(),
            plain.outcome(&[n], u64::MAX).unwrap(),
            "heap {n}"
        );
    }
}
