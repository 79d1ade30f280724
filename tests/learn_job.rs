//! Browser test: the teaching views' worker job. Mex tables, nim-sum answers and P-positions computed from
//! the heap job are compared with a plain brute force of the independence game written here (marking a dot
//! of a row removes it and its neighbours); the misère genera with a plain misère search; bad queries are
//! refused with a reason.
#![cfg(target_arch = "wasm32")]

use sprague::worker::learn_job::{self, MisereJob};
use sprague::worker::protocol::{LearnAnswer, LearnQuery, Outcome};
use sprague::worker::HeapJob;
use std::collections::HashMap;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The rows left after marking each dot of a row of `n`.
fn dot_options(n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|i| {
            let left = i.saturating_sub(1);
            let right = n.saturating_sub(i + 2);
            [left, right].into_iter().filter(|&p| p > 0).collect()
        })
        .collect()
}

fn dot_values(max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max {
        let seen: Vec<u32> = dot_options(n)
            .iter()
            .map(|pieces| pieces.iter().fold(0, |x, &p| x ^ g[p]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// Misère: does the player to move win? (No move: they win.)
fn misere_wins(heaps: Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    let mut heaps: Vec<usize> = heaps.into_iter().filter(|&h| h > 0).collect();
    heaps.sort_unstable();
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut any = false;
    let mut wins = false;
    'outer: for i in 0..heaps.len() {
        for pieces in dot_options(heaps[i]) {
            any = true;
            let mut next = heaps.clone();
            next.remove(i);
            next.extend(pieces);
            if !misere_wins(next, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    let result = !any || wins;
    memo.insert(heaps, result);
    result
}

async fn answer(query: LearnQuery) -> Result<LearnAnswer, String> {
    let heap = learn_job::check("0.137", &query)?;
    let mut job = HeapJob::start("0.137", heap).await?;
    while !job.is_done() {
        job.step()?;
    }
    let answer = learn_job::answer(&job, &query);
    job.stop().await;
    answer
}

#[wasm_bindgen_test]
async fn mex_rows_match_brute_force() {
    let g = dot_values(60);
    let LearnAnswer::Mex(table) = answer(LearnQuery::Mex { from: 30, to: 60 }).await.unwrap()
    else {
        panic!("not a mex table")
    };
    assert_eq!(table.rows.len(), 31);
    for row in &table.rows {
        let n = row.heap as usize;
        assert_eq!(row.mex, g[n], "g({n})");
        let mut expected: Vec<Vec<usize>> = dot_options(n)
            .into_iter()
            .map(|mut p| {
                p.sort_unstable();
                p
            })
            .collect();
        expected.sort();
        expected.dedup();
        assert_eq!(row.options.len(), expected.len(), "options of {n}");
        for option in &row.options {
            let value = option.pieces.iter().fold(0, |x, &p| x ^ g[p as usize]);
            assert_eq!(option.value, value);
        }
    }
}

#[wasm_bindgen_test]
async fn nim_sum_moves_all_win() {
    let g = dot_values(60);
    let heaps = vec![50u64, 6, 9];
    let LearnAnswer::NimSum(sum) = answer(LearnQuery::NimSum {
        heaps: heaps.clone(),
    })
    .await
    .unwrap() else {
        panic!("not a nim-sum")
    };
    assert_eq!(sum.nimber, g[50] ^ g[6] ^ g[9]);
    assert_ne!(sum.nimber, 0, "chosen to be an N-position");
    assert!(!sum.winning_moves.is_empty());
    for (index, option) in &sum.winning_moves {
        let rest = heaps
            .iter()
            .enumerate()
            .filter(|(i, _)| i != index)
            .fold(0, |x, (_, &h)| x ^ g[h as usize]);
        let after = option.pieces.iter().fold(rest, |x, &p| x ^ g[p as usize]);
        assert_eq!(after, 0, "move on heap {index} to {:?}", option.pieces);
    }
}

#[wasm_bindgen_test]
async fn p_positions_match_brute_force() {
    let g = dot_values(80);
    let LearnAnswer::PPositions(p) = answer(LearnQuery::PPositions {
        total: 80,
        triple_total: 0,
    })
    .await
    .unwrap() else {
        panic!("not P-positions")
    };
    let single: Vec<u64> = (1..=80).filter(|&n| g[n] == 0).map(|n| n as u64).collect();
    assert_eq!(p.single, single);
    for a in 1..80usize {
        for b in a + 1..=80 - a {
            let listed = p.pairs.contains(&(a as u64, b as u64));
            assert_eq!(listed, g[a] == g[b] && g[a] != 0, "({a}, {b})");
        }
    }
}

#[wasm_bindgen_test]
async fn misere_outcomes_match_search() {
    let query = LearnQuery::Misere {
        to: 12,
        table: 6,
        position: vec![3, 5, 7],
    };
    learn_job::check("0.137", &query).unwrap();
    let mut job = MisereJob::start("0.137", &query).unwrap();
    while !job.is_done() {
        job.step().unwrap();
    }
    let table = job.finish();
    let mut memo = HashMap::new();
    for row in &table.heaps {
        let genus = row.genus.as_ref().expect("small heaps fit the budget");
        let wins = misere_wins(vec![row.heap as usize], &mut memo);
        assert_eq!(genus.outcome == Outcome::N, wins, "heap {}", row.heap);
        assert_eq!(genus.misere[0] == 0, !wins);
    }
    for (a, cells) in table.cells.iter().enumerate() {
        for (b, cell) in cells.iter().enumerate() {
            let wins = misere_wins(vec![a, b], &mut memo);
            assert_eq!(
                cell.as_ref().unwrap().outcome == Outcome::N,
                wins,
                "({a}, {b})"
            );
        }
    }
    let position = table.position_genus.unwrap().unwrap();
    assert_eq!(
        position.outcome == Outcome::N,
        misere_wins(vec![3, 5, 7], &mut memo)
    );
}

#[wasm_bindgen_test]
fn bad_queries_are_refused() {
    let refused = |query: LearnQuery| learn_job::check("0.137", &query).unwrap_err();
    assert!(refused(LearnQuery::Mex { from: 9, to: 3 }).contains("empty"));
    assert!(refused(LearnQuery::Mex {
        from: 0,
        to: 1_000_000
    })
    .contains("too large"));
    assert!(refused(LearnQuery::Mex { from: 0, to: 4_000 }).contains("too many"));
    assert!(refused(LearnQuery::NimSum { heaps: vec![] }).contains("at least one"));
    assert!(refused(LearnQuery::NimSum {
        heaps: vec![1; 100]
    })
    .contains("too large"));
    assert!(refused(LearnQuery::Sequence { to: u64::MAX }).contains("too far"));
    assert!(refused(LearnQuery::PPositions {
        total: 10_000,
        triple_total: 0
    })
    .contains("too large"));
    assert!(refused(LearnQuery::Misere {
        to: 5,
        table: 5,
        position: vec![1000]
    })
    .contains("too large"));
}
