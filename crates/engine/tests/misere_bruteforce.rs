//! The misère solvers against an independent naive search written here: plain recursion on sorted lists of
//! heaps (no dead-heap dropping, no merging of equal heaps), misère Grundy values by the definition, and
//! genera from explicit sums with nim heaps `*1` and `*2`.

use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::heap::misere::{
    tame_sum_outcome, Budget, GenusTable, HeapMisereSearch, MisereSolver,
};
use sprague_engine::solve::heap::Outcome;
use std::collections::HashMap;

/// A position with explicit nim heaps of size 1 and 2 added: (game heaps sorted, number of *1, number of *2).
type Naive = (Vec<usize>, usize, usize);

/// Misère Grundy value by the definition: 1 without moves, else the mex of the options' values.
fn naive_value(game: &HeapGame, pos: &Naive, memo: &mut HashMap<Naive, u16>) -> u16 {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let (heaps, ones, twos) = pos;
    let mut options: Vec<Naive> = Vec::new();
    for i in 0..heaps.len() {
        for pieces in game.options(heaps[i]) {
            let mut next: Vec<usize> = heaps.clone();
            next.remove(i);
            next.extend(pieces);
            next.sort();
            options.push((next, *ones, *twos));
        }
    }
    if *ones > 0 {
        options.push((heaps.clone(), ones - 1, *twos));
    }
    if *twos > 0 {
        options.push((heaps.clone(), ones + 1, twos - 1));
        options.push((heaps.clone(), *ones, twos - 1));
    }
    let value = if options.is_empty() {
        1
    } else {
        let values: Vec<u16> = options.iter().map(|o| naive_value(game, o, memo)).collect();
        (0..).find(|v| !values.contains(v)).unwrap()
    };
    memo.insert(pos.clone(), value);
    value
}

fn naive_outcome(game: &HeapGame, heaps: &[usize], memo: &mut HashMap<Naive, u16>) -> Outcome {
    let mut sorted = heaps.to_vec();
    sorted.sort();
    if naive_value(game, &(sorted, 0, 0), memo) == 0 {
        Outcome::P
    } else {
        Outcome::N
    }
}

const CODES: [&str; 7] = ["0.07", "0.77", "4!.0", "0.137", "0.51", "0.[3]", "0.6"];

/// All multisets of 1..=3 heaps, each heap at most `max`, total at most `total`.
fn positions(max: usize, total: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in 0..=max {
        out.push(vec![a]);
        for b in a..=max {
            if a + b <= total {
                out.push(vec![a, b]);
            }
            for c in b..=max {
                if a + b + c <= total {
                    out.push(vec![a, b, c]);
                }
            }
        }
    }
    out
}

#[test]
fn search_agrees_with_naive_recursion() {
    for code in CODES {
        let game: HeapGame = code.parse().unwrap();
        let mut search = HeapMisereSearch::new(&game);
        let mut memo = HashMap::new();
        for heaps in positions(14, 20) {
            let expected = naive_outcome(&game, &heaps, &mut memo);
            // A fresh order of questions each time still gives the same answers (memo or not).
            assert_eq!(
                search.outcome(&heaps, u64::MAX).unwrap(),
                expected,
                "{code} {heaps:?}"
            );
        }
    }
}

#[test]
fn sliced_search_agrees_with_naive_recursion() {
    let game = HeapGame::kayles();
    let mut memo = HashMap::new();
    for heaps in positions(12, 18).into_iter().step_by(7) {
        let mut search = HeapMisereSearch::new(&game);
        search.start(&heaps).unwrap();
        let outcome = loop {
            if let sprague_engine::solve::heap::misere::HeapMisereStep::Done(o) = search.run(3) {
                break o;
            }
        };
        assert_eq!(
            outcome,
            naive_outcome(&game, &heaps, &mut memo),
            "{heaps:?}"
        );
    }
}

#[test]
fn genera_agree_with_sums_with_star_two() {
    for code in CODES {
        let game: HeapGame = code.parse().unwrap();
        let mut genera = GenusTable::new(&game);
        let mut memo = HashMap::new();
        for heaps in positions(10, 12) {
            let genus = genera.genus(&heaps, u64::MAX).unwrap().genus;
            let mut sorted = heaps.clone();
            sorted.sort();
            for k in 0..6 {
                let value = naive_value(&game, &(sorted.clone(), 0, k), &mut memo);
                assert_eq!(genus.gamma(k), value, "{code} {heaps:?}: γ{k} of {genus}");
            }
        }
    }
}

#[test]
fn tame_rule_agrees_with_naive_recursion_on_tame_heaps() {
    for code in CODES {
        let game: HeapGame = code.parse().unwrap();
        let mut genera = GenusTable::new(&game);
        let mut memo = HashMap::new();
        let tame: Vec<usize> = (0..=12)
            .filter(|&n| genera.genus(&[n], u64::MAX).unwrap().tame)
            .collect();
        let mut checked = 0;
        for heaps in positions(12, 22) {
            if !heaps.iter().all(|h| tame.contains(h)) {
                continue;
            }
            let parts: Vec<_> = heaps
                .iter()
                .map(|&h| genera.genus(&[h], u64::MAX).unwrap().genus)
                .collect();
            let rule = tame_sum_outcome(parts.iter()).expect("tame heaps");
            checked += 1;
            assert_eq!(
                rule,
                naive_outcome(&game, &heaps, &mut memo),
                "{code} {heaps:?}"
            );
        }
        // Every code here has tame heaps beyond the empty one (0, 1 and some larger).
        assert!(checked > 20, "{code}: only {checked} tame positions");
    }
}

#[test]
fn winning_moves_are_exactly_the_moves_to_p_positions() {
    for code in CODES {
        let game: HeapGame = code.parse().unwrap();
        let mut solver = MisereSolver::new(&game);
        let mut memo = HashMap::new();
        for heaps in positions(11, 16).into_iter().step_by(3) {
            let analysis = solver.analyze(&heaps, &Budget::default()).unwrap();
            assert_eq!(analysis.outcome, naive_outcome(&game, &heaps, &mut memo));
            // Every move of the first copy of each heap size, judged by the naive search.
            let mut expected = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                if heaps[..i].contains(&h) {
                    continue;
                }
                for m in game.moves(h) {
                    let mut result = heaps[..i].to_vec();
                    result.extend(&m.pieces);
                    result.extend(&heaps[i + 1..]);
                    if naive_outcome(&game, &result, &mut memo) == Outcome::P {
                        expected.push(result);
                    }
                }
            }
            let found: Vec<Vec<usize>> = analysis
                .winning_moves
                .iter()
                .map(|m| m.result.clone())
                .collect();
            assert_eq!(found, expected, "{code} {heaps:?}");
            // A position without moves is won by the player to move, who has no winning move to make.
            let has_moves = heaps.iter().any(|&h| !game.moves(h).is_empty());
            if has_moves {
                assert_eq!(analysis.outcome == Outcome::N, !expected.is_empty());
            }
        }
    }
}

#[test]
fn search_with_a_quotient_shortcut_agrees_with_naive_recursion() {
    use sprague_engine::solve::heap::misere::{MisereQuotient, QuotientLimits};
    // Grundy's game: positions of heaps up to 12 are decided by the quotient of heaps up to 12, the
    // rest searched; winning moves too.
    let game = HeapGame::grundy();
    let q = MisereQuotient::build(&game, 12, QuotientLimits::default()).unwrap();
    let mut solver = MisereSolver::new(&game);
    solver.use_quotient(&q).unwrap();
    assert!(MisereSolver::new(&HeapGame::dawson())
        .use_quotient(&q)
        .is_err());
    let mut memo = HashMap::new();
    for heaps in positions(16, 22) {
        let analysis = solver.analyze(&heaps, &Budget::default()).unwrap();
        assert_eq!(
            analysis.outcome,
            naive_outcome(&game, &heaps, &mut memo),
            "{heaps:?}"
        );
        for m in &analysis.winning_moves {
            assert_eq!(
                naive_outcome(&game, &m.result, &mut memo),
                Outcome::P,
                "{heaps:?}"
            );
        }
    }
}
