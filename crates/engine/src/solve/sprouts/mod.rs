//! Sprouts solvers: normal-play nimbers and outcomes (couple search over land sums), misère outcomes
//! (on whole positions, [`MisereSearch`], whose base holds a complete proof; or with small lands
//! replaced by their misère simplest forms, [`MisereFormSearch`], much faster), winning moves, and
//! bases; outcomes also by proof-number search ([`DfpnSearch`]), or by both in turns ([`OutcomeRace`]).
//! Every search runs in budgeted slices over an explicit stack, reading from and writing into a [`Base`].
//! How a question is answered — which parts ([`parts`]), in which order, within which budgets
//! ([`PROBE_BUDGETS`], [`Budgets`]) — is one policy (`policy.rs`), run by two executors: [`Solver`] on
//! one thread or many, and [`SteppedQuestion`] in small steps (the web app's worker, alone or with a
//! pool of helpers).
//!
//! ```
//! use sprague_engine::games::sprouts::Position;
//! use sprague_engine::solve::sprouts::{self, Base};
//! let mut base = Base::new();
//! let start: Position = "0*3".parse().unwrap();
//! assert_eq!(sprouts::nimber(&start, &mut base), 1);
//! assert!(sprouts::misere_losing(&start, &mut base)); // in misère play 3 spots is lost for the first player
//! ```

mod answers;
mod base;
mod busy_states;
mod check;
mod check_parts;
mod child_order;
mod claim_proof;
mod computer;
mod dfpn;
mod dfpn_table;
mod form_prints;
mod invariant_nimbers;
mod learning;
mod lookahead;
mod minimal;
mod misere;
mod misere_form_proof;
mod misere_form_search;
mod misere_form_state;
mod misere_forms;
mod misere_lands;
mod normal;
mod open_child;
mod outcome_job;
mod outcome_race;
mod parallel;
mod policy;
mod pool_states;
mod proof;
pub mod proof_layout;
mod proof_number_master;
mod remote_job;
mod search;
mod search_levels;
mod stepped;

pub use answers::Answers;
pub use base::{
    Base, BaseError, Conflict, LearnedEntries, GLOP_HEADER, MAX_BASE_BYTES, MISERE_HEADER,
};
pub use check::{
    check_base, name_some, verify_base, verify_base_under, BaseCheck, CheckOptions, CheckReport,
    DEFAULT_NODES_PER_ENTRY,
};
pub use check_parts::{
    check_in_parts, combine_parts, PartCheck, PartFailure, PartReport, PartsVerdict,
};
pub use computer::{
    child_facts, known_outcome, prefer, ChildFacts, ChildFactsSearch, Preference, Preferred,
    ENOUGH_KNOWN, KNOWN_NODES, LASTING_NODES, ROUND_NODES,
};
pub use dfpn::{DfpnOptions, DfpnSearch, Initial};
pub use dfpn_table::{DfpnTable, ProofNumbers, INFINITE};
pub use lookahead::{Lookahead, Lookout, LOSS, WIN};
pub use minimal::{minimal_base, Goal};
pub use misere::MisereSearch;
pub use misere_form_proof::{
    check_form_proof, form_proof_outcome, prove_on_forms, read_form_proof, write_form_proof,
    FormProofError, FormProofReport, FORM_PROOF_MAGIC, MAX_FORM_PROOF_BYTES, MAX_PROOF_FORM_LIVES,
};
pub use misere_form_search::{MisereFormSearch, DEFAULT_FORM_LIVES};
pub use misere_form_state::FormState;
pub use misere_forms::{FormId, MisereForms, SharedForms};
pub use misere_lands::LandForms;
pub use normal::{NormalAnswer, NormalSearch};
pub use outcome_job::Method;
pub use outcome_race::{OutcomeRace, RACE_LIVES};
pub use parallel::{Analysis, Cancelled, Control, Outcome, Solver};
pub use policy::{
    exact_share_of_thinking, facts_share_of_thinking, helper_share, parts, probe_budget, Budgets,
    Part, Questions, EXACT_SHARE, PROBE_BUDGETS,
};
pub use proof::{extract_proof, Detail, ProofGraph, ProofNode};
pub use proof_number_master::{
    MasterError, MasterOptions, MasterProgress, ProofNumberMaster, VerifiedAnswer,
    DEFAULT_JOB_NODES,
};
pub use remote_job::{Batch, Job, JobReport, JobResult, JobRunner, RelayError};
pub use search::{Search, Step};
pub use search_levels::{ChildState, LevelChild, LevelKind, SearchLevel, SteerError};
pub use stepped::{LandValue, SteppedAnswer, SteppedProgress, SteppedQuestion};

use crate::games::sprouts::Position;

/// Moves the base into a search, runs it, and puts the base back.
fn with_base<S, A>(
    base: &mut Base,
    make: impl FnOnce(Base) -> S,
    run: impl FnOnce(&mut S) -> A,
    back: impl FnOnce(S) -> Base,
) -> A {
    let mut search = make(std::mem::take(base));
    let answer = run(&mut search);
    *base = back(search);
    answer
}

/// Normal-play nimber of a position (XOR of its lands' nimbers).
pub fn nimber(position: &Position, base: &mut Base) -> u32 {
    let answer = with_base(
        base,
        |b| NormalSearch::nimber(position, b),
        NormalSearch::run,
        NormalSearch::into_base,
    );
    match answer {
        NormalAnswer::Nimber(n) => n,
        NormalAnswer::Losing(_) => unreachable!("a nimber search answers a nimber"),
    }
}

/// Normal play: is the position lost for the player to move (nimber 0)?
pub fn losing(position: &Position, base: &mut Base) -> bool {
    let answer = with_base(
        base,
        |b| NormalSearch::losing(position, 0, b),
        NormalSearch::run,
        NormalSearch::into_base,
    );
    answer == NormalAnswer::Losing(true)
}

/// Misère play: is the position lost for the player to move?
pub fn misere_losing(position: &Position, base: &mut Base) -> bool {
    with_base(
        base,
        |b| MisereSearch::new(position, b),
        MisereSearch::run,
        MisereSearch::into_base,
    )
}

/// Normal play: every child lost for the opponent, i.e. every winning move.
pub fn winning_moves(position: &Position, base: &mut Base) -> Vec<Position> {
    position
        .children()
        .into_iter()
        .filter(|c| losing(c, base))
        .collect()
}

/// Misère play: every winning move.
pub fn misere_winning_moves(position: &Position, base: &mut Base) -> Vec<Position> {
    position
        .children()
        .into_iter()
        .filter(|c| misere_losing(c, base))
        .collect()
}
