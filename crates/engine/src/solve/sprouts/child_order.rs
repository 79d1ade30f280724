//! The order in which every Sprouts search tries children and lands: to change which child is searched
//! first, change it here. Each key is a tuple compared in order; the reasons:
//!
//! - **Normal play, a couple's children** ([`couple_child_key`], the solver in `normal.rs`): a child
//!   whose largest unknown land is small is cheap to settle; many lands mean each is small; then few
//!   estimated moves in the unknown lands. Most children tie on the first two (a move costs one life),
//!   so the last decides: without it the order was the order of generation, and searches far larger.
//! - **Normal play, proof numbers** ([`dfpn_child_key`], `dfpn.rs`): the same first two keys; ties in
//!   the proof numbers go to the earlier child, so the lands themselves break ties, for an order that
//!   does not depend on how the children were generated.
//! - **A sum's unknown lands** ([`land_size_key`], `normal.rs` and `dfpn.rs`): smallest first; the
//!   largest is the one kept open while the others get exact nimbers.
//! - **Misère play** ([`misere_child_key`], the whole-position search in `misere.rs`, the search on
//!   forms in `misere_form_search.rs`, and the order a page's pool shares children by,
//!   [`trial_order`]): few moves first — a quick answer either way —, then many lands, then few lives.
//!   On forms, a form's options count [`FORM_MOVE_WEIGHT`] estimated moves each (measured on 9–11
//!   spots).
//!
//! The lookahead (`lookahead.rs`) is not ordered by keys: each iteration tries first the moves that
//! scored best in the one before, which closes its window soonest.

use crate::games::sprouts::{Land, Position};
use std::cmp::Reverse;

/// How many estimated land moves one option of a form counts for, in misère move ordering.
pub(super) const FORM_MOVE_WEIGHT: u64 = 4;

/// Normal play: a couple's child with `largest_unknown` lives in its largest land whose nimber is not
/// known, `lands` lands, and `unknown_moves` estimated moves in its unknown lands.
pub(super) fn couple_child_key(
    largest_unknown: u32,
    lands: usize,
    unknown_moves: u64,
) -> (u32, Reverse<usize>, u64) {
    (largest_unknown, Reverse(lands), unknown_moves)
}

/// Normal play, proof-number search: a child made of `lands`.
pub(super) fn dfpn_child_key(lands: &[Land]) -> (u32, Reverse<usize>, Vec<Land>) {
    let largest = lands.iter().map(Land::lives).max().unwrap_or(0);
    (largest, Reverse(lands.len()), lands.to_vec())
}

/// A land among a sum's unknown lands: by lives, then by the length of its key.
pub(super) fn land_size_key(land: &Land) -> (u32, usize) {
    (land.lives(), land.key().len())
}

/// Misère play: a child with `moves` estimated moves, `lands` lands and `lives` lives.
pub(super) fn misere_child_key(moves: u64, lands: usize, lives: u32) -> (u64, Reverse<usize>, u32) {
    (moves, Reverse(lands), lives)
}

/// The children of a plain misère position (their places in `children`), in the order the search
/// tries them as moves of the position — but for those it settles at once, and those whose lands are
/// all small, which it keys by their form. The web app's pool splits a position's children by it, so
/// that the workers start at the two ends of the search's order.
pub(super) fn trial_order(children: &[Position]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..children.len()).collect();
    order.sort_by_cached_key(|&i| {
        let child = &children[i];
        let moves = child.lands().iter().map(Land::estimated_moves).sum();
        misere_child_key(moves, child.lands().len(), child.lives())
    });
    order
}
