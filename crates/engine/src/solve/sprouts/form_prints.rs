//! Fingerprints of misère simplest forms, so that workers whose tables number forms differently can
//! name forms to each other: the web app's pool, whose workers are separate wasm instances (the
//! threads of a native run share one numbering instead, [`super::misere_forms::SharedForms`]).
//!
//! A form's print is a 128-bit hash of the sorted prints of its options. Equal games have the same
//! simplest form (Conway), so the same print in every table, whatever the order in which each met
//! them. Distinct forms get distinct prints unless 128-bit hashes collide: with `n` forms the
//! chance is about n² / 2¹²⁹, below 10⁻²⁴ for the ten million forms a long run meets.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use super::misere_forms::{FormId, MisereForms};

/// The print of a form, the same in every table (see the module comment).
pub type FormPrint = u128;

/// Prints of the forms of one table, kept up to date by [`FormPrints::update`].
#[derive(Default)]
pub(crate) struct FormPrints {
    /// By form id.
    prints: Vec<FormPrint>,
    by_print: HashMap<FormPrint, FormId>,
}

impl FormPrints {
    /// Prints the forms `forms` interned since the last call, and returns their ids. The table must
    /// number its own forms (not shared): a form's options then have smaller ids than the form.
    pub fn update(&mut self, forms: &MisereForms) -> Range<usize> {
        debug_assert!(!forms.is_shared(), "a shared table may hold gaps");
        let new = self.prints.len()..forms.len();
        for index in new.clone() {
            let form = FormId::from_index(index);
            let mut options: Vec<FormPrint> = forms
                .options(form)
                .iter()
                .map(|o| self.prints[o.index()])
                .collect();
            options.sort_unstable();
            let print = print_of(&options);
            self.prints.push(print);
            self.by_print.insert(print, form);
        }
        new
    }

    /// The print of a form printed by [`FormPrints::update`].
    pub fn print(&self, form: FormId) -> FormPrint {
        self.prints[form.index()]
    }

    /// The form with this print, if the table has met it.
    pub fn form(&self, print: FormPrint) -> Option<FormId> {
        self.by_print.get(&print).copied()
    }
}

/// Two 64-bit SipHashes of the sorted option prints, told apart by a first byte. `DefaultHasher::new`
/// has fixed keys, so every worker running this build computes the same prints.
fn print_of(sorted_options: &[FormPrint]) -> FormPrint {
    let half = |tag: u8| {
        let mut hasher = DefaultHasher::new();
        tag.hash(&mut hasher);
        sorted_options.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game born by day `days`, built in the table (a game is its set of options).
    fn born_by(forms: &mut MisereForms, days: usize) -> Vec<FormId> {
        let mut games = vec![FormId::ZERO];
        for _ in 0..days {
            let mut next = Vec::new();
            for subset in 0u32..(1 << games.len()) {
                let options = (0..games.len())
                    .filter(|i| subset & (1 << i) != 0)
                    .map(|i| games[i])
                    .collect();
                next.push(forms.game(options));
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        games
    }

    /// The published count of misère games born by day 4 is 22 (Conway, ONAG ch. 12): as many
    /// distinct prints. Two tables meeting the games in different orders (one after heaps and
    /// sums that number forms otherwise) give each game the same print.
    #[test]
    fn equal_games_share_a_print_and_distinct_ones_do_not() {
        let mut first = MisereForms::new();
        let games = born_by(&mut first, 4);
        assert_eq!(games.len(), 22);
        let mut first_prints = FormPrints::default();
        first_prints.update(&first);
        let mut distinct: Vec<FormPrint> = games.iter().map(|&g| first_prints.print(g)).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 22);

        let mut second = MisereForms::new();
        let heap = second.nim_heap(5);
        second.sum(&[heap, heap, heap]);
        let again = born_by(&mut second, 4);
        let mut second_prints = FormPrints::default();
        second_prints.update(&second);
        let mut other: Vec<FormPrint> = again.iter().map(|&g| second_prints.print(g)).collect();
        other.sort_unstable();
        assert_eq!(other, distinct);
        for &game in &again {
            let print = second_prints.print(game);
            assert_eq!(second_prints.form(print), Some(game));
            let theirs = first_prints.form(print).expect("the first table met it");
            assert_eq!(first.losing(theirs), second.losing(game));
        }
    }
}
