//! Notation: both GLOP notations read and print, malformed strings give exact errors, never panics.

use proptest::prelude::*;
use sprague_engine::games::sprouts::{Notation, ParseErrorKind, Position};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn both_notations_describe_the_same_positions() {
    let pairs = [
        ("0.0.0.}]!", "0*3"),
        ("!", "!"),
        ("0.AB.}0.AB.}]!", "0.AB|0.AB"),
        ("0.0.0.}]0.0.0.0.A.}0.0.0.0.A.}]!", "0*3+0*4.A|0*4.A"),
        ("0.1a1a.}]!", "0.1a1a"),
    ];
    for (old, later) in pairs {
        assert_eq!(pos(old), pos(later), "{old} vs {later}");
        assert_eq!(pos(later).to_notation(Notation::Glop2007), old);
        assert_eq!(pos(old).to_string(), later);
    }
}

#[test]
fn lands_are_ordered_canonically() {
    assert_eq!(pos("0*4.A|0*4.A+0*3"), pos("0*3+0*4.A|0*4.A"));
    assert_eq!(
        pos("0.0.0.0.A.}0.0.0.0.A.}]0.0.0.}]!").to_string(),
        "0*3+0*4.A|0*4.A"
    );
}

#[test]
fn glop_manual_reduction_example() {
    // The Glop 1.0 manual reduces its drawn position by hand: the dead region `D.}` goes, `D`
    // becomes `2`, `aa` becomes `2`.
    let drawn = pos("1aa.AB.}AB.}]0.aaABC.}0.1ab1bcDca.ACB.}D.}]!");
    let reduced_by_hand = pos("12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!");
    assert_eq!(drawn, reduced_by_hand);
    // In a region with at most 3 lives the boundaries may be written as one.
    assert_eq!(pos("2.AB.}AB.}]!"), pos("2AB.}AB.}]!"));
    assert_eq!(pos("2.AB|AB"), pos("2AB|AB"));
}

#[test]
fn counts_and_lives() {
    let p = pos("0*4.A|0*4.A+0*3");
    assert_eq!(p.lands().len(), 2);
    assert_eq!(p.lives(), 3 * 8 + 1 + 9);
    assert_eq!(Position::start(12).unwrap().lives(), 36);
    // A region without a move left disappears entirely.
    assert!(pos("2").is_terminal());
    assert!(pos("a1a").lives() == 3);
}

fn error(text: &str) -> (usize, ParseErrorKind) {
    let e = text.parse::<Position>().expect_err(text);
    (e.offset, e.kind)
}

#[test]
fn malformed_strings_give_exact_errors() {
    use ParseErrorKind::*;
    assert_eq!(error(""), (0, Empty));
    assert_eq!(
        error("0.x!"),
        (
            3,
            Unexpected {
                found: '!',
                expected: "a vertex, `.`, `|`, `+` or the end"
            }
        )
    );
    assert_eq!(
        error("0..0"),
        (
            2,
            Unexpected {
                found: '.',
                expected: "a vertex (`0`, `1`, `2` or a letter) or `0*n`"
            }
        )
    );
    assert_eq!(
        error("0|"),
        (
            2,
            UnexpectedEnd {
                expected: "a vertex (`0`, `1`, `2` or a letter) or `0*n`"
            }
        )
    );
    assert_eq!(error("01"), (0, SpotNotAlone));
    assert_eq!(
        error("1a2"),
        (
            1,
            LowercaseCount {
                letter: 'a',
                count: 1
            }
        )
    );
    assert_eq!(
        error("1aaa"),
        (
            2,
            LowercaseCount {
                letter: 'a',
                count: 3
            }
        )
    );
    // A lowercase letter is one vertex seen twice in ONE boundary (found by fuzzing: in two boundaries of a
    // region it was accepted and the moves then took a life the vertex did not have).
    assert_eq!(
        error("1q2.1q2"),
        (5, LowercaseTwoBoundaries { letter: 'q' })
    );
    assert_eq!(error("a.a"), (2, LowercaseTwoBoundaries { letter: 'a' }));
    assert_eq!(
        error("0*2.1a1a|2.b.1b"),
        (14, LowercaseTwoBoundaries { letter: 'b' })
    );
    assert_eq!(
        error("0.A|1"),
        (
            2,
            UppercaseCount {
                letter: 'A',
                count: 1
            }
        )
    );
    assert_eq!(error("1AA|1"), (2, UppercaseSameRegion { letter: 'A' }));
    assert_eq!(
        error("0*"),
        (
            2,
            BadCount {
                reason: "expected a number of spots"
            }
        )
    );
    assert_eq!(
        error("0*0"),
        (
            2,
            BadCount {
                reason: "the number of spots must be at least 1"
            }
        )
    );
    assert_eq!(
        error("0*99999999999999999999999"),
        (
            2,
            BadCount {
                reason: "number too large"
            }
        )
    );
    assert_eq!(
        error("0*40"),
        (
            4,
            TooLarge {
                lives: 120,
                max: 99
            }
        )
    );
    assert_eq!(
        error("0.0.0.}]"),
        (
            8,
            UnexpectedEnd {
                expected: "a vertex (`0`, `1`, `2` or a letter) or `!`"
            }
        )
    );
    assert_eq!(
        error("0.0}]!"),
        (
            3,
            Unexpected {
                found: '}',
                expected: "a vertex or `.` ending the boundary"
            }
        )
    );
    assert_eq!(
        error("0.}]!x"),
        (
            5,
            Unexpected {
                found: 'x',
                expected: "the end after `!`"
            }
        )
    );
    assert_eq!(
        error("!0"),
        (
            1,
            Unexpected {
                found: '0',
                expected: "the end after `!`"
            }
        )
    );
    assert_eq!(
        error("0.é"),
        (
            2,
            Unexpected {
                found: 'é',
                expected: "a vertex (`0`, `1`, `2` or a letter) or `0*n`"
            }
        )
    );
    // Messages say where and what.
    let message = "1a2".parse::<Position>().unwrap_err().to_string();
    assert_eq!(
        message,
        "at byte 1: lowercase letter 'a' must occur exactly twice in its region, found 1"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in "[0-3a-dA-D.|+!*}\\] ]{0,24}") {
        let _ = text.parse::<Position>();
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in "\\PC{0,16}") {
        let _ = text.parse::<Position>();
    }
}

#[test]
fn positions_that_cannot_be_drawn_are_refused_with_the_reason() {
    // A vertex met twice on a boundary splits it: two such vertices' visits nest, never interleave.
    for text in ["abab", "1abab", "0.AB|abAab.B", "ab2ab.}]!"] {
        let error = text.parse::<Position>().expect_err(text);
        assert!(
            matches!(error.kind, ParseErrorKind::LowercaseCrossing { .. }),
            "{text}: {error}"
        );
        assert!(error.to_string().contains("interleave"), "{text}: {error}");
    }
    // Nested visits are drawable: a loop at a inside a loop at b, or side by side.
    for text in ["abba", "aabb", "1ab1ba"] {
        pos(text);
    }
}

#[test]
fn regions_joined_by_no_vertex_are_read_as_separate_lands_in_both_notations() {
    // Documented in the notation module: `1|1` describes two regions of one drawing that do not
    // touch, which is what `1+1` says.
    assert_eq!(pos("1|1"), pos("1+1"));
    assert_eq!(pos("0.}0.}]!"), pos("0+0"));
    assert_eq!(pos("0.}0.}]!"), pos("0.}]0.}]!"));
    assert_eq!(pos("1|1").lands().len(), 2);
}
