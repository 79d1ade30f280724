//! Published misère facts: misère values of single heaps for n = 0..20 (Grundy's game, Kayles, Dawson's
//! Kayles 0.07, as given in the issue and in Winning Ways' tables) and published genera.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{GenusTable, HeapMisereSearch};
use sprague_engine::solve::heap::Outcome;

const GRUNDY: [u16; 21] = [
    1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,
];
const KAYLES: [u16; 21] = [
    1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
];
const DAWSON: [u16; 21] = [
    1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3,
];

fn check_values(code: &str, published: &[u16; 21]) {
    let game: HeapGame = code.parse().unwrap();
    let mut genera = GenusTable::new(&game);
    let mut search = HeapMisereSearch::new(&game);
    for (n, &value) in published.iter().enumerate() {
        let entry = genera.genus(&[n], u64::MAX).unwrap();
        assert_eq!(
            entry.genus.misere_value(),
            value,
            "{code}: misère value of heap {n}"
        );
        let expected = if value == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(
            search.outcome(&[n], u64::MAX).unwrap(),
            expected,
            "{code}: heap {n}"
        );
    }
}

#[test]
fn grundy_misere_values_0_to_20() {
    check_values("4!.0", &GRUNDY);
}

#[test]
fn kayles_misere_values_0_to_20() {
    check_values("0.77", &KAYLES);
}

#[test]
fn dawson_misere_values_0_to_20() {
    check_values("0.07", &DAWSON);
}

fn genus_of(code: &str, n: usize) -> String {
    let game: HeapGame = code.parse().unwrap();
    GenusTable::new(&game)
        .genus(&[n], u64::MAX)
        .unwrap()
        .genus
        .to_string()
}

#[test]
fn published_genera() {
    assert_eq!(genus_of("grundy", 13), "3^1431");
    assert_eq!(genus_of("grundy", 20), "0^20");
    assert_eq!(genus_of("kayles", 5), "4^146");
    // The empty heap and nim heaps (ONAG): 0^120, 1^031, 2^20, 3^31, 4^46.
    assert_eq!(genus_of("nim", 0), "0^120");
    assert_eq!(genus_of("nim", 1), "1^031");
    assert_eq!(genus_of("nim", 2), "2^20");
    assert_eq!(genus_of("nim", 3), "3^31");
    assert_eq!(genus_of("nim", 4), "4^46");
}

#[test]
fn nim_heaps_are_tame_and_grundy_13_is_not() {
    let mut nim = GenusTable::new(&HeapGame::nim());
    for n in 0..12 {
        assert!(nim.genus(&[n], u64::MAX).unwrap().tame, "nim heap {n}");
    }
    let mut grundy = GenusTable::new(&HeapGame::grundy());
    assert!(!grundy.genus(&[13], u64::MAX).unwrap().tame);
}
