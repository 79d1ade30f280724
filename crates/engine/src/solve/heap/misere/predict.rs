//! Guesses of which options are misère P-positions, to order the search. A guess never decides anything:
//! a wrong one only costs time.
//!
//! Most positions the search meets in a game like Grundy's are one large heap `h` plus small heaps `S`
//! that a proven quotient covers. `S`'s element `[S]` in that quotient fixes the outcome of `S + T` for
//! every `T` made of small heaps, though not in general of `S + h` (the quotient of the larger heaps may
//! separate positions the small one merges). It very often does, so the outcome of any `h + S` already
//! decided is a good guess for every other `h + S'` with `[S'] = [S]`. The guesser remembers, for each
//! pair `(h, [S])`, which outcomes have been seen.

use super::shortcut::Shortcut;
use rustc_hash::FxHashMap;

/// Outcomes seen per (large heap, element of the small part): `seen[heap][element]`, rows grown on
/// demand (a few hundred heaps times the quotient's order).
#[derive(Debug, Default)]
pub(crate) struct Predictor {
    seen: Vec<Vec<Seen>>,
    /// The same for two large heaps (smaller first) and the small part's element.
    seen_two: FxHashMap<([u16; 2], u32), Seen>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    p: bool,
    n: bool,
}

impl Seen {
    fn see(&mut self, p: bool) {
        if p {
            self.p = true;
        } else {
            self.n = true;
        }
    }

    fn guess(&self) -> Option<bool> {
        match (self.p, self.n) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }
}

/// The two large heaps and the small part's element, when `key` is two heaps beyond `shortcut` plus
/// heaps it covers.
fn split_two(shortcut: &Shortcut, key: &[u16]) -> Option<([u16; 2], u32)> {
    let [small @ .., a, b] = key else {
        return None;
    };
    if *a < shortcut.below || small.last().is_some_and(|&h| h >= shortcut.below) {
        return None;
    }
    Some(([*a, *b], shortcut.element(small)))
}

/// The large heap and the small part's element, when `key` is one heap beyond `shortcut` plus heaps
/// it covers.
fn split(shortcut: &Shortcut, key: &[u16]) -> Option<(u16, u32)> {
    let (&large, small) = key.split_last()?;
    if large < shortcut.below || small.last().is_some_and(|&h| h >= shortcut.below) {
        return None;
    }
    Some((large, shortcut.element(small)))
}

impl Predictor {
    /// Remember the outcome of a decided position (`true` for P).
    pub fn learn(&mut self, shortcut: &Shortcut, key: &[u16], p: bool) {
        if let Some((two, e)) = split_two(shortcut, key) {
            self.seen_two.entry((two, e)).or_default().see(p);
            return;
        }
        if let Some((large, e)) = split(shortcut, key) {
            let (large, e) = (large as usize, e as usize);
            if self.seen.len() <= large {
                self.seen.resize_with(large + 1, Vec::new);
            }
            let row = &mut self.seen[large];
            if row.len() <= e {
                row.resize(shortcut.p.len().max(e + 1), Seen::default());
            }
            let seen = &mut row[e];
            if p {
                seen.p = true;
            } else {
                seen.n = true;
            }
        }
    }

    /// The guess for heap `large` plus a covered part of element `e`: `Some(true)` when only P has
    /// been seen for that pair, `Some(false)` when only N, `None` when nothing or both.
    pub fn guess_at(&self, large: u16, e: u32) -> Option<bool> {
        let seen = self.seen.get(large as usize)?.get(e as usize)?;
        match (seen.p, seen.n) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }

    /// The guess for two large heaps (smaller first) plus a covered part of element `e`.
    pub fn guess_two(&self, two: [u16; 2], e: u32) -> Option<bool> {
        self.seen_two.get(&(two, e))?.guess()
    }

    /// Pairs for which both outcomes have been seen, and pairs seen at all (how good the guesses are).
    pub fn mixed_and_total(&self) -> (usize, usize) {
        let all = self.seen.iter().flatten();
        let mixed = all.clone().filter(|s| s.p && s.n).count();
        (mixed, all.filter(|s| s.p || s.n).count())
    }
}
