//! Remoteness, move values, review marks and the computer's reply against a brute force written here:
//! heap positions are lists of heaps with moves written out by hand for each game (no `HeapGame`),
//! graph positions are sets of the original vertices (no components, no canonical forms), and values
//! come straight from the definition, every child searched, with no nimbers.

use crate::common;

use std::collections::HashMap;

use common::sprouts_brute::State;
use common::Rng;
use sprague_engine::games::graph::{Graph, GraphPosition};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::heap::Outcome;
use sprague_engine::solve::remoteness::{best_reply, MoveMark, RemotenessSearch, Value};

const LOTS: u64 = u64::MAX;

/// (player to move wins, remoteness), from the definition.
type Brute = (bool, u32);

fn brute_value(children: &[Brute], misere: bool) -> Brute {
    if children.is_empty() {
        return (misere, 0);
    }
    let wins: Vec<u32> = children.iter().filter(|c| !c.0).map(|c| c.1).collect();
    match wins.iter().min() {
        Some(&r) => (true, r + 1),
        None => (false, 1 + children.iter().map(|c| c.1).max().unwrap()),
    }
}

fn as_brute(value: Value) -> Brute {
    (value.outcome == Outcome::N, value.remoteness)
}

/// One heap's moves, by hand: the heaps each move leaves.
fn heap_moves(game: &str, n: usize) -> Vec<Vec<usize>> {
    match game {
        // Take any number of counters.
        "nim" => (0..n).map(|m| vec![m]).collect(),
        // Knock down 1 or 2 adjacent pins anywhere in a row.
        "kayles" => (1..=2.min(n))
            .flat_map(|r| (0..=n - r).map(move |a| vec![a, n - r - a]))
            .collect(),
        // Mark a dot: it and its neighbours leave the row.
        "independence" => (0..n)
            .map(|i| vec![i.saturating_sub(1), n.saturating_sub(i + 2)])
            .collect(),
        // Split a pile into two unequal piles.
        "grundy" => (1..n)
            .filter(|&a| 2 * a < n)
            .map(|a| vec![a, n - a])
            .collect(),
        _ => unreachable!(),
    }
}

fn engine_game(game: &str) -> HeapGame {
    match game {
        "nim" => HeapGame::nim(),
        "kayles" => HeapGame::kayles(),
        "independence" => "0.137".parse().unwrap(),
        "grundy" => HeapGame::grundy(),
        _ => unreachable!(),
    }
}

struct HeapBrute {
    game: &'static str,
    misere: bool,
    memo: HashMap<Vec<usize>, Brute>,
}

impl HeapBrute {
    fn children(&self, heaps: &[usize]) -> Vec<Vec<usize>> {
        let mut children = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for pieces in heap_moves(self.game, n) {
                let mut child = heaps.to_vec();
                child.remove(i);
                child.extend(pieces);
                children.push(child);
            }
        }
        children
    }

    fn value(&mut self, heaps: &[usize]) -> Brute {
        let mut key = heaps.to_vec();
        key.sort();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let children: Vec<Brute> = self.children(heaps).iter().map(|c| self.value(c)).collect();
        let v = brute_value(&children, self.misere);
        self.memo.insert(key, v);
        v
    }
}

/// Every multiset of positive heaps with total at most `total`, each ascending.
fn positions_up_to(total: usize) -> Vec<Vec<usize>> {
    fn extend(prefix: &mut Vec<usize>, left: usize, out: &mut Vec<Vec<usize>>) {
        out.push(prefix.clone());
        let start = prefix.last().copied().unwrap_or(1);
        for next in start..=left {
            prefix.push(next);
            extend(prefix, left - next, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), total, &mut out);
    out
}

fn check_heap_game(game: &'static str, misere: bool, total: usize) {
    let mut brute = HeapBrute {
        game,
        misere,
        memo: HashMap::new(),
    };
    let mut search = RemotenessSearch::heaps(engine_game(game), misere);
    let positions = positions_up_to(total);
    assert!(positions.len() > 2_000, "{} positions", positions.len());
    for heaps in positions {
        let expected = brute.value(&heaps);
        let value = search.value(&heaps, LOTS).unwrap();
        assert_eq!(
            as_brute(value),
            expected,
            "{game} {heaps:?} misère {misere}"
        );

        // Every move's value, against the brute force's children (the engine lists a move leaving
        // the same heaps once per heap, the brute force once per pin or dot).
        let moves = search.move_values(&heaps, LOTS, &mut || true).unwrap();
        let mut from_engine: Vec<(Vec<usize>, Brute)> = moves
            .iter()
            .map(|m| (sorted_positive(&m.result), as_brute(m.value())))
            .collect();
        let mut from_brute: Vec<(Vec<usize>, Brute)> = brute
            .children(&heaps)
            .iter()
            .map(|c| (sorted_positive(c), brute.value(c)))
            .collect();
        from_engine.sort();
        from_engine.dedup();
        from_brute.sort();
        from_brute.dedup();
        assert_eq!(from_engine, from_brute, "{game} {heaps:?} misère {misere}");

        check_marks_and_reply(
            expected,
            &moves.iter().map(|m| m.value()).collect::<Vec<_>>(),
        );
    }
}

fn sorted_positive(heaps: &[usize]) -> Vec<usize> {
    let mut heaps: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
    heaps.sort();
    heaps
}

/// The review's mark of each move and the computer's reply, against the definition.
fn check_marks_and_reply(before: Brute, children: &[Value]) {
    let (mover_wins, remoteness) = before;
    let before_outcome = if mover_wins { Outcome::N } else { Outcome::P };
    for child in children {
        let expected = match (mover_wins, child.outcome) {
            (false, _) => MoveMark::NoChoice,
            (true, Outcome::P) => MoveMark::Winning,
            (true, Outcome::N) => MoveMark::Mistake,
        };
        assert_eq!(MoveMark::of(before_outcome, child.outcome), expected);
    }
    match best_reply(children) {
        None => assert!(children.is_empty()),
        Some(i) => {
            // The reply keeps the value: a win in the fewest moves, or the loss lasting longest.
            assert_eq!(children[i].outcome == Outcome::P, mover_wins);
            assert_eq!(children[i].remoteness + 1, remoteness);
            if !mover_wins {
                let longest = children.iter().map(|c| c.remoteness).max().unwrap();
                assert_eq!(children[i].remoteness, longest);
            }
        }
    }
}

#[test]
fn heap_positions_up_to_20_tokens_in_normal_play() {
    for game in ["nim", "kayles", "independence", "grundy"] {
        check_heap_game(game, false, 20);
    }
}

#[test]
fn heap_positions_up_to_20_tokens_in_misere_play() {
    for game in ["nim", "kayles", "independence", "grundy"] {
        check_heap_game(game, true, 20);
    }
}

/// Node Kayles by brute force on sets of the original vertices.
struct GraphBrute {
    closed: Vec<u64>,
    misere: bool,
    memo: HashMap<u64, Brute>,
}

impl GraphBrute {
    fn new(n: usize, edges: &[(usize, usize)], misere: bool) -> GraphBrute {
        let mut closed: Vec<u64> = (0..n).map(|v| 1 << v).collect();
        for &(u, v) in edges {
            closed[u] |= 1 << v;
            closed[v] |= 1 << u;
        }
        GraphBrute {
            closed,
            misere,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, set: u64) -> Brute {
        if let Some(&v) = self.memo.get(&set) {
            return v;
        }
        let children: Vec<Brute> = (0..self.closed.len())
            .filter(|&v| set >> v & 1 == 1)
            .map(|v| self.value(set & !self.closed[v]))
            .collect();
        let value = brute_value(&children, self.misere);
        self.memo.insert(set, value);
        value
    }
}

fn random_graph(rng: &mut Rng, n: usize) -> Vec<(usize, usize)> {
    let density = 1 + rng.below(5); // in fifths
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(5) < density {
                edges.push((u, v));
            }
        }
    }
    edges
}

fn check_graph(
    searches: &mut [RemotenessSearch<sprague_engine::solve::remoteness::GraphParts>; 2],
    n: usize,
    edges: &[(usize, usize)],
) {
    let graph = Graph::new(n, edges).unwrap();
    for (misere, search) in [false, true].into_iter().zip(searches.iter_mut()) {
        let mut brute = GraphBrute::new(n, edges, misere);
        // The start, and every position one move in.
        let start = GraphPosition::start(graph.clone());
        let mut positions = vec![(start.clone(), (1u64 << n) - 1)];
        for v in 0..n {
            let mut after = start.clone();
            after.play(v).unwrap();
            positions.push((after, ((1u64 << n) - 1) & !brute.closed[v]));
        }
        for (position, set) in positions {
            let expected = brute.value(set);
            let value = search.position_value(&position, LOTS).unwrap();
            assert_eq!(as_brute(value), expected, "{n}: {edges:?} misère {misere}");
            let moves = search.move_values(&position, LOTS, &mut || true).unwrap();
            let vertices: Vec<usize> = moves.iter().map(|m| m.vertex).collect();
            let in_play: Vec<usize> = (0..n).filter(|&v| set >> v & 1 == 1).collect();
            assert_eq!(vertices, in_play);
            for m in &moves {
                let child = brute.value(set & !brute.closed[m.vertex]);
                assert_eq!(as_brute(m.value()), child, "{edges:?} vertex {}", m.vertex);
            }
            check_marks_and_reply(
                expected,
                &moves.iter().map(|m| m.value()).collect::<Vec<_>>(),
            );
        }
    }
}

#[test]
fn every_labelled_graph_up_to_5_vertices() {
    let mut searches = [
        RemotenessSearch::graphs(false),
        RemotenessSearch::graphs(true),
    ];
    for n in 0..=5 {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            check_graph(&mut searches, n, &edges);
        }
    }
}

#[test]
fn random_graphs_of_6_to_8_vertices() {
    let mut searches = [
        RemotenessSearch::graphs(false),
        RemotenessSearch::graphs(true),
    ];
    let mut rng = Rng(0x5eed_1234);
    for round in 0..300 {
        let n = 6 + round % 3;
        let edges = random_graph(&mut rng, n);
        check_graph(&mut searches, n, &edges);
    }
}

#[test]
fn a_small_budget_ends_the_search_and_the_next_call_goes_on() {
    let mut search = RemotenessSearch::heaps(HeapGame::kayles(), true);
    let mut calls = 0;
    let value = loop {
        calls += 1;
        match search.value(&[9, 7, 5], 50) {
            Ok(value) => break value,
            Err(error) => assert!(error.to_string().contains("50 positions")),
        }
    };
    assert!(calls > 2, "{calls} calls");
    let mut brute = HeapBrute {
        game: "kayles",
        misere: true,
        memo: HashMap::new(),
    };
    assert_eq!(as_brute(value), brute.value(&[9, 7, 5]));
}

#[test]
fn a_search_told_to_stop_stops_and_a_report_says_not_decided() {
    let mut search = RemotenessSearch::heaps(HeapGame::kayles(), true);
    let mut looks = 0;
    let stopped = search.value_while(&[20, 19, 17], LOTS, &mut || {
        looks += 1;
        false
    });
    assert_eq!(
        stopped.unwrap_err().to_string(),
        "the remoteness search was stopped"
    );
    assert_eq!(looks, 1);
    let report = search.report(&[20, 19, 17], 10, || true);
    assert_eq!((report.remoteness, report.move_values), (None, None));
    assert!(report.remoteness_note.unwrap().starts_with("not decided"));
    // Told to go on, the search finishes, and agrees with the brute force.
    let report = search.report(&[6, 5], LOTS, || true);
    let mut brute = HeapBrute {
        game: "kayles",
        misere: true,
        memo: HashMap::new(),
    };
    assert_eq!(report.remoteness, Some(brute.value(&[6, 5]).1));
    // Heap 6: 1 taken leaving 5, 1+4 or 2+3, 2 taken leaving 4, 1+3 or 2+2; heap 5: 3 and 2 moves.
    assert_eq!(report.move_values.unwrap().len(), 6 + 5);
    assert_eq!(report.remoteness_note, None);
}

/// Sprouts by the tests' own brute force on whole positions (no lands, no canonical form).
fn sprouts_brute(state: &State, misere: bool, memo: &mut HashMap<Vec<u8>, Brute>) -> Brute {
    let key = state.key();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let children: Vec<Brute> = state
        .children()
        .iter()
        .map(|child| sprouts_brute(child, misere, memo))
        .collect();
    let value = brute_value(&children, misere);
    memo.insert(key, value);
    value
}

#[test]
fn sprouts_up_to_4_spots_and_every_position_one_move_in() {
    for misere in [false, true] {
        let mut memo = HashMap::new();
        let mut search = RemotenessSearch::sprouts(misere);
        for spots in 1..=4 {
            let start = Position::start(spots).unwrap();
            let mut positions = vec![start.clone()];
            positions.extend(start.children());
            for position in positions {
                let expected =
                    sprouts_brute(&State::parse(&position.to_string()), misere, &mut memo);
                let report = search.report(&position, LOTS, || true);
                let moves = report.move_values.unwrap();
                assert_eq!(
                    (report.remoteness, moves.is_empty()),
                    (Some(expected.1), position.children().is_empty())
                );
                for m in &moves {
                    let child = sprouts_brute(&State::parse(&m.child), misere, &mut memo);
                    assert_eq!(as_brute(m.value()), child, "{position} -> {}", m.child);
                }
                if !moves.is_empty() {
                    let best = moves.iter().map(|m| m.value()).collect::<Vec<_>>();
                    check_marks_and_reply(expected, &best);
                }
            }
        }
    }
}
