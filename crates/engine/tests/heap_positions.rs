//! Positions of heap games: invariants of winning moves and P-positions (proptest), Grundy's game pile
//! splits, P-position lists against the independence-game reference, and refusals of absurd requests.

use proptest::prelude::*;
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::{
    analyze, p_positions, AnalysisError, NimSequence, Outcome, PPositionError, SequenceError,
    MAX_SEQUENCE_LEN,
};
use std::sync::OnceLock;

const GAMES: [&str; 5] = ["0.137", "4!.0", "0.77", "0.6", "4.7"];
const LARGEST: usize = 200;

fn sequences() -> &'static Vec<(HeapGame, NimSequence)> {
    static SEQUENCES: OnceLock<Vec<(HeapGame, NimSequence)>> = OnceLock::new();
    SEQUENCES.get_or_init(|| {
        GAMES
            .iter()
            .map(|code| {
                let game: HeapGame = code.parse().unwrap();
                let s = NimSequence::compute(&game, LARGEST + 1).unwrap();
                (game, s)
            })
            .collect()
    })
}

/// Nim-sum of a position, from the single-heap values.
fn xor(s: &NimSequence, heaps: &[usize]) -> u16 {
    heaps.iter().fold(0, |x, &h| x ^ s.value(h).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn winning_moves_lead_to_p_positions(game in 0..GAMES.len(), heaps in prop::collection::vec(0..=LARGEST, 1..5)) {
        let (game, s) = &sequences()[game];
        let analysis = analyze(game, s, &heaps).unwrap();
        prop_assert_eq!(analysis.nimber, xor(s, &heaps));
        prop_assert_eq!(analysis.outcome == Outcome::P, analysis.nimber == 0);
        let mut to_p = 0;
        for (i, &h) in heaps.iter().enumerate() {
            for pieces in game.options(h) {
                let mut next = heaps.clone();
                next.splice(i..=i, pieces.iter().copied());
                if xor(s, &next) == 0 {
                    to_p += 1;
                }
            }
        }
        // Every winning move is legal and reaches a P-position, and none is missing.
        prop_assert_eq!(analysis.winning_moves.len(), to_p);
        for m in &analysis.winning_moves {
            prop_assert!(game.options(heaps[m.heap_index]).contains(&m.pieces));
            prop_assert_eq!(m.heap, heaps[m.heap_index]);
            prop_assert_eq!(m.removed + m.pieces.iter().sum::<usize>(), m.heap);
            prop_assert_eq!(xor(s, &m.result), 0);
            prop_assert_eq!(m.result.iter().sum::<usize>(), heaps.iter().sum::<usize>() - m.removed);
            prop_assert_eq!(analyze(game, s, &m.result).unwrap().outcome, Outcome::P);
            if game.is_grundy() {
                let split = m.pile_split.unwrap();
                prop_assert!(split.into.0 < split.into.1 && split.into.0 + split.into.1 == m.heap);
            }
        }
        // A P-position has no move to a P-position.
        if analysis.outcome == Outcome::P {
            prop_assert_eq!(to_p, 0);
        }
    }
}

#[test]
fn independence_game_p_positions_match_the_reference() {
    let s = NimSequence::compute(&HeapGame::independence(), 101).unwrap();
    let lists = p_positions(s.values(), 100, 30).unwrap();
    assert_eq!(
        lists.single,
        vec![4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96]
    );
    let reference: Vec<(usize, usize)> = vec![
        (1, 2),
        (1, 6),
        (1, 7),
        (2, 6),
        (2, 7),
        (6, 7),
        (3, 11),
        (5, 9),
        (3, 12),
        (5, 10),
        (3, 16),
        (9, 10),
        (3, 17),
        (1, 21),
        (11, 12),
        (1, 22),
        (2, 21),
        (5, 18),
        (2, 22),
        (5, 19),
        (11, 16),
        (1, 26),
        (6, 21),
        (9, 18),
        (10, 18),
        (11, 17),
        (12, 16),
        (1, 27),
        (2, 26),
        (3, 25),
        (5, 23),
        (6, 22),
        (7, 21),
        (9, 19),
        (10, 19),
        (12, 17),
        (2, 27),
        (7, 22),
        (6, 26),
        (9, 23),
        (10, 23),
        (16, 17),
        (6, 27),
        (7, 26),
        (3, 31),
        (7, 27),
        (11, 25),
        (1, 35),
        (12, 25),
        (1, 36),
        (18, 19),
        (2, 35),
        (2, 36),
        (3, 37),
        (1, 40),
        (16, 25),
        (18, 23),
        (6, 35),
        (11, 31),
        (13, 29),
        (1, 41),
        (17, 25),
        (19, 23),
        (2, 40),
        (6, 36),
        (7, 35),
        (12, 31),
        (21, 22),
        (2, 41),
        (7, 36),
        (5, 39),
        (15, 30),
        (13, 33),
        (6, 40),
        (16, 31),
        (21, 26),
        (6, 41),
        (7, 40),
    ];
    let ours: Vec<(usize, usize)> = lists
        .pairs
        .iter()
        .copied()
        .filter(|(a, b)| a + b <= 47)
        .collect();
    let mut sorted_ours = ours.clone();
    let mut sorted_reference = reference.clone();
    sorted_ours.sort_unstable();
    sorted_reference.sort_unstable();
    assert_eq!(sorted_ours, sorted_reference);
    assert!(
        ours.windows(2).all(|w| w[0].0 + w[0].1 <= w[1].0 + w[1].1),
        "ordered by total"
    );
    // The reference's equivalence classes up to 95.
    let classes: Vec<Vec<usize>> = vec![
        vec![
            1, 2, 6, 7, 21, 22, 26, 27, 35, 36, 40, 41, 55, 56, 60, 61, 69, 70, 74, 75, 89, 90, 94,
            95,
        ],
        vec![
            3, 11, 12, 16, 17, 25, 31, 37, 45, 46, 51, 59, 71, 79, 80, 93,
        ],
        vec![
            5, 9, 10, 18, 19, 23, 39, 43, 44, 52, 53, 57, 65, 73, 77, 78, 86, 87, 91,
        ],
        vec![13, 29, 33, 47, 48, 63, 67, 81, 82],
        vec![15, 30, 49, 50, 64, 83, 84],
        vec![32, 66],
    ];
    let lists = p_positions(s.values(), 95, 0).unwrap();
    for class in classes {
        assert!(lists.classes.iter().any(|c| c.heaps == class), "{class:?}");
    }
    // Triples the reference names.
    let lists = p_positions(s.values(), 40, 40).unwrap();
    for t in [(3, 5, 6), (2, 10, 17), (7, 10, 17), (3, 7, 9), (5, 6, 16)] {
        assert!(lists.triples.contains(&t), "{t:?}");
    }
    for &(a, b, c) in &lists.triples {
        let v = |n: usize| s.value(n).unwrap();
        assert!(v(a) != 0 && v(b) != 0 && v(c) != 0 && v(a) ^ v(b) ^ v(c) == 0);
    }
}

#[test]
fn absurd_requests_are_refused_without_panicking() {
    let game = HeapGame::grundy();
    let mut s = NimSequence::new(&game);
    assert_eq!(
        s.extend_to(MAX_SEQUENCE_LEN + 1),
        Err(SequenceError::TooLong {
            requested: MAX_SEQUENCE_LEN + 1
        })
    );
    assert_eq!(
        s.extend_to(usize::MAX),
        Err(SequenceError::TooLong {
            requested: usize::MAX
        })
    );
    assert!(s.is_empty());
    s.extend_to(10).unwrap();
    assert_eq!(
        analyze(&game, &s, &[3, 10]).unwrap_err(),
        AnalysisError::SequenceTooShort { heap: 10, len: 10 }
    );
    assert!(matches!(
        analyze(&HeapGame::kayles(), &s, &[3]),
        Err(AnalysisError::WrongGame { .. })
    ));
    assert!(matches!(
        p_positions(s.values(), 50, 0),
        Err(PPositionError::SequenceTooShort { .. })
    ));
    assert!(matches!(
        p_positions(s.values(), 1 << 40, 0),
        Err(PPositionError::TooLarge { .. })
    ));
}

#[test]
fn progress_hook_can_stop_and_resume() {
    let game = HeapGame::officers();
    let mut s = NimSequence::new(&game);
    let mut reports = Vec::new();
    let finished = s
        .extend_with_progress(1000, 100, |done| {
            reports.push(done);
            done < 300
        })
        .unwrap();
    assert!(!finished);
    assert_eq!(reports, vec![100, 200, 300]);
    assert_eq!(s.len(), 300);
    assert!(s.extend_with_progress(1000, 100, |_| true).unwrap());
    assert_eq!(
        s.values(),
        NimSequence::compute(&game, 1000).unwrap().values()
    );
}
