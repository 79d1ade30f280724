//! Any text as the query of each page's link (the heap pages, the graph page, the Sprouts page, a
//! challenge and its worksheet, the heap whose value is asked, the teaching views' code, numbers,
//! heaps and range): reading never panics, and a game, challenge or value that reads writes back to a
//! query that reads as the same; any pairs written as a query read back the same. The queries are read
//! as every page reads them (`sprague::query`, `sprague::learn_query`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::learn_query;
use sprague::play::board::BoardKind;
use sprague::play::challenge::Challenge;
use sprague::play::game::Game;
use sprague::play::graph_game::GraphGame;
use sprague::play::sprouts_game::SproutsGame;
use sprague::query;
use sprague::route::{heap_size_from_query, ignored_keys, ignored_note};

fuzz_target!(|text: &str| {
    for kind in [BoardKind::Dots, BoardKind::Grundy, BoardKind::Nim] {
        if let Ok(Some(game)) = Game::from_query(kind, text) {
            let query = game.to_query();
            let again = Game::from_query(kind, &query)
                .unwrap_or_else(|error| panic!("{query:?} (from {text:?}) does not read: {error}"));
            assert_eq!(again, Some(game), "{text:?} written as {query:?}");
        }
    }

    if let Ok(link) = GraphGame::from_query(text) {
        if let Some(game) = link.game {
            let query = game.to_query();
            let again = GraphGame::from_query(&query)
                .unwrap_or_else(|error| panic!("{query:?} (from {text:?}) does not read: {error}"));
            assert_eq!(again.game, Some(game), "{text:?} written as {query:?}");
        }
    }

    let pairs = query::read(text);
    assert_eq!(query::read(&query::write(&pairs)), pairs, "{text:?}");
    if let Ok(Some(game)) = SproutsGame::from_pairs(&pairs) {
        let written = game.to_pairs();
        let again = SproutsGame::from_pairs(&written)
            .unwrap_or_else(|error| panic!("{written:?} (from {text:?}) does not read: {error}"));
        assert_eq!(again, Some(game), "{text:?} written as {written:?}");
    }

    // A challenge is read for a game of as many moves as the text is long: some fit, some do not.
    if let Ok(Some(challenge)) = Challenge::read(&pairs, text.len()) {
        let written = vec![
            ("challenge".to_string(), challenge.at.to_string()),
            ("sheet".to_string(), challenge.sheet.join(" ")),
        ];
        let again = Challenge::read(&written, text.len())
            .unwrap_or_else(|error| panic!("{written:?} (from {text:?}) does not read: {error}"));
        assert_eq!(
            again,
            Some(challenge.clone()),
            "{text:?} written as {written:?}"
        );
        let _ = challenge.next_link();
    }

    // The teaching views: what reads is within its bounds and reads back the same once written.
    if let Ok(code) = learn_query::code_of(&pairs) {
        assert!(
            !code.is_empty() && code.len() <= 40,
            "{text:?}: code {code:?}"
        );
    }
    for key in ["from", "to", "table", "total", "detail", "lives"] {
        if let Ok(n) = learn_query::number(&pairs, key, key, 7, 1_000) {
            assert!(n <= 1_000, "{text:?}: {key} = {n}");
            let written = [(key.to_string(), n.to_string())];
            assert_eq!(learn_query::number(&written, key, key, 7, 1_000), Ok(n));
        }
    }
    if let Some(Ok(heaps)) = query::value(&pairs, "heaps").map(learn_query::parse_heaps) {
        let written = learn_query::heaps_text(&heaps);
        assert_eq!(learn_query::parse_heaps(&written), Ok(heaps), "{text:?}");
    }
    if let Some(Ok((first, last))) = query::value(&pairs, "view").map(learn_query::parse_view) {
        assert!(first <= last, "{text:?}");
        let written = format!("{first}-{last}");
        assert_eq!(learn_query::parse_view(&written), Ok((first, last)));
    }

    if let Ok(Some(heap)) = heap_size_from_query(text) {
        assert_eq!(
            heap_size_from_query(&format!("heap={heap}")),
            Ok(Some(heap))
        );
    }
    let _ = ignored_note(&ignored_keys(text, &["n", "piles", "code", "m"]));
});
