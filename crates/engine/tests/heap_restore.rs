//! A nim sequence restored from stored values (a base) extends exactly as one computed from scratch, and
//! damaged or foreign values are refused.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::NimSequence;

/// Grundy's game by plain mex over all splits into two unequal non-empty piles.
fn grundy_brute_force(len: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; 512];
        for a in 1..n.div_ceil(2) {
            seen[(g[a] ^ g[n - a]) as usize] = true;
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u16);
    }
    g
}

#[test]
fn a_restored_sequence_extends_like_a_fresh_one() {
    let expected = grundy_brute_force(9000);
    let game = HeapGame::grundy();
    let stored = NimSequence::compute(&game, 5000).unwrap();
    let mut restored = NimSequence::from_values(&game, stored.values()).expect("valid values");
    assert_eq!(restored.len(), 5000);
    restored.extend_to(9000).unwrap();
    assert_eq!(restored.values(), &expected[..]);
}

#[test]
fn damaged_or_foreign_values_are_refused() {
    let game = HeapGame::grundy();
    let mut values = grundy_brute_force(300);
    values[200] ^= 1;
    assert!(NimSequence::from_values(&game, &values).is_none());
    let kayles: HeapGame = "kayles".parse().unwrap();
    let grundy_values = grundy_brute_force(100);
    assert!(NimSequence::from_values(&kayles, &grundy_values).is_none());
    assert!(NimSequence::from_values(&game, &[]).is_some_and(|s| s.is_empty()));
}
