//! `analyze` of heaps of a million (issue 38): the values, the outcome and every winning move, checked
//! against values this test computes itself from the rules of 0.137 (a row of dots: marking one
//! removes it and its neighbours) by the plain mex recursion on small heaps, extended to any heap by
//! the period that recursion shows, and against the XOR rule for sums.

use crate::common;

use common::run_json;
use serde_json::Value;

/// The options of a row of `n` dots in 0.137: mark a dot, removing it and its neighbours; what is left
/// is the rows on either side (empty rows dropped).
fn options(n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|dot| {
            let left = dot.saturating_sub(1);
            let right = n.saturating_sub(dot + 2);
            [left, right].into_iter().filter(|&r| r > 0).collect()
        })
        .collect()
}

/// Values of rows `0..len` by the mex recursion.
fn plain_values(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let seen: Vec<u32> = options(n)
            .iter()
            .map(|pieces| pieces.iter().fold(0, |x, &p| x ^ g[p]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The value of any row, from the plain values of rows up to 1000: the least period they show past
/// their last exception (the test asks it to hold over the whole second half, hundreds of rows past
/// any exception the literature knows).
struct Values {
    plain: Vec<u32>,
    start: usize,
    period: usize,
}

impl Values {
    fn new() -> Values {
        let plain = plain_values(1000);
        let period = (1..200)
            .find(|&p| (500..1000 - p).all(|n| plain[n] == plain[n + p]))
            .expect("a period");
        let start = (0..500)
            .rev()
            .find(|&n| plain[n] != plain[n + period])
            .map_or(0, |n| n + 1);
        Values {
            plain,
            start,
            period,
        }
    }

    fn of(&self, n: usize) -> u32 {
        if n < self.plain.len() {
            return self.plain[n];
        }
        self.plain[self.start + (n - self.start) % self.period]
    }
}

fn numbers(value: &Value) -> Vec<usize> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_u64().expect("a number") as usize)
        .collect()
}

/// `analyze 0.137 HEAPS`: values, nimber, outcome and exactly the winning moves the test finds.
fn analyze_agrees(heaps: &[usize]) {
    let values = Values::new();
    let mut args = vec!["analyze".to_string(), "0.137".to_string()];
    args.extend(heaps.iter().map(|h| h.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let v = run_json(&args);
    let expected: Vec<usize> = heaps.iter().map(|&h| values.of(h) as usize).collect();
    assert_eq!(numbers(&v["heap_values"]), expected, "{heaps:?}");
    let nimber = expected.iter().fold(0, |x, &g| x ^ g);
    assert_eq!(v["nimber"].as_u64(), Some(nimber as u64), "{heaps:?}");
    assert_eq!(v["outcome"], if nimber == 0 { "P" } else { "N" });
    // Every move to a position of value 0, as (heap index, pieces).
    let mut wanted = Vec::new();
    if nimber != 0 {
        for (i, &heap) in heaps.iter().enumerate() {
            let target = nimber ^ expected[i];
            for mut pieces in options(heap) {
                let value = pieces.iter().fold(0, |x, &p| x ^ values.of(p) as usize);
                if value == target {
                    pieces.sort_unstable();
                    wanted.push((i, pieces));
                }
            }
        }
    }
    // A row's two mirror-image dots leave the same rows: one move.
    wanted.sort();
    wanted.dedup();
    let mut found: Vec<(usize, Vec<usize>)> = v["winning_moves"]
        .as_array()
        .expect("winning moves")
        .iter()
        .map(|m| {
            let mut pieces = numbers(&m["pieces"]);
            pieces.sort_unstable();
            (m["heap_index"].as_u64().unwrap() as usize, pieces)
        })
        .collect();
    found.sort();
    assert!(!wanted.is_empty() || nimber == 0);
    assert_eq!(found, wanted, "{heaps:?}");
}

#[test]
fn a_heap_of_a_million_is_valued_by_its_period() {
    analyze_agrees(&[1_000_000]);
}

#[test]
fn three_heaps_of_a_million_are_valued_as_their_nim_sum() {
    analyze_agrees(&[999_999, 1_000_000, 1_000_003]);
}
