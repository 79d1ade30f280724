//! Browser test: the worker's answers for positions of several heaps (as the boards ask them), normal and
//! misère, against a brute force written here: plain recursion over sorted heap lists, no engine code.
#![cfg(target_arch = "wasm32")]

use sprague::worker::protocol::Outcome;
use sprague::worker::{position_answer, HeapJob};
use std::collections::HashMap;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Grundy's game: a heap of n splits into a and n - a, a ≠ n - a.
fn options(n: u64) -> Vec<Vec<u64>> {
    (1..n)
        .filter(|&a| 2 * a < n)
        .map(|a| vec![a, n - a])
        .collect()
}

/// Every position one move away, as sorted heap lists, with the heap index and pieces of the move.
fn moves(heaps: &[u64]) -> Vec<(usize, Vec<u64>, Vec<u64>)> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for pieces in options(h) {
            let mut next: Vec<u64> = heaps.to_vec();
            next.remove(i);
            next.extend(&pieces);
            next.sort_unstable();
            out.push((i, pieces, next));
        }
    }
    out
}

/// Player to move wins? `misere`: the player who cannot move wins.
fn wins(heaps: &[u64], misere: bool, memo: &mut HashMap<(Vec<u64>, bool), bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 2).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&(key.clone(), misere)) {
        return known;
    }
    let next = moves(&key);
    let result = if next.is_empty() {
        misere
    } else {
        next.iter().any(|(_, _, n)| !wins(n, misere, memo))
    };
    memo.insert((key, misere), result);
    result
}

#[wasm_bindgen_test]
async fn position_answers_match_brute_force_in_normal_and_misere_play() {
    let mut memo = HashMap::new();
    let positions: [&[u64]; 6] = [
        &[7],
        &[9, 7],
        &[11, 6],
        &[10, 8, 5],
        &[13, 4, 4],
        &[3, 6, 9, 12],
    ];
    for heaps in positions {
        let largest = *heaps.iter().max().unwrap();
        let mut job = HeapJob::start("4!.0", largest).await.unwrap();
        while !job.is_done() {
            job.step().unwrap();
        }
        for misere in [false, true] {
            let answer = position_answer(&job, heaps, misere, 0.0).unwrap();
            let expected = wins(heaps, misere, &mut memo);
            assert_eq!(
                answer.outcome == Outcome::N,
                expected,
                "{heaps:?} misère {misere}"
            );
            // The winning moves are exactly the moves to positions the brute force says are lost.
            let mut listed: Vec<(usize, Vec<u64>)> = answer
                .winning_moves
                .iter()
                .map(|m| {
                    let mut pieces = m.pieces.clone();
                    pieces.sort_unstable();
                    (m.heap_index, pieces)
                })
                .collect();
            listed.sort();
            let mut wanted: Vec<(usize, Vec<u64>)> = moves(heaps)
                .into_iter()
                .filter(|(_, _, next)| !wins(next, misere, &mut memo))
                // The solver lists a move once for equal heaps (on the first of them).
                .filter(|(i, _, _)| !heaps[..*i].contains(&heaps[*i]))
                .map(|(i, pieces, _)| (i, pieces))
                .collect();
            wanted.sort();
            wanted.dedup();
            assert_eq!(listed, wanted, "{heaps:?} misère {misere}");
        }
        job.stop().await;
    }
}
