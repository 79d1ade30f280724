//! The element, in a shortcut's quotient, of the covered part of a position and of its options, in
//! constant time per option: with the quotient's multiplication table, prefix and suffix products give
//! the covered part with any one heap taken out, and the option's pieces are then added one by one.

use super::shortcut::Shortcut;
use std::collections::VecDeque;

/// `product[x][y]`: the element of a covered position of element `x` plus one of element `y`.
pub(crate) fn product_table(shortcut: &Shortcut) -> Vec<Vec<u32>> {
    let len = shortcut.p.len();
    // A covered position reaching each element, breadth-first from the identity.
    let mut reach: Vec<Option<Vec<u16>>> = vec![None; len];
    reach[0] = Some(Vec::new());
    let mut queue = VecDeque::from([0u32]);
    while let Some(x) = queue.pop_front() {
        for c in 1..shortcut.below {
            let y = shortcut.times[x as usize][c as usize];
            if reach[y as usize].is_none() {
                let mut heaps = reach[x as usize].clone().unwrap_or_default();
                heaps.push(c);
                reach[y as usize] = Some(heaps);
                queue.push_back(y);
            }
        }
    }
    (0..len as u32)
        .map(|x| {
            reach
                .iter()
                .map(|heaps| match heaps {
                    Some(heaps) => heaps
                        .iter()
                        .fold(x, |e, &c| shortcut.times[e as usize][c as usize]),
                    // No covered position has this element: the entry is never asked for.
                    None => x,
                })
                .collect()
        })
        .collect()
}

/// The covered heaps of one position (the first `covered` heaps of its sorted key), ready to give the
/// element of that part with any one heap taken out.
#[derive(Debug, Default)]
pub(crate) struct SmallPart {
    /// `prefix[j]`: element of the first `j` covered heaps; `suffix[j]`: of covered heaps `j..`.
    prefix: Vec<u32>,
    suffix: Vec<u32>,
}

impl SmallPart {
    /// Set up for `key` (sorted); returns the number of covered heaps (they come first).
    pub fn load(&mut self, shortcut: &Shortcut, key: &[u16]) -> usize {
        let covered = key.partition_point(|&h| h < shortcut.below);
        let times = |e: u32, c: u16| shortcut.times[e as usize][c as usize];
        self.prefix.clear();
        self.prefix.push(0);
        for &c in &key[..covered] {
            let last = *self.prefix.last().expect("starts with the identity");
            self.prefix.push(times(last, c));
        }
        self.suffix.clear();
        self.suffix.resize(covered + 1, 0);
        for j in (0..covered).rev() {
            self.suffix[j] = times(self.suffix[j + 1], key[j]);
        }
        covered
    }

    /// Element of the covered part without heap `index` (or all of it when `index` is not covered).
    pub fn without(&self, product: &[Vec<u32>], index: usize) -> u32 {
        let covered = self.prefix.len() - 1;
        if index >= covered {
            return self.prefix[covered];
        }
        product[self.prefix[index] as usize][self.suffix[index + 1] as usize]
    }
}
