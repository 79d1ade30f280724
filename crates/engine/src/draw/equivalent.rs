//! Drawing an equivalent move when the engine's child cannot be drawn exactly.
//!
//! The finding: where a region has at most 3 lives, the engine's canonical form keeps only the
//! multiset of its vertices (GLOP's rule), and it lists the children of that multiset written as one
//! boundary. A drawing has a real boundary structure there, and may be unable to make a listed child
//! exactly: from one drawing of `2A|2B|2AB` the engine lists `22`, while the curves this drawing
//! allows give `AB|AB` instead. The two are different canonical positions but the same game: each
//! has exactly one move, to the end. [`Drawing::route_equivalent`] draws such a substitute: a child
//! the drawing does reach whose game tree is the same as the wanted child's, up to canonical forms
//! (a bisimulation over the engine's children, on the lands where the two differ). Equal game trees
//! have equal values in normal and in misère play, alone and in any sum, so the substitute is as good
//! a move as the one wanted.

use std::collections::HashMap;

use crate::games::sprouts::{Land, Position};

use super::drawing::Drawing;
use super::legality::CurveMove;

/// Most pairs of positions compared before giving up (the substitutes met are tiny games).
const SAME_GAME_BUDGET: usize = 20_000;

impl Drawing {
    /// A curve for `child` if one can be drawn; otherwise a curve for a child this drawing reaches
    /// that is the same game as `child` (see the module notes). Returns the curve and the child it
    /// really makes. `None` if neither exists (or the comparison ran out of budget).
    pub fn route_equivalent(&self, child: &Position) -> Option<(CurveMove, Position)> {
        if let Some(mv) = self.route(child) {
            return Some((mv, child.clone()));
        }
        let mut budget = SAME_GAME_BUDGET;
        let mut memo = HashMap::new();
        for candidate in self.children() {
            if candidate == *child {
                continue;
            }
            if same_game(child, &candidate, &mut memo, &mut budget) == Some(true) {
                if let Some(mv) = self.route(&candidate) {
                    return Some((mv, candidate));
                }
            }
        }
        None
    }
}

/// The lands of `a` and of `b` left after removing the lands they have in common.
fn differing(a: &Position, b: &Position) -> (Position, Position) {
    let mut rest_b: Vec<Land> = b.lands().to_vec();
    let mut rest_a: Vec<Land> = Vec::new();
    for land in a.lands() {
        match rest_b.iter().position(|l| l == land) {
            Some(i) => {
                rest_b.swap_remove(i);
            }
            None => rest_a.push(land.clone()),
        }
    }
    (Position::from_lands(rest_a), Position::from_lands(rest_b))
}

/// True when `a` and `b` have the same game tree up to canonical forms: every move of one is
/// matched by a move of the other to the same game. `None` when the budget runs out.
pub(crate) fn same_game(
    a: &Position,
    b: &Position,
    memo: &mut HashMap<(Position, Position), bool>,
    budget: &mut usize,
) -> Option<bool> {
    if a == b {
        return Some(true);
    }
    let (a, b) = differing(a, b);
    if a == b {
        return Some(true);
    }
    if let Some(&known) = memo.get(&(a.clone(), b.clone())) {
        return Some(known);
    }
    *budget = budget.checked_sub(1)?;
    let (ca, cb) = (a.children(), b.children());
    let mut result = ca.is_empty() == cb.is_empty();
    // Assume equal while comparing (a cycle cannot happen: every move uses up lives).
    if result {
        for (from, to) in [(&ca, &cb), (&cb, &ca)] {
            for x in from {
                let mut matched = false;
                for y in to {
                    if same_game(x, y, memo, budget)? {
                        matched = true;
                        break;
                    }
                }
                if !matched {
                    result = false;
                    break;
                }
            }
            if !result {
                break;
            }
        }
    }
    memo.insert((a, b), result);
    Some(result)
}
