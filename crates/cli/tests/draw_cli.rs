//! `sprague draw …` end to end: an SVG picture, the JSON drawing read back to the same position, and a
//! clear error for a malformed position.

use crate::common;

use common::sprague;
use sprague_engine::draw::Drawing;

#[test]
fn draws_svg_and_json() {
    let out = sprague().args(["draw", "AB|AB.0"]).assert().success();
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<circle"));

    let out = sprague()
        .args(["draw", "1a1a+0", "--json"])
        .assert()
        .success();
    let drawing: Drawing = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(drawing.position().unwrap(), "0+1a1a".parse().unwrap());
}

#[test]
fn malformed_position_is_an_error() {
    let out = sprague().args(["draw", "0.x"]).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("lowercase letter 'x'"), "{err}");
}
