//! Remoteness and every move's value in `--json`, on positions worked out by hand, and the note when the
//! budget runs out.

use crate::common;

use common::*;
use serde_json::json;

#[test]
fn nim_1_2_is_won_in_3_through_1_1() {
    let v = run_json(&["analyze", "nim", "1", "2"]);
    assert_eq!(v["remoteness"], 3);
    assert!(v["remoteness_note"].is_null());
    // Taking the 1 leaves [2] (won at once by taking it); 1 from the 2 leaves [1, 1] (lost, two
    // moves left); the whole 2 leaves [1].
    let moves: Vec<_> = v["move_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["result"].clone(),
                m["outcome"].clone(),
                m["remoteness"].clone(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            (json!([2]), json!("N"), json!(1)),
            (json!([1, 1]), json!("P"), json!(2)),
            (json!([1]), json!("N"), json!(1)),
        ]
    );
}

#[test]
fn misere_nim_1_1_lasts_two_moves() {
    // Misère: whoever takes the last counter loses, so [1] is lost for the player to move.
    let v = run_json(&["misere", "nim", "1", "1"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["remoteness"], 2);
    for m in v["move_values"].as_array().unwrap() {
        assert_eq!((&m["outcome"], &m["remoteness"]), (&json!("P"), &json!(1)));
    }
}

#[test]
fn a_path_of_3_is_won_at_once_by_its_middle() {
    let v = run_json(&["graph", "solve", "--graph", "3:0-1,1-2"]);
    assert_eq!(v["remoteness"], 1);
    assert_eq!(
        v["move_values"],
        json!([
            {"vertex": 0, "outcome": "N", "remoteness": 1},
            {"vertex": 1, "outcome": "P", "remoteness": 0},
            {"vertex": 2, "outcome": "N", "remoteness": 1},
        ])
    );
}

#[test]
fn past_its_budget_remoteness_is_null_with_a_note() {
    let v = run_json(&["analyze", "0.137", "60", "--remoteness-budget", "10"]);
    assert_eq!(v["outcome"], "N"); // the rest of the answer is still there
    assert_eq!(
        (&v["remoteness"], &v["move_values"]),
        (&json!(null), &json!(null))
    );
    let note = v["remoteness_note"].as_str().unwrap();
    assert!(
        note.contains("not decided") && note.contains("10 positions"),
        "{note}"
    );
}

#[test]
fn the_text_output_says_how_long_the_game_lasts() {
    let output = sprague()
        .args(["analyze", "nim", "1", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("the game lasts 3 more moves"), "{text}");
}
