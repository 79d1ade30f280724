//! Normal-play outcome questions on large positions, answered by two searches in turns: the couple
//! search ([`NormalSearch`]) and the proof-number search ([`DfpnSearch`]). Neither is best everywhere —
//! df-pn is up to ten times faster on large or hard positions (14 spots: 4.8 s against 55 s CPU) and
//! several times slower on small ones (12 spots: 3.0 s against 0.8 s) — so running both in turns costs
//! at most about twice the faster of the two. Each runs on its own copy of the base; what both learned
//! is merged at the end (both hold only proven facts).

use super::base::Base;
use super::dfpn::{DfpnOptions, DfpnSearch};
use super::dfpn_table::DfpnTable;
use super::normal::{NormalAnswer, NormalSearch};
use super::search::{Search, Step};
use crate::games::sprouts::{Land, Position};

/// A position whose largest land has at least this many lives (a 12-spot start has 36) is worth
/// racing; below it the couple search alone is fast.
pub const RACE_LIVES: u32 = 30;

/// The two searches of one outcome question, taking turns slice by slice.
pub struct OutcomeRace {
    couple: NormalSearch,
    dfpn: DfpnSearch,
    dfpn_next: bool,
}

impl OutcomeRace {
    /// Whether `position` is large enough for a race to pay (see [`RACE_LIVES`]).
    pub fn pays(position: &Position) -> bool {
        position.lands().iter().map(Land::lives).max().unwrap_or(0) >= RACE_LIVES
    }

    /// Both searches for whether `position` is lost for the player to move, over `base`.
    pub fn new(position: &Position, base: Base, options: DfpnOptions) -> OutcomeRace {
        let dfpn = DfpnSearch::couple(position, 0, base.clone(), DfpnTable::new(), options);
        OutcomeRace {
            couple: NormalSearch::losing(position, 0, base),
            dfpn,
            dfpn_next: false,
        }
    }

    /// Nodes expanded by both searches.
    pub fn nodes(&self) -> u64 {
        self.couple.nodes() + self.dfpn.nodes()
    }

    /// The couple search's base (the proof-number search's copy is merged in by [`Self::into_base`]).
    pub fn base(&self) -> &Base {
        self.couple.base()
    }

    /// The couple search's base, to take in entries learned elsewhere (the proof-number search's
    /// copy learns them when its base is merged back).
    pub fn base_mut(&mut self) -> &mut Base {
        self.couple.base_mut()
    }

    /// One base with what both searches learned.
    pub fn into_base(self) -> Base {
        let mut base = self.couple.into_base();
        // Both hold only proven facts: a conflict would be a bug, and the couple search's entry stays.
        base.merge(&self.dfpn.into_base());
        base
    }
}

impl Search for OutcomeRace {
    type Answer = bool;

    /// One turn of `budget` nodes for one of the searches; done (`true`: lost for the player to move)
    /// as soon as either knows.
    fn step(&mut self, budget: u64) -> Step<bool> {
        let step = match self.dfpn_next {
            true => self.dfpn.step(budget),
            false => match self.couple.step(budget) {
                Step::Done(answer) => Step::Done(answer == NormalAnswer::Losing(true)),
                Step::Running { nodes, depth } => Step::Running { nodes, depth },
            },
        };
        self.dfpn_next = !self.dfpn_next;
        match step {
            Step::Done(lost) => Step::Done(lost),
            Step::Running { depth, .. } => Step::Running {
                nodes: self.nodes(),
                depth,
            },
        }
    }
}
