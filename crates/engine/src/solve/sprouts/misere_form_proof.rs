//! Form proofs: misère outcomes proven over form states ([`FormState`]), small enough to ship. A
//! proof over whole positions grows about nine times per spot (misère 9 with its moves: 24 k
//! positions); over states, whose small lands are one form, it stays small, as the search on
//! forms does.
//!
//! A proof is a table of forms (each by its options, every option an earlier form) and of states,
//! each with its outcome: the lost states of the proof, and the goals it was built for (nine in ten
//! states of a proof are won, and a won state is shown by one lost child). It is checked from the
//! rules: a state listed won needs one child shown lost; a state listed lost needs every child shown
//! won — listed won, or with a child shown lost (two plies). A state is shown by the list or, when
//! it has no large land left, by its form alone. Every child is smaller than its parent (a move in a
//! land takes a life, a move in a form goes to an option), so by induction every listed outcome is
//! true once each is checked. The forms need no trust either: the checker
//! computes its own simplest form of each form's options ([`super::MisereForms::game`]); the forms
//! of small lands it computes from the rules.
//!
//! In memory a proof is the [`LandForms`] that hold its states ([`LandForms::proven`]): a search on
//! forms over them answers any state of the proof at once.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use bincode::Options;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::sprouts::Position;

use super::base::Base;
use super::misere_form_search::MisereFormSearch;
use super::misere_form_state::FormState;
use super::misere_forms::FormId;
use super::misere_lands::LandForms;
use super::parallel::{run_sliced, Cancelled, Control};
use super::search::Search as _;

/// How a form proof file starts.
pub const FORM_PROOF_MAGIC: &str = "sprague-misere-form-proof";
const FORM_PROOF_VERSION: u32 = 1;
/// Forms of small lands are computed exhaustively: a larger bound than this costs minutes.
pub const MAX_PROOF_FORM_LIVES: u32 = 12;
/// Largest form proof file read (the one shipped is far smaller).
pub const MAX_FORM_PROOF_BYTES: usize = 64 << 20;

/// Why a form proof could not be built, read or checked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormProofError {
    #[error("cancelled")]
    Cancelled,
    #[error("not a form proof: {0}")]
    Unreadable(String),
    #[error("the form proof is wrong: {0}")]
    Wrong(String),
    /// Building a proof: the search did not leave what the proof needs (a bug, never a wrong proof:
    /// nothing is written).
    #[error("no proof can be written: {0}")]
    Incomplete(String),
}

impl From<Cancelled> for FormProofError {
    fn from(_: Cancelled) -> FormProofError {
        FormProofError::Cancelled
    }
}

#[derive(Serialize, Deserialize)]
struct FormProofFile {
    magic: String,
    version: u32,
    /// Lands with at most this many lives are forms.
    max_lives: u32,
    /// Every form but zero (which is 0): form `i + 1`'s options, each an earlier form.
    forms: Vec<Vec<u32>>,
    /// Each state: its large lands (a position key), its form, lost for the player to move?
    states: Vec<(Vec<u8>, u32, bool)>,
}

fn file_options() -> impl Options {
    bincode::DefaultOptions::new().with_limit(MAX_FORM_PROOF_BYTES as u64)
}

/// A checked proof's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormProofReport {
    pub states: usize,
    pub forms: usize,
    pub max_lives: u32,
}

/// The misère outcome of `position` (lost for the player to move?) if the proof `lands` hold shows
/// it: listed, or won by a move to a listed lost state — or by the forms alone, when the position
/// has no large land.
pub fn form_proof_outcome(position: &Position, lands: &mut LandForms) -> Option<bool> {
    let state = FormState::of_position(position, lands);
    shown(&state, lands).or_else(|| shown_won(&state, lands).then_some(false))
}

/// Solves `position` in misère play on forms and adds the proof of its outcome to `lands` (a state
/// already proven there is reused, not proven again). Returns whether the position is lost for the
/// player to move.
pub fn prove_on_forms(
    position: &Position,
    lands: &mut LandForms,
    control: &Control,
) -> Result<bool, FormProofError> {
    let mut taken = std::mem::replace(lands, LandForms::new(lands.max_lives()));
    // A fresh base and nothing learned before: every plain position the proof rests on is then
    // one this search decided, so its children's outcomes are in the search too.
    taken.forget_learned();
    let mut search = MisereFormSearch::with_forms(position, Base::new(), taken);
    let answer = run_counted(&mut search, control);
    let walked = answer.map_err(FormProofError::from).and_then(|lost| {
        let root = FormState::of_position(position, search.land_forms_mut());
        keep_proof(&mut search, root)?;
        Ok(lost)
    });
    *lands = search.into_parts().1;
    walked
}

/// Runs a search in slices until it is done or the control is cancelled, counting its nodes there.
fn run_counted(search: &mut MisereFormSearch, control: &Control) -> Result<bool, Cancelled> {
    let mut counted = 0;
    run_sliced(control, |budget| {
        let step = search.step(budget);
        control.add_nodes(search.nodes() - counted);
        counted = search.nodes();
        step
    })
}

/// Adds to the search's land forms the lost states that prove `root`'s outcome, from what the
/// finished search knows (and `root` itself, won or lost): a lost state needs every child shown
/// won, each by one lost child of its own. Won states are not kept (nine in ten states of a proof
/// are won): a checker finds their lost child itself.
fn keep_proof(search: &mut MisereFormSearch, root: FormState) -> Result<(), FormProofError> {
    let missing = |state: &FormState| {
        FormProofError::Incomplete(format!(
            "the search left the state of {} (a form beside it) undecided",
            state.large
        ))
    };
    let lands = search.land_forms();
    if root.settled_by_form(lands).is_some() || lands.proven(&root).is_some() {
        return Ok(()); // settled by its form, or proven by an earlier search
    }
    let root_lost = search.known(&root).ok_or_else(|| missing(&root))?;
    search.land_forms_mut().hold_proven(root.clone(), root_lost);
    // Won states already given a lost child.
    let mut shown_won: HashSet<FormState> = HashSet::default();
    let mut todo = vec![(root, root_lost)];
    while let Some((state, lost)) = todo.pop() {
        if !lost && !shown_won.insert(state.clone()) {
            continue;
        }
        let lands = search.land_forms_mut();
        let mut children = Vec::new();
        let mut settled_lost = false;
        let _ = state.children_until(lands, |child, lands| {
            match child.settled_by_form(lands) {
                Some(lost) => settled_lost |= lost,
                None => children.push(child),
            }
            ControlFlow::<()>::Continue(())
        });
        if lost {
            for child in children {
                if search.known(&child) != Some(false) {
                    return Err(missing(&child));
                }
                if !shown_won.contains(&child) {
                    todo.push((child, false));
                }
            }
            continue;
        }
        // A lost child settled by its form or already kept costs nothing; else the one with the
        // fewest large lives.
        let lands = search.land_forms();
        if settled_lost || children.iter().any(|c| lands.proven(c) == Some(true)) {
            continue;
        }
        let witness = children
            .into_iter()
            .filter(|c| search.known(c) == Some(true))
            .min_by_key(|c| (c.large.lives(), c.form))
            .ok_or_else(|| missing(&state))?;
        search.land_forms_mut().hold_proven(witness.clone(), true);
        todo.push((witness, true));
    }
    Ok(())
}

/// The proof `lands` hold, as a file: its states and the forms they name.
pub fn write_form_proof(lands: &LandForms) -> Vec<u8> {
    let forms = lands.forms();
    // Every form named, with its options: ids are given in creation order, so each form's options
    // come before it.
    let mut named: BTreeSet<FormId> = BTreeSet::new();
    let mut todo: Vec<FormId> = lands.proven_states().map(|(s, _)| s.form).collect();
    while let Some(form) = todo.pop() {
        if form != FormId::ZERO && named.insert(form) {
            todo.extend_from_slice(forms.options(form));
        }
    }
    // Zero is 0, the others 1, 2, … in id order.
    let numbers: HashMap<FormId, u32> = (named.iter().copied())
        .zip(1..)
        .chain([(FormId::ZERO, 0)])
        .collect();
    let number = |form: FormId| numbers[&form];
    let mut states: Vec<(Vec<u8>, u32, bool)> = lands
        .proven_states()
        .map(|(s, lost)| (s.large.key(), number(s.form), lost))
        .collect();
    states.sort();
    let file = FormProofFile {
        magic: FORM_PROOF_MAGIC.into(),
        version: FORM_PROOF_VERSION,
        max_lives: lands.max_lives(),
        forms: named
            .iter()
            .map(|&f| forms.options(f).iter().map(|&o| number(o)).collect())
            .collect(),
        states,
    };
    bincode::DefaultOptions::new()
        .serialize(&file)
        .expect("a form proof in memory serialises")
}

/// Reads a form proof into land forms that hold its states, checking its form (magic, version,
/// lives bound, forms named before use, states of large lands only, none listed twice) but not its
/// outcomes: for a file the app ships, checked in full when it was built. [`check_form_proof`]
/// checks every outcome.
pub fn read_form_proof(bytes: &[u8]) -> Result<LandForms, FormProofError> {
    let unreadable = |why: String| FormProofError::Unreadable(why);
    if bytes.len() > MAX_FORM_PROOF_BYTES {
        return Err(unreadable(format!(
            "{} bytes, more than the {MAX_FORM_PROOF_BYTES} a proof may have",
            bytes.len()
        )));
    }
    let file: FormProofFile = file_options()
        .deserialize(bytes)
        .map_err(|e| unreadable(format!("it does not decode ({e})")))?;
    if file.magic != FORM_PROOF_MAGIC {
        return Err(unreadable("it does not start as one".into()));
    }
    if file.version != FORM_PROOF_VERSION {
        return Err(unreadable(format!(
            "version {}, this program reads {FORM_PROOF_VERSION}",
            file.version
        )));
    }
    if !(1..=MAX_PROOF_FORM_LIVES).contains(&file.max_lives) {
        return Err(unreadable(format!(
            "forms of lands of up to {} lives, where 1 to {MAX_PROOF_FORM_LIVES} are read",
            file.max_lives
        )));
    }
    let mut lands = LandForms::new(file.max_lives);
    let mut ids = vec![FormId::ZERO];
    for (i, options) in file.forms.iter().enumerate() {
        let form = i + 1;
        let options = options
            .iter()
            .map(|&o| {
                ids.get(o as usize).copied().ok_or_else(|| {
                    unreadable(format!("form {form} has option {o}, not an earlier form"))
                })
            })
            .collect::<Result<Vec<FormId>, FormProofError>>()?;
        ids.push(lands.forms_mut().game(options));
    }
    for (key, form, lost) in file.states {
        let large = Position::from_checked_key(&key)
            .ok_or_else(|| unreadable("a state's lands are not a position".into()))?;
        if large.is_terminal() {
            return Err(unreadable(
                "a state without large lands is listed (its form settles it)".into(),
            ));
        }
        if let Some(small) = large.lands().iter().find(|l| lands.covers(l)) {
            return Err(unreadable(format!(
                "the state of {large} has a land of {} lives, which is a form",
                small.lives()
            )));
        }
        let form = *ids.get(form as usize).ok_or_else(|| {
            unreadable(format!("the state of {large} names form {form}, not one"))
        })?;
        let state = FormState { large, form };
        if lands.proven(&state).is_some() {
            return Err(unreadable(format!(
                "the state of {} (with the same form) is listed twice",
                state.large
            )));
        }
        lands.hold_proven(state, lost);
    }
    Ok(lands)
}

/// The outcome of a state shown by the forms alone or by the proof's list.
fn shown(state: &FormState, lands: &LandForms) -> Option<bool> {
    state.settled_by_form(lands).or(lands.proven(state))
}

/// A state shown won by one of its moves: to a state shown lost.
fn shown_won(state: &FormState, lands: &mut LandForms) -> bool {
    state
        .children_until(lands, |child, lands| match shown(&child, lands) {
            Some(true) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .is_break()
}

/// Reads a form proof and checks every outcome it lists from the rules (see the module's
/// documentation). On success the proof's outcomes are true.
pub fn check_form_proof(bytes: &[u8]) -> Result<(LandForms, FormProofReport), FormProofError> {
    let mut lands = read_form_proof(bytes)?;
    let states: Vec<(FormState, bool)> = lands
        .proven_states()
        .map(|(s, lost)| (s.clone(), lost))
        .collect();
    for (state, lost) in &states {
        let wrong = if *lost {
            let mut children = Vec::new();
            let _ = state.children_until(&mut lands, |child, _| {
                children.push(child);
                ControlFlow::<()>::Continue(())
            });
            children
                .into_iter()
                .find(|child| match shown(child, &lands) {
                    Some(lost) => lost,
                    None => !shown_won(child, &mut lands),
                })
                .map(|child| {
                    format!(
                        "the state of {} is listed lost, but its move to the state of {} is not \
                         shown won",
                        state.large, child.large
                    )
                })
        } else {
            (!shown_won(state, &mut lands)).then(|| {
                format!(
                    "the state of {} is listed won, but no move from it is shown lost",
                    state.large
                )
            })
        };
        if let Some(why) = wrong {
            return Err(FormProofError::Wrong(why));
        }
    }
    let report = FormProofReport {
        states: states.len(),
        forms: lands.forms().len(),
        max_lives: lands.max_lives(),
    };
    Ok((lands, report))
}
