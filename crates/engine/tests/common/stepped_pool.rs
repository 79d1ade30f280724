//! The web app's pool of solver workers, modelled natively: the first worker's `SteppedQuestion`
//! and its helpers, each with a base of its own, stepped in turns. Every `every` steps (and once the
//! helpers are all done) each helper's news goes to the first, and what each learned to all the
//! others, as `src/ui/solver_pool.rs` relays them.

use sprague_engine::solve::sprouts::{LearnedEntries, SteppedQuestion};

pub struct PoolRun {
    /// The first worker's question, done.
    pub first: SteppedQuestion,
    /// Steps until it was done.
    pub steps: u64,
    /// Entries handed over, and how many of them were misère states on forms.
    pub handed: usize,
    pub states: usize,
}

pub fn run_pool(first: SteppedQuestion, helpers: Vec<SteppedQuestion>, every: u64) -> PoolRun {
    let (mut first, mut helpers) = (first, helpers);
    let (mut steps, mut handed, mut states) = (0, 0, 0);
    while !first.is_done() {
        first.step();
        for helper in helpers.iter_mut().filter(|helper| !helper.is_done()) {
            helper.step();
        }
        steps += 1;
        if steps % every != 0 && !helpers.iter().all(SteppedQuestion::is_done) {
            continue;
        }
        for (part, helper) in helpers.iter().enumerate() {
            first.hear(part + 1, helper.settled(), helper.progress().nodes);
        }
        let learned: Vec<Option<LearnedEntries>> = std::iter::once(&mut first)
            .chain(helpers.iter_mut())
            .map(SteppedQuestion::take_learned)
            .collect();
        for (from, entries) in learned.iter().enumerate() {
            let Some(entries) = entries else { continue };
            handed += entries.len();
            states += entries.states_len();
            let everyone = std::iter::once(&mut first).chain(helpers.iter_mut());
            for (_, other) in everyone.enumerate().filter(|(i, _)| *i != from) {
                other.take_in(entries);
            }
        }
    }
    PoolRun {
        first,
        steps,
        handed,
        states,
    }
}
