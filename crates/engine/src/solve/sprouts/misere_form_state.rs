//! A misère position as a *form state*: its large lands kept as a Sprouts position, its small lands
//! (at most [`LandForms::max_lives`](super::LandForms::max_lives) lives) replaced by the misère simplest form of their sum. Equal
//! games stay equal in any sum, so a position's misère outcome is its state's, and many positions
//! share a state. The search on forms ([`super::MisereFormSearch`]) and the form proofs
//! ([`super::prove_on_forms`], [`super::check_form_proof`]) both move between states by
//! [`FormState::children_until`].
//!
//! Only the state itself is here: it is made and moved over the forms of the lands
//! ([`FormState::of`], [`FormState::children_until`]) in `misere_lands`, whose tables of outcomes
//! (and `pool_states`, which hands states between workers) hold states.

use crate::games::sprouts::{Land, Position};

use super::misere_forms::FormId;

/// An order-free combination of [`Land::invariant`]s (equal multisets of lands give equal values).
pub(super) fn lands_invariant(invariants: impl Iterator<Item = u64>) -> u64 {
    invariants.fold(0u64, |acc, x| {
        let mut x = x ^ 0x2545_F491_4F6C_DD1D;
        x ^= x >> 31;
        x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        acc.wrapping_add(x ^ (x >> 29))
    })
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FormState {
    /// The lands too large for a form.
    pub large: Position,
    /// The form of the sum of the other lands.
    pub form: FormId,
}

impl FormState {
    /// [`lands_invariant`] of the large lands.
    pub fn large_invariant(&self) -> u64 {
        lands_invariant(self.large.lands().iter().map(Land::invariant))
    }
}
