//! Minimal proof bases: every entry is re-proved from the rules and the other entries only (a strict
//! checker written here, with no fallback on computing small values), the starts carry the published
//! values, and the proof base keeps only entries of the search base it came from (fewer of them).

use sprague_engine::solve::sprouts::Search as _;
use std::ops::ControlFlow;

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{self, minimal_base, Base, Goal, NormalSearch, Step};

/// Nimber of a position from the base's land entries alone (XOR), if all are there.
fn stored_nimber(base: &Base, position: &Position) -> Option<u32> {
    position.lands().iter().try_fold(0, |acc, land| {
        Some(acc ^ base.nimber(&Position::from_lands(vec![land.clone()]))?)
    })
}

/// (position, heap) is won for the player to move, shown one move deep from stored values.
fn shown_won(base: &Base, position: &Position, heap: u32) -> bool {
    match stored_nimber(base, position) {
        Some(v) => v != heap,
        None => position
            .children()
            .iter()
            .any(|c| stored_nimber(base, c) == Some(heap)),
    }
}

/// Every stored nimber n of a land: each child is shown won with heap n, and each m < n is the
/// stored nimber of some child. Every stored misère entry: a lost position has each child terminal
/// or with a stored lost child; a won one has a stored lost child.
fn strictly_proved(base: &Base) -> Result<(), String> {
    for (position, n) in base.nimbers() {
        let children = position.children();
        if let Some(c) = children.iter().find(|c| !shown_won(base, c, n)) {
            return Err(format!("{position} = {n}: child {c} not shown won"));
        }
        if let Some(m) =
            (0..n).find(|&m| !children.iter().any(|c| stored_nimber(base, c) == Some(m)))
        {
            return Err(format!("{position} = {n}: no child shown with nimber {m}"));
        }
    }
    let has_lost_child = |p: &Position| {
        p.children_until(|c| match base.misere_losing(c) {
            Some(true) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .is_break()
    };
    for (position, lost) in base.misere_outcomes() {
        let children = position.children();
        let ok = if lost {
            children
                .iter()
                .all(|c| c.is_terminal() || has_lost_child(c))
        } else {
            has_lost_child(&position)
        };
        if !ok {
            return Err(format!("{position} misère lost={lost} not shown"));
        }
    }
    Ok(())
}

#[test]
fn proof_bases_are_small_closed_and_carry_the_published_values() {
    // Published: nimbers 0, 0, 1, 1, 1 for 1..5 spots; misère W L L L W.
    let nimbers = [0, 0, 1, 1, 1];
    let misere_lost = [false, true, true, true, false];
    let mut search_base = Base::new();
    let mut goals = Vec::new();
    for n in 1..=5 {
        let start = Position::start(n).unwrap();
        assert_eq!(sprouts::nimber(&start, &mut search_base), nimbers[n - 1]);
        sprouts::misere_losing(&start, &mut search_base);
        goals.push(Goal::Normal {
            position: start.clone(),
            heap: nimbers[n - 1],
        });
        goals.push(Goal::Misere(start));
    }
    let proof = minimal_base(&search_base, &goals).unwrap();
    strictly_proved(&proof).unwrap();
    for n in 1..=5 {
        let start = Position::start(n).unwrap();
        assert_eq!(proof.nimber(&start), Some(nimbers[n - 1]), "{n} spots");
        assert_eq!(proof.misere_losing(&start), Some(misere_lost[n - 1]));
    }
    // Nothing is invented: every kept entry is the search base's, with its value.
    for (position, nimber) in proof.nimbers() {
        assert_eq!(search_base.nimber(&position), Some(nimber), "{position}");
    }
    for (position, lost) in proof.misere_outcomes() {
        assert_eq!(
            search_base.misere_losing(&position),
            Some(lost),
            "{position}"
        );
    }
    assert!(proof.normal_len() <= search_base.normal_len());
    assert!(proof.misere_len() < search_base.misere_len());
    // A search from the proof base answers the start's couple without expanding anything.
    let mut search = NormalSearch::losing(&Position::start(5).unwrap(), 1, proof);
    assert_eq!(
        search.step(1),
        Step::Done(sprouts::NormalAnswer::Losing(true))
    );
    assert_eq!(search.nodes(), 0);
}

#[test]
fn an_outcome_proof_needs_only_the_outcome() {
    // 4 spots: the first player wins (published); prove (start, 0) won without its nimber.
    let start = Position::start(4).unwrap();
    let mut base = Base::new();
    assert!(!sprouts::losing(&start, &mut base));
    let goal = Goal::Normal {
        position: start.clone(),
        heap: 0,
    };
    let proof = minimal_base(&base, &[goal]).unwrap();
    strictly_proved(&proof).unwrap();
    assert!(start
        .children()
        .iter()
        .any(|c| stored_nimber(&proof, c) == Some(0)));
}

#[test]
fn an_unsolved_goal_is_an_error_not_a_guess() {
    let base = Base::new();
    let goal = Goal::Misere(Position::start(5).unwrap());
    assert!(minimal_base(&base, &[goal]).is_err());
    let goal = Goal::Normal {
        position: Position::start(5).unwrap(),
        heap: 0,
    };
    assert!(minimal_base(&base, &[goal]).is_err());
}
