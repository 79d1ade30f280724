//! Helpers shared by the CLI's end-to-end tests.
#![allow(dead_code)] // each test file uses a part

use assert_cmd::Command;
use serde_json::Value;

/// The built `sprague` binary.
pub fn sprague() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin!("sprague"))
}

/// Runs `sprague ARGS --json`, expects success and parses what it prints.
pub fn run_json(args: &[&str]) -> Value {
    let output = sprague()
        .args(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&output).expect("valid JSON")
}
