//! Exports for timing the Sprouts searches (normal play, and misère play on forms) and the complete check of a base as WebAssembly (see `run-chromium.mjs`, `run-check-node.mjs`, `run-part-node.mjs`).

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

/// Room for `len` bytes in the module's memory, for the caller to fill before `check_base_bytes`.
#[no_mangle]
pub extern "C" fn alloc_bytes(len: u32) -> *mut u8 {
    let mut bytes = vec![0u8; len as usize];
    let at = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    at
}

/// Checks the binary base in the `len` bytes at `at` (from `alloc_bytes`) by its parts on one
/// thread, as the app's import: the number of entries when all are right, -1 otherwise.
#[no_mangle]
pub extern "C" fn check_base_bytes(at: *mut u8, len: u32) -> f64 {
    use sprague_engine::solve::sprouts::{check_in_parts, Control, PartsVerdict};
    // SAFETY: `at` and `len` come from `alloc_bytes`, which gave up that vector.
    let bytes = unsafe { Vec::from_raw_parts(at, len as usize, len as usize) };
    let Ok(base) = Base::read(&bytes) else {
        return -1.0;
    };
    match check_in_parts(std::sync::Arc::new(base), 1, &Control::new()) {
        PartsVerdict::AllRight { entries } => entries as f64,
        _ => -1.0,
    }
}

thread_local! {
    /// The base `read_share` read, for `check_part`.
    static READ: std::cell::RefCell<Option<std::sync::Arc<Base>>> = const { std::cell::RefCell::new(None) };
}

/// Reads the binary base in the `len` bytes at `at` (from `alloc_bytes`, which this takes back) as
/// reader `reader` of `readers` reads it in the app's pool (checking its share of the keys), and keeps
/// it for `check_part`: the number of entries, or -1 if it is refused.
#[no_mangle]
pub extern "C" fn read_share(at: *mut u8, len: u32, reader: u32, readers: u32) -> f64 {
    // SAFETY: `at` and `len` come from `alloc_bytes`, which gave up that vector.
    let bytes = unsafe { Vec::from_raw_parts(at, len as usize, len as usize) };
    match Base::from_bytes_in_share(&bytes, reader as usize, readers as usize) {
        Ok(base) => {
            let entries = base.nimbers().len() + base.misere_outcomes().len();
            READ.with(|read| *read.borrow_mut() = Some(std::sync::Arc::new(base)));
            entries as f64
        }
        Err(_) => -1.0,
    }
}

/// Checks part `part` of `parts` of the base `read_share` kept, as a worker of the app's pool does: the
/// entries it examined, or -1 if some could not be re-derived (or no base was read).
#[no_mangle]
pub extern "C" fn check_part(part: u32, parts: u32) -> f64 {
    use sprague_engine::solve::sprouts::PartCheck;
    let Some(base) = READ.with(|read| read.borrow().clone()) else {
        return -1.0;
    };
    let mut check = PartCheck::new(base, part as usize, parts as usize);
    while check.step(50) != Step::Done(()) {}
    let report = check.finish();
    if report.failures.is_empty() {
        report.examined as f64
    } else {
        -1.0
    }
}
