//! Which move the computer prefers in Sprouts, and the facts it prefers them by.
//!
//! **Known.** A position is *known* when the question a hint asks of it — its outcome and whether
//! each of its moves wins — is answered completely ([`SteppedQuestion`], the hint's own executor)
//! within [`KNOWN_NODES`] positions searched, over what the asking worker holds: the shipped normal
//! base, the shipped misère form proof, and what its earlier questions learned. A position the
//! proof or the base lists with all its moves answers in a few dozen nodes; one outside them needs a
//! search of thousands to millions. Known is therefore a promise about the next hint: the player who
//! asks it gets every move marked at once. The test is run by the worker that answers hints (the one
//! that holds the base and the proof), never guessed by the page.
//!
//! **The preference** ([`prefer`]), written once here:
//! - with a winning move, the winning moves to known positions, else every winning move;
//! - with none (the position is lost: every move leaves a position won for the opponent), the moves
//!   to known positions, else every move; and among those the ones after which the game lasts
//!   longest with best play (the largest remoteness, Winning Ways), when the remoteness of every
//!   one of them is found within [`LASTING_NODES`]; else all of them, unranked;
//! - a move at random (a slip, or the learner) is drawn among the moves to known positions, else
//!   among all.
//!
//! The facts come from [`child_facts`].

use serde::{Deserialize, Serialize};

use crate::games::sprouts::Position;
use crate::solve::remoteness::{RemotenessSearch, SproutsParts};

use super::base::Base;
use super::misere_lands::LandForms;
use super::policy::Budgets;
use super::stepped::SteppedQuestion;

/// Positions a known position's hint may search at most (outcome and every move together). Measured
/// on random games from the misère 10- and 12-spot starts over the shipped proof: of the positions
/// whose hint was complete within 2,000 nodes, 94% took under 50 and 97% under 500; a position
/// outside the proof takes thousands or more. Each move the computer weighs costs up to this much.
pub const KNOWN_NODES: u64 = 500;

/// Positions the remoteness search may value over all the candidate moves of a lost position.
pub const LASTING_NODES: u64 = 50_000;

/// What the asking worker knows of one move (a child of the computer's position).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChildFacts {
    /// Whether moving there wins for the computer (`None`: not settled).
    pub wins: Option<bool>,
    /// Whether the child is known (see the module's documentation): the hint there marks every move
    /// at once.
    pub known: bool,
    /// How many moves the game lasts from the child with best play, when it was found.
    pub remoteness: Option<u32>,
}

/// Why the preferred moves are preferred.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preferred {
    /// Winning moves (`known`: to known positions).
    Winning { known: bool },
    /// The position is lost: moves to known positions (`known`) or any, and, when `remoteness` is
    /// found, the longest-lasting of those: the game then lasts that many more moves.
    Lasting {
        known: bool,
        remoteness: Option<u32>,
    },
    /// Neither a winning move nor the loss is known: nothing is preferred.
    Unknown,
}

/// The computer's preference among the moves whose facts are `facts` (indices into it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The moves it plays when it plays its best (empty: no preference; any move).
    pub best: Vec<usize>,
    pub why: Preferred,
    /// The moves it draws a random move from (a slip, the learner): the known ones, else all.
    pub any: Vec<usize>,
}

/// The preference (see the module's documentation).
pub fn prefer(facts: &[ChildFacts]) -> Preference {
    let all: Vec<usize> = (0..facts.len()).collect();
    let known_of = |among: &[usize]| -> Vec<usize> {
        among.iter().copied().filter(|&i| facts[i].known).collect()
    };
    let known_first = |among: Vec<usize>| -> (Vec<usize>, bool) {
        let known = known_of(&among);
        if known.is_empty() {
            (among, false)
        } else {
            (known, true)
        }
    };
    let (any, _) = known_first(all.clone());
    let winning: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| facts[i].wins == Some(true))
        .collect();
    if !winning.is_empty() {
        let (best, known) = known_first(winning);
        return Preference {
            best,
            why: Preferred::Winning { known },
            any,
        };
    }
    let lost = !facts.is_empty() && facts.iter().all(|f| f.wins == Some(false));
    if !lost {
        return Preference {
            best: Vec::new(),
            why: Preferred::Unknown,
            any,
        };
    }
    let (tier, known) = known_first(all);
    let remoteness: Option<Vec<u32>> = tier.iter().map(|&i| facts[i].remoteness).collect();
    let (best, longest) = match remoteness.as_ref().and_then(|r| r.iter().max()) {
        Some(&longest) => (
            tier.iter()
                .copied()
                .filter(|&i| facts[i].remoteness == Some(longest))
                .collect(),
            Some(longest),
        ),
        None => (tier, None),
    };
    Preference {
        best,
        why: Preferred::Lasting {
            known,
            remoteness: longest,
        },
        any,
    }
}

/// Whether `position`'s hint is complete within [`KNOWN_NODES`] over `base` and `forms`: its answer
/// (lost for the player to move?) when it is, else `None`. The question is the hint's own
/// (the default budgets, no nimber: a misère hint shows none, and a normal-play nimber is not what
/// marks the moves), with a clock that never runs out: only the nodes count.
pub fn known_outcome(
    position: &Position,
    misere: bool,
    base: Base,
    forms: Option<LandForms>,
) -> (Option<bool>, Base, Option<LandForms>) {
    let budgets = Budgets {
        nimber_nodes: 0,
        ..Budgets::default()
    };
    let mut question = SteppedQuestion::new(
        position.clone(),
        misere,
        base,
        forms,
        budgets,
        Box::new(|| 0.0),
    );
    let max_steps = KNOWN_NODES.div_ceil(budgets.step_nodes);
    let mut steps = 0;
    while !question.is_done() && steps < max_steps {
        question.step();
        steps += 1;
    }
    let done = question.is_done();
    let (answer, base, forms) = question.finish();
    let known = answer.filter(|a| done && a.children.iter().all(|(_, wins)| wins.is_some()));
    (known.map(|a| a.losing), base, forms)
}

/// The facts of each of `children` (the computer's moves), given what its own question settled
/// (`wins`, one for each child: `Some(true)` when moving there wins): [`ChildFactsSearch`] run to its
/// end. The base and forms are handed back with what they learned.
pub fn child_facts(
    children: &[Position],
    wins: &[Option<bool>],
    misere: bool,
    base: Base,
    forms: Option<LandForms>,
) -> (Vec<ChildFacts>, Base, Option<LandForms>) {
    let mut search = ChildFactsSearch::new(children.to_vec(), wins, misere, base, forms);
    while !search.is_done() {
        search.step();
    }
    search.finish()
}

/// The facts of the computer's moves, found one child a step (for a caller that works in slices):
/// each child is tested for being known ([`known_outcome`]), which also settles whether it wins;
/// when the position is then lost, the remoteness of the moves the preference ranks (the known ones,
/// else all) is sought, one a step, within [`LASTING_NODES`] in all.
pub struct ChildFactsSearch {
    children: Vec<Position>,
    wins: Vec<Option<bool>>,
    misere: bool,
    /// Idle between steps.
    held: Option<(Base, Option<LandForms>)>,
    facts: Vec<ChildFacts>,
    /// The moves whose remoteness is sought (once every child is tested), and how many are done.
    ranked: Option<Vec<usize>>,
    ranked_done: usize,
    remoteness: RemotenessSearch<SproutsParts>,
    left: u64,
}

impl ChildFactsSearch {
    pub fn new(
        children: Vec<Position>,
        wins: &[Option<bool>],
        misere: bool,
        base: Base,
        forms: Option<LandForms>,
    ) -> ChildFactsSearch {
        let wins = (0..children.len())
            .map(|i| wins.get(i).copied().flatten())
            .collect();
        ChildFactsSearch {
            children,
            wins,
            misere,
            held: Some((base, forms)),
            facts: Vec::new(),
            ranked: None,
            ranked_done: 0,
            remoteness: RemotenessSearch::sprouts(misere),
            left: LASTING_NODES,
        }
    }

    /// Children tested so far, of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.facts.len(), self.children.len())
    }

    pub fn is_done(&self) -> bool {
        self.facts.len() == self.children.len()
            && self
                .ranked
                .as_ref()
                .is_some_and(|ranked| self.ranked_done >= ranked.len())
    }

    /// Tests one child, or seeks one remoteness.
    pub fn step(&mut self) {
        let i = self.facts.len();
        if i < self.children.len() {
            let (base, forms) = self.held.take().expect("held between steps");
            let (lost, base, forms) = known_outcome(&self.children[i], self.misere, base, forms);
            self.held = Some((base, forms));
            self.facts.push(ChildFacts {
                wins: lost.or(self.wins[i]),
                known: lost.is_some(),
                remoteness: None,
            });
            return;
        }
        let ranked = self.ranked.get_or_insert_with(|| {
            let lost = !self.facts.is_empty() && self.facts.iter().all(|f| f.wins == Some(false));
            if lost {
                prefer(&self.facts).best
            } else {
                Vec::new()
            }
        });
        let Some(&i) = ranked.get(self.ranked_done) else {
            return;
        };
        if self.left == 0 {
            self.ranked_done = usize::MAX; // the budget is spent: the rest stay unranked
            return;
        }
        let found = self
            .remoteness
            .value_while(self.children[i].lands(), self.left, &mut || true);
        self.left = self.left.saturating_sub(self.remoteness.spent());
        match found {
            Ok(value) => {
                self.facts[i].remoteness = Some(value.remoteness);
                self.ranked_done += 1;
            }
            Err(_) => self.ranked_done = usize::MAX,
        }
    }

    /// The facts found (a child not yet tested is not known), and the base and forms.
    pub fn finish(mut self) -> (Vec<ChildFacts>, Base, Option<LandForms>) {
        for i in self.facts.len()..self.children.len() {
            self.facts.push(ChildFacts {
                wins: self.wins[i],
                known: false,
                remoteness: None,
            });
        }
        let (base, forms) = self.held.take().expect("held between steps");
        (self.facts, base, forms)
    }
}
