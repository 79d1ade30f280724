//! Misère simplest forms of impartial games, hash-consed: each distinct form gets a [`FormId`], and
//! a form is its sorted list of options' ids. Knows nothing of Sprouts.
//!
//! Two games G, H are equal in misère play when G + X and H + X have the same misère outcome for
//! every impartial X. Conway (On Numbers and Games, 2nd ed., ch. 12 "How to lose when you must";
//! proofs also in A. N. Siegel, "On the structure of misère impartial games", arXiv:2012.08554, §2)
//! showed that every game has a unique simplest form, reached by deleting reversible options
//! (an option G' with an option G'' = G), subject to the endgame proviso, and that two games are
//! equal iff their simplest forms are identical.
//!
//! What this module relies on for *correctness* is only the following lemma (proved here, as it is
//! short). Let G, K be games such that
//!  (a) every option of K is equal to some option of G,
//!  (b) every option G' of G is equal to some option of K, or has an option G'' equal to K,
//!  (c) if K has no option, G is a misère N-position (the endgame proviso),
//! and let G have at least one option. Then G = K. Proof: by induction on X, G + X and K + X have
//! the same outcome. Say G + X is N. If its winning move is to G + X', K + X' has the same outcome
//! (induction), so K + X → K + X' wins. If it is to G' + X and G' = K', then K + X → K' + X wins. If
//! instead G' has an option G'' = K, then G'' + X, an option of the P-position G' + X, is N, and so
//! is K + X. (G + X always has a move, as G has.) Say K + X is N. A winning move to K + X' is
//! answered as before; one to K' + X has G' = K' by (a); and if K + X has no move at all, K and X
//! have no options and G + X = G is N by (c).
//!
//! So when G's options are already simplest forms and K is one of G's grandchildren satisfying
//! (a)–(c) (checked literally on ids), G = K and K is G's simplest form; otherwise G is kept as the
//! form with exactly those options. Conway's theorem says this never misses a simplification: if
//! some option of G is reversible, G equals one of its grandchildren, which then satisfies (a)–(c).
//! Only the efficiency (and the statement "distinct ids are distinct games") rests on that theorem;
//! the tests check it against the published count of games born by day 4 (22) and by brute force.

use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::FxHashMap as HashMap;

/// A misère simplest form, interned in a [`MisereForms`] table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FormId(u32);

impl FormId {
    /// The game with no options (the identity of sums).
    pub const ZERO: FormId = FormId(0);

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn from_index(index: usize) -> FormId {
        FormId(index as u32)
    }
}

/// A table of misère simplest forms and of the forms of their sums.
pub struct MisereForms {
    /// Sorted, distinct options of each form (`None`: an id of a [`SharedForms`] this table has
    /// not met).
    options: Vec<Option<Box<[FormId]>>>,
    /// Whether each form alone is lost for the player to move (misère outcome P).
    losing: Vec<bool>,
    /// Any option set seen (simplified or not) → its simplest form.
    by_options: HashMap<Box<[FormId]>, FormId>,
    /// Sorted multisets of two or more non-zero forms → the form of their sum.
    sums: HashMap<Box<[FormId]>, FormId>,
    /// Where new forms get their ids when several tables share them.
    shared: Option<Arc<SharedForms>>,
}

/// One numbering of forms for several tables (the threads of a parallel run), so that what one
/// thread learns of a state with a form holds in another's ids. Each table asks it only for
/// option sets it has not met, and copies the forms it hands out (with their options, and
/// theirs, down to zero): a table never reads an id it does not hold.
#[derive(Default)]
pub struct SharedForms {
    table: Mutex<MisereForms>,
}

impl SharedForms {
    pub fn new() -> SharedForms {
        SharedForms::default()
    }
}

impl Default for MisereForms {
    fn default() -> MisereForms {
        MisereForms::new()
    }
}

impl MisereForms {
    /// A table holding only the zero game.
    pub fn new() -> MisereForms {
        let mut by_options = HashMap::default();
        by_options.insert(Box::from([]), FormId::ZERO);
        MisereForms {
            options: vec![Some(Box::from([]))],
            // No move: the player to move has won.
            losing: vec![false],
            by_options,
            sums: HashMap::default(),
            shared: None,
        }
    }

    /// A table whose new forms take their ids from `shared`, as every other table sharing it does.
    pub fn sharing(shared: Arc<SharedForms>) -> MisereForms {
        MisereForms {
            shared: Some(shared),
            ..MisereForms::new()
        }
    }

    /// Whether this table numbers its forms as `shared` does.
    pub fn shares(&self, shared: &Arc<SharedForms>) -> bool {
        self.shared.as_ref().is_some_and(|s| Arc::ptr_eq(s, shared))
    }

    /// Whether this table numbers its forms by a [`SharedForms`].
    pub fn is_shared(&self) -> bool {
        self.shared.is_some()
    }

    /// Number of distinct forms interned so far (in a shared table: one more than the largest id
    /// this table holds).
    pub fn len(&self) -> usize {
        self.options.len()
    }

    pub fn is_empty(&self) -> bool {
        false // the zero game is always there
    }

    /// The options of a form, sorted.
    pub fn options(&self, form: FormId) -> &[FormId] {
        self.options[form.index()]
            .as_deref()
            .expect("a table reads only the forms it holds")
    }

    /// Misère play: is this game alone lost for the player to move?
    pub fn losing(&self, form: FormId) -> bool {
        self.losing[form.index()]
    }

    /// The nim heap *n.
    pub fn nim_heap(&mut self, n: u32) -> FormId {
        let mut heaps = Vec::new();
        for _ in 0..=n {
            let next = self.game(heaps.clone());
            heaps.push(next);
        }
        heaps[n as usize]
    }

    /// The simplest form of the game whose options are `options` (in any order, repeats allowed).
    pub fn game(&mut self, mut options: Vec<FormId>) -> FormId {
        options.sort_unstable();
        options.dedup();
        if let Some(&id) = self.by_options.get(options.as_slice()) {
            return id;
        }
        let id = match self.shared.clone() {
            Some(shared) => {
                let mut table = shared.table.lock().unwrap_or_else(PoisonError::into_inner);
                let id = table.game(options.clone());
                self.copy_from(&table, id);
                id
            }
            None => self.simplify(&options).unwrap_or_else(|| {
                let id = FormId(self.options.len() as u32);
                let losing = options.iter().all(|&o| !self.losing(o));
                self.options.push(Some(options.clone().into_boxed_slice()));
                self.losing.push(losing);
                id
            }),
        };
        self.by_options.insert(options.into_boxed_slice(), id);
        id
    }

    /// Copies `form` from `table`, with every form below it that this table does not hold yet.
    fn copy_from(&mut self, table: &MisereForms, form: FormId) {
        let mut to_copy = vec![form];
        while let Some(form) = to_copy.pop() {
            let index = form.index();
            if index >= self.options.len() {
                self.options.resize(index + 1, None);
                self.losing.resize(index + 1, false);
            }
            if self.options[index].is_some() {
                continue;
            }
            let options = table.options(form);
            to_copy.extend_from_slice(options);
            self.options[index] = Some(options.into());
            self.losing[index] = table.losing(form);
        }
    }

    /// The grandchild K that the game with these (simplest, sorted) options equals by the lemma of
    /// the module comment, if any.
    fn simplify(&self, options: &[FormId]) -> Option<FormId> {
        // The proviso (c) asks G to be N: some option lost for the player to move.
        let g_is_n = options.iter().any(|&o| self.losing(o));
        for &option in options {
            for &k in self.options(option) {
                let k_options = self.options(k);
                let contained = k_options.iter().all(|o| options.binary_search(o).is_ok()); // (a)
                let reverses = || {
                    options.iter().all(|&o| {
                        k_options.binary_search(&o).is_ok()
                            || self.options(o).binary_search(&k).is_ok()
                    })
                }; // (b)
                let proviso = !k_options.is_empty() || g_is_n; // (c)
                if contained && proviso && reverses() {
                    return Some(k);
                }
            }
        }
        None
    }

    /// The simplest form of the sum of `parts` (a multiset, any order).
    pub fn sum(&mut self, parts: &[FormId]) -> FormId {
        let mut parts: Vec<FormId> = parts
            .iter()
            .copied()
            .filter(|&p| p != FormId::ZERO)
            .collect();
        match parts.len() {
            0 => return FormId::ZERO,
            1 => return parts[0],
            _ => {}
        }
        parts.sort_unstable();
        self.sum_sorted(parts)
    }

    /// [`MisereForms::sum`] of a sorted multiset of two or more non-zero forms. Recursion depth is
    /// bounded by the total birthday (the longest play) of the sum.
    fn sum_sorted(&mut self, parts: Vec<FormId>) -> FormId {
        if let Some(&id) = self.sums.get(parts.as_slice()) {
            return id;
        }
        let mut options = Vec::new();
        for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue; // the same part again gives the same options
            }
            for k in 0..self.options(parts[i]).len() {
                let option = self.options(parts[i])[k];
                let mut next = parts.clone();
                next[i] = option;
                options.push(self.sum(&next));
            }
        }
        let id = self.game(options);
        self.sums.insert(parts.into_boxed_slice(), id);
        id
    }
}
