//! Any text given as a heap-game code or a row of dots: parsing never panics; a code that parses prints
//! to text that parses back to the same game, and its nim sequence by the rare/common method equals the
//! plain one that looks at every option.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_engine::games::heap::{DotRow, HeapGame};
use sprague_engine::solve::heap::{plain_values, NimSequence};

/// Heaps compared per code: enough for every digit of a short code to act.
const HEAPS: usize = 40;

fuzz_target!(|text: &str| {
    let _ = text.parse::<DotRow>();
    let Ok(game) = text.parse::<HeapGame>() else {
        return;
    };
    let printed = game.to_string();
    let again: HeapGame = printed
        .parse()
        .unwrap_or_else(|error| panic!("{printed:?} (printed from {text:?}) does not parse: {error}"));
    assert_eq!(again, game, "{text:?} printed as {printed:?}");
    let fast = NimSequence::compute(&game, HEAPS).map(|sequence| sequence.values().to_vec());
    let plain = plain_values(&game, HEAPS);
    match (fast, plain) {
        (Ok(fast), Ok(plain)) => assert_eq!(fast, plain, "nim sequence of {printed}"),
        (Err(_), Err(_)) => {}
        (fast, plain) => panic!("{printed}: one method fails: {fast:?} / {plain:?}"),
    }
});
