//! `sprague graph solve` end to end: JSON fields, values against a brute force written here, errors for bad
//! graphs.

use crate::common;

use common::*;
use serde_json::{json, Value};

/// Grundy value of the position `set` of the graph with closed neighbourhoods `rows`, straight from the
/// rules; `misere` gives instead whether the player to move wins in misère play (as 1 or 0).
fn brute(
    rows: &[u64],
    set: u64,
    misere: bool,
    memo: &mut std::collections::HashMap<u64, u32>,
) -> u32 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let children: Vec<u32> = (0..rows.len())
        .filter(|&v| set >> v & 1 == 1)
        .map(|v| brute(rows, set & !rows[v], misere, memo))
        .collect();
    let value = if misere {
        (set == 0 || children.contains(&0)) as u32
    } else {
        (0..).find(|g| !children.contains(g)).unwrap()
    };
    memo.insert(set, value);
    value
}

fn rows(n: usize, edges: &[(usize, usize)]) -> Vec<u64> {
    let mut rows: Vec<u64> = (0..n).map(|v| 1 << v).collect();
    for &(u, v) in edges {
        rows[u] |= 1 << v;
        rows[v] |= 1 << u;
    }
    rows
}

fn winning(rows: &[u64], set: u64, misere: bool) -> Vec<usize> {
    let mut memo = Default::default();
    (0..rows.len())
        .filter(|&v| set >> v & 1 == 1 && brute(rows, set & !rows[v], misere, &mut memo) == 0)
        .collect()
}

#[test]
fn the_petersen_graph_against_a_brute_force() {
    let edges: Vec<(usize, usize)> = (0..5)
        .flat_map(|i| [(i, (i + 1) % 5), (5 + i, 5 + (i + 2) % 5), (i, i + 5)])
        .collect();
    let list = edges
        .iter()
        .map(|(u, v)| format!("{u}-{v}"))
        .collect::<Vec<_>>()
        .join(",");
    let rows = rows(10, &edges);
    let v = run_json(&["graph", "solve", "--vertices", "10", "--edges", &list]);
    let nimber = brute(&rows, 1023, false, &mut Default::default());
    assert_eq!(v["nimber"], nimber);
    assert_eq!(v["outcome"], if nimber == 0 { "P" } else { "N" });
    assert_eq!(v["winning_moves"], json!(winning(&rows, 1023, false)));
    assert_eq!(v["components"][0]["nimber"], nimber);
    let preset = run_json(&["graph", "solve", "--preset", "petersen"]);
    assert_eq!(preset["nimber"], v["nimber"]);
    let m = run_json(&["graph", "solve", "--preset", "petersen", "--misere"]);
    let win = brute(&rows, 1023, true, &mut Default::default()) == 1;
    assert_eq!(m["outcome"], if win { "N" } else { "P" });
    assert_eq!(m["nimber"], Value::Null);
    assert_eq!(m["winning_moves"], json!(winning(&rows, 1023, true)));
}

#[test]
fn moves_already_played_and_components() {
    // A 6-path after marking vertex 2: {0} and {4, 5} remain, two components of nimber 1 each.
    let v = run_json(&["graph", "solve", "--preset", "path:6", "--moves", "2"]);
    assert_eq!(v["remaining"], json!([0, 4, 5]));
    assert_eq!(
        v["components"],
        json!([{"vertices": [0], "nimber": 1}, {"vertices": [4, 5], "nimber": 1}])
    );
    assert_eq!(
        (v["nimber"].clone(), v["outcome"].clone()),
        (json!(0), json!("P"))
    );
    // Paths are the independence game: the CLI's own 0.137 sequence is an independent computation.
    let seq = run_json(&["seq", "0.137", "--to", "30"]);
    for n in [7, 12, 29] {
        let v = run_json(&[
            "graph",
            "solve",
            "--graph",
            &format!("{n}:{}", path_edges(n)),
        ]);
        assert_eq!(v["nimber"], seq["values"][n], "path of {n}");
    }
}

#[test]
fn vertices_without_edges_is_a_graph_with_no_edges() {
    // n isolated vertices: n heaps of one dot, nimber n mod 2, every vertex a winning move when odd.
    for n in [0usize, 1, 4, 6, 7] {
        let v = run_json(&["graph", "solve", "--vertices", &n.to_string()]);
        assert_eq!(v["nimber"], json!(n % 2), "{n} vertices");
        let winning: Vec<usize> = if n % 2 == 1 { (0..n).collect() } else { vec![] };
        assert_eq!(v["winning_moves"], json!(winning), "{n} vertices");
    }
}

fn path_edges(n: usize) -> String {
    (1..n)
        .map(|v| format!("{}-{v}", v - 1))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn bad_graphs_get_a_clear_message() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--vertices", "3", "--edges", "1-1"],
            "joins vertex 1 to itself",
        ),
        (
            &["--vertices", "3", "--edges", "0-5"],
            "names vertex 5, but the vertices are 0 to 2",
        ),
        (&["--vertices", "100", "--edges", ""], "at most 64 vertices"),
        (&["--preset", "grid:9x9"], "81 is too many"),
        (&["--graph", "3:0-1,0-1"], "listed twice"),
        (
            &["--preset", "path:4", "--moves", "1,2"],
            "vertex 2 is already removed",
        ),
        (&["--preset", "dodecahedron"], "one of path:N"),
    ];
    for (args, message) in cases {
        let output = sprague()
            .args(["graph", "solve"])
            .args(args)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains(message), "{args:?}: {text}");
    }
}

#[test]
fn a_saved_base_answers_again_and_a_tampered_one_is_caught() {
    let dir = std::env::temp_dir().join(format!("sprague-graph-base-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = dir.join("grid.bin");
    let base_text = base.to_str().unwrap();
    let v = run_json(&[
        "graph", "solve", "--preset", "grid:3x4", "--save", base_text,
    ]);
    let again = run_json(&[
        "graph", "solve", "--preset", "grid:3x4", "--base", base_text,
    ]);
    assert_eq!(again["nimber"], v["nimber"]);
    // Every nimber byte of the file's component entries raised by one: wrong entries are reported and
    // left out, and the answer is still the one the brute force gives.
    let mut bytes = std::fs::read(&base).unwrap();
    let mut at = b"sprague graph base 1\n".len();
    let count = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    at += 4;
    for _ in 0..count {
        let n = bytes[at] as usize;
        at += 1 + 8 * n;
        bytes[at] = bytes[at].wrapping_add(1);
        at += 1;
    }
    std::fs::write(&base, &bytes).unwrap();
    let output = sprague()
        .args([
            "graph", "solve", "--preset", "grid:3x4", "--json", "--base", base_text,
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("WRONG and left out"), "{stderr}");
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    let edges: Vec<(usize, usize)> = (0..3)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .flat_map(|(r, c)| {
            let v = r * 4 + c;
            let mut e = Vec::new();
            if c < 3 {
                e.push((v, v + 1));
            }
            if r < 2 {
                e.push((v, v + 4));
            }
            e
        })
        .collect();
    let rows = rows(12, &edges);
    assert_eq!(
        answer["nimber"],
        brute(&rows, (1 << 12) - 1, false, &mut Default::default())
    );
    // Not a base at all, and a file that never ends.
    std::fs::write(&base, "[Positions+Nimber]\n0*6 1\n").unwrap();
    for (file, message) in [
        (base_text, "not a graph base"),
        ("/dev/zero", "larger than 256 MB"),
    ] {
        let output = sprague()
            .args(["graph", "solve", "--preset", "path:3", "--base", file])
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        assert!(
            String::from_utf8(output).unwrap().contains(message),
            "{file}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
