//! Once a period is proven, a nim sequence extends by copying; the copied values must be the true ones.
//! Checked against a brute force written here for octal codes, far past the point where copying starts.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::NimSequence;

/// Nim values of an octal code `0.d1d2…` by plain mex: digit k, bit j allows removing k tokens and
/// leaving exactly j non-empty heaps (j ≤ 2).
fn octal_brute_force(digits: &[u8], len: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = [false; 1024];
        for (index, &digit) in digits.iter().enumerate() {
            let k = index + 1;
            if k > n {
                break;
            }
            let rest = n - k;
            if digit & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if digit & 2 != 0 && rest > 0 {
                seen[g[rest] as usize] = true;
            }
            if digit & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a <= b {
                        seen[(g[a] ^ g[b]) as usize] = true;
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u16);
    }
    g
}

#[test]
fn copied_values_of_periodic_codes_match_brute_force() {
    let len = 6000;
    for (code, digits, period) in [
        ("0.137", &[1u8, 3, 7][..], 34),
        ("0.07", &[0, 7][..], 34),
        ("0.77", &[7, 7][..], 12),
        ("0.6", &[6][..], 0), // Officers: no period is known, so nothing may be copied
    ] {
        let game: HeapGame = code.parse().unwrap();
        let mut sequence = NimSequence::new(&game);
        // In uneven slices, as the worker computes.
        for end in (0..=len).step_by(777).chain([len]) {
            sequence.extend_to(end).unwrap();
        }
        assert_eq!(
            sequence.values(),
            &octal_brute_force(digits, len)[..],
            "{code}"
        );
        if period == 0 {
            assert_eq!(sequence.proven_period(), None, "{code}");
        } else {
            assert_eq!(sequence.proven_period(), Some(period), "{code}");
        }
    }
}

#[test]
fn grundys_game_is_never_extended_by_a_period() {
    let mut sequence = NimSequence::new(&HeapGame::grundy());
    sequence.extend_to(5000).unwrap();
    assert_eq!(sequence.proven_period(), None);
}
