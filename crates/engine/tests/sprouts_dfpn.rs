//! The proof-number search (normal-play outcomes) against independent answers: a plain minimax and
//! mex on whole positions written here (no land splitting, no base), the published outcomes of the
//! n-spot starts, the Glop manual's 12-spot line, and the couple search on the entries DFPN stores.

use sprague_engine::solve::sprouts::Search as _;
use std::collections::{HashMap, HashSet};

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    Base, DfpnOptions, DfpnSearch, DfpnTable, Initial, NormalAnswer, NormalSearch, OutcomeRace,
    Step,
};

/// Nimber of a whole position by mex over its children (no land splitting, no base).
fn brute_nimber(position: &Position, memo: &mut HashMap<Position, u32>) -> u32 {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let seen: HashSet<u32> = position
        .children()
        .iter()
        .map(|c| brute_nimber(c, memo))
        .collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(position.clone(), v);
    v
}

/// Outcome of a whole position by plain minimax: lost iff every child is won.
fn brute_lost(position: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let lost = !position.children().iter().any(|c| brute_lost(c, memo));
    memo.insert(position.clone(), lost);
    lost
}

fn reachable(start: &Position) -> Vec<Position> {
    let mut seen: HashSet<Position> = HashSet::new();
    let mut todo = vec![start.clone()];
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            todo.extend(p.children());
        }
    }
    let mut all: Vec<Position> = seen.into_iter().collect();
    all.sort();
    all
}

fn dfpn_lost(position: &Position, base: Base) -> (bool, Base) {
    let mut search = DfpnSearch::losing(position, base);
    let lost = search.run();
    (lost, search.into_base())
}

fn start(n: usize) -> Position {
    Position::start(n).unwrap()
}

#[test]
fn every_position_from_four_spots_matches_minimax() {
    let mut memo = HashMap::new();
    let positions = reachable(&start(4));
    assert!(positions.len() > 50, "{} positions", positions.len());
    let mut shared = Base::new();
    for p in &positions {
        let expected = brute_lost(p, &mut memo);
        // From an empty base, and going on from what earlier questions stored.
        let (cold, _) = dfpn_lost(p, Base::new());
        assert_eq!(cold, expected, "{p} from an empty base");
        let (warm, back) = dfpn_lost(p, std::mem::take(&mut shared));
        shared = back;
        assert_eq!(warm, expected, "{p} with a shared base");
    }
}

#[test]
fn couples_from_four_spots_match_mex() {
    // (P, *h) is lost iff nimber(P) = h: ask every heap up to one above the nimber, with every initial
    // valuation and both threshold rules.
    let mut memo = HashMap::new();
    let all_options = [
        DfpnOptions::default(),
        DfpnOptions {
            initial: Initial::Moves,
            epsilon: true,
            ..DfpnOptions::default()
        },
        // A cache of children lists emptied every few lands: answers must not depend on it.
        DfpnOptions {
            initial: Initial::Unit,
            epsilon: false,
            cached_child_lands: 8,
        },
    ];
    for (i, p) in reachable(&start(4)).into_iter().enumerate() {
        let nimber = brute_nimber(&p, &mut memo);
        for heap in 0..=nimber + 1 {
            // The default everywhere, the other settings on every third position (test time).
            let settings = if i % 3 == 0 { 3 } else { 1 };
            for options in all_options.into_iter().take(settings) {
                let mut search =
                    DfpnSearch::couple(&p, heap, Base::new(), DfpnTable::new(), options);
                assert_eq!(search.run(), heap == nimber, "{p} + *{heap} ({options:?})");
                if heap == nimber {
                    assert_eq!(search.nimber(), Some(nimber), "{p}");
                }
            }
        }
    }
}

#[test]
fn a_sample_from_five_spots_matches_minimax() {
    let mut memo = HashMap::new();
    let positions = reachable(&start(5));
    let mut base = Base::new();
    for p in positions.iter().step_by(11) {
        let (lost, back) = dfpn_lost(p, std::mem::take(&mut base));
        base = back;
        assert_eq!(lost, brute_lost(p, &mut memo), "{p}");
    }
}

#[test]
fn published_start_outcomes_to_eleven_spots() {
    // First player wins iff n mod 6 is 3, 4 or 5; each start from an empty base.
    for n in 1..=11 {
        let (lost, _) = dfpn_lost(&start(n), Base::new());
        assert_eq!(lost, !matches!(n % 6, 3..=5), "{n} spots");
    }
}

#[test]
fn glop_manual_twelve_spot_line() {
    // From the Glop manual: 0*4.A|0*4.A+0*3 has nimber 0, so 0*4.A|0*4.A has nimber 1.
    let sum: Position = "0*4.A|0*4.A+0*3".parse().unwrap();
    let (lost, base) = dfpn_lost(&sum, Base::new());
    assert!(lost);
    let land: Position = "0*4.A|0*4.A".parse().unwrap();
    let mut search = DfpnSearch::couple(&land, 1, base, DfpnTable::new(), DfpnOptions::default());
    assert!(search.run());
    assert_eq!(search.nimber(), Some(1));
    let mut search = DfpnSearch::couple(
        &land,
        0,
        Base::new(),
        DfpnTable::new(),
        DfpnOptions::default(),
    );
    assert!(!search.run());
}

#[test]
fn stored_nimbers_agree_with_the_couple_search() {
    let (lost, base) = dfpn_lost(&start(8), Base::new());
    assert!(lost);
    let entries = base.nimbers();
    assert!(entries.len() > 20, "{} entries", entries.len());
    for (position, nimber) in entries {
        let mut search = NormalSearch::nimber(&position, Base::new());
        assert_eq!(search.run(), NormalAnswer::Nimber(nimber), "{position}");
    }
}

#[test]
fn small_slices_give_the_same_answer_as_one_run() {
    for n in [5, 6, 7] {
        let (whole, whole_base) = dfpn_lost(&start(n), Base::new());
        for slice in [1, 3, 50] {
            let mut search = DfpnSearch::losing(&start(n), Base::new());
            let mut slices = 0;
            let lost = loop {
                match search.step(slice) {
                    Step::Done(lost) => break lost,
                    Step::Running { .. } => slices += 1,
                }
            };
            assert_eq!(lost, whole, "{n} spots, slices of {slice}");
            assert!(slices > 1, "{n} spots was cut into {slices} slices");
            assert_eq!(
                search.into_base(),
                whole_base,
                "{n} spots, slices of {slice}"
            );
        }
    }
}

#[test]
fn a_cancelled_search_leaves_a_base_the_next_one_goes_on_from() {
    let mut search = DfpnSearch::losing(&start(9), Base::new());
    assert!(matches!(search.step(200), Step::Running { .. }));
    let (base, table) = search.into_parts();
    let mut again = DfpnSearch::couple(&start(9), 0, base, table, DfpnOptions::default());
    assert!(!again.run(), "9 spots is a first-player win");
}

/// Runs an outcome race to the end in small turns.
fn race_lost(position: &Position, base: Base) -> (bool, Base) {
    let mut race = OutcomeRace::new(position, base, DfpnOptions::default());
    loop {
        if let Step::Done(lost) = race.step(7) {
            return (lost, race.into_base());
        }
    }
}

#[test]
fn the_race_of_both_searches_matches_minimax_and_keeps_what_both_learned() {
    let mut memo = HashMap::new();
    let mut shared = Base::new();
    for p in reachable(&start(4)) {
        let (lost, back) = race_lost(&p, std::mem::take(&mut shared));
        shared = back;
        assert_eq!(lost, brute_lost(&p, &mut memo), "{p}");
    }
    // The merged base of a larger race: every nimber in it is the couple search's from nothing.
    let (lost, base) = race_lost(&start(7), Base::new());
    assert!(lost, "7 spots is lost for the first player (7 mod 6 = 1)");
    let entries = base.nimbers();
    assert!(entries.len() > 20, "{} entries", entries.len());
    for (position, nimber) in entries.into_iter().step_by(3) {
        let mut search = NormalSearch::nimber(&position, Base::new());
        assert_eq!(search.run(), NormalAnswer::Nimber(nimber), "{position}");
    }
    // Only large positions are raced.
    assert!(OutcomeRace::pays(&start(12)));
    assert!(!OutcomeRace::pays(&start(9)));
}
