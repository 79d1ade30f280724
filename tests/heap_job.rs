//! Browser test: the worker's heap job, run in slices as the worker runs it, gives the values of an
//! independent brute force, and refuses bad requests with a message.
#![cfg(target_arch = "wasm32")]

use sprague::worker::protocol::Outcome;
use sprague::worker::{HeapJob, MAX_HEAP};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Grundy's game by plain mex over all splits into two unequal non-empty piles.
fn grundy_brute_force(max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max {
        let mut seen = vec![false; n + 2];
        for a in 1..n.div_ceil(2) {
            let value = (g[a] ^ g[n - a]) as usize;
            if value < seen.len() {
                seen[value] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

async fn run(code: &str, heap: u64) -> Result<sprague::worker::protocol::HeapAnswer, String> {
    let mut job = HeapJob::start(code, heap).await?;
    while !job.is_done() {
        job.step()?;
    }
    job.finish().await
}

#[wasm_bindgen_test]
async fn grundy_values_match_brute_force() {
    let expected = grundy_brute_force(400);
    for heap in [0u64, 1, 2, 3, 13, 20, 255, 400] {
        let answer = run("grundy", heap).await.expect("answer");
        assert_eq!(answer.nimber, expected[heap as usize], "heap {heap}");
        assert_eq!(answer.outcome == Outcome::P, expected[heap as usize] == 0);
        assert_eq!(answer.code, "4!.0");
    }
}

#[wasm_bindgen_test]
async fn bad_requests_are_refused_with_a_reason() {
    let error = run("0.9x", 5).await.unwrap_err();
    assert!(error.contains("not a game code"), "{error}");
    let error = run("grundy", MAX_HEAP + 1).await.unwrap_err();
    assert!(error.contains("too large"), "{error}");
}
