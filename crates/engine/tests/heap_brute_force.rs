//! Heap games checked against brute force written here, separately from the engine: the test reads codes
//! itself, enumerates moves from the definition (partitions into exactly j heaps), and computes values both
//! by the Sprague–Grundy recursion with XOR and by a full game tree on multisets that never uses XOR.

use proptest::prelude::*;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::{analyze, plain_values, NimSequence, Outcome};
use std::collections::{BTreeSet, HashMap};

/// A code as this test reads it: for each number of tokens removed, (bit set of heap counts, modifier).
struct Code {
    digits: Vec<(u32, char)>,
    tail: Vec<(u32, char)>,
}

fn read_code(text: &str) -> Code {
    let mut digits = Vec::new();
    let mut tail = Vec::new();
    let mut in_tail = false;
    for c in text.chars() {
        match c {
            '.' => {}
            '[' => in_tail = true,
            ']' => {}
            '!' | '?' | '=' => {
                let list = if in_tail { &mut tail } else { &mut digits };
                let last: &mut (u32, char) = list.last_mut().unwrap();
                last.1 = c;
            }
            _ => {
                let d = c.to_digit(16).unwrap();
                if in_tail {
                    tail.push((d, ' '))
                } else {
                    digits.push((d, ' '))
                }
            }
        }
    }
    Code { digits, tail }
}

impl Code {
    fn digit(&self, k: usize) -> (u32, char) {
        if k < self.digits.len() {
            self.digits[k]
        } else if self.tail.is_empty() {
            (0, ' ')
        } else {
            self.tail[(k - self.digits.len()) % self.tail.len()]
        }
    }
}

/// Partitions of `total` into exactly `parts` positive parts, non-decreasing, each at least `min`.
fn partitions(total: usize, parts: usize, min: usize) -> Vec<Vec<usize>> {
    if parts == 0 {
        return if total == 0 { vec![vec![]] } else { vec![] };
    }
    let mut out = Vec::new();
    for first in min..=total {
        if first * parts > total {
            break;
        }
        for mut rest in partitions(total - first, parts - 1, first) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

fn obeys(rule: char, pieces: &[usize]) -> bool {
    let all_equal = pieces.iter().all(|&p| p == pieces[0]);
    let all_different = (0..pieces.len()).all(|i| (0..i).all(|j| pieces[i] != pieces[j]));
    match rule {
        '!' => all_different,
        '?' => !all_equal,
        '=' => all_equal,
        _ => true,
    }
}

/// Everything a heap of `n` can become, straight from the definition of the code.
fn heap_options(code: &Code, n: usize) -> BTreeSet<Vec<usize>> {
    let mut options = BTreeSet::new();
    for k in 0..=n {
        let (bits, rule) = code.digit(k);
        for j in 0..4 {
            if bits & (1 << j) == 0 || (j == 1 && k == 0) {
                continue;
            }
            for pieces in partitions(n - k, j, 1) {
                if j < 2 || obeys(rule, &pieces) {
                    options.insert(pieces);
                }
            }
        }
    }
    options
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let set: BTreeSet<u32> = values.into_iter().collect();
    (0..).find(|v| !set.contains(v)).unwrap()
}

/// Single-heap values by the Sprague–Grundy recursion (XOR of the pieces). Splits into two are looped
/// directly (the partitions helper allocates too much for long sequences).
fn xor_values(code: &Code, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut seen = vec![false; 2 * len + 2];
        for k in 0..=n {
            let (bits, rule) = code.digit(k);
            let rest = n - k;
            if bits & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if bits & 2 != 0 && k > 0 && rest > 0 {
                seen[g[rest] as usize] = true;
            }
            if bits & 4 != 0 {
                for a in 1..=rest / 2 {
                    if obeys(rule, &[a, rest - a]) {
                        seen[(g[a] ^ g[rest - a]) as usize] = true;
                    }
                }
            }
            if bits & 8 != 0 {
                for p in partitions(rest, 3, 1) {
                    if obeys(rule, &p) {
                        seen[(g[p[0]] ^ g[p[1]] ^ g[p[2]]) as usize] = true;
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

/// The value of a whole position by the game tree alone (no XOR): positions are sorted heap lists.
fn tree_value(code: &Code, position: &[usize], memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    let mut key: Vec<usize> = position.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut children = Vec::new();
    for i in 0..key.len() {
        if i > 0 && key[i] == key[i - 1] {
            continue;
        }
        for pieces in heap_options(code, key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(pieces);
            children.push(next);
        }
    }
    let value = mex(children.iter().map(|c| tree_value(code, c, memo)));
    memo.insert(key, value);
    value
}

const CODES: [&str; 14] = [
    "0.137", "0.07", "0.77", "0.6", "4!.0", "4.7", "0.F", "0.[3]", "0.4?", "0.8", "0.B7", "4=.3",
    "8.1", "0.5[6]",
];

fn game(code: &str) -> HeapGame {
    code.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn sequence(code: &str, len: usize) -> NimSequence {
    NimSequence::compute(&game(code), len).unwrap()
}

#[test]
fn moves_of_a_heap_are_exactly_the_defined_options() {
    for code in CODES {
        let (game, read) = (game(code), read_code(code));
        for n in 0..=24 {
            let engine: BTreeSet<Vec<usize>> = game.options(n).into_iter().collect();
            assert_eq!(
                engine.len(),
                game.options(n).len(),
                "{code} heap {n}: an option listed twice"
            );
            assert_eq!(engine, heap_options(&read, n), "{code} heap {n}");
        }
    }
}

#[test]
fn single_heap_values_agree_with_the_full_game_tree() {
    for code in CODES {
        let read = read_code(code);
        let mut memo = HashMap::new();
        let values = sequence(code, 15);
        for n in 0..15 {
            assert_eq!(
                values.value(n).unwrap() as u32,
                tree_value(&read, &[n], &mut memo),
                "{code} heap {n}"
            );
        }
    }
}

#[test]
fn positions_agree_with_the_full_game_tree() {
    for code in ["0.137", "4!.0", "0.77", "0.6", "4.7", "0.B7"] {
        let (game, read) = (game(code), read_code(code));
        let values = sequence(code, 15);
        let mut memo = HashMap::new();
        for a in 1..=7 {
            for b in a..=7 {
                for c in [0, 1, 2, 3, 5] {
                    let heaps = [a, b, c];
                    let analysis = analyze(&game, &values, &heaps).unwrap();
                    let tree = tree_value(&read, &heaps, &mut memo);
                    assert_eq!(analysis.nimber as u32, tree, "{code} {heaps:?}");
                    assert_eq!(analysis.outcome == Outcome::P, tree == 0);
                    for m in &analysis.winning_moves {
                        assert_eq!(
                            tree_value(&read, &m.result, &mut memo),
                            0,
                            "{code} {heaps:?} -> {:?}",
                            m.result
                        );
                    }
                    // All winning moves: count the moves to P-positions in the tree.
                    let mut to_p = 0;
                    for (i, &h) in heaps.iter().enumerate() {
                        for pieces in heap_options(&read, h) {
                            let mut next = heaps.to_vec();
                            next.remove(i);
                            next.extend(pieces);
                            if tree_value(&read, &next, &mut memo) == 0 {
                                to_p += 1;
                            }
                        }
                    }
                    assert_eq!(analysis.winning_moves.len(), to_p, "{code} {heaps:?}");
                }
            }
        }
    }
}

#[test]
fn rare_common_agrees_with_simple_recursion() {
    for (code, len) in [
        ("0.137", 1000),
        ("0.07", 1000),
        ("0.77", 1000),
        ("0.6", 2000),
        ("4!.0", 2000),
    ] {
        let expected = xor_values(&read_code(code), len);
        let got: Vec<u32> = sequence(code, len)
            .values()
            .iter()
            .map(|&v| v as u32)
            .collect();
        assert_eq!(got, expected, "{code}");
        // The scalar scan that wasm builds use.
        let mut table = NimSequence::new(&game(code));
        table.use_table_scan();
        table.extend_to(len).unwrap();
        let got: Vec<u32> = table.values().iter().map(|&v| v as u32).collect();
        assert_eq!(got, expected, "{code} (table scan)");
        let plain: Vec<u32> = plain_values(&game(code), len)
            .unwrap()
            .iter()
            .map(|&v| v as u32)
            .collect();
        assert_eq!(plain, expected, "{code} (plain)");
    }
    for code in ["0.F", "0.B7", "8.1", "0.5[6]", "0.[3]", "4=.3", "0.4?"] {
        let expected = xor_values(&read_code(code), 90);
        let got: Vec<u32> = sequence(code, 90)
            .values()
            .iter()
            .map(|&v| v as u32)
            .collect();
        assert_eq!(got, expected, "{code}");
    }
}

fn digit_text() -> impl Strategy<Value = String> {
    (0u32..16, 0usize..4).prop_map(|(d, m)| {
        let modifier = if d >= 4 { ["", "!", "?", "="][m] } else { "" };
        format!("{d:X}{modifier}")
    })
}

fn random_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4", "8", "C", "4!", "4?", "8!", "4="]),
        prop::collection::vec(digit_text(), 1..4),
        prop::option::weighted(0.2, digit_text()),
    )
        .prop_map(|(d0, digits, tail)| {
            let tail = tail.map_or(String::new(), |t| format!("[{t}]"));
            format!("{d0}.{}{tail}", digits.concat())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any code, computed in arbitrary chunks, gives the values of the simple recursion.
    #[test]
    fn random_codes_agree_with_simple_recursion(code in random_code(), cuts in prop::collection::vec(0usize..70, 0..4)) {
        let len = 70;
        let read = read_code(&code);
        let expected = xor_values(&read, len);
        let game: HeapGame = code.parse().unwrap();
        let mut s = NimSequence::new(&game);
        let mut cuts = cuts;
        cuts.sort_unstable();
        for cut in cuts.into_iter().chain([len]) {
            s.extend_to(cut).unwrap();
        }
        let got: Vec<u32> = s.values().iter().map(|&v| v as u32).collect();
        prop_assert_eq!(got, expected, "{}", code);
        for n in 0..20 {
            let engine: BTreeSet<Vec<usize>> = game.options(n).into_iter().collect();
            prop_assert_eq!(engine, heap_options(&read, n), "{} heap {}", code, n);
        }
    }
}

/// A proven period must hold far beyond the values used for the proof: check it against the simple
/// recursion, for octal codes and for hexadecimal ones (three heaps, the generalised bound).
#[test]
fn proven_periods_hold_beyond_the_proof() {
    use sprague_engine::solve::heap::find_period;
    let mut proven = 0;
    for (code, used, checked) in [
        ("0.77", 400, 2000),
        ("0.07", 400, 2000),
        ("0.137", 400, 2000),
        ("0.333", 100, 1000),
        ("0.51", 400, 2000),
        ("0.15", 400, 2000),
        ("0.F", 200, 300),
        ("0.B", 200, 300),
        ("0.8", 200, 300),
    ] {
        let Some(p) = find_period(&sequence(code, used)).unwrap() else {
            continue;
        };
        proven += 1;
        assert!(p.values_needed <= used, "{code}");
        let g = xor_values(&read_code(code), checked);
        for n in p.preperiod..checked - p.period {
            assert_eq!(
                g[n + p.period],
                g[n],
                "{code}: period {} from {} fails at {n}",
                p.period,
                p.preperiod
            );
        }
        if p.preperiod > 0 {
            let n = p.preperiod - 1;
            assert_ne!(
                g[n + p.period],
                g[n],
                "{code}: the preperiod is not the least"
            );
        }
    }
    assert!(proven >= 6, "only {proven} codes proven periodic");
}

/// The fewest moves a game from a single heap of each size `0..len` can last, from the definition:
/// none for a heap with no move, else one more than the shortest of its options (a sum's shortest
/// game is the sum of its parts', played one after another).
fn shortest_games(code: &Code, len: usize) -> Vec<u64> {
    let mut shortest: Vec<u64> = Vec::new();
    for n in 0..len {
        let best = heap_options(code, n)
            .iter()
            .map(|pieces| 1 + pieces.iter().map(|&p| shortest[p]).sum::<u64>())
            .min()
            .unwrap_or(0);
        shortest.push(best);
    }
    shortest
}

/// `has_move` and `min_moves` (the remoteness search's up-front refusal of long games) against the
/// options and the shortest games from the definition, on the named codes and random ones.
fn check_game_length(code: &str, len: usize) -> Result<(), TestCaseError> {
    let (game, read) = (game(code), read_code(code));
    let shortest = shortest_games(&read, len);
    for n in 0..len {
        prop_assert_eq!(
            game.has_move(n),
            !heap_options(&read, n).is_empty(),
            "{} heap {}",
            code,
            n
        );
        prop_assert!(game.min_moves(&[n]) <= shortest[n], "{} heap {}", code, n);
        for m in [0, 1, n / 2, len - 1 - n] {
            prop_assert!(
                game.min_moves(&[n, m, 0]) <= shortest[n] + shortest[m],
                "{} heaps {} {}",
                code,
                n,
                m
            );
        }
    }
    Ok(())
}

#[test]
fn min_moves_bounds_the_shortest_game_and_is_not_vacuous() {
    for code in CODES {
        check_game_length(code, 40).unwrap();
    }
    // Where the bound is known in closed form: a move of 0.137 removes at most 3 dots and every row
    // has a move; Grundy's game removes none and leaves piles of 1 and 2.
    assert_eq!(game("0.137").min_moves(&[1_000_000]), 333_334);
    assert_eq!(game("grundy").min_moves(&[1_000_000, 10]), 500_003);
    assert_eq!(
        game("nim").min_moves(&[1_000_000]),
        0,
        "a repeating tail: no bound"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn min_moves_bounds_the_shortest_game_of_random_codes(code in random_code()) {
        check_game_length(&code, 30)?;
    }
}
