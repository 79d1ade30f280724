//! Reading and printing heap-game codes: canonical forms, aliases, and clear errors for bad codes.

use proptest::prelude::*;
use sprague_engine::games::heap::{CodeErrorKind, HeapGame, SplitRule};

fn parse(text: &str) -> HeapGame {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn codes_print_canonically() {
    for (input, printed) in [
        ("0.137", "0.137"),
        (".137", "0.137"),
        ("0.1370", "0.137"),
        ("4!.0", "4!.0"),
        ("4!", "4!.0"),
        ("0.f", "0.F"),
        ("4.7", "4.7"),
        ("0.[3]", "0.[3]"),
        ("0.3[3]", "0.[3]"),
        ("0.33[33]", "0.[3]"),
        ("0.7[0]", "0.7"),
        ("0.12[12]", "0.[12]"),
        ("0.4?7", "0.4?7"),
        ("  0.77 ", "0.77"),
        ("0.0", "0.0"),
    ] {
        assert_eq!(parse(input).to_string(), printed, "{input}");
        assert_eq!(parse(printed), parse(input), "{input}");
    }
}

#[test]
fn aliases_are_the_published_codes() {
    for (alias, code) in [
        ("nim", "0.[3]"),
        ("Kayles", "0.77"),
        ("dawson", "0.07"),
        ("independence", "0.137"),
        ("GRUNDY", "4!.0"),
        ("officers", "0.6"),
    ] {
        assert_eq!(parse(alias), parse(code), "{alias}");
    }
    assert_eq!(HeapGame::grundy(), parse("4!.0"));
    assert_eq!(parse("0.77").alias(), Some("kayles"));
    assert!(parse("0.137").is_independence());
    assert!(parse("grundy").is_grundy());
}

#[test]
fn digits_mean_what_the_definition_says() {
    let g = parse("4!.0");
    assert_eq!(g.digit(0).bits, 4);
    assert_eq!(g.digit(0).rule, SplitRule::AllDifferent);
    assert_eq!(g.digit(1).bits, 0);
    let nim = parse("nim");
    assert!((1..100).all(|k| nim.digit(k).bits == 3));
    assert!(!nim.is_finite());
    assert_eq!(parse("0.B7").max_heaps_left(), 3);
    assert_eq!(parse("0.07").last_nonzero_index(), Some(2));
}

#[test]
fn bad_codes_say_where_and_why() {
    for (input, position, kind) in [
        ("", 0, CodeErrorKind::Empty),
        ("0.1x7", 3, CodeErrorKind::ExpectedDigit('x')),
        ("0,7", 1, CodeErrorKind::ExpectedPoint(',')),
        ("0.[3", 2, CodeErrorKind::UnclosedTail),
        ("0.[]", 2, CodeErrorKind::EmptyTail),
        ("0.[3]7", 5, CodeErrorKind::AfterTail('7')),
        ("1.3", 0, CodeErrorKind::BadFirstDigit),
        ("0.3!", 3, CodeErrorKind::ModifierWithoutSplit('!')),
        ("0.1.2", 3, CodeErrorKind::ExpectedDigit('.')),
        ("kayless", 0, CodeErrorKind::ExpectedDigit('k')),
    ] {
        let error = input.parse::<HeapGame>().expect_err(input);
        assert_eq!((error.position, &error.kind), (position, &kind), "{input}");
        let message = error.to_string();
        assert!(
            message.contains(&format!("character {}", position + 1)),
            "{message}"
        );
    }
    let long = format!("0.{}", "7".repeat(300));
    assert_eq!(
        long.parse::<HeapGame>().unwrap_err().kind,
        CodeErrorKind::TooLong
    );
}

proptest! {
    /// Arbitrary text never panics the reader; what it accepts prints to a code that reads back the same.
    #[test]
    fn any_text_reads_safely(text in "[0-9A-Fa-f.!?=\\[\\] x]{0,12}") {
        if let Ok(game) = text.parse::<HeapGame>() {
            let printed = game.to_string();
            prop_assert_eq!(printed.parse::<HeapGame>().unwrap(), game);
        }
    }
}

#[test]
fn a_code_read_always_prints_as_one_that_reads_back() {
    // Regression (found by fuzzing): `.` and 255 digits was read, printed as `0.` and 255 digits
    // (257 characters), which was then refused.
    let long = format!(".{}", "7".repeat(255));
    let error = long.parse::<HeapGame>().expect_err("too long once printed");
    assert!(error.to_string().contains("longer than 256"), "{error}");
    let fits = format!(".{}", "7".repeat(254));
    let game: HeapGame = fits.parse().expect("255 characters");
    let printed = game.to_string();
    assert_eq!(printed.chars().count(), 256);
    assert_eq!(printed.parse::<HeapGame>().expect("reads back"), game);
}

#[test]
fn an_error_quotes_a_window_of_a_long_code_not_all_of_it() {
    let code = format!("0.7x{}", "7".repeat(100));
    let message = code.parse::<HeapGame>().expect_err("bad digit").to_string();
    assert!(
        message.len() < 200,
        "{} characters: {message}",
        message.len()
    );
    assert!(message.contains("0.7x"), "{message}");
    assert!(message.contains("character 4"), "{message}");
    let huge = "7".repeat(10_000);
    let message = huge.parse::<HeapGame>().expect_err("too long").to_string();
    assert!(
        message.len() < 200,
        "{} characters: {message}",
        message.len()
    );
}

#[test]
fn every_named_game_reads_as_its_code_and_names_are_unique() {
    use sprague_engine::games::heap::{named_game, NAMED_GAMES};
    let mut names = std::collections::HashSet::new();
    let mut codes = std::collections::HashSet::new();
    for game in &NAMED_GAMES {
        // The code is written as the game prints it, so a page can compare it with a game's code.
        assert_eq!(parse(game.code).to_string(), game.code, "{}", game.name);
        for name in std::iter::once(&game.name).chain(game.also) {
            assert!(
                names.insert(name.to_ascii_lowercase()),
                "{name} named twice"
            );
            assert_eq!(
                parse(&name.to_ascii_uppercase()),
                parse(game.code),
                "{name}"
            );
            assert_eq!(named_game(&format!(" {name} ")), Some(game));
        }
        assert!(codes.insert(game.code), "{} listed twice", game.code);
        assert_eq!(parse(game.code).named(), Some(game));
    }
    assert_eq!(named_game("0.77"), None, "a code is not a name");
}
