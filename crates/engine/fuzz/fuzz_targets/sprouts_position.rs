//! Any text given as a Sprouts position: parsing never panics, and whatever parses prints, in both
//! notations, to text that parses back to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_engine::games::sprouts::{Notation, Position};

fuzz_target!(|text: &str| {
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    for notation in [Notation::Glop2007, Notation::Later] {
        let printed = position.to_notation(notation);
        let again: Position = printed
            .parse()
            .unwrap_or_else(|error| panic!("{printed:?} (printed from {text:?}) does not parse: {error}"));
        assert_eq!(again, position, "{text:?} printed as {printed:?}");
    }
    // Small positions: their children are positions too, and print and parse back alike.
    if position.to_string().len() <= 24 {
        for child in position.children() {
            assert_eq!(child.to_string().parse::<Position>().ok(), Some(child));
        }
    }
});
