//! Heap-game results checked against published tables: OEIS A002188 (Grundy's game), A002187 (0.137),
//! Flammenkamp's sparse values of Grundy's game, the periods in Winning Ways, and the independence-game
//! reference's G-value rule.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::{find_period, grundy_value, NimSequence, PeriodError};

/// OEIS A002188, n = 0..104.
const A002188: [u16; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// OEIS A002187 (Dawson's chess, octal 0.137), n = 0..131.
const A002187: [u16; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

fn sequence(code: &str, len: usize) -> NimSequence {
    NimSequence::compute(&code.parse::<HeapGame>().unwrap(), len).unwrap()
}

#[test]
fn grundys_game_is_oeis_a002188() {
    assert_eq!(sequence("grundy", A002188.len()).values(), &A002188[..]);
    assert_eq!(grundy_value(13).unwrap(), 3);
    assert_eq!(grundy_value(104).unwrap(), 3);
}

#[test]
fn independence_game_is_oeis_a002187() {
    assert_eq!(sequence("0.137", A002187.len()).values(), &A002187[..]);
    // Dawson's Kayles 0.07 is the same sequence shifted by one.
    let dawson = sequence("dawson", A002187.len() + 1);
    assert_eq!(&dawson.values()[1..], &A002187[..]);
}

/// The reference's rule for 0.137: period 34 given by a digit string, with exceptions 0, 14, 34 (value 0)
/// and 16, 17, 31, 51 (value 2).
#[test]
fn independence_game_follows_the_period_34_rule() {
    let period: Vec<u16> = "8112031103322445593301130211045374"
        .bytes()
        .map(|b| (b - b'0') as u16)
        .collect();
    let s = sequence("independence", 5000);
    for n in 0..5000 {
        let expected = match n {
            0 | 14 | 34 => 0,
            16 | 17 | 31 | 51 => 2,
            _ => period[n % 34],
        };
        assert_eq!(s.value(n), Some(expected), "heap {n}");
    }
}

#[test]
fn kayles_has_period_12_after_preperiod_71() {
    let mut s = NimSequence::new(&HeapGame::kayles());
    s.extend_to(100).unwrap();
    assert_eq!(
        find_period(&s).unwrap(),
        None,
        "100 values are too few for the proof"
    );
    s.extend_to(1000).unwrap();
    let p = find_period(&s).unwrap().expect("proven");
    assert_eq!(
        (p.period, p.preperiod, p.last_exception),
        (12, 71, Some(70))
    );
    assert!(p.values_needed <= 1000);
}

#[test]
fn dawsons_kayles_has_period_34_after_preperiod_53() {
    let p = find_period(&sequence("0.07", 1000))
        .unwrap()
        .expect("proven");
    assert_eq!((p.period, p.preperiod), (34, 53));
    let p = find_period(&sequence("0.137", 1000))
        .unwrap()
        .expect("proven");
    assert_eq!((p.period, p.last_exception), (34, Some(51)));
}

#[test]
fn periods_of_small_games() {
    // 0.3: take one token; values alternate 0, 1 from the start.
    let p = find_period(&sequence("0.3", 100)).unwrap().unwrap();
    assert_eq!(
        (p.period, p.preperiod, p.last_exception, p.max_value),
        (2, 0, None, 1)
    );
    // 0.1: only a heap of one can be taken; every other heap is 0 from heap 2 on.
    let p = find_period(&sequence("0.1", 100)).unwrap().unwrap();
    assert_eq!((p.period, p.preperiod, p.last_exception), (1, 2, Some(1)));
    // Subtraction game {1, 2, 3} = 0.333: n mod 4.
    let p = find_period(&sequence("0.333", 100)).unwrap().unwrap();
    assert_eq!((p.period, p.preperiod, p.max_value), (4, 0, 3));
}

#[test]
fn no_proof_is_claimed_where_the_theorem_does_not_apply() {
    assert!(matches!(
        find_period(&sequence("grundy", 500)),
        Err(PeriodError::Constrained(_))
    ));
    assert!(matches!(
        find_period(&sequence("nim", 50)),
        Err(PeriodError::InfiniteCode(_))
    ));
}

/// Flammenkamp's table of Grundy's game: below 2^20 (indeed 2^21) there are 1274 heaps with sparse values
/// under the mask 0…011111110, the last at 82860, and the largest value is 231, first at heap 763622.
#[test]
fn grundys_game_rare_values_and_maximum_to_2_pow_20() {
    let s = sequence("grundy", 1 << 20);
    assert_eq!(s.mask(), 0b1111_1110);
    // The engine lists rare heaps from 1; heap 0 (value 0) is rare too.
    assert_eq!(s.rare_heaps().len() + 1, 1274);
    assert_eq!(s.rare_heaps().last(), Some(&82860));
    assert_eq!(s.max_value(), Some((763622, 231)));
    // Flammenkamp's first sparse values.
    for (n, v) in [
        (3, 1),
        (20, 0),
        (87, 7),
        (146, 6),
        (158, 11),
        (181, 12),
        (196, 10),
        (231, 10),
    ] {
        assert_eq!(s.value(n), Some(v), "heap {n}");
        assert!(s.rare_heaps().contains(&(n as u32)), "heap {n} is rare");
    }
}
