//! The Sprouts base the web app ships (`www/sprouts-base.bin`, loaded by the solver worker so the n-spot
//! starts answer at once) agrees with the published values, and — in the slow run — every entry is
//! re-derived from the rules by the complete check.

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{check_base, Base};

const SHIPPED: &[u8] = include_bytes!("../../../www/sprouts-base.bin");

/// Nimbers of the n-spot starts, n = 1..6 (Applegate, Jacobson and Sleator; the table).
const START_NIMBERS: [u32; 6] = [0, 0, 1, 1, 1, 0];
/// Misère play, n = 1..12: W when the first player wins.
const MISERE_FIRST_WINS: [bool; 12] = [
    true, false, false, false, true, true, false, false, false, true, true, true,
];

#[test]
fn shipped_base_agrees_with_the_published_start_values() {
    let base = Base::from_bytes(SHIPPED).expect("the shipped base reads");
    let mut normal_found = 0;
    let mut misere_found = 0;
    for n in 1..=12 {
        let start = Position::start(n).unwrap();
        if let Some(nimber) = base.nimber(&start) {
            if let Some(&published) = START_NIMBERS.get(n - 1) {
                assert_eq!(nimber, published, "{n} spots");
            }
            // Normal play beyond the table: the first player wins iff n mod 6 is 3, 4 or 5.
            assert_eq!(nimber != 0, matches!(n % 6, 3..=5), "{n} spots");
            normal_found += 1;
        }
        if let Some(lost) = base.misere_losing(&start) {
            assert_eq!(!lost, MISERE_FIRST_WINS[n - 1], "{n} spots, misère");
            misere_found += 1;
        }
    }
    assert!(normal_found >= 6, "the starts up to 6 spots are shipped");
    assert!(
        misere_found >= 5,
        "the misère starts up to 5 spots are shipped"
    );
}

#[test]
#[ignore = "the complete check of the shipped base takes about a minute; scripts/test-slow runs it"]
fn every_shipped_entry_is_re_derived_from_the_rules() {
    let base = Base::from_bytes(SHIPPED).expect("the shipped base reads");
    let report = check_base(&base);
    assert!(report.wrong.is_empty(), "wrong entries: {:?}", report.wrong);
    assert!(
        report.unverifiable.is_empty(),
        "unverifiable: {:?}",
        report.unverifiable.len()
    );
}
