//! Exports for timing the Sprouts searches (normal play, and misère play on forms) as WebAssembly (see `run-chromium.mjs`).

use sprague_engine::games::sprouts::{clear_canonical_memo, Position};
use sprague_engine::solve::sprouts::{
    Base, DfpnOptions, MisereFormSearch, NormalAnswer, NormalSearch, OutcomeRace, Step,
};

/// Nodes per slice, as the app's worker steps the search between messages.
const SLICE: u64 = 2_000;

/// Decides the `n`-spot start from an empty base, in slices: 1 when the first player loses (P),
/// 0 when they win (N); plus 2 times the nodes expanded. 2^32 - 1 for a bad `n`.
#[no_mangle]
pub extern "C" fn sprouts_start(n: u32) -> f64 {
    let Ok(start) = Position::start(n as usize) else {
        return f64::from(u32::MAX);
    };
    clear_canonical_memo(); // each n cold
    let mut search = NormalSearch::losing(&start, 0, Base::new());
    loop {
        if let Step::Done(answer) = search.step(SLICE) {
            let lost = answer == NormalAnswer::Losing(true);
            return f64::from(u8::from(lost)) + 2.0 * search.nodes() as f64;
        }
    }
}

/// Decides the `n`-spot start in misère play from an empty base and no land forms, on simplest forms
/// (`MisereFormSearch`, as the app's worker), in slices: 1 when the first player loses, 0 when they
/// win; plus 2 times the nodes expanded. 2^32 - 1 for a bad `n`.
#[no_mangle]
pub extern "C" fn sprouts_misere_start(n: u32) -> f64 {
    let Ok(start) = Position::start(n as usize) else {
        return f64::from(u32::MAX);
    };
    clear_canonical_memo(); // each n cold
    let mut search = MisereFormSearch::new(&start, Base::new());
    loop {
        if let Step::Done(lost) = search.step(SLICE) {
            return f64::from(u8::from(lost)) + 2.0 * search.nodes() as f64;
        }
    }
}

/// Decides the `n`-spot start from an empty base by the couple search and the proof-number search in
/// turns (`OutcomeRace`, as the app's worker for large positions, with its 200,000-land cache): 1 when
/// the first player loses, 0 when they win; plus 2 times the nodes expanded. 2^32 - 1 for a bad `n`.
#[no_mangle]
pub extern "C" fn sprouts_race_start(n: u32) -> f64 {
    let Ok(start) = Position::start(n as usize) else {
        return f64::from(u32::MAX);
    };
    clear_canonical_memo(); // each n cold
    let options = DfpnOptions {
        cached_child_lands: 200_000,
        ..DfpnOptions::default()
    };
    let mut race = OutcomeRace::new(&start, Base::new(), options);
    loop {
        if let Step::Done(lost) = race.step(SLICE) {
            return f64::from(u8::from(lost)) + 2.0 * race.nodes() as f64;
        }
    }
}
