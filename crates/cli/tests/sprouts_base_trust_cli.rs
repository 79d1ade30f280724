//! A base can never make the solver lie (issue 19), end to end: `--base` files are verified before a
//! solver uses them, `check` fails on wrong or unverified entries, huge claims cost nothing,
//! conflicting binary duplicates and unrecognised files are refused with a clear message.
//!
//! Truths used: normal play, the n-spot start is lost (nimber 0) iff n mod 6 ∉ {3,4,5}; 3 spots have
//! nimber 1; the n-spot start has ⌊(n−1)/2⌋ + 2 distinct children, so its nimber is at most that;
//! a position has one value.

use crate::common;

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

use common::sprague;

/// A fresh directory for one test's files.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-trust-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &std::path::Path, name: &str, bytes: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().into_owned()
}

/// Runs `sprague ARGS`, killed after `seconds`.
fn run(args: &[&str], seconds: u64) -> Output {
    let output = sprague()
        .args(args)
        .timeout(Duration::from_secs(seconds))
        .output()
        .unwrap();
    // Never a crash: a clean exit, 0 or the error status 2.
    assert!(
        matches!(output.status.code(), Some(0 | 2)),
        "{args:?}: {:?}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn solve_never_answers_from_a_wrong_base() {
    let dir = dir("solve");
    // The file: 6 spots claimed to have nimber 1. The solver must not answer N (nor nimber
    // 1): the file is refused and says which entry is wrong.
    let lying = write(&dir, "w.spr", "[Positions+Nimber]\n0*6 1\n");
    let out = run(
        &["sprouts", "solve", "0*6", "--nimber", "--base", &lying],
        120,
    );
    assert!(!out.status.success(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.contains("1 wrong entry") && err.contains("0*6 nimber 1"),
        "{err}"
    );
    // The same with proof-number search and for the proof graph.
    for args in [
        &["sprouts", "solve", "0*6", "--dfpn", "--base", &lying][..],
        &["sprouts", "proof", "0*6", "--base", &lying][..],
    ] {
        let out = run(args, 120);
        assert!(!out.status.success(), "{args:?}: {}", text(&out.stdout));
    }
    // A right claim is used: 6 spots are lost (6 mod 6 = 0), nimber 0, no winning move.
    let right = write(&dir, "r.spr", "[Positions+Nimber]\n0*6 0\n");
    let out = run(
        &[
            "sprouts", "solve", "0*6", "--nimber", "--base", &right, "--json",
        ],
        120,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["outcome"].as_str(), v["nimber"].as_u64()),
        (Some("P"), Some(0))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_fails_on_wrong_entries() {
    let dir = dir("check");
    for (line, wrong) in [
        ("0*5 7", "0*5 nimber 7"),         // 5 spots have 4 children
        ("0*6 1000", "0*6 nimber 1000"),   // 6 spots have 4 children
        ("0*3+0*3 1", "0*3+0*3 nimber 1"), // 1 XOR 1 = 0
        ("0*6 1", "0*6 nimber 1"),         // 6 spots are lost: nimber 0
    ] {
        let base = write(&dir, "c.spr", format!("[Positions+Nimber]\n{line}\n"));
        let out = run(&["sprouts", "check", &base], 120);
        let stdout = text(&out.stdout);
        assert!(!out.status.success(), "{line}: {stdout}");
        assert!(
            stdout.contains(&format!("wrong: {wrong}\n")),
            "{line}: {stdout}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_finds_one_wrong_line_among_thousands() {
    let dir = dir("many");
    let base = dir.join("b.spr").to_string_lossy().into_owned();
    let out = run(
        &[
            "sprouts",
            "solve",
            "0*10",
            "--nimber",
            "--no-moves",
            // One thread: what a run on several learns depends on when each thread stops.
            "--threads",
            "1",
            "--save",
            &base,
        ],
        300,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut lines = std::fs::read_to_string(&base).unwrap();
    assert!(lines.lines().count() > 10_000);
    // 11 spots are won for the first player (11 mod 6 = 5): the nimber is not 0. The rest of the
    // base cannot re-derive the claim (it holds nothing about 11 spots); the check must still find it.
    lines.push_str("0*11 0\n");
    let wrong = write(&dir, "w.spr", &lines);
    let out = run(&["sprouts", "check", &wrong, "--json"], 600);
    assert!(!out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["wrong"], serde_json::json!(["0*11 nimber 0"]), "{v}");
    assert_eq!(v["unverifiable"], serde_json::json!([]));
    // A claim the solver cannot decide within the budget is reported, and check fails too.
    let out = run(&["sprouts", "check", &wrong, "--budget", "0"], 600);
    assert!(!out.status.success());
    assert!(text(&out.stdout).contains("not verified: 0*11 nimber 0\n"));
    assert!(text(&out.stderr).contains("could not be verified"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_huge_claimed_nimber_costs_nothing() {
    let dir = dir("huge");
    let huge = write(&dir, "h.spr", "[Positions+Nimber]\n0*6 4294967295\n");
    let out = run(&["sprouts", "check", &huge], 60);
    assert!(!out.status.success());
    assert!(text(&out.stdout).contains("wrong: 0*6 nimber 4294967295\n"));
    let proof = dir.join("p.bin").to_string_lossy().into_owned();
    let out = run(
        &[
            "sprouts", "base", "proof", "--normal", "7", "--base", &huge, "-o", &proof,
        ],
        120,
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("0*6 nimber 4294967295"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn binary_duplicates_with_different_values_are_reported() {
    let dir = dir("dup");
    // Two one-entry binary bases (0*3 with 2, then with 1) spliced into one file listing 0*3
    // twice; the last value is the true one (1), which the old reader silently kept.
    let mut entries = Vec::new();
    let mut prefix = Vec::new();
    for value in [2, 1] {
        let spr = write(
            &dir,
            "one.spr",
            format!("[Positions+Nimber]\n0*3 {value}\n"),
        );
        let bin = dir.join("one.bin").to_string_lossy().into_owned();
        assert!(run(&["sprouts", "base", "import", &spr, "-o", &bin], 60)
            .status
            .success());
        let bytes = std::fs::read(&bin).unwrap();
        // magic and version, the list length (1), the entry, the empty misère list.
        let magic = 1 + "sprague-sprouts-base".len() + 1;
        assert_eq!((bytes[magic], bytes[bytes.len() - 1]), (1, 0));
        prefix = bytes[..magic].to_vec();
        entries.extend_from_slice(&bytes[magic + 1..bytes.len() - 1]);
    }
    let mut file = prefix;
    file.push(2);
    file.extend_from_slice(&entries);
    file.push(0);
    let dup = write(&dir, "dup.bin", &file);
    let out = run(&["sprouts", "check", &dup], 60);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("\"0*3\" is listed twice with different nimbers (2 and 1)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn formats_are_recognised_and_bad_files_say_what_is_wrong() {
    let dir = dir("format");
    for (name, bytes) in [
        ("bom.spr", &b"\xef\xbb\xbf[Positions+Nimber]\n0*3 1\n"[..]),
        ("blank.spr", &b"\n[Positions+Nimber]\n0*3 1\n"[..]),
    ] {
        let base = write(&dir, name, bytes);
        let out = run(&["sprouts", "check", &base, "--json"], 60);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["verified"], 1, "{name}");
    }
    let no_header = write(&dir, "none.spr", "0*3 1\n");
    let out = run(&["sprouts", "check", &no_header], 60);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("none.spr: line 1: expected the header [Positions+Nimber]"),
        "{}",
        text(&out.stderr)
    );
    #[cfg(unix)]
    {
        let out = run(&["sprouts", "check", "/dev/zero"], 60);
        assert!(!out.status.success());
        let err = text(&out.stderr);
        assert!(
            err.starts_with("error: /dev/zero: not a Sprouts base"),
            "{err}"
        );
        assert!(err.len() < 300, "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
