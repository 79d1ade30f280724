//! `sprague sprouts …` end to end: JSON fields, errors, and base files.

use crate::common;

use common::sprague;

fn json(args: &[&str]) -> serde_json::Value {
    let out = sprague().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn canon_reads_both_notations() {
    let v = json(&["sprouts", "canon", "0.0.0.}]!", "--json"]);
    assert_eq!(v["position"], "0*3");
    assert_eq!(v["glop2007"], "0.0.0.}]!");
    assert_eq!(v["lives"], 9);
}

#[test]
fn children_of_three_spots() {
    let v = json(&["sprouts", "children", "0*3", "--json"]);
    let mut children: Vec<String> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["position"].as_str().unwrap().to_string())
        .collect();
    children.sort();
    assert_eq!(children, ["0*2.AB|AB", "0.1a1a", "0.AB|0.AB"]);
}

#[test]
fn solve_normal_and_misere() {
    // 4 spots: the first player wins in normal play (4 mod 6 ∈ {3,4,5}), nimber 1; loses in misère.
    let v = json(&["sprouts", "solve", "0*4", "--nimber", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimber"], 1);
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    let v = json(&["sprouts", "solve", "0*4", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert!(v.get("winning_moves").is_none());
}

#[test]
fn solve_by_proof_number_search() {
    // 5 spots: a first-player win (5 mod 6 ∈ {3,4,5}); each winning move the proof-number search lists
    // is lost for the opponent according to the couple search. 6 spots: lost, nimber 0.
    let v = json(&[
        "sprouts",
        "solve",
        "0*5",
        "--dfpn",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["method"], "dfpn");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let child = json(&["sprouts", "solve", m.as_str().unwrap(), "--json"]);
        assert_eq!(child["outcome"], "P", "{m}");
    }
    let v = json(&[
        "sprouts",
        "solve",
        "0*6",
        "--dfpn",
        "--threads",
        "1",
        "--no-moves",
        "--json",
    ]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nimber"], 0);
    assert!(v["stored"].as_u64().unwrap() > 0);
    let out = sprague()
        .args(["sprouts", "solve", "0*3", "--dfpn", "--misere"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--dfpn is normal play only");
}

#[test]
fn malformed_position_is_a_clear_error() {
    let out = sprague()
        .args(["sprouts", "canon", "0.A|1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "at byte 2: uppercase letter 'A' must occur exactly twice in its land, found 1"
        ),
        "{stderr}"
    );
}

#[test]
fn bases_import_export_merge() {
    let dir = std::env::temp_dir().join(format!("sprague-sprouts-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = |name: &str| dir.join(name).to_string_lossy().to_string();
    // Solve with a saved base, convert it both ways, and read it back.
    json(&[
        "sprouts",
        "solve",
        "0*4",
        "--nimber",
        "--save",
        &p("a.spr"),
        "--json",
    ]);
    let text = std::fs::read_to_string(p("a.spr")).unwrap();
    assert!(text.starts_with("[Positions+Nimber]\n"));
    assert!(text.lines().any(|l| l == "0*4 1"), "{text}");
    json(&[
        "sprouts",
        "base",
        "import",
        &p("a.spr"),
        "--out",
        &p("a.bin"),
        "--json",
    ]);
    json(&[
        "sprouts",
        "base",
        "export",
        &p("a.bin"),
        "--out",
        &p("b.spr"),
        "--json",
    ]);
    assert_eq!(std::fs::read_to_string(p("b.spr")).unwrap(), text);
    // A children listing annotated from the base.
    let v = json(&[
        "sprouts",
        "children",
        "0*4",
        "--base",
        &p("a.bin"),
        "--json",
    ]);
    assert!(v["values"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["nimber"] == 0));
    // Merging a conflicting base reports the conflict and fails.
    std::fs::write(p("bad.spr"), "[Positions+Nimber]\n0*4 2\n").unwrap();
    let out = sprague()
        .args([
            "sprouts",
            "base",
            "merge",
            &p("a.spr"),
            &p("bad.spr"),
            "--out",
            &p("m.spr"),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["conflicts"][0]["position"], "0*4");
    assert_eq!(v["conflicts"][0]["kept"], "nimber 1");
    assert_eq!(v["conflicts"][0]["other"], "nimber 2");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn proof_and_check() {
    let out = sprague()
        .args(["sprouts", "proof", "0*3", "--dot", "--detail", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let dot = String::from_utf8(out.stdout).unwrap();
    assert!(dot.starts_with("digraph proof {"));
    assert!(
        dot.contains("n0 [label=\"0\", fillcolor=lightblue]; // 0*3 0, 9 lives"),
        "{dot}"
    );
    let v = json(&["sprouts", "proof", "0*3", "--json"]);
    assert_eq!(v["outcome"], "N");
    let dir = std::env::temp_dir().join(format!("sprague-sprouts-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = dir.join("b.spr").to_string_lossy().to_string();
    json(&[
        "sprouts", "solve", "0*3", "--nimber", "--save", &base, "--json",
    ]);
    let v = json(&["sprouts", "check", &base, "--json"]);
    assert_eq!(v["wrong"].as_array().unwrap().len(), 0);
    assert!(v["verified"].as_u64().unwrap() > 5);
    std::fs::write(&base, "[Positions+Nimber]\n0*3 0\n").unwrap();
    let out = sprague()
        .args(["sprouts", "check", &base, "--json"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn proof_base_holds_the_published_start_values_and_checks() {
    let dir = std::env::temp_dir().join(format!("sprague-sprouts-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("proof.spr").to_string_lossy().to_string();
    let v = json(&[
        "sprouts", "base", "proof", "--normal", "5", "--misere", "5", "--out", &out, "--json",
    ]);
    // Published: nimbers 0, 0, 1, 1, 1 for 1..5 spots; misère W L L L W.
    let values: Vec<&str> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    for expected in [
        "0*2 nimber 0",
        "0*5 nimber 1",
        "0*4 misère P",
        "0*5 misère N",
    ] {
        assert!(values.contains(&expected), "{expected} in {values:?}");
    }
    let kept = v["nimbers"].as_u64().unwrap() + v["misere_outcomes"].as_u64().unwrap();
    assert_eq!(v["verified"].as_u64().unwrap(), kept);
    // The file holds what was reported, and an independent run of the complete check agrees.
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.lines().any(|l| l == "0*5 1"), "{text}");
    let check = json(&["sprouts", "check", &out, "--json"]);
    assert_eq!(check["verified"].as_u64().unwrap(), kept);
    assert_eq!(check["wrong"].as_array().unwrap().len(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_thread_count_gives_the_same_answers() {
    // 7 spots: lost in normal play (7 mod 6 = 1), nimber 0; 6 spots misère: each method and thread
    // count must agree on the outcome, the nimber and the set of winning moves.
    let cases: [&[&str]; 4] = [
        &["0*7", "--nimber"],
        &["0*5", "--nimber"],
        &["0*6", "--dfpn"],
        &["0*6", "--misere"],
    ];
    for case in cases {
        let answers: Vec<_> = ["1", "2", "3"]
            .iter()
            .map(|threads| {
                let mut args = vec!["sprouts", "solve"];
                args.extend_from_slice(case);
                args.extend_from_slice(&["--threads", threads, "--json"]);
                let v = json(&args);
                assert_eq!(v["threads"].as_u64(), Some(threads.parse().unwrap()));
                let mut moves: Vec<String> = v["winning_moves"]
                    .as_array()
                    .map(|m| m.iter().map(|m| m.as_str().unwrap().to_string()).collect())
                    .unwrap_or_default();
                moves.sort();
                (v["outcome"].clone(), v["nimber"].clone(), moves)
            })
            .collect();
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "{case:?}: {answers:?}"
        );
    }
    let out = sprague()
        .args(["sprouts", "solve", "0*3", "--threads", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "0 threads is refused");
}

#[test]
fn a_bound_stops_the_search_with_a_message_and_keeps_what_it_proved() {
    let dir = std::env::temp_dir().join(format!("sprague-sprouts-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let partial = dir.join("partial.bin");
    let partial = partial.to_str().unwrap();
    for threads in ["1", "2"] {
        let out = sprague()
            .args([
                "sprouts",
                "solve",
                "0*11",
                "--max-nodes",
                "2000",
                "--threads",
                threads,
            ])
            .args(["--save", partial])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{threads} threads");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("stopped: the search passed --max-nodes 2000"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "no answer is printed when stopped");
        // The base it saved is verified when read, and the search goes on from it: 11 spots is
        // won for the player to move (11 mod 6 = 5).
        let v = json(&[
            "sprouts",
            "solve",
            "0*11",
            "--no-moves",
            "--base",
            partial,
            "--json",
        ]);
        assert_eq!(v["outcome"], "N");
    }
    // The other long Sprouts commands take the same bounds: nothing is written when one is passed.
    let proof = dir.join("proof.bin");
    let out = sprague()
        .args([
            "sprouts",
            "base",
            "proof",
            "--normal",
            "12",
            "--max-nodes",
            "5000",
        ])
        .args(["-o", proof.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("stopped: the search passed --max-nodes 5000"),
        "{stderr}"
    );
    assert!(!proof.exists());
    // The shipped base: its 14,711 entries take a second or two to check, so the bound is met on the way.
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/sprouts-base.bin");
    let check = sprague()
        .args(["sprouts", "check", shipped, "--max-nodes", "1000"])
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert!(
        stderr.contains("stopped: the search passed --max-nodes 1000"),
        "{stderr}"
    );
    for bad in [
        ["--max-seconds", "0"],
        ["--max-memory", "1"],
        ["--max-nodes", "x"],
    ] {
        let out = sprague()
            .args(["sprouts", "solve", "0*3"])
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_form_proof_is_built_checked_and_read_back() {
    let dir = std::env::temp_dir().join(format!("sprague-sprouts-forms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("misere.bin");
    let file = file.to_str().unwrap();
    let v = json(&[
        "sprouts",
        "base",
        "form-proof",
        "--from",
        "5",
        "--misere",
        "7",
        "--with-moves",
        "-o",
        file,
        "--json",
    ]);
    assert!(v["states"].as_u64().unwrap() > 0, "{v}");
    // Misère play (published): 5 and 6 spots won for the first player, 7 lost.
    let values: Vec<&str> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    for expected in ["0*5 misère N", "0*6 misère N", "0*7 misère P"] {
        assert!(values.contains(&expected), "{values:?}");
    }
    let v = json(&[
        "sprouts",
        "base",
        "form-check",
        file,
        "0*7",
        "0*6",
        "0*12",
        "--json",
    ]);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values[0], "0*7 misère P");
    assert_eq!(values[1], "0*6 misère N");
    assert_eq!(values[2], "0*12 misère not in the proof");
    // A base is no form proof; a start past the bound is refused; a bound stops the build and
    // nothing is written.
    let shipped_base = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/sprouts-base.bin");
    let refused = |args: &[&str], why: &str| {
        let out = sprague().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    };
    refused(
        &["sprouts", "base", "form-check", shipped_base],
        "not a form proof",
    );
    let bounded = dir.join("bounded.bin");
    let bounded = bounded.to_str().unwrap();
    refused(
        &[
            "sprouts",
            "base",
            "form-proof",
            "--misere",
            "99",
            "-o",
            bounded,
        ],
        "1 to 16 spots",
    );
    refused(
        &[
            "sprouts",
            "base",
            "form-proof",
            "--from",
            "11",
            "--misere",
            "11",
            "--max-nodes",
            "500",
            "-o",
            bounded,
        ],
        "stopped: the search passed --max-nodes 500",
    );
    assert!(!std::path::Path::new(bounded).exists());
    std::fs::remove_dir_all(&dir).ok();
}
