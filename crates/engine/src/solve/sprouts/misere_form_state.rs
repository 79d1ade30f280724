//! A misère position as a *form state*: its large lands kept as a Sprouts position, its small lands
//! (at most [`LandForms::max_lives`] lives) replaced by the misère simplest form of their sum. Equal
//! games stay equal in any sum, so a position's misère outcome is its state's, and many positions
//! share a state. The search on forms ([`super::MisereFormSearch`]) and the form proofs
//! ([`super::prove_on_forms`], [`super::check_form_proof`]) both move between states by
//! [`FormState::children_until`].

use std::ops::ControlFlow;

use crate::games::sprouts::{Land, Position};

use super::misere_forms::FormId;
use super::misere_lands::LandForms;

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
    /// The state of a position's `lands` plus `form`: small lands are folded into the form.
    pub fn of(lands: Vec<Land>, form: FormId, forms: &mut LandForms) -> FormState {
        let mut parts = vec![form];
        let mut large = Vec::new();
        for land in lands {
            match forms.form(&land) {
                Some(f) => parts.push(f),
                None => large.push(land),
            }
        }
        FormState {
            large: Position::from_lands(large),
            form: forms.forms_mut().sum(&parts),
        }
    }

    /// The state of a whole position.
    pub fn of_position(position: &Position, forms: &mut LandForms) -> FormState {
        FormState::of(position.lands().to_vec(), FormId::ZERO, forms)
    }

    /// [`lands_invariant`] of the large lands.
    pub fn large_invariant(&self) -> u64 {
        lands_invariant(self.large.lands().iter().map(Land::invariant))
    }

    /// The outcome when no large land is left (lost for the player to move?), read from the form.
    pub fn settled_by_form(&self, forms: &LandForms) -> Option<bool> {
        self.large
            .is_terminal()
            .then(|| forms.forms().losing(self.form))
    }

    /// Hands each child state to `visit` (moves in the form first, then in the large lands; a state
    /// may come more than once) and stops as soon as `visit` breaks.
    pub fn children_until<B>(
        &self,
        forms: &mut LandForms,
        mut visit: impl FnMut(FormState, &LandForms) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for option in forms.forms().options(self.form).to_vec() {
            let child = FormState {
                large: self.large.clone(),
                form: option,
            };
            visit(child, forms)?;
        }
        self.large.children_until(|child| {
            let state = FormState::of(child.lands().to_vec(), self.form, forms);
            visit(state, forms)
        })
    }
}
