//! The misère search on simplest forms ([`MisereFormSearch`]) against independent answers: a plain
//! misère minimax over whole positions written here (memo on positions, no forms, no base, no
//! land splitting of the outcome), and the published outcomes of the n-spot starts.

use sprague_engine::solve::sprouts::Search as _;
use std::collections::HashMap;

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{Base, LandForms, MisereFormSearch, Step};

/// Misère n = 1..12 (published): W L L L W W L L L W W W (W: the first player wins).
const FIRST_WINS: [bool; 12] = [
    true, false, false, false, true, true, false, false, false, true, true, true,
];

/// Plain minimax: lost for the player to move? No move means the player to move has won.
fn plain_losing(position: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let children = position.children();
    let losing = !children.is_empty() && children.iter().all(|c| !plain_losing(c, memo));
    memo.insert(position.clone(), losing);
    losing
}

fn reachable(start: &Position) -> Vec<Position> {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![start.clone()];
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            todo.extend(p.children());
        }
    }
    let mut out: Vec<Position> = seen.into_iter().collect();
    out.sort();
    out
}

/// Every position reachable from the start, with several bounds on the lands given a form (0: no
/// forms at all; large: every land), each from an empty base and from the base and land forms of
/// earlier answers (with the states those searches learned). Returns how many positions were
/// checked and the most states learned that a search started with.
fn agrees_with_plain_minimax(spots: usize, bounds: &[u32]) -> (usize, usize) {
    let positions = reachable(&Position::start(spots).unwrap());
    let mut memo = HashMap::new();
    let mut most_learned = 0;
    for &bound in bounds {
        let mut base = Base::new();
        let mut lands = LandForms::new(bound);
        for position in &positions {
            let expected = plain_losing(position, &mut memo);
            let mut fresh =
                MisereFormSearch::with_forms(position, Base::new(), LandForms::new(bound));
            assert_eq!(
                fresh.run(),
                expected,
                "{position}, forms up to {bound} lives"
            );
            most_learned = most_learned.max(lands.learned_len());
            let mut search = MisereFormSearch::with_forms(position, base, lands);
            assert_eq!(
                search.run(),
                expected,
                "{position}, shared base, {bound} lives"
            );
            (base, lands) = search.into_parts();
            assert_eq!(base.misere_losing(position), Some(expected));
        }
    }
    (positions.len(), most_learned)
}

#[test]
fn plain_minimax_agrees_from_4_spots() {
    let (checked, learned) = agrees_with_plain_minimax(4, &[0, 4, 7, 12]);
    assert!(checked > 1000, "only {checked} positions");
    assert!(
        learned > 10,
        "later searches started with {learned} states learned"
    );
}

#[test]
#[ignore = "about 4.5 min of CPU: run by scripts/test-slow"]
fn plain_minimax_agrees_from_5_spots() {
    agrees_with_plain_minimax(5, &[0, 6, 9]);
}

fn first_player_wins(spots: usize) -> bool {
    !MisereFormSearch::new(&Position::start(spots).unwrap(), Base::new()).run()
}

#[test]
fn published_outcomes_1_to_8() {
    for n in 1..=8 {
        assert_eq!(first_player_wins(n), FIRST_WINS[n - 1], "{n} spots");
    }
}

/// A few CPU seconds in the test profile (the whole-position search needs about 25 s for 9 alone).
#[test]
fn published_outcomes_9_to_11() {
    for n in 9..=11 {
        assert_eq!(first_player_wins(n), FIRST_WINS[n - 1], "{n} spots");
    }
}

/// About 92 CPU seconds and 190 MB in a release build (more in the test profile).
#[test]
#[ignore = "several minutes: run by scripts/test-slow"]
fn published_outcome_12() {
    assert_eq!(first_player_wins(12), FIRST_WINS[11]);
}

#[test]
fn sliced_search_answers_like_a_whole_one() {
    let start = Position::start(7).unwrap();
    let mut sliced = MisereFormSearch::new(&start, Base::new());
    let mut slices = 0;
    let answer = loop {
        match sliced.step(3) {
            Step::Done(a) => break a,
            Step::Running { .. } => slices += 1,
        }
    };
    assert!(slices > 5, "{slices} slices");
    assert_eq!(!answer, FIRST_WINS[6]);
    // A new search over the base it leaves answers at once.
    let base = sliced.into_base();
    let mut again = MisereFormSearch::new(&start, base);
    assert_eq!(again.step(0), Step::Done(answer));
}
