//! The Sprouts question policy: what is asked of a position, in which order, within which budgets.
//! It is written once, here, and run by three executors that only say how a unit of work is run:
//! [`Solver`](super::Solver) on a pool of threads (`parallel.rs`, `answers.rs`),
//! [`SteppedQuestion`](super::SteppedQuestion) in slices with a deadline, for the web worker and its
//! pool of helpers (`stepped.rs`), and [`ProofNumberMaster`](super::ProofNumberMaster), whose jobs
//! are outcome questions of a distributed run (`proof_number_master.rs`, `remote_job.rs`: the goals
//! are the parts below, in their order, the position split among the actors as the threads split it).
//!
//! The policy, in order ([`parts`]):
//! 1. **The outcome** — is the position lost for the player to move? It is always asked first: it
//!    is far cheaper than a nimber, and a won position's proof names a winning move. The position's
//!    own search answers it (normal play: the couple search, raced against proof-number search when
//!    the largest land has [`RACE_LIVES`](super::RACE_LIVES) lives or more; misère play: on simplest
//!    forms of small lands). With more than one worker the others settle the children meanwhile — a
//!    lost child proves the position won, every child won proves it lost — each child in rounds of
//!    growing node budgets ([`probe_budget`]), so that an easy lost child late in the list is found
//!    before a hard won one early in it is finished; after the last round a child is searched to
//!    its end. Helpers take the children from the other end of the order the first worker follows
//!    ([`child_order`], [`helper_share`]), so that they meet in the middle.
//! 2. **Every winning move** — the children lost for the opponent. A lost position has none, and
//!    needs no search ([`moves_known_from_outcome`]); a won one's proof left at least one winning
//!    move in the base, read from it. Each other child is an outcome question of its own, asked as
//!    in 1. (the threads together on one child after another), or in the rounds of growing budgets
//!    of 1. when the children are asked side by side (the web worker).
//!    The web app first gives every child a brief look ([`Budgets::quick_child_nodes`]): its base is
//!    a shipped proof, which settles most children at once.
//! 3. **The nimber** (normal play; a misère position's nimber is its normal-play value) — a
//!    normal-play loss has nimber 0 ([`nimber_known_from_outcome`]). Otherwise it is the nim-sum of
//!    its lands' nimbers ([`nimber_targets`]), each the least heap n for which the couple (land, n)
//!    is lost.
//!
//! The web app's limits on each part are [`Budgets`]; the native executor runs every part to its
//! end. The computer, playing, spends [`exact_share_of_thinking`] of its time on the exact answer
//! (the outcome and one winning move) before it falls back on a lookahead search; with an exact
//! answer, which move it plays is the preference of [`prefer`](super::prefer) (moves to positions whose hints
//! answer at once first; when lost, the longest-lasting of those).

use crate::games::sprouts::Position;

use super::child_order::trial_order;

/// What is asked besides the outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Questions {
    /// The normal-play nimber (also with a misère method: a nimber is a normal-play value).
    pub nimber: bool,
    /// Every winning move.
    pub winning_moves: bool,
}

/// One part of the answer to a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Outcome,
    WinningMoves,
    Nimber,
}

/// The parts of the answer to `questions`, in the order they are sought: the outcome (always: the
/// rest builds on it), then the winning moves (what a player needs, and what makes a hint), then
/// the nimber (it costs most, and it is what a budget gives up first).
pub fn parts(questions: Questions) -> Vec<Part> {
    let mut parts = vec![Part::Outcome];
    if questions.winning_moves {
        parts.push(Part::WinningMoves);
    }
    if questions.nimber {
        parts.push(Part::Nimber);
    }
    parts
}

/// The nimber the outcome settles without search: 0 for a normal-play loss.
pub fn nimber_known_from_outcome(losing: bool, misere: bool) -> Option<u32> {
    (losing && !misere).then_some(0)
}

/// The winning moves the outcome settles without search: none for a lost position (its every move
/// leaves a won one); a won position's are to be found.
pub fn moves_known_from_outcome(losing: bool) -> Option<Vec<Position>> {
    losing.then(Vec::new)
}

/// Node budgets of the first tries of a child question, one a round over the children (after the
/// last round a child is searched to its end; an abandoned try is not wasted: what it proved stays
/// in the base, and the misère forms and proof-number table are kept). Measured on the 11-spot
/// misère start, whose first child in order is hard and a later one easy: one thread (whose search
/// orders the children itself) answers in 0.9 s; two threads taking the children without budgets
/// took 54 s. A first round of 2,000 nodes before these costs about 10% more nodes (10 spots with
/// moves on 2 threads, from an empty base), so only the web app, whose base settles most children
/// at once, takes that look ([`Budgets::quick_child_nodes`]).
pub const PROBE_BUDGETS: [u64; 2] = [10_000, 160_000];

/// The node budget of round `round` of [`PROBE_BUDGETS`] over the children (`None`: to the end).
pub fn probe_budget(round: usize) -> Option<u64> {
    PROBE_BUDGETS.get(round).copied()
}

/// The order the first worker takes `children` in: in misère play the search's own order, which it
/// follows to find the value (cheapest-looking first); in normal play, as listed.
pub fn child_order(children: &[Position], misere: bool) -> Vec<usize> {
    match misere {
        true => trial_order(children),
        false => (0..children.len()).collect(),
    }
}

/// A helper's share of `n` children ranked by [`child_order`]: part `part` (1 ≤ `part` < `parts`)
/// takes every `parts - 1`-th child counted from the last, so the helpers between them start at the
/// other end from the first worker.
pub fn helper_share(n: usize, part: usize, parts: usize) -> Vec<usize> {
    let helpers = parts.saturating_sub(1).max(1);
    (0..n)
        .rev()
        .filter(|&i| (n - 1 - i) % helpers == part.saturating_sub(1))
        .collect()
}

/// Normal play: the positions whose nimbers are sought for `position`'s (their nim-sum) — each land
/// of a position of several, so that the answer can show the nim-sum behind it; the position itself
/// when it is one land and won; none when it is lost (its nimber is 0).
pub fn nimber_targets(position: &Position, losing: bool) -> Vec<Position> {
    let lands = position.lands();
    match lands.len() {
        0 | 1 if losing => Vec::new(),
        0 | 1 => vec![position.clone()],
        _ => lands
            .iter()
            .map(|land| Position::from_lands(vec![land.clone()]))
            .collect(),
    }
}

/// The share of the computer's thinking time given to the exact answer. The rest goes to the
/// lookahead search that plays when the exact one does not finish: the exact answer gets most of
/// the time because a move it finds is sure, and a quarter still lets the lookahead look a few
/// plies deep.
pub const EXACT_SHARE: f64 = 0.75;

/// Of `think_ms` milliseconds of thinking, those for the exact answer (see [`EXACT_SHARE`]).
pub fn exact_share_of_thinking(think_ms: f64) -> f64 {
    think_ms * EXACT_SHARE
}

/// The share of its thinking time the computer may spend, after its exact answer, on the facts of its
/// moves ([`super::ChildFactsSearch`]): the player waits for the move meanwhile. Their first round
/// always runs; the later rounds make known moves, so that the player's next hint answers at once. At
/// the whole thinking time they took all of it (20 s by default) on the first moves from 12 spots in
/// misère play; capped at 3 s, a lost computer there found no known move and the next hint took 4.4 s.
pub const FACTS_SHARE: f64 = 0.5;

/// Of `think_ms` milliseconds of thinking, `spent_ms` of them spent, those left for the facts of the
/// computer's moves (see [`FACTS_SHARE`]).
pub fn facts_share_of_thinking(think_ms: f64, spent_ms: f64) -> f64 {
    (think_ms - spent_ms).clamp(0.0, think_ms * FACTS_SHARE)
}

/// How much a question answered in steps (the web app's worker) may spend on each part of its answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budgets {
    /// Nodes per step: the unit of work the worker's slices are made of (it reads its clock and,
    /// between slices, its messages).
    pub step_nodes: u64,
    /// Nodes a child gets in a first look over the children of a won position, before the rounds
    /// of [`PROBE_BUDGETS`] (0: none).
    pub quick_child_nodes: u64,
    /// Once a winning move is known, the search for others stops this long after the question.
    pub more_moves_ms: f64,
    /// Normal play: the nimber of a won position (or of each land) is sought within this many nodes
    /// (an outcome is far cheaper than a nimber: a won 11-spot start is proven by its base at once,
    /// its nimber takes half a million nodes)…
    pub nimber_nodes: u64,
    /// …and not after this long from the question.
    pub nimber_ms: f64,
    /// Lands the proof-number search keeps children lists for.
    pub dfpn_cached_lands: usize,
    /// Misère: states learned by earlier questions a question starts with, at most.
    pub learned_states: usize,
}

impl Default for Budgets {
    /// A browser's: answers within seconds, in a worker's memory.
    fn default() -> Budgets {
        Budgets {
            step_nodes: 64,
            // A few milliseconds: most children the shipped base settles at once, and a look at
            // all of them costs less than one hard child.
            quick_child_nodes: 2_000,
            // A hint that waits longer than a few seconds for more moves feels stuck.
            more_moves_ms: 4_000.0,
            nimber_nodes: 50_000,
            nimber_ms: 6_000.0,
            // The native default, two million, is hundreds of megabytes.
            dfpn_cached_lands: 200_000,
            // Less than the native default, a million: a worker has less memory.
            learned_states: 200_000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_never_thinks_past_its_time() {
        // The exact search and then the facts, for thinking times from 1 s to 2 min and whatever the
        // exact search spent of them: never more than the time, and the facts at most half of it.
        for think_ms in [1_000.0_f64, 5_000.0, 20_000.0, 120_000.0] {
            for spent_share in [0.0_f64, 0.1, 0.5, 0.75, 1.0, 1.5] {
                let spent = (think_ms * spent_share).min(exact_share_of_thinking(think_ms));
                let facts = facts_share_of_thinking(think_ms, spent);
                assert!(
                    facts >= 0.0 && spent + facts <= think_ms,
                    "{think_ms} {spent}"
                );
                assert!(facts <= think_ms * FACTS_SHARE);
            }
            assert_eq!(facts_share_of_thinking(think_ms, think_ms * 2.0), 0.0);
            assert_eq!(
                facts_share_of_thinking(think_ms, 0.0),
                think_ms * FACTS_SHARE
            );
        }
    }
}
