//! Misère quotients against an independent naive misère search (plain recursion written here), against
//! published structure (misère Nim's quotients), and against invariants: every impartial misère quotient
//! has even order (Plambeck–Siegel), its identity is an N-position, the monoid is commutative on heaps,
//! and it is reduced (any two elements are told apart by some element).

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{GenusTable, MisereQuotient, QuotientLimits};
use sprague_engine::solve::heap::Outcome;
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

/// Any two distinct elements `x`, `y` have a `z` with exactly one of `xz`, `yz` in the P-portion.
fn assert_reduced(q: &MisereQuotient) {
    for x in 0..q.len() as u32 {
        for y in x + 1..q.len() as u32 {
            let told_apart = (0..q.len() as u32)
                .any(|z| q.p[q.multiply(x, z) as usize] != q.p[q.multiply(y, z) as usize]);
            assert!(told_apart, "elements {x} and {y} are the same element");
        }
    }
}

#[test]
fn misere_nim_quotients_have_the_published_orders() {
    // Misère Nim's quotient (Plambeck–Siegel): the nim-values form A = (Z/2)^k for heaps below 2^k, and
    // Q = A × {non-fickle} ∪ {0, 1} × {fickle}: order 2^k + 2 once a heap of 2 is allowed, 2 before.
    for (max_heap, order) in [(1, 2), (2, 6), (3, 6), (4, 10), (7, 10), (8, 18)] {
        let game: HeapGame = "0.[3]".parse().unwrap();
        let q = MisereQuotient::build(&game, max_heap, QuotientLimits::default()).unwrap();
        assert_eq!(q.len(), order, "Nim heaps up to {max_heap}");
        assert_reduced(&q);
    }
}

#[test]
fn quotients_are_proven_reduced_and_agree_with_naive_search() {
    for (code, max_heap, total) in [
        ("0.07", 14, 24),
        ("0.77", 10, 22),
        ("0.137", 12, 24),
        ("0.75", 10, 22),
    ] {
        let q = check(code, max_heap, total, 4);
        let game: HeapGame = code.parse().unwrap();
        assert!(q.prove(&game, 1_000_000).is_ok(), "{code}");
        assert_reduced(&q);
        // The order never falls as heaps are added (a quotient of fewer heaps is an image of a part of it).
        assert!(
            q.sizes.windows(2).all(|w| w[0] <= w[1]),
            "{code} {:?}",
            q.sizes
        );
        assert_eq!(*q.sizes.last().unwrap(), q.len());
    }
}

#[test]
fn tame_heaps_give_the_six_element_tame_quotient() {
    // Dawson's Kayles heaps up to 9 are all tame and include heaps of genus 0^120, 1^031 and 2^20: the
    // quotient is misère Nim's on heaps 0, 1, 2 (order 6, with exactly the 2 P-elements a and b²).
    let game = HeapGame::dawson();
    let mut genera = GenusTable::new(&game);
    for n in 0..=9 {
        assert!(genera.genus(&[n], 1_000_000).unwrap().tame, "heap {n}");
    }
    let q = check("0.07", 9, 24, 5);
    assert_eq!(q.len(), 6);
    assert_eq!(q.p_count(), 2);
}

#[test]
fn quotient_answers_random_sums_like_naive_search() {
    // Dawson's Kayles heaps up to 20, random sums of up to 5 heaps with at most 34 tokens.
    let game = HeapGame::dawson();
    let q = MisereQuotient::build(&game, 20, QuotientLimits::default()).unwrap();
    let mut memo = HashMap::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut checked = 0;
    while checked < 2000 {
        let heaps: Vec<usize> = (0..1 + next(5)).map(|_| 1 + next(20)).collect();
        if heaps.iter().sum::<usize>() > 34 {
            continue;
        }
        let expected = if naive_p(&game, &heaps, &mut memo) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(q.outcome(&heaps).unwrap(), expected, "{heaps:?}");
        checked += 1;
    }
}

#[test]
fn quotient_rejects_absurd_bounds() {
    let game = HeapGame::dawson();
    assert!(MisereQuotient::build(&game, 100_000, QuotientLimits::default()).is_err());
    let q = MisereQuotient::build(&game, 6, QuotientLimits::default()).unwrap();
    assert!(q.outcome(&[7]).is_err());
}

/// The heaps a generator word (`a^2 b`) stands for, with the quotient's letters.
fn heaps_of_word(q: &MisereQuotient, word: &str) -> Vec<usize> {
    let letters = q.generator_letters();
    let mut heaps = Vec::new();
    if word == "1" {
        return heaps;
    }
    for part in word.split(' ') {
        let (name, power) = match part.split_once('^') {
            Some((n, p)) => (n, p.parse::<usize>().unwrap()),
            None => (part, 1),
        };
        let g = letters.iter().position(|l| l == name).unwrap();
        heaps.extend(std::iter::repeat_n(q.generators[g], power));
    }
    heaps
}

#[test]
fn misere_nim_presentation_in_generator_words() {
    // Misère Nim on heaps up to 2 (Plambeck–Siegel): generators a = *1, b = *2 with a^2 = 1, b^3 = b.
    let game: HeapGame = "0.[3]".parse().unwrap();
    let q = MisereQuotient::build(&game, 2, QuotientLimits::default()).unwrap();
    assert_eq!(q.generators, vec![1, 2]);
    let relations: Vec<String> = q
        .relations()
        .iter()
        .map(|(l, r)| format!("{l} = {r}"))
        .collect();
    assert_eq!(relations, vec!["a^2 = 1", "b^3 = b"]);
    // Its P-portion is {a, b^2}.
    let words = q.element_words();
    let mut p: Vec<&str> = (0..q.len())
        .filter(|&e| q.p[e])
        .map(|e| words[e].as_str())
        .collect();
    p.sort();
    assert_eq!(p, vec!["a", "b^2"]);
}

#[test]
fn relations_hold_and_words_name_distinct_elements() {
    for (code, max_heap) in [("0.07", 20), ("0.77", 10), ("0.137", 14)] {
        let game: HeapGame = code.parse().unwrap();
        let q = MisereQuotient::build(&game, max_heap, QuotientLimits::default()).unwrap();
        for (left, right) in q.relations() {
            let (l, r) = (heaps_of_word(&q, &left), heaps_of_word(&q, &right));
            assert_eq!(
                q.image(&l).unwrap(),
                q.image(&r).unwrap(),
                "{code}: {left} = {right}"
            );
            // Both sides are positions: the relation says they play alike, so the naive search agrees
            // on their outcomes.
            let mut memo = HashMap::new();
            assert_eq!(
                naive_p(&game, &l, &mut memo),
                naive_p(&game, &r, &mut memo),
                "{code}"
            );
        }
        // Each element's word is a position reaching that element.
        for (e, word) in q.element_words().iter().enumerate() {
            assert_eq!(
                q.image(&heaps_of_word(&q, word)).unwrap() as usize,
                e,
                "{code}: {word}"
            );
        }
    }
}

#[test]
fn dawson_quotient_to_heap_30_has_the_published_order_360() {
    // Plambeck–Siegel (MisereSolver) give |Q| = 360 for 0.07 with heaps up to 30.
    let game = HeapGame::dawson();
    let q = MisereQuotient::build(&game, 30, QuotientLimits::default()).unwrap();
    assert_eq!(q.len(), 360);
    assert!(q.prove(&game, 2_000_000).is_ok());
    // Its predictions against the exact misère search (a separate solver: search on multisets) on
    // random sums of up to four heaps, and against the naive recursion on the smaller ones.
    let mut search = sprague_engine::solve::heap::misere::HeapMisereSearch::new(&game);
    let mut memo = HashMap::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let (mut checked, mut naive_checked) = (0, 0);
    while checked < 3000 {
        let heaps: Vec<usize> = (0..1 + next(4)).map(|_| 1 + next(30)).collect();
        let total: usize = heaps.iter().sum();
        if total > 48 {
            continue;
        }
        let predicted = q.outcome(&heaps).unwrap();
        assert_eq!(
            predicted,
            search.outcome(&heaps, u64::MAX).unwrap(),
            "{heaps:?}"
        );
        if total <= 30 {
            let naive = if naive_p(&game, &heaps, &mut memo) {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(predicted, naive, "{heaps:?}");
            naive_checked += 1;
        }
        checked += 1;
    }
    assert!(naive_checked > 300, "{naive_checked}");
}

#[test]
fn independence_game_quotients_are_dawsons_kayles_shifted_by_one() {
    // Heap n of 0.137 is the same game as heap n + 1 of 0.07 (taking 3 and splitting the rest of 0.137
    // is taking 2 from 0.07 with a dead heap of 1 on each side; a heap of 0 is a dead 1): so the
    // quotient of 0.137 for heaps up to n is that of 0.07 for heaps up to n + 1, with the same P count.
    let independence =
        MisereQuotient::build(&"0.137".parse().unwrap(), 26, QuotientLimits::default()).unwrap();
    let dawson = MisereQuotient::build(&HeapGame::dawson(), 27, QuotientLimits::default()).unwrap();
    assert_eq!(independence.sizes[1..], dawson.sizes[2..]);
    assert_eq!(independence.p_count(), dawson.p_count());
    for n in 0..=26 {
        assert_eq!(
            independence.p[independence.pretend[n] as usize],
            dawson.p[dawson.pretend[n + 1] as usize],
            "heap {n}"
        );
    }
}
