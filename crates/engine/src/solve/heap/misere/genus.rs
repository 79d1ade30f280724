//! Genus symbols `g^{γ0γ1γ2…}` (Conway, ONAG ch. 12; CGSuite's notation).
//!
//! `g` is the normal-play value; `γk` is the misère Grundy value of `G + k·*2`, where the misère Grundy value
//! of a game is 1 if it has no move and otherwise the mex of its options' values. Since the misère value of
//! `H + *1` is that of `H` XOR 1, the options of `G + k·*2` (`G' + k·*2`, `G + (k−1)·*2 + *1`,
//! `G + (k−1)·*2`) give the recurrence used here:
//! `γ0 = 1` if `G` has no option, else `mex{γ0(G')}`; `γk = mex({γk(G')} ∪ {γ(k−1), γ(k−1) ⊕ 1})`.
//! The sequence ends in period 2; it is stored up to the point where its last two values repeat forever,
//! as short as possible.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A genus: normal value and the misère sequence (the last two entries repeat forever).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Genus {
    pub normal: u16,
    /// `γ0, γ1, …`; at least one entry. With one entry `a` the sequence is `a, a, a, …`.
    pub misere: Vec<u16>,
}

impl Genus {
    /// `γk` for any `k`, extending the period-2 tail.
    pub fn gamma(&self, k: usize) -> u16 {
        let len = self.misere.len();
        if k < len {
            return self.misere[k];
        }
        if len == 1 {
            return self.misere[0];
        }
        self.misere[len - 2 + (k - len) % 2]
    }

    /// The misère Grundy value `γ0`: 0 exactly for misère P-positions.
    pub fn misere_value(&self) -> u16 {
        self.misere[0]
    }

    /// The genus of a game from its options' genera and its normal value.
    pub fn from_options(normal: u16, options: &[&Genus]) -> Genus {
        if options.is_empty() {
            // The zero game: 0^{120}, i.e. 1, 2, 0, 2, 0, …
            return Genus::from_sequence(normal, vec![1, 2, 0]);
        }
        // Past index `stable`, every option's values repeat with period 2.
        let stable = options.iter().map(|o| o.misere.len()).max().unwrap_or(0);
        let mut seq: Vec<u16> = Vec::with_capacity(stable + 4);
        let mut marks: Vec<bool> = Vec::new();
        let mut k = 0;
        loop {
            marks.clear();
            let mut mark = |v: u16| {
                let v = v as usize;
                if v >= marks.len() {
                    marks.resize(v + 1, false);
                }
                marks[v] = true;
            };
            for option in options {
                mark(option.gamma(k));
            }
            if k > 0 {
                let previous = seq[k - 1];
                mark(previous);
                mark(previous ^ 1);
            }
            let mex = marks.iter().position(|&m| !m).unwrap_or(marks.len()) as u16;
            seq.push(mex);
            // From `stable` on, γk depends only on γ(k−1) and k's parity; one repeat closes the cycle.
            if k >= 2 && k > stable && seq[k] == seq[k - 2] {
                seq.pop();
                return Genus::from_sequence(normal, seq);
            }
            k += 1;
        }
    }

    /// Build from a sequence whose last two values repeat forever, trimming it to the shortest form.
    fn from_sequence(normal: u16, mut misere: Vec<u16>) -> Genus {
        while misere.len() >= 3 && misere[misere.len() - 1] == misere[misere.len() - 3] {
            misere.pop();
        }
        if misere.len() == 2 && misere[0] == misere[1] {
            misere.pop();
        }
        Genus { normal, misere }
    }

    /// Nim-like (tame) genera, those of sums of nim heaps: fickle `0^{120}`, `1^{031}`, and firm
    /// `a^{a,a⊕2}` (`0^{02}`, `1^{13}`, `2^{20}`, `3^{31}`, `4^{46}`, …).
    pub fn is_nim_like(&self) -> bool {
        self.is_fickle() || self.is_firm()
    }

    /// `0^{120}` or `1^{031}`: plays like a sum of heaps of size 0 and 1.
    pub fn is_fickle(&self) -> bool {
        matches!(
            (self.normal, self.misere.as_slice()),
            (0, [1, 2, 0]) | (1, [0, 3, 1])
        )
    }

    /// `a^{a,a⊕2}`: plays like a sum of nim heaps with a heap of 2 or more (misère value = normal value).
    pub fn is_firm(&self) -> bool {
        self.misere == [self.normal, self.normal ^ 2]
    }
}

impl fmt::Display for Genus {
    /// `3^1431`, or with commas when a value has two digits: `12^1,14,12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wide = self.misere.iter().any(|&v| v >= 10);
        let parts: Vec<String> = self.misere.iter().map(|v| v.to_string()).collect();
        let sep = if wide { "," } else { "" };
        write!(f, "{}^{}", self.normal, parts.join(sep))
    }
}
