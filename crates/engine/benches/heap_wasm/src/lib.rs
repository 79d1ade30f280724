//! Exports for timing the heap-sequence engine as WebAssembly (see `run.mjs`).

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::{plain_values, NimSequence};

fn game(id: u32) -> HeapGame {
    match id {
        0 => HeapGame::grundy(),
        1 => HeapGame::officers(),
        _ => HeapGame::kayles(),
    }
}

fn checksum(values: &[u16]) -> u32 {
    values
        .iter()
        .fold(0u32, |h, &v| h.wrapping_mul(31).wrapping_add(v as u32))
}

/// Rare/common sequence of game `id` up to `len`: a checksum of the values (0 on error).
#[no_mangle]
pub extern "C" fn rare_common(id: u32, len: u32) -> u32 {
    NimSequence::compute(&game(id), len as usize).map_or(0, |s| checksum(s.values()))
}

/// The same by the plain O(n²) method.
#[no_mangle]
pub extern "C" fn plain(id: u32, len: u32) -> u32 {
    plain_values(&game(id), len as usize).map_or(0, |v| checksum(&v))
}

/// The largest value of the rare/common sequence (a fact to compare with the native run).
#[no_mangle]
pub extern "C" fn max_value(id: u32, len: u32) -> u32 {
    NimSequence::compute(&game(id), len as usize)
        .map_or(0, |s| s.max_value().map_or(0, |m| m.1 as u32))
}
