//! `sprague sprouts solve --misere` on simplest forms (the default) and on whole positions: the same
//! outcome and winning moves, checked against a plain misère minimax written here over the engine's
//! moves (no forms, no base).

use crate::common;

use std::collections::HashMap;

use common::run_json;
use sprague_engine::games::sprouts::Position;

fn plain_losing(position: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let children = position.children();
    let losing = !children.is_empty() && children.iter().all(|c| !plain_losing(c, memo));
    memo.insert(position.clone(), losing);
    losing
}

fn moves(v: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<String> = v["winning_moves"]
        .as_array()
        .map(|a| a.iter().map(|m| m.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn misere_solve_by_forms_and_by_whole_positions() {
    let mut memo = HashMap::new();
    for text in ["0*5", "0*2.AB|AB+0*2", "0.1a1a+0*3"] {
        let position: Position = text.parse().unwrap();
        let mut expected: Vec<String> = position
            .children()
            .iter()
            .filter(|c| plain_losing(c, &mut memo))
            .map(|c| c.to_string())
            .collect();
        expected.sort();
        let outcome = if plain_losing(&position, &mut memo) {
            "P"
        } else {
            "N"
        };
        for extra in [&[][..], &["--form-lives", "4"], &["--whole-positions"]] {
            let mut args = vec!["sprouts", "solve", text, "--misere"];
            args.extend_from_slice(extra);
            let v = run_json(&args);
            assert_eq!(v["outcome"], outcome, "{args:?}");
            assert_eq!(moves(&v), expected, "{args:?}");
        }
    }
}
