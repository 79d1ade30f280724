//! Every long heap, misère and Sprouts command is bounded and says so: it stops at the bound given
//! (`--max-seconds`, `--max-memory`) with a message naming it, and sizes that can never finish are
//! refused before any work with the limit in the message.

mod common;

use common::sprague;
use std::time::Duration;

/// Only keeps a test from hanging: no test asserts speed.
const GUARD: Duration = Duration::from_secs(60);

/// Runs `sprague ARGS`, expects exit status 2 and returns what it wrote on stderr.
fn fails(args: &[&str]) -> String {
    let output = sprague()
        .args(args)
        .timeout(GUARD)
        .assert()
        .code(2)
        .get_output()
        .clone();
    String::from_utf8(output.stderr).expect("UTF-8")
}

/// The command stops at the bound `flag value` given, naming it.
fn stops_at(args: &[&str], flag: &str, value: &str) {
    let mut args = args.to_vec();
    args.extend([flag, value]);
    let stderr = fails(&args);
    assert!(
        stderr.contains(&format!(
            "error: stopped: the search passed {flag} {value} ("
        )),
        "{args:?}: {stderr}"
    );
}

/// The command stops at `--max-seconds 1`, naming the bound.
fn stops_after_a_second(args: &[&str]) {
    stops_at(args, "--max-seconds", "1");
}

#[test]
fn misere_search_stops_at_max_seconds() {
    stops_after_a_second(&["misere", "0.07", "100", "100", "100"]);
}

#[test]
fn misere_search_stops_at_max_memory() {
    let stderr = fails(&["misere", "0.07", "100", "100", "100", "--max-memory", "64"]);
    assert!(
        stderr.contains("error: stopped: the process passed --max-memory 64 ("),
        "{stderr}"
    );
}

#[test]
fn seq_check_stops_at_max_seconds() {
    stops_after_a_second(&["seq", "0.07", "--to", "1048576", "--check"]);
}

#[test]
fn seq_of_a_slow_game_stops_at_max_seconds() {
    stops_after_a_second(&["seq", "0.[F]", "--to", "2000"]);
}

#[test]
fn quotient_check_stops_at_max_seconds() {
    // The largest check accepted for these heaps: about a billion positions.
    stops_after_a_second(&["quotient", "0.07", "--heaps", "10", "--verify", "135"]);
}

#[test]
fn sprouts_proof_base_stops_at_max_seconds() {
    let out = std::env::temp_dir().join(format!("bounded-cli-{}.bin", std::process::id()));
    let out = out.to_str().expect("UTF-8 path");
    stops_after_a_second(&["sprouts", "base", "proof", "--normal", "30", "-o", out]);
    assert!(!std::path::Path::new(out).exists(), "nothing is written");
}

#[test]
fn genus_walk_stops_at_max_seconds() {
    stops_after_a_second(&["genus", "0.07", "--to", "4000"]);
}

#[test]
fn period_search_stops_at_max_seconds() {
    stops_after_a_second(&["period", "0.9"]);
}

#[test]
fn sizes_that_cannot_finish_are_refused_up_front() {
    for (args, limit) in [
        (
            &["genus", "0.07", "--to", "18446744073709551615"][..],
            "at most 4097 heaps",
        ),
        (
            &["quotient", "0.07", "--heaps", "10", "--verify", "1000"][..],
            "at most 135 tokens with heaps up to 10",
        ),
        (
            &[
                "sprouts",
                "base",
                "proof",
                "--normal",
                "1000",
                "-o",
                "/nonexistent/p.bin",
            ][..],
            "at most 64 spots",
        ),
        (
            &["seq", "0.07", "--to", "134217728", "--check"][..],
            "at most 67108864 (2^26) heaps",
        ),
        (
            &["period", "0.07", "--max", "134217728"][..],
            "at most 67108864 (2^26) heaps",
        ),
    ] {
        let stderr = fails(args);
        assert!(stderr.contains(limit), "{args:?}: {stderr}");
    }
}

#[test]
fn a_bounded_run_that_finishes_answers_as_before() {
    let output = sprague()
        .args([
            "seq",
            "0.07",
            "--to",
            "2000",
            "--check",
            "--max-seconds",
            "600",
        ])
        .timeout(GUARD)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let stdout = String::from_utf8(output).expect("UTF-8");
    assert!(stdout.contains("checked against the plain O(n²) computation: identical"));
}

#[test]
fn sprouts_dfpn_on_one_thread_stops_at_max_seconds() {
    // 33 spots: far beyond a second of proof-number search, and its nodes are slow.
    stops_after_a_second(&["sprouts", "solve", "--dfpn", "--threads", "1", "0*33"]);
}

#[test]
fn sprouts_dfpn_on_one_thread_stops_at_max_nodes() {
    stops_at(
        &["sprouts", "solve", "--dfpn", "--threads", "1", "0*20"],
        "--max-nodes",
        "1000",
    );
}

#[test]
fn graph_solve_stops_at_max_seconds() {
    // Misère play on 64 vertices of a sparse random graph: a search over sums of components.
    stops_after_a_second(&["graph", "solve", "--preset", "random:64:0.08:5", "--misere"]);
}
