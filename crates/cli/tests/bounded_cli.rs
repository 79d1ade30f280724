//! Every long heap, misère, Sprouts and graph command is bounded and says so: it stops at the bound
//! given (`--max-seconds`, `--max-memory`, `--max-nodes`) with a message naming it and exit status 2,
//! soon after the bound (issue 38), and sizes that can never finish are refused before any work with
//! the limit in the message.
//!
//! Each input would run for far longer than its bound (minutes to years: Sprouts of 20 to 33 spots,
//! Grundy's game to 5·10⁷ heaps, Node Kayles on 64 vertices; each still runs on at 10 times the
//! bound), and a run that finished would exit 0 and fail. That a run bounded at 1 s stopped soon is
//! checked on the CPU time it used (user and system, every thread), not on the time it took, which
//! other work on the machine stretches (seen: 3.2 s for `sprouts check` at 1 s on a loaded 2-core
//! machine, 0.8 s of it CPU): at most its threads × 1.5× the bound or the bound + 1 s, whichever is
//! larger. A memory bound is checked on the figure the message gives: the memory in use when the
//! watcher saw the bound passed, within 1.5× the bound.

#![cfg(unix)] // the CPU time of a run is read with wait4

mod common;

use common::sprague;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// Only keeps a test from hanging.
const GUARD: Duration = Duration::from_secs(120);

/// One bounded run at a time: fewer runs waiting for the 2 cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `sprague ARGS`, expects exit status 2 and returns what it wrote on stderr and the CPU time
/// the run used (user and system, every thread; from `wait4`).
#[allow(clippy::zombie_processes)] // the child is reaped by wait4, which also gives its CPU time
fn fails_timed(args: &[&str]) -> (String, Duration) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sprague"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sprague starts");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut pipe = child.stderr.take().expect("stderr piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        pipe.read_to_string(&mut text).map(|_| text)
    });
    let (waited, guard_stop) = mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        if guard_stop.recv_timeout(GUARD) == Err(mpsc::RecvTimeoutError::Timeout) {
            // SAFETY: the child is not reaped before this thread is told it was.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    });
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, with valid pointers.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    drop(waited);
    guard.join().expect("the guard thread");
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    let stderr = reader.join().expect("the reader thread").expect("UTF-8");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 2,
        "{args:?}: exit status {status:#x} (2 expected): {stderr}"
    );
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    (stderr, time(usage.ru_utime) + time(usage.ru_stime))
}

/// Runs `sprague ARGS`, expects exit status 2 and returns what it wrote on stderr.
fn fails(args: &[&str]) -> String {
    fails_timed(args).0
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

/// The command stops at `--max-seconds 1`, naming the bound, having used at most its threads × (1.5×
/// the bound or the bound + 1 s) of CPU time.
fn stops_after_a_second(args: &[&str]) {
    stops_after_a_second_within(args, Duration::ZERO);
}

/// [`stops_after_a_second`], with `more` allowed on top: the misère Sprouts searches on forms build the
/// form of each new small land (its whole game tree, up to 10 lives) in one step that does not look
/// at the bound (measured in this debug test build on a loaded 2-core machine: 2.0–4.3 s in all;
/// the release build stops at 1.2–1.7 s).
fn stops_after_a_second_within(args: &[&str], more: Duration) {
    let mut args = args.to_vec();
    args.extend(["--max-seconds", "1"]);
    let threads: u32 = args
        .windows(2)
        .find(|pair| pair[0] == "--threads")
        .map_or(1, |pair| pair[1].parse().expect("a thread count"));
    let (stderr, cpu) = fails_timed(&args);
    assert!(
        stderr.contains("error: stopped: the search passed --max-seconds 1 ("),
        "{args:?}: {stderr}"
    );
    let bound = Duration::from_secs(1);
    let allowed = ((bound * 3 / 2).max(bound + Duration::from_secs(1)) + more) * threads;
    assert!(
        cpu <= allowed,
        "{args:?} used {cpu:?} of CPU time, more than {allowed:?}: {stderr}"
    );
}

/// The command stops at `--max-memory MB`, naming the bound, with at most 1.5× the bound in use.
fn stops_at_memory(args: &[&str], megabytes: u64) {
    let mut args = args.to_vec();
    let bound = megabytes.to_string();
    args.extend(["--max-memory", &bound]);
    let stderr = fails(&args);
    let said = format!("error: stopped: the process passed --max-memory {megabytes} (");
    let used: u64 = stderr
        .split_once(&said)
        .and_then(|(_, rest)| rest.split_once(" MB in use)"))
        .and_then(|(used, _)| used.parse().ok())
        .unwrap_or_else(|| panic!("{args:?}: {stderr}"));
    assert!(
        used > megabytes && used * 2 <= megabytes * 3,
        "{args:?}: {used} MB in use: {stderr}"
    );
}

/// Every long command and method stops at `--max-seconds 1`, on one thread and on two.
#[test]
fn every_long_command_stops_soon_after_max_seconds() {
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/sprouts-base.bin");
    let out = std::env::temp_dir().join(format!("bounded-cli-{}.bin", std::process::id()));
    let out = out.to_str().expect("UTF-8 path");
    for args in [
        // 33 spots: far beyond a second of search, and the proof-number search's nodes are slow.
        &["sprouts", "solve", "--dfpn", "--threads", "1", "0*33"][..],
        &["sprouts", "solve", "--dfpn", "--threads", "2", "0*33"],
        &["sprouts", "solve", "--threads", "1", "0*33"],
        &["sprouts", "solve", "--nimber", "--threads", "2", "0*30"],
        &[
            "sprouts",
            "solve",
            "--misere",
            "--whole-positions",
            "--threads",
            "2",
            "0*20",
        ],
        &["sprouts", "proof", "0*30"],
        &[
            "sprouts",
            "base",
            "proof",
            "--normal",
            "30",
            "--threads",
            "2",
            "-o",
            out,
        ],
        &[
            "sprouts",
            "base",
            "proof",
            "--misere",
            "20",
            "--threads",
            "1",
            "-o",
            out,
        ],
        // The complete check of the shipped base: about 10 s on one core.
        &["sprouts", "check", base, "--threads", "1"],
        &["sprouts", "check", base, "--threads", "2"],
        &["sprouts", "solve", "--base", base, "--threads", "1", "0*33"],
        // Grundy's game has no known period: every value up to 5·10⁷ is computed.
        &["analyze", "grundy", "50000000"],
        &["seq", "grundy", "--to", "50000000"],
        &["seq", "0.07", "--to", "1048576", "--check"],
        &["seq", "0.[F]", "--to", "2000"],
        &["period", "0.9"],
        &["misere", "0.07", "100", "100", "100"],
        &["genus", "0.07", "--to", "4000"],
        // The largest check accepted for these heaps: about a billion positions.
        &["quotient", "0.07", "--heaps", "10", "--verify", "135"],
        // Misère play on 64 vertices of a sparse random graph: a search over sums of components.
        &["graph", "solve", "--preset", "random:64:0.08:5", "--misere"],
        &["graph", "solve", "--preset", "grid:8x8"],
    ] {
        stops_after_a_second(args);
    }
    assert!(!std::path::Path::new(out).exists(), "nothing is written");
}

/// The misère Sprouts search on forms stops at `--max-seconds 1`, on one thread and on two, within
/// a wider margin (see [`stops_after_a_second_within`]).
#[test]
fn the_misere_search_on_forms_stops_after_max_seconds() {
    for threads in ["1", "2"] {
        stops_after_a_second_within(
            &["sprouts", "solve", "--misere", "--threads", threads, "0*20"],
            Duration::from_secs(4),
        );
    }
}

/// The searches whose tables grow stop at `--max-memory`, on one thread and on two.
#[test]
fn every_growing_search_stops_at_max_memory() {
    for args in [
        &["sprouts", "solve", "--dfpn", "--threads", "2", "0*33"][..],
        &["sprouts", "solve", "--threads", "2", "0*33"],
        &["sprouts", "solve", "--misere", "--threads", "2", "0*20"],
        &["misere", "0.07", "100", "100", "100"],
        &["genus", "0.07", "--to", "4000"],
    ] {
        stops_at_memory(args, 32);
    }
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
