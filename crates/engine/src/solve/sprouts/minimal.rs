//! Minimal proof bases: from a base a search filled (which holds everything it met), keep only the
//! entries a verifier needs to re-prove chosen results one or two plies deep ([`check_base`] is such
//! a verifier). A 7-spot search base holds hundreds of thousands of entries; the proof of the start's
//! value needs a small fraction of them, which is what an app can afford to ship.
//!
//! Normal play follows [`extract_proof`]: every losing couple of the proof graph on a single land is
//! kept as that land's nimber (multi-land couples rest on their lands' nimbers). Misère play keeps
//! the lost positions of the proof tree: a lost position needs each child shown won, which a stored
//! lost grandchild does; a won position needs one stored lost child.
//!
//! [`check_base`]: super::check_base

use std::ops::ControlFlow;

use rustc_hash::FxHashSet as HashSet;

use crate::games::sprouts::Position;

use super::base::Base;
use super::proof::extract_proof;

/// One result to keep the proof of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Normal play: the couple (position, heap), losing or winning as the base says. With the
    /// position's nimber as heap this proves the nimber; with 0, the outcome.
    Normal { position: Position, heap: u32 },
    /// Misère play: the position's outcome as the base says.
    Misere(Position),
}

/// The entries of `base` that prove every goal (a base of its own). Errors when the base lacks a
/// value the proof needs (e.g. a goal that was never solved).
pub fn minimal_base(base: &Base, goals: &[Goal]) -> Result<Base, String> {
    let mut out = Base::new();
    for goal in goals {
        match goal {
            Goal::Normal { position, heap } => keep_normal(base, position, *heap, &mut out)?,
            Goal::Misere(position) => keep_misere(base, position, &mut out)?,
        }
    }
    Ok(out)
}

fn keep_normal(base: &Base, position: &Position, heap: u32, out: &mut Base) -> Result<(), String> {
    let graph = extract_proof(base, position, heap)?;
    // Multi-land couples rest on their lands' couples, which are nodes too; the empty position
    // needs no entry (its nimber, 0, is the XOR of no lands).
    for node in graph.nodes.iter().filter(|n| n.losing) {
        if let [land] = node.position.lands() {
            out.insert_nimber(&Position::from_lands(vec![land.clone()]), node.heap);
        }
    }
    Ok(())
}

fn keep_misere(base: &Base, root: &Position, out: &mut Base) -> Result<(), String> {
    // Lost positions kept (or queued to be): reusing one as a witness costs nothing more.
    let mut kept: HashSet<Vec<u8>> = HashSet::default();
    // A child stored lost: one already kept if any (the scan stops there), else one with the
    // fewest lives (the smallest proof to add).
    let witness = |p: &Position, kept: &HashSet<Vec<u8>>| -> Result<Position, String> {
        let mut smallest: Option<(u32, Position)> = None;
        let flow = p.children_until(|c| {
            if base.misere_losing(c) != Some(true) {
                return ControlFlow::Continue(());
            }
            if kept.contains(&c.key()) {
                return ControlFlow::Break(c.clone());
            }
            if smallest
                .as_ref()
                .is_none_or(|(lives, _)| c.lives() < *lives)
            {
                smallest = Some((c.lives(), c.clone()));
            }
            ControlFlow::Continue(())
        });
        match (flow, smallest) {
            (ControlFlow::Break(c), _) | (ControlFlow::Continue(()), Some((_, c))) => Ok(c),
            _ => Err(format!("the base shows no lost child of {p} (misère)")),
        }
    };
    let root_lost = base
        .misere_losing(root)
        .ok_or_else(|| format!("the base does not hold the misère outcome of {root}"))?;
    // Won positions already given a lost child.
    let mut shown_won: HashSet<Vec<u8>> = HashSet::default();
    // Lost positions whose proof is still to be kept.
    let mut todo: Vec<Position> = Vec::new();
    let lost_root = if root_lost {
        root.clone()
    } else {
        out.insert_misere(root, false);
        witness(root, &kept)?
    };
    kept.insert(lost_root.key());
    todo.push(lost_root);
    while let Some(lost) = todo.pop() {
        out.insert_misere(&lost, true);
        for child in lost.children() {
            if child.is_terminal() || !shown_won.insert(child.key()) {
                continue; // terminal: the player to move there has already won
            }
            let w = witness(&child, &kept)?;
            if kept.insert(w.key()) {
                todo.push(w);
            }
        }
    }
    Ok(())
}
