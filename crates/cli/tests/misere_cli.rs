//! The misère commands end to end: JSON field names, published values and genera, winning moves checked by
//! a naive search written here, and errors for bad input.

use crate::common;

use common::*;
use serde_json::Value;
use sprague_engine::games::heap::HeapGame;
use std::collections::HashMap;

/// Naive misère search: P iff there is a move and every move leads to an N-position.
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
            to_p |= naive_p(game, &next, memo);
        }
    }
    let p = has_move && !to_p;
    memo.insert(key, p);
    p
}

fn heaps_of(v: &Value) -> Vec<usize> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect()
}

#[test]
fn misere_position_lists_winning_moves_to_p_positions() {
    let game = HeapGame::grundy();
    let mut memo = HashMap::new();
    let v = run_json(&["misere", "grundy", "13", "5", "9"]);
    let expected_p = naive_p(&game, &[13, 5, 9], &mut memo);
    assert_eq!(v["outcome"], if expected_p { "P" } else { "N" });
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.is_empty(), expected_p);
    for m in moves {
        assert!(naive_p(&game, &heaps_of(&m["result"]), &mut memo), "{m}");
    }
    assert_eq!(v["genera"][0], "3^1431");
    assert_eq!(v["tame"], false);
}

#[test]
fn misere_nim_three_ones_is_p() {
    // Misère Nim: with only heaps of 1, the player to move loses iff their number is odd.
    let v = run_json(&["misere", "nim", "1", "1", "1"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["tame"], true);
    let v = run_json(&["misere", "nim", "1", "1"]);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn genus_table_matches_published_values() {
    let v = run_json(&["genus", "grundy", "--to", "21"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        values,
        [1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    );
    assert_eq!(v["genera"][13], "3^1431");
    assert_eq!(v["genera"][20], "0^20");
    let v = run_json(&["genus", "kayles", "--to", "6"]);
    assert_eq!(v["genera"][5], "4^146");
}

#[test]
fn quotient_outcomes_agree_with_naive_search() {
    let game = HeapGame::dawson();
    let v = run_json(&["quotient", "dawson", "--heaps", "9"]);
    let size = v["size"].as_u64().unwrap() as usize;
    assert_eq!(size % 2, 0, "misère quotients have even order");
    assert!(v["verification"]["failure"].is_null());
    assert!(v["proof_pairs"].as_u64().unwrap() > 0);
    assert_eq!(v["sizes"].as_array().unwrap().len(), 10);
    let p_portion: Vec<usize> = heaps_of(&v["p_portion"]);
    let pretend: Vec<usize> = heaps_of(&v["pretending_function"]);
    // Each element's representative is P exactly when the element is in the P-portion.
    let mut memo = HashMap::new();
    for (e, rep) in v["elements"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            naive_p(&game, &heaps_of(rep), &mut memo),
            p_portion.contains(&e)
        );
    }
    // A single heap is P exactly when its image is in the P-portion.
    for (n, &e) in pretend.iter().enumerate() {
        assert_eq!(
            naive_p(&game, &[n], &mut memo),
            p_portion.contains(&e),
            "heap {n}"
        );
    }
}

#[test]
fn quotient_relations_are_generator_words() {
    // Misère Nim on heaps up to 2 (Plambeck–Siegel): a = *1, b = *2, a^2 = 1, b^3 = b, P = {a, b^2}.
    let v = run_json(&["quotient", "nim", "--heaps", "2"]);
    assert_eq!(v["generators"], serde_json::json!([1, 2]));
    assert_eq!(v["generator_letters"], serde_json::json!(["a", "b"]));
    assert_eq!(
        v["relations"],
        serde_json::json!([["a^2", "1"], ["b^3", "b"]])
    );
    let words = v["element_words"].as_array().unwrap();
    let mut p: Vec<&str> = heaps_of(&v["p_portion"])
        .iter()
        .map(|&e| words[e].as_str().unwrap())
        .collect();
    p.sort();
    assert_eq!(p, vec!["a", "b^2"]);
}

#[test]
fn bad_input_is_a_clear_error() {
    let out = sprague().args(["misere", "0.9x", "3"]).assert().failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("bad heap-game code"), "{err}");
    let out = sprague()
        .args(["misere", "grundy", "100000"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("larger than the largest heap"), "{err}");
    let out = sprague()
        .args(["quotient", "dawson", "--heaps", "5000"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("heap bound"), "{err}");
    // A search that would take too long stops with a budget error instead of running on.
    let out = sprague()
        .args(["misere", "grundy", "90", "--budget", "1000"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("budget"), "{err}");
}
