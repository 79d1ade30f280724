//! The heap commands end to end: JSON field names, published values, and errors for bad input.

use crate::common;

use common::*;
use serde_json::json;
use sprague_engine::games::heap::HeapGame;

#[test]
fn seq_prints_grundys_game_values() {
    let v = run_json(&["seq", "grundy", "--to", "30", "--check"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    // OEIS A002188.
    assert_eq!(
        values,
        [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2
        ]
    );
    assert_eq!(v["code"], "4!.0");
    sprague()
        .args(["seq", "0.137", "--to", "20"])
        .assert()
        .success();
}

#[test]
fn period_of_kayles() {
    let v = run_json(&["period", "kayles"]);
    assert_eq!(v["proven"], true);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    let v = run_json(&["period", "grundy", "--max", "1000"]);
    assert_eq!(v["proven"], false);
}

#[test]
fn analyze_lists_winning_moves() {
    let v = run_json(&["analyze", "0.137", "50"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimber"], 5);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves
        .iter()
        .any(|m| m["result"] == json!([6, 41]) && m["dots"]["dot"] == 7));
    let v = run_json(&["analyze", "grundy", "4", "7"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn ppos_lists_single_heaps() {
    let v = run_json(&["ppos", "independence", "--total", "30"]);
    assert_eq!(v["single"], json!([4, 8, 14, 20, 24, 28]));
    assert_eq!(v["pairs"][0], json!([1, 2]));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let out = sprague()
        .args(["seq", "0.1x7"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let message = String::from_utf8(out).unwrap();
    assert!(
        message.contains("at character 4") && message.contains("`x`"),
        "{message}"
    );
    let out = sprague()
        .args(["seq", "grundy", "--to", "100000000000"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("2^26"));
}

#[test]
fn games_serialise_as_their_codes() {
    let game: HeapGame = "dawson".parse().unwrap();
    assert_eq!(serde_json::to_string(&game).unwrap(), "\"0.07\"");
    assert_eq!(
        serde_json::from_str::<HeapGame>("\"4!.0\"").unwrap(),
        HeapGame::grundy()
    );
    assert!(serde_json::from_str::<HeapGame>("\"0.[\"").is_err());
}
