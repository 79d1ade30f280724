//! The Sprouts base the web app ships (`www/sprouts-base.bin`, loaded by the solver worker so the n-spot
//! starts and every move from them answer at once) answers the starts and their moves without search,
//! agrees with the published values, and every entry is re-derived from the rules by the complete check.
//! It is a minimal proof base, made by `sprague sprouts base proof --normal 14 --nimbers-up-to 8
//! --misere 8 --with-moves -o www/sprouts-base.bin` (from scratch: 107 s on one core).
//!
//! Past 8 spots misère play ships as a form proof (`www/sprouts-misere.bin`, fetched by the worker
//! for its first misère question), made by `sprague sprouts base form-proof --from 9 --misere 13
//! --with-moves -o www/sprouts-misere.bin` (576 s on one core, 1.9 GB).

use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::Search as _;
use sprague_engine::solve::sprouts::{
    check_form_proof, form_proof_outcome, read_form_proof, verify_base, Base, CheckOptions,
    MisereFormSearch, MisereSearch, NormalAnswer, NormalSearch,
};

const SHIPPED: &[u8] = include_bytes!("../../../www/sprouts-base.bin");
const SHIPPED_FORM_PROOF: &[u8] = include_bytes!("../../../www/sprouts-misere.bin");
/// The misère starts the form proof answers, with every move from them (13 has no published value:
/// the proof's check is what stands for it).
const FORM_PROOF_STARTS: std::ops::RangeInclusive<usize> = 9..=13;

/// Nimbers of the n-spot starts, n = 1..6 (Applegate, Jacobson and Sleator; the table).
const START_NIMBERS: [u32; 6] = [0, 0, 1, 1, 1, 0];
/// Misère play, n = 1..12: W when the first player wins.
const MISERE_FIRST_WINS: [bool; 12] = [
    true, false, false, false, true, true, false, false, false, true, true, true,
];

/// How many n-spot starts the shipped base answers (normal play, misère play).
const NORMAL_STARTS: usize = 14;
const MISERE_STARTS: usize = 8;

#[test]
fn shipped_base_agrees_with_the_published_start_values() {
    let base = Base::from_bytes(SHIPPED).expect("the shipped base reads");
    for n in 1..=NORMAL_STARTS {
        let start = Position::start(n).unwrap();
        // Built with --nimbers-up-to 8: the exact nimber of every start with a published one.
        if let Some(&published) = START_NIMBERS.get(n - 1) {
            assert_eq!(base.nimber(&start), Some(published), "{n} spots");
        }
        // Answered at once: a search from the shipped base expands at most the start (a won start
        // whose winning child is in the base). Normal play: the first player wins iff n mod 6 is 3, 4
        // or 5.
        let mut search = NormalSearch::losing(&start, 0, base.clone());
        let answer = search.run();
        assert_eq!(
            answer,
            NormalAnswer::Losing(!matches!(n % 6, 3..=5)),
            "{n} spots"
        );
        assert!(search.nodes() <= 1, "{n} spots: {} nodes", search.nodes());
    }
    for n in 1..=MISERE_STARTS {
        let start = Position::start(n).unwrap();
        let mut search = MisereSearch::new(&start, base.clone());
        assert_eq!(!search.run(), MISERE_FIRST_WINS[n - 1], "{n} spots, misère");
        assert!(
            search.nodes() <= 1,
            "{n} spots, misère: {} nodes",
            search.nodes()
        );
    }
}

#[test]
fn every_move_from_a_start_is_answered_at_once_and_agrees_with_the_start() {
    // The hint on a start marks every winning move from the base alone. A start is won exactly when
    // one of its moves leaves a lost position: the children's answers must agree with the start's.
    let base = Base::from_bytes(SHIPPED).expect("the shipped base reads");
    for n in 1..=NORMAL_STARTS {
        let children = Position::start(n).unwrap().children();
        let mut some_child_lost = false;
        for child in &children {
            let mut search = NormalSearch::losing(child, 0, base.clone());
            some_child_lost |= search.run() == NormalAnswer::Losing(true);
            assert!(
                search.nodes() <= 1,
                "{n} spots -> {child}: {} nodes",
                search.nodes()
            );
        }
        assert_eq!(some_child_lost, matches!(n % 6, 3..=5), "{n} spots");
    }
    for n in 1..=MISERE_STARTS {
        let children = Position::start(n).unwrap().children();
        let mut some_child_lost = false;
        for child in &children {
            let mut search = MisereSearch::new(child, base.clone());
            some_child_lost |= search.run();
            assert!(
                search.nodes() <= 1,
                "{n} spots misère -> {child}: {} nodes",
                search.nodes()
            );
        }
        assert_eq!(
            some_child_lost,
            MISERE_FIRST_WINS[n - 1],
            "{n} spots, misère"
        );
    }
}

#[test]
fn every_shipped_entry_is_re_derived_from_the_rules() {
    // The complete check, on every core (about 2 s on one): each entry re-derived from the rules
    // and the others, which proves them all by induction on lives.
    let base = Base::from_bytes(SHIPPED).expect("the shipped base reads");
    let entries = base.normal_len() + base.misere_len();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = CheckOptions {
        threads,
        ..CheckOptions::default()
    };
    let (report, verified) = verify_base(&base, options);
    assert!(report.wrong.is_empty(), "wrong entries: {:?}", report.wrong);
    assert!(
        report.unverifiable.is_empty(),
        "unverifiable: {:?}",
        report.unverifiable.len()
    );
    assert_eq!(report.verified, entries);
    assert_eq!(verified, base);
}

#[test]
fn shipped_form_proof_checks_and_answers_every_move_from_the_misere_starts_9_to_13() {
    // Every outcome it lists is re-derived from the rules (16 s on one core).
    let (mut lands, report) = check_form_proof(SHIPPED_FORM_PROOF).expect("the proof checks");
    assert!(report.states > 1_000, "{report:?}");
    for n in FORM_PROOF_STARTS {
        let start = Position::start(n).unwrap();
        let lost = form_proof_outcome(&start, &mut lands).expect("the start is in the proof");
        let first_wins = MISERE_FIRST_WINS.get(n - 1).copied().unwrap_or(!lost);
        assert_eq!(lost, !first_wins, "{n} spots, misère: the published value");
        // Every move is shown: a won start has a move to a lost position, a lost one has none.
        let mut winning_moves = 0;
        for child in start.children() {
            match form_proof_outcome(&child, &mut lands) {
                Some(true) => winning_moves += 1,
                Some(false) => {}
                None => panic!("{n} spots, misère: the move to {child} is not in the proof"),
            }
        }
        assert_eq!(winning_moves > 0, first_wins, "{n} spots");
    }
}

#[test]
fn a_game_that_follows_the_form_proof_is_answered_at_once_after_every_reply() {
    // A player who takes a winning move (or starts from the lost 9 spots) leaves the opponent a lost
    // position; whatever the reply, the position after it is won, and the proof holds a lost move
    // from it. A search over the proof finds that move at once: it names first the moves whose large
    // lands may be a proven lost state's (before, a reply to misère 12 could take 7.7 M nodes).
    let mut lands = read_form_proof(SHIPPED_FORM_PROOF).expect("the proof reads");
    let mut replies = 0;
    for n in FORM_PROOF_STARTS {
        let start = Position::start(n).unwrap();
        let lost_positions: Vec<Position> = if form_proof_outcome(&start, &mut lands) == Some(false)
        {
            let children = start.children();
            children
                .into_iter()
                .filter(|c| form_proof_outcome(c, &mut lands) == Some(true))
                .collect()
        } else {
            vec![start]
        };
        for lost in lost_positions {
            for reply in lost.children() {
                let mut search = MisereFormSearch::with_forms(&reply, Base::new(), lands);
                assert!(!search.run(), "{lost} -> {reply} is won");
                assert!(search.nodes() <= 1, "{reply}: {} nodes", search.nodes());
                lands = search.into_parts().1;
                replies += 1;
            }
        }
    }
    assert!(replies > 50, "{replies} replies");
}
