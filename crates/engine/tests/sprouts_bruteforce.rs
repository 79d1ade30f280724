//! The engine against an independent brute force (tests/common/sprouts_brute.rs): every position
//! reachable from the 4- and 5-spot starts is solved both ways and must agree, in normal and misère
//! play.

use crate::common;

use common::sprouts_brute::{Brute, State};

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{self, Base};

fn check_all_reachable(spots: usize) -> usize {
    let mut brute = Brute::default();
    brute.solve(&State::start(spots));
    let mut base = Base::new();
    let mut entries: Vec<&(String, u32, bool)> = brute.memo.values().collect();
    entries.sort_by_key(|(s, _, _)| (s.len(), s.clone()));
    for (text, nimber, misere) in &entries {
        let position: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            sprouts::nimber(&position, &mut base),
            *nimber,
            "nimber of {text} (= {position})"
        );
        assert_eq!(
            sprouts::misere_losing(&position, &mut base),
            *misere,
            "misère outcome of {text} (= {position})"
        );
    }
    entries.len()
}

#[test]
fn brute_force_agrees_from_4_spots() {
    let checked = check_all_reachable(4);
    assert!(checked > 100, "only {checked} positions");
}

/// 755,673 brute-force states, about 2.5 minutes in the test profile: too slow for the everyday suite.
/// Run with `cargo test -p sprague-engine --test engine sprouts_bruteforce:: -- --ignored`.
#[test]
#[ignore = "about 6 min: run by scripts/test-slow"]
fn brute_force_agrees_from_5_spots() {
    let checked = check_all_reachable(5);
    assert!(checked > 1000, "only {checked} positions");
}
