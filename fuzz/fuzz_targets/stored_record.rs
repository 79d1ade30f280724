//! Any bytes as a base record read back from IndexedDB (the first byte picks its kind, then the game's
//! code up to a zero byte, then its data), taken in as the worker takes it: reading never panics, and
//! garbage is refused (an error or nothing), not believed. (The record's fields come out of IndexedDB
//! through serde-wasm-bindgen, which needs the browser; these are the checks on what it hands over.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::store::{BaseKind, StoredBase};
use sprague::worker::base_saving::{encode_values, longer_sequence, merge_sprouts};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::graph::GraphSolver;
use sprague_engine::solve::heap::NimSequence;
use sprague_engine::solve::sprouts::Base;

fuzz_target!(|bytes: &[u8]| {
    let Some((&kind, rest)) = bytes.split_first() else {
        return;
    };
    let (game, data) = match rest.iter().position(|&byte| byte == 0) {
        Some(end) => (&rest[..end], &rest[end + 1..]),
        None => (&rest[..0], rest),
    };
    let kind = match kind % 3 {
        0 => BaseKind::NimSequence,
        1 => BaseKind::SproutsBase,
        _ => BaseKind::GraphBase,
    };
    let record = StoredBase {
        name: "fuzzed".into(),
        game: String::from_utf8_lossy(game).into_owned(),
        kind,
        entries: 0,
        data: data.to_vec(),
        digest: None,
    };
    match kind {
        BaseKind::NimSequence => {
            // As the heap worker reads it: the values, then a sequence of the game resumed from them.
            let Some(values) = longer_sequence(&[], &record, &record.game) else {
                return;
            };
            assert_eq!(
                encode_values(&values),
                data,
                "values read write back to the same bytes"
            );
            if let Ok(game) = record.game.parse::<HeapGame>() {
                if let Some(sequence) = NimSequence::from_values(&game, &values) {
                    assert_eq!(
                        sequence.values(),
                        &values[..],
                        "a resumed sequence keeps the values"
                    );
                }
            }
        }
        BaseKind::SproutsBase => {
            let mut ours = Base::default();
            if let Ok(added) = merge_sprouts(&mut ours, &record) {
                assert_eq!(added, ours.normal_len() + ours.misere_len());
                // The same record again adds nothing and disagrees with nothing.
                assert_eq!(merge_sprouts(&mut ours, &record), Ok(0));
            }
        }
        BaseKind::GraphBase => {
            let mut solver = GraphSolver::default();
            let _ = solver.load_bytes(data);
        }
    }
});
