//! Which move the computer prefers in Sprouts, and the facts it prefers them by.
//!
//! **Known.** A position is *known* when the question a hint asks of it — its outcome and whether
//! each of its moves wins — is answered completely ([`SteppedQuestion`], the hint's own executor)
//! within [`KNOWN_NODES`] positions searched, over what the asking worker holds: the shipped normal
//! base, the shipped misère form proof, and what its earlier questions learned. A position the
//! proof or the base lists with all its moves answers in a few dozen nodes; one outside them needs a
//! search of thousands to millions. Known is therefore a promise about the next hint: the player who
//! asks it gets every move marked at once. The test is run by the worker that answers hints (the one
//! that holds the base and the proof), never guessed by the page. When no move the computer would
//! play is known, it searches some further ([`ROUND_NODES`]): what a finished search learns stays in
//! the worker, so such a move is known once its hint answers within [`KNOWN_NODES`] — checked again,
//! not assumed. (From the misère 10-spot start, after the winning reply, none of the 34 moves of
//! `0*8.1a1a` is known at first: the proof lists their outcomes, not all their moves.)
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

/// Whether `position`'s hint is complete within `max_nodes` over `base` and `forms`: its answer
/// (lost for the player to move?) when it is, else `None`. The question is the hint's own
/// (the default budgets, no nimber: a misère hint shows none, and a normal-play nimber is not what
/// marks the moves), with a clock that never runs out: only the nodes count.
pub fn known_outcome(
    position: &Position,
    misere: bool,
    base: Base,
    forms: Option<LandForms>,
    max_nodes: u64,
) -> (Option<bool>, Base, Option<LandForms>) {
    let mut check = Check::new(position, misere, base, forms, max_nodes);
    while !check.step(u64::MAX) {}
    check.finish()
}

/// One position's check, in steps.
struct Check {
    question: SteppedQuestion,
    steps: u64,
    max_steps: u64,
}

impl Check {
    fn new(
        position: &Position,
        misere: bool,
        base: Base,
        forms: Option<LandForms>,
        max_nodes: u64,
    ) -> Check {
        let budgets = Budgets {
            nimber_nodes: 0,
            ..Budgets::default()
        };
        let question = SteppedQuestion::new(
            position.clone(),
            misere,
            base,
            forms,
            budgets,
            Box::new(|| 0.0),
        );
        Check {
            question,
            steps: 0,
            max_steps: max_nodes.div_ceil(budgets.step_nodes),
        }
    }

    /// Runs at most `steps` more steps of the question; true when the check is over.
    fn step(&mut self, steps: u64) -> bool {
        let mut left = steps;
        while left > 0 && !self.is_over() {
            self.question.step();
            self.steps += 1;
            left -= 1;
        }
        self.is_over()
    }

    fn is_over(&self) -> bool {
        self.question.is_done() || self.steps >= self.max_steps
    }

    fn finish(self) -> (Option<bool>, Base, Option<LandForms>) {
        let done = self.question.is_done();
        let (answer, base, forms) = self.question.finish();
        let known = answer.filter(|a| done && a.children.iter().all(|(_, wins)| wins.is_some()));
        (known.map(|a| a.losing), base, forms)
    }
}

/// Node budgets of the rounds of checks over the computer's moves ([`ChildFactsSearch`]): the first
/// is [`KNOWN_NODES`] over every move; when no move the computer would play is then known, the
/// later rounds search the candidates further, the cheapest-looking first, until
/// [`ENOUGH_KNOWN`] of them are. A check that finishes leaves its values learned in the worker, so
/// that the position's hint then answers within [`KNOWN_NODES`]: each is checked again so before it
/// is called known.
pub const ROUND_NODES: [u64; 3] = [KNOWN_NODES, 5_000, 50_000];

/// Known candidates a later round stops at (a lost position's longest-lasting move is chosen among
/// them).
pub const ENOUGH_KNOWN: usize = 3;

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

/// The facts of the computer's moves, found in small steps (for a caller that works in slices and
/// may stop it once [`ChildFactsSearch::may_stop`]): rounds of checks ([`ROUND_NODES`]) of whether
/// each move is known, which also settles whether it wins; then, when the position is lost, the
/// remoteness of the moves the preference ranks (the known ones, else all), one a step, within
/// [`LASTING_NODES`] in all.
pub struct ChildFactsSearch {
    children: Vec<Position>,
    misere: bool,
    /// Idle between checks.
    held: Option<(Base, Option<LandForms>)>,
    facts: Vec<ChildFacts>,
    /// The round, the children it checks (in order) and how many are done.
    round: usize,
    queue: Vec<usize>,
    at: usize,
    /// The running check: its child and whether it re-checks a child found known in a later round.
    check: Option<(usize, bool, Check)>,
    /// The moves whose remoteness is sought (once the checks are over), and how many are done.
    ranked: Option<Vec<usize>>,
    ranked_done: usize,
    remoteness: RemotenessSearch<SproutsParts>,
    left: u64,
}

/// Question steps a step of [`ChildFactsSearch`] runs at most (a few hundred nodes).
const STEPS_A_STEP: u64 = 8;

impl ChildFactsSearch {
    pub fn new(
        children: Vec<Position>,
        wins: &[Option<bool>],
        misere: bool,
        base: Base,
        forms: Option<LandForms>,
    ) -> ChildFactsSearch {
        let facts = (0..children.len())
            .map(|i| ChildFacts {
                wins: wins.get(i).copied().flatten(),
                known: false,
                remoteness: None,
            })
            .collect();
        let queue = (0..children.len()).collect();
        ChildFactsSearch {
            children,
            misere,
            held: Some((base, forms)),
            facts,
            round: 0,
            queue,
            at: 0,
            check: None,
            ranked: None,
            ranked_done: 0,
            remoteness: RemotenessSearch::sprouts(misere),
            left: LASTING_NODES,
        }
    }

    /// The round of checks, and children checked in it of those it checks.
    pub fn progress(&self) -> (usize, usize, usize) {
        (self.round, self.at, self.queue.len())
    }

    /// The first round (every move at [`KNOWN_NODES`]) is over: what is found then is enough to
    /// choose by.
    pub fn may_stop(&self) -> bool {
        self.round > 0 || self.at >= self.queue.len()
    }

    pub fn is_done(&self) -> bool {
        self.ranked
            .as_ref()
            .is_some_and(|ranked| self.ranked_done >= ranked.len())
    }

    /// A few hundred nodes of a check, or one remoteness.
    pub fn step(&mut self) {
        if self.ranked.is_none() {
            self.step_checks();
        } else {
            self.step_remoteness();
        }
    }

    fn step_checks(&mut self) {
        if let Some((i, again, check)) = self.check.as_mut() {
            if !check.step(STEPS_A_STEP) {
                return;
            }
            let (i, again) = (*i, *again);
            let (_, _, check) = self.check.take().expect("a check runs");
            let (lost, base, forms) = check.finish();
            self.held = Some((base, forms));
            if let Some(lost) = lost {
                self.facts[i].wins = Some(lost);
                if self.round == 0 || again {
                    self.facts[i].known = true;
                } else {
                    // Found with a larger budget: known if its hint now answers within KNOWN_NODES.
                    self.start_check(i, true);
                    return;
                }
            }
            self.at += 1;
            return;
        }
        if self.at < self.queue.len() && !(self.round > 0 && self.enough_known()) {
            let i = self.queue[self.at];
            self.start_check(i, false);
            return;
        }
        // The round is over: another, or the remoteness.
        match self.next_round() {
            Some(queue) => {
                self.round += 1;
                self.queue = queue;
                self.at = 0;
            }
            None => {
                let lost =
                    !self.facts.is_empty() && self.facts.iter().all(|f| f.wins == Some(false));
                self.ranked = Some(if lost {
                    prefer(&self.facts).best
                } else {
                    Vec::new()
                });
            }
        }
    }

    fn start_check(&mut self, i: usize, again: bool) {
        let (base, forms) = self.held.take().expect("held between checks");
        let nodes = if again {
            KNOWN_NODES
        } else {
            ROUND_NODES[self.round]
        };
        let check = Check::new(&self.children[i], self.misere, base, forms, nodes);
        self.check = Some((i, again, check));
    }

    /// The known moves among the candidates are enough (see [`ENOUGH_KNOWN`]).
    fn enough_known(&self) -> bool {
        let (best, _) = self.candidates();
        best.iter().filter(|&&i| self.facts[i].known).count() >= ENOUGH_KNOWN
    }

    /// The moves the computer would choose among, and whether one of them is known.
    fn candidates(&self) -> (Vec<usize>, bool) {
        let winning: Vec<usize> = (0..self.facts.len())
            .filter(|&i| self.facts[i].wins == Some(true))
            .collect();
        let among = if winning.is_empty() {
            (0..self.facts.len()).collect()
        } else {
            winning
        };
        let known = among.iter().any(|&i| self.facts[i].known);
        (among, known)
    }

    /// The next round's children: the candidates not known, cheapest-looking first, when none is
    /// known and a round is left.
    fn next_round(&self) -> Option<Vec<usize>> {
        let (among, known) = self.candidates();
        if known || self.round + 1 >= ROUND_NODES.len() {
            return None;
        }
        let order = super::policy::child_order(&self.children, self.misere);
        let queue: Vec<usize> = order
            .into_iter()
            .filter(|i| among.contains(i) && !self.facts[*i].known)
            .collect();
        (!queue.is_empty()).then_some(queue)
    }

    fn step_remoteness(&mut self) {
        let Some(&i) = self.ranked.as_ref().and_then(|r| r.get(self.ranked_done)) else {
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

    /// The facts found (a move not checked is not known), and the base and forms.
    pub fn finish(mut self) -> (Vec<ChildFacts>, Base, Option<LandForms>) {
        if let Some((_, _, check)) = self.check.take() {
            let (_, base, forms) = check.finish();
            self.held = Some((base, forms));
        }
        let (base, forms) = self.held.take().expect("held between checks");
        (self.facts, base, forms)
    }
}
