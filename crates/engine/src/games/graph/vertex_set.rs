//! A set of vertices of a graph of at most 64 vertices, as one machine word: the solver's positions are
//! such sets, so moves and components are a few bit operations.

use serde::{Deserialize, Serialize};

/// The most vertices a graph may have (one bit each in a [`VertexSet`]).
pub const MAX_VERTICES: usize = 64;

/// A set of vertex numbers below [`MAX_VERTICES`].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct VertexSet(u64);

impl VertexSet {
    pub const EMPTY: VertexSet = VertexSet(0);

    /// The vertices `0..n` (`n` at most [`MAX_VERTICES`]).
    pub fn first(n: usize) -> VertexSet {
        debug_assert!(n <= MAX_VERTICES);
        if n >= 64 {
            VertexSet(u64::MAX)
        } else {
            VertexSet((1u64 << n) - 1)
        }
    }

    pub fn single(v: usize) -> VertexSet {
        VertexSet(1u64 << v)
    }

    pub fn from_bits(bits: u64) -> VertexSet {
        VertexSet(bits)
    }

    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn contains(self, v: usize) -> bool {
        v < MAX_VERTICES && self.0 >> v & 1 == 1
    }

    pub fn insert(&mut self, v: usize) {
        self.0 |= 1u64 << v;
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest vertex in the set.
    pub fn first_vertex(self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }

    pub fn union(self, other: VertexSet) -> VertexSet {
        VertexSet(self.0 | other.0)
    }

    pub fn intersection(self, other: VertexSet) -> VertexSet {
        VertexSet(self.0 & other.0)
    }

    pub fn minus(self, other: VertexSet) -> VertexSet {
        VertexSet(self.0 & !other.0)
    }

    /// The vertices in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                v
            })
        })
    }
}

impl FromIterator<usize> for VertexSet {
    fn from_iter<I: IntoIterator<Item = usize>>(vertices: I) -> Self {
        let mut set = VertexSet::EMPTY;
        for v in vertices {
            set.insert(v);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_what_was_put_in() {
        let set: VertexSet = [0, 5, 63].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 5, 63]);
        assert_eq!(set.len(), 3);
        assert!(set.contains(63) && !set.contains(1) && !set.contains(64));
        assert_eq!(VertexSet::first(64).len(), 64);
        assert_eq!(
            VertexSet::first(3).minus(set).iter().collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert_eq!(set.first_vertex(), Some(0));
        assert_eq!(VertexSet::EMPTY.first_vertex(), None);
    }
}
