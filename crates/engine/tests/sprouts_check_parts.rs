//! The fast check of a base in parts (every entry re-derived from the others, taken as true) must
//! agree with the truth and with itself for every number of parts: a right base is all right, a
//! base with a wrong entry is never called right, and when it names wrong entries they are wrong.
//!
//! The truths used: the brute force's nimbers (tests/common/sprouts_brute.rs, its own move rules
//! and notation reader) for every position the solver stored, and the step-by-step check's exact
//! report (`verify_base` with one thread), which rests on entries it has already verified.

use crate::common;
use sprague_engine::solve::sprouts::Search as _;

use std::sync::Arc;

use common::sprouts_brute::{Brute, State};
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{
    self, check_in_parts, combine_parts, verify_base, Base, CheckOptions, Control, PartCheck,
    PartReport, PartsVerdict, Step,
};

const PART_COUNTS: [usize; 4] = [1, 2, 3, 5];

/// What the solver stores for the nimber of `spots` spots and the misère outcome of `misere_spots`.
fn search_base(spots: usize, misere_spots: usize) -> Base {
    let mut base = Base::new();
    sprouts::nimber(&Position::start(spots).unwrap(), &mut base);
    sprouts::misere_losing(&Position::start(misere_spots).unwrap(), &mut base);
    base
}

/// The verdict of `base` checked in `parts` parts, each run in slices as a web worker runs it.
fn verdict_in_parts(base: &Base, parts: usize) -> PartsVerdict {
    let whole = Arc::new(base.clone());
    let reports: Vec<PartReport> = (0..parts)
        .map(|part| {
            let mut check = PartCheck::new(whole.clone(), part, parts);
            while check.step(7) != Step::Done(()) {}
            check.finish()
        })
        .collect();
    combine_parts(&reports)
}

#[test]
fn a_base_the_brute_force_confirms_is_all_right() {
    // Every value the solver stored for 4 spots is the brute force's; the parts call it right, and
    // call it wrong with any one value changed.
    let base = search_base(4, 4);
    let mut brute = Brute::default();
    for (position, nimber) in base.nimbers() {
        assert_eq!(
            brute.solve(&State::parse(&position.to_string())).0,
            nimber,
            "{position}"
        );
    }
    for (position, losing) in base.misere_outcomes() {
        assert_eq!(
            brute.solve(&State::parse(&position.to_string())).1,
            losing,
            "{position}"
        );
    }
    let entries = base.normal_len() + base.misere_len();
    for parts in PART_COUNTS {
        assert_eq!(
            verdict_in_parts(&base, parts),
            PartsVerdict::AllRight { entries }
        );
    }
    for (position, nimber) in base.nimbers() {
        let mut altered = base.clone();
        altered.insert_nimber(&position, nimber + 1);
        assert!(!matches!(
            verdict_in_parts(&altered, 2),
            PartsVerdict::AllRight { .. }
        ));
    }
}

#[test]
fn a_right_base_is_all_right_in_any_number_of_parts() {
    for (spots, misere_spots) in [(5, 5), (7, 6)] {
        let base = search_base(spots, misere_spots);
        let entries = base.normal_len() + base.misere_len();
        for parts in PART_COUNTS {
            assert_eq!(
                verdict_in_parts(&base, parts),
                PartsVerdict::AllRight { entries },
                "{spots} spots, {parts} parts"
            );
        }
        for threads in [1, 2, 3] {
            let verdict = check_in_parts(Arc::new(base.clone()), threads, &Control::new());
            assert_eq!(
                verdict,
                PartsVerdict::AllRight { entries },
                "{threads} threads"
            );
        }
    }
}

#[test]
fn an_altered_entry_is_never_called_right() {
    // Every nimber entry of a 6-spot search base, one at a time, changed to another value: the
    // parts never call the base right, agree for every number of parts, and when they name wrong
    // entries, the step-by-step check (exact) names them too.
    let base = search_base(6, 1);
    for (position, nimber) in base.nimbers() {
        for wrong_value in [nimber ^ 1, nimber + 2] {
            let mut altered = base.clone();
            altered.insert_nimber(&position, wrong_value);
            let verdict = verdict_in_parts(&altered, 1);
            assert!(
                !matches!(verdict, PartsVerdict::AllRight { .. }),
                "{position} nimber {wrong_value} passed"
            );
            for parts in &PART_COUNTS[1..] {
                assert_eq!(verdict_in_parts(&altered, *parts), verdict, "{parts} parts");
            }
            if let PartsVerdict::Wrong(named) = &verdict {
                let exact = verify_base(&altered, CheckOptions::default()).0;
                for entry in named {
                    assert!(
                        exact.wrong.contains(entry),
                        "{entry} is not wrong: {exact:?}"
                    );
                }
                assert!(named.contains(&format!("{position} nimber {wrong_value}")));
            }
        }
    }
}

#[test]
fn a_misere_entry_flipped_is_never_called_right() {
    // 40 of the entries of a 6-spot misère search base, spread over it (each check examines them all).
    let base = search_base(1, 6);
    let outcomes = base.misere_outcomes();
    let every = outcomes.len().div_ceil(40);
    for (position, losing) in outcomes.into_iter().step_by(every) {
        let mut altered = base.clone();
        altered.insert_misere(&position, !losing);
        for parts in PART_COUNTS {
            let verdict = verdict_in_parts(&altered, parts);
            assert!(
                !matches!(verdict, PartsVerdict::AllRight { .. }),
                "{position} flipped passed ({parts} parts)"
            );
        }
    }
}

#[test]
fn missing_parts_or_parts_of_another_base_decide_nothing() {
    let base = search_base(6, 1);
    let whole = Arc::new(base.clone());
    let mut reports: Vec<PartReport> = (0..3)
        .map(|part| {
            let mut check = PartCheck::new(whole.clone(), part, 3);
            while check.step(u64::MAX) != Step::Done(()) {}
            check.finish()
        })
        .collect();
    assert!(matches!(
        combine_parts(&reports),
        PartsVerdict::AllRight { .. }
    ));
    let last = reports.pop().unwrap();
    assert_eq!(
        combine_parts(&reports),
        PartsVerdict::Undecided,
        "a part missing"
    );
    let mut other = last.clone();
    other.entries += 1;
    reports.push(other);
    assert_eq!(
        combine_parts(&reports),
        PartsVerdict::Undecided,
        "another base"
    );
    assert_eq!(combine_parts(&[]), PartsVerdict::AllRight { entries: 0 });
}

#[test]
fn verify_base_gives_the_same_report_on_any_number_of_threads() {
    // A right base (proven by the parts) and a wrong one (checked step by step after them).
    let right = search_base(7, 6);
    let mut wrong = right.clone();
    wrong.insert_nimber(&Position::start(3).unwrap(), 0);
    for base in [&right, &wrong] {
        let one = verify_base(base, CheckOptions::default());
        for threads in [2, 3] {
            let options = CheckOptions {
                threads,
                ..CheckOptions::default()
            };
            assert_eq!(verify_base(base, options), one, "{threads} threads");
        }
    }
}

#[test]
fn a_cancelled_check_decides_nothing() {
    let base = search_base(7, 1);
    let control = Control::new();
    control.cancel();
    assert_eq!(
        check_in_parts(Arc::new(base.clone()), 2, &control),
        PartsVerdict::Undecided
    );
}
