//! Saving a base when other tabs save it too, and telling the person when a save failed.
//!
//! Every tab has its own worker, and each holds its base in memory. Written blindly, the last tab
//! to save would drop whatever another tab stored since it read the base. So a save reads the stored
//! record and writes in one transaction (`Store::merge_base`), and when the record is not the one
//! this worker last read or wrote, what it holds is merged in first. Stored entries are proven
//! facts, like the worker's own; a stored base that contradicts them is set aside (as on loading).

use crate::store::{BaseKind, StoredBase};
use sprague_engine::solve::sprouts::Base;
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    /// The digest of each base's record as this worker last read or wrote it.
    static SEEN: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
    /// Why the last save failed, until the page is told.
    static NOT_SAVED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Notes a record as read or written by this worker.
pub fn note_seen(record: &StoredBase) {
    if let Some(digest) = &record.digest {
        SEEN.with(|seen| {
            seen.borrow_mut()
                .insert(record.name.clone(), digest.clone())
        });
    }
}

/// Whether `stored` was written by another tab since this worker last read or wrote it.
pub fn written_elsewhere(stored: &StoredBase) -> bool {
    SEEN.with(|seen| seen.borrow().get(&stored.name) != stored.digest.as_ref())
}

/// Records that what was learned could not be stored, for the page to say (see [`take_not_saved`]).
pub fn not_saved(error: impl std::fmt::Display) {
    let error = error.to_string();
    let reason = error.strip_prefix("storage error: ").unwrap_or(&error);
    let message = format!(
        "What the solver just learned was not saved in this browser: {reason}. The answers shown \
         are right; they will be worked out again next time."
    );
    NOT_SAVED.with(|slot| *slot.borrow_mut() = Some(message));
}

/// The message of a failed save not yet told, if any.
pub fn take_not_saved() -> Option<String> {
    NOT_SAVED.with(|slot| slot.borrow_mut().take())
}

/// Adds to `ours` the Sprouts entries of `stored`, unless the two disagree somewhere (then `ours`
/// is kept as it is and the disagreement is said). Returns how many entries were added.
pub fn merge_sprouts(ours: &mut Base, stored: &StoredBase) -> Result<usize, String> {
    if stored.kind != BaseKind::SproutsBase {
        return Err(format!(
            "the stored “{}” is not a Sprouts base",
            stored.name
        ));
    }
    let theirs = Base::from_own_bytes(&stored.data)
        .map_err(|error| format!("the stored Sprouts base cannot be read: {error}"))?;
    let before = ours.normal_len() + ours.misere_len();
    let mut trial = ours.clone();
    let conflicts = trial.merge(&theirs);
    if let Some(first) = conflicts.first() {
        return Err(format!(
            "the stored Sprouts base disagrees with this tab's at {} position(s), e.g. {}: {} here, {} stored",
            conflicts.len(),
            first.position,
            first.kept,
            first.other
        ));
    }
    *ours = trial;
    Ok(ours.normal_len() + ours.misere_len() - before)
}

/// The stored values of a heap game's sequence, when they go further than `ours` and agree with
/// every value of `ours` (both are exact, so they can only differ if one was damaged).
pub fn longer_sequence(ours: &[u16], stored: &StoredBase, game: &str) -> Option<Vec<u16>> {
    if stored.kind != BaseKind::NimSequence || stored.game != game {
        return None;
    }
    let values = decode_values(&stored.data)?;
    (values.len() > ours.len() && values[..ours.len()] == *ours).then_some(values)
}

/// Nim values stored little-endian, two bytes each.
pub fn encode_values(values: &[u16]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|value| value.to_le_bytes())
        .collect()
}

pub fn decode_values(bytes: &[u8]) -> Option<Vec<u16>> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    Some(
        bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::digest;
    use sprague_engine::games::sprouts::Position;
    use sprague_engine::solve::sprouts::{NormalSearch, Search as _};
    use wasm_bindgen_test::wasm_bindgen_test;

    fn record(kind: BaseKind, game: &str, data: Vec<u8>) -> StoredBase {
        StoredBase {
            name: "b".into(),
            game: game.into(),
            kind,
            entries: 0,
            digest: Some(digest(&data)),
            data,
        }
    }

    /// A base that has learned the nimber of `position` from nothing.
    fn learned(position: &str) -> Base {
        let position: Position = position.parse().unwrap();
        let mut search = NormalSearch::nimber(&position, Base::new());
        search.run();
        search.into_base()
    }

    #[wasm_bindgen_test]
    fn what_another_tab_stored_is_kept_with_what_this_tab_learned() {
        // Two tabs that each learned a different position: the union of both is kept.
        let (mut ours, theirs) = (learned("0*3"), learned("0*6"));
        let stored = record(BaseKind::SproutsBase, "sprouts", theirs.to_bytes());
        let (ours_before, theirs_entries) = (ours.nimbers(), theirs.nimbers());
        let added = merge_sprouts(&mut ours, &stored).unwrap();
        let merged = ours.nimbers();
        for entry in ours_before.iter().chain(&theirs_entries) {
            assert!(merged.contains(entry), "{entry:?} lost in the merge");
        }
        assert_eq!(merged.len(), ours_before.len() + added);
        assert!(added > 0, "the other tab's positions were added");
    }

    #[wasm_bindgen_test]
    fn a_stored_base_that_contradicts_this_tab_is_set_aside() {
        let mut ours = learned("0*4");
        let before = ours.nimbers();
        // The stored record claims a wrong nimber for a position this tab has proved.
        let (position, nimber) = before.iter().find(|(_, n)| *n > 0).cloned().unwrap();
        let text = format!("[Positions+Nimber]\n{position} {}\n", nimber + 1);
        let wrong = Base::from_glop_text(&text).unwrap();
        let stored = record(BaseKind::SproutsBase, "sprouts", wrong.to_bytes());
        let error = merge_sprouts(&mut ours, &stored).unwrap_err();
        assert!(error.contains("disagrees"), "{error}");
        assert_eq!(ours.nimbers(), before, "this tab's base is unchanged");
    }

    #[wasm_bindgen_test]
    fn a_longer_stored_sequence_is_taken_only_when_it_extends_ours() {
        let game = "0.07";
        let stored = record(
            BaseKind::NimSequence,
            game,
            encode_values(&[0, 0, 1, 1, 2, 0]),
        );
        assert_eq!(
            longer_sequence(&[0, 0, 1], &stored, game),
            Some(vec![0, 0, 1, 1, 2, 0])
        );
        assert_eq!(longer_sequence(&[0, 0, 1, 1, 2, 0, 3], &stored, game), None);
        assert_eq!(
            longer_sequence(&[0, 1], &stored, game),
            None,
            "disagrees with ours"
        );
        assert_eq!(longer_sequence(&[0, 0], &stored, "0.137"), None);
    }
}
