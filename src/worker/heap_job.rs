//! One "nim value of a heap" request, computed in steps. What is computed is kept: in memory for the
//! worker's lifetime and in the game's base in IndexedDB, so a later request (or a reload) answers at once.

use super::base_saving;
use super::protocol::{HeapAnswer, Outcome};
use crate::store::{BaseKind, Store, StoredBase};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::{analyze, NimSequence, PositionAnalysis};
use std::cell::RefCell;
use std::collections::HashMap;

/// The largest heap the app will compute (2^24): about 32 MiB of values, a few seconds of work.
pub const MAX_HEAP: u64 = 1 << 24;

/// Heap sizes computed per step: small enough that a step is far below a slice.
const STEP: usize = 2048;

thread_local! {
    /// Sequences by base name, shared by every bridge of this worker.
    static SEQUENCES: RefCell<HashMap<String, NimSequence>> = RefCell::new(HashMap::new());
}

pub struct HeapJob {
    base_name: String,
    game: HeapGame,
    sequence: NimSequence,
    heap: usize,
    /// Values known when the job started; more than that means the base must be saved.
    known_at_start: usize,
    started_ms: f64,
}

impl HeapJob {
    /// Parses and checks the request, then takes what is already known (memory, else the stored base).
    pub async fn start(code: &str, heap: u64) -> Result<HeapJob, String> {
        let started_ms = js_sys::Date::now();
        let game: HeapGame = code
            .trim()
            .parse()
            .map_err(|error| format!("“{code}” is not a game code: {error}"))?;
        if heap > MAX_HEAP {
            return Err(format!(
                "heap {heap} is too large: this app computes heaps up to {MAX_HEAP}"
            ));
        }
        let base_name = base_name(&game);
        let sequence = match SEQUENCES.with(|cache| cache.borrow_mut().remove(&base_name)) {
            Some(sequence) => sequence,
            None => load(&base_name, &game).await,
        };
        Ok(HeapJob {
            known_at_start: sequence.len(),
            base_name,
            game,
            sequence,
            heap: heap as usize,
            started_ms,
        })
    }

    pub fn is_done(&self) -> bool {
        self.sequence.len() > self.heap
    }

    pub fn step(&mut self) -> Result<(), String> {
        let end = (self.sequence.len() + STEP).min(self.heap + 1);
        self.sequence
            .extend_to(end)
            .map_err(|error| error.to_string())
    }

    /// Value, outcome and winning moves of a position whose heaps the finished job covers.
    pub fn analyze(&self, heaps: &[usize]) -> Result<PositionAnalysis, String> {
        analyze(&self.game, &self.sequence, heaps).map_err(|error| error.to_string())
    }

    /// The value of `heap`, if computed.
    pub fn value(&self, heap: usize) -> Option<u16> {
        self.sequence.value(heap)
    }

    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The values computed so far (for the teaching views).
    pub fn sequence(&self) -> &NimSequence {
        &self.sequence
    }

    pub fn progress(&self) -> (u64, u64) {
        (self.sequence.len() as u64, self.heap as u64 + 1)
    }

    /// Keeps what was computed so far (a cancelled request is not wasted work).
    pub async fn stop(self) {
        self.save().await;
    }

    pub async fn finish(self) -> Result<HeapAnswer, String> {
        let nimber = self
            .sequence
            .value(self.heap)
            .ok_or("the value was not computed")?;
        let answer = HeapAnswer {
            code: self.game.to_string(),
            heap: self.heap as u64,
            nimber: u32::from(nimber),
            outcome: if nimber == 0 { Outcome::P } else { Outcome::N },
            from_base: self.known_at_start > self.heap,
            known: self.sequence.len() as u64,
            period: self.sequence.proven_period().map(|period| period as u64),
            elapsed_ms: js_sys::Date::now() - self.started_ms,
        };
        self.save().await;
        Ok(answer)
    }

    /// Stores the values if there are more than at the start. A longer sequence another tab stored
    /// meanwhile is kept (and taken), never cut back to this tab's.
    async fn save(mut self) {
        if self.sequence.len() > self.known_at_start {
            let game = self.game.to_string();
            let mut longer = None;
            let saved = async {
                let store = Store::open().await?;
                store
                    .merge_base(&self.base_name, |stored| {
                        if let Some(stored) = stored.filter(base_saving::written_elsewhere) {
                            longer = base_saving::longer_sequence(
                                self.sequence.values(),
                                &stored,
                                &game,
                            );
                            if longer.is_some() {
                                base_saving::note_seen(&stored);
                            }
                        }
                        // A longer stored sequence stays as it is.
                        longer.is_none().then(|| StoredBase {
                            name: self.base_name.clone(),
                            game: game.clone(),
                            kind: BaseKind::NimSequence,
                            entries: self.sequence.len() as u64,
                            data: base_saving::encode_values(self.sequence.values()),
                            digest: None,
                        })
                    })
                    .await
            }
            .await;
            match saved {
                // A failed write loses only this batch; the values stay in memory.
                Err(error) => base_saving::not_saved(error),
                Ok(written) => written.iter().for_each(base_saving::note_seen),
            }
            if let Some(sequence) =
                longer.and_then(|values| NimSequence::from_values(&self.game, &values))
            {
                self.sequence = sequence;
            }
        }
        SEQUENCES.with(|cache| cache.borrow_mut().insert(self.base_name, self.sequence));
    }
}

/// Forgets the in-memory copy of a base (after the user clears it).
pub fn forget(base_name: &str) {
    SEQUENCES.with(|cache| cache.borrow_mut().remove(base_name));
}

fn base_name(game: &HeapGame) -> String {
    format!("nim values of {game}")
}

/// The stored base, if there is a readable one; otherwise an empty sequence (a damaged base is recomputed).
async fn load(base_name: &str, game: &HeapGame) -> NimSequence {
    let stored = match Store::open().await {
        Ok(store) => store.get_base(base_name).await.ok().flatten(),
        Err(_) => None,
    };
    if let Some(record) = &stored {
        base_saving::note_seen(record);
    }
    stored
        .filter(|base| base.kind == BaseKind::NimSequence && base.game == game.to_string())
        .and_then(|base| base_saving::decode_values(&base.data))
        .and_then(|values| NimSequence::from_values(game, &values))
        .unwrap_or_else(|| NimSequence::new(game))
}
