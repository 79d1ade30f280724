//! Node Kayles against a brute force written here: positions are sets of the original vertices, values come
//! straight from the rules (no components, no canonical forms), so the solver's XOR of components, its
//! canonical memo and its misère sums are all checked. Every graph up to 7 vertices (up to isomorphism),
//! random graphs up to 12, paths against 0.137, canonical forms under random relabelling.

use std::collections::HashMap;

use sprague_engine::games::graph::{CanonicalGraph, Graph, GraphPosition};
use sprague_engine::games::heap::HeapGame;
use sprague_engine::solve::graph::{GraphBudget, GraphSolver};
use sprague_engine::solve::heap::misere::MisereSolver;
use sprague_engine::solve::heap::{NimSequence, Outcome};

/// Adjacency rows with each vertex's own bit: what marking it removes.
fn closed_rows(n: usize, edges: &[(usize, usize)]) -> Vec<u64> {
    let mut rows: Vec<u64> = (0..n).map(|v| 1 << v).collect();
    for &(u, v) in edges {
        rows[u] |= 1 << v;
        rows[v] |= 1 << u;
    }
    rows
}

struct Brute {
    rows: Vec<u64>,
    grundy: HashMap<u64, u32>,
    misere_win: HashMap<u64, bool>,
}

impl Brute {
    fn new(n: usize, edges: &[(usize, usize)]) -> Brute {
        Brute {
            rows: closed_rows(n, edges),
            grundy: HashMap::new(),
            misere_win: HashMap::new(),
        }
    }

    fn children(&self, set: u64) -> Vec<(usize, u64)> {
        (0..self.rows.len())
            .filter(|&v| set >> v & 1 == 1)
            .map(|v| (v, set & !self.rows[v]))
            .collect()
    }

    fn grundy(&mut self, set: u64) -> u32 {
        if let Some(&g) = self.grundy.get(&set) {
            return g;
        }
        let values: Vec<u32> = self
            .children(set)
            .into_iter()
            .map(|(_, child)| self.grundy(child))
            .collect();
        let g = (0..).find(|g| !values.contains(g)).unwrap();
        self.grundy.insert(set, g);
        g
    }

    fn misere_win(&mut self, set: u64) -> bool {
        if let Some(&w) = self.misere_win.get(&set) {
            return w;
        }
        let win = set == 0
            || self
                .children(set)
                .into_iter()
                .any(|(_, child)| !self.misere_win(child));
        self.misere_win.insert(set, win);
        win
    }
}

fn full(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// Checks the solver on the start of `edges` and on every position reachable from it.
fn check(solver: &mut GraphSolver, n: usize, edges: &[(usize, usize)], every_position: bool) {
    let graph = Graph::new(n, edges).unwrap();
    let mut brute = Brute::new(n, edges);
    let mut sets = vec![full(n)];
    if every_position {
        let mut seen = std::collections::HashSet::new();
        let mut i = 0;
        while i < sets.len() {
            for (_, child) in brute.children(sets[i]) {
                if seen.insert(child) {
                    sets.push(child);
                }
            }
            i += 1;
        }
    }
    for set in sets {
        // Reach `set` by moves: mark, in turn, vertices of the start that `set` lacks and whose removal
        // stays inside the complement (any maximal such sequence reaches it only if `set` is reachable, so
        // play the moves the brute force recorded instead).
        let position = reach(&graph, &brute, set);
        let normal = solver.analyze(&position, false).unwrap();
        let g = brute.grundy(set);
        assert_eq!(normal.nimber, Some(g), "{graph} at {set:b}");
        assert_eq!(normal.outcome == Outcome::N, g != 0);
        let wins: Vec<usize> = brute
            .children(set)
            .into_iter()
            .filter(|&(_, child)| brute.grundy(child) == 0)
            .map(|(v, _)| v)
            .collect();
        assert_eq!(normal.winning_moves, wins, "{graph} at {set:b}");
        let xor = normal
            .components
            .iter()
            .fold(0, |x, c| x ^ c.nimber.unwrap());
        assert_eq!(xor, g);
        for component in &normal.components {
            let part: u64 = component.vertices.iter().map(|&v| 1u64 << v).sum();
            assert_eq!(component.nimber, Some(brute.grundy(part)));
        }
        let misere = solver.analyze(&position, true).unwrap();
        let win = brute.misere_win(set);
        assert_eq!(
            misere.outcome == Outcome::N,
            win,
            "misère {graph} at {set:b}"
        );
        let wins: Vec<usize> = brute
            .children(set)
            .into_iter()
            .filter(|&(_, child)| !brute.misere_win(child))
            .map(|(v, _)| v)
            .collect();
        assert_eq!(misere.winning_moves, wins, "misère {graph} at {set:b}");
    }
}

/// A position of `graph` whose remaining vertices are `set`, reached by legal moves.
fn reach(graph: &Graph, brute: &Brute, set: u64) -> GraphPosition {
    // Depth-first over move sequences from the start until one lands on `set`.
    fn search(brute: &Brute, from: u64, set: u64, moves: &mut Vec<usize>) -> bool {
        if from == set {
            return true;
        }
        for (v, child) in brute.children(from) {
            // Moves only remove vertices: a child must still contain `set`.
            if child & set == set {
                moves.push(v);
                if search(brute, child, set, moves) {
                    return true;
                }
                moves.pop();
            }
        }
        false
    }
    let mut moves = Vec::new();
    assert!(search(brute, full(graph.vertex_count()), set, &mut moves));
    GraphPosition::after_moves(graph.clone(), &moves).unwrap()
}

fn edges_of(n: usize, bits: u64) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    let mut k = 0;
    for u in 0..n {
        for v in u + 1..n {
            if bits >> k & 1 == 1 {
                edges.push((u, v));
            }
            k += 1;
        }
    }
    edges
}

/// The smallest adjacency (as bits of the upper triangle) over every relabelling: an isomorphism
/// certificate written without the engine, for graphs of at most 6 vertices.
fn certificate(n: usize, edges: &[(usize, usize)]) -> u64 {
    let mut perm: Vec<usize> = (0..n).collect();
    let mut best = u64::MAX;
    loop {
        let mut mapped: Vec<(usize, usize)> = edges
            .iter()
            .map(|&(u, v)| (perm[u].min(perm[v]), perm[u].max(perm[v])))
            .collect();
        mapped.sort();
        let mut bits = 0;
        let mut k = 0;
        for u in 0..n {
            for v in u + 1..n {
                if mapped.binary_search(&(u, v)).is_ok() {
                    bits |= 1 << k;
                }
                k += 1;
            }
        }
        best = best.min(bits);
        // Next permutation in lexicographic order.
        let Some(i) = (1..n).rev().find(|&i| perm[i - 1] < perm[i]) else {
            return best;
        };
        let j = (i..n).rev().find(|&j| perm[j] > perm[i - 1]).unwrap();
        perm.swap(i - 1, j);
        perm[i..].reverse();
    }
}

/// One graph of each isomorphism class on `n` vertices (n ≤ 6), by the brute-force certificate.
fn classes(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs = n * n.saturating_sub(1) / 2;
    let mut by_certificate = HashMap::new();
    for bits in 0..1u64 << pairs {
        let edges = edges_of(n, bits);
        by_certificate
            .entry(certificate(n, &edges))
            .or_insert(edges);
    }
    let mut classes: Vec<_> = by_certificate.into_values().collect();
    classes.sort();
    classes
}

#[test]
fn every_graph_up_to_six_vertices_and_all_its_positions() {
    // Published counts of graphs up to isomorphism (OEIS A000088) check the enumeration itself.
    let counts = [1, 1, 2, 4, 11, 34, 156];
    let mut solver = GraphSolver::default();
    for (n, count) in counts.into_iter().enumerate() {
        let classes = classes(n);
        assert_eq!(classes.len(), count);
        for edges in &classes {
            check(&mut solver, n, edges, true);
        }
    }
}

#[test]
fn every_graph_on_seven_vertices() {
    // Every 7-vertex graph, less one vertex, is some 6-vertex graph: one of each class on 6 plus a seventh
    // vertex joined to every subset covers all 1,044 classes.
    let mut solver = GraphSolver::default();
    for edges in classes(6) {
        for joins in 0..1u64 << 6 {
            let mut edges = edges.clone();
            edges.extend((0..6).filter(|v| joins >> v & 1 == 1).map(|v| (v, 6)));
            check(&mut solver, 7, &edges, false);
        }
    }
}

/// A small seeded generator for the tests (independent of the engine's).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_edges(rng: &mut Lcg, n: usize, percent: u64) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(100) < percent {
                edges.push((u, v));
            }
        }
    }
    edges
}

#[test]
fn random_graphs_up_to_twelve_vertices() {
    let mut rng = Lcg(2026);
    let mut solver = GraphSolver::default();
    for round in 0..120 {
        let n = 8 + round % 5;
        let percent = [10, 20, 30, 50, 70][round / 5 % 5];
        let edges = random_edges(&mut rng, n, percent);
        check(&mut solver, n, &edges, round % 10 == 0);
    }
}

#[test]
fn paths_are_the_independence_game() {
    let values = NimSequence::compute(&HeapGame::independence(), 41).unwrap();
    let mut solver = GraphSolver::default();
    for n in 0..=40 {
        let path = GraphPosition::start(Graph::path(n).unwrap());
        let analysis = solver.analyze(&path, false).unwrap();
        assert_eq!(
            analysis.nimber,
            Some(values.values()[n] as u32),
            "path of {n}"
        );
    }
    let mut misere = MisereSolver::new(&HeapGame::independence());
    for n in 1..=24 {
        let path = GraphPosition::start(Graph::path(n).unwrap());
        let analysis = solver.analyze(&path, true).unwrap();
        let expected = misere.outcome(&[n], 1 << 24).unwrap();
        assert_eq!(analysis.outcome, expected, "misère path of {n}");
    }
}

/// `graph` with vertex `v` renamed `perm[v]`.
fn relabel(graph: &Graph, perm: &[usize]) -> Graph {
    let edges: Vec<_> = graph
        .edges()
        .iter()
        .map(|&(u, v)| (perm[u], perm[v]))
        .collect();
    Graph::new(graph.vertex_count(), &edges).unwrap()
}

fn shuffled(rng: &mut Lcg, n: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i as u64 + 1) as usize);
    }
    perm
}

#[test]
fn canonical_forms_are_equal_exactly_for_isomorphic_graphs() {
    let mut rng = Lcg(7);
    // Equal under relabelling, for symmetric presets and random graphs up to 40 vertices.
    let mut graphs = vec![
        Graph::petersen(),
        Graph::grid(5, 5).unwrap(),
        Graph::cycle(12).unwrap(),
        Graph::complete(9).unwrap(),
        Graph::star(20).unwrap(),
    ];
    for n in [16, 30, 40] {
        for percent in [5, 10, 30] {
            graphs.push(Graph::new(n, &random_edges(&mut rng, n, percent)).unwrap());
        }
    }
    for graph in &graphs {
        let canonical = CanonicalGraph::new(graph);
        for _ in 0..4 {
            let perm = shuffled(&mut rng, graph.vertex_count());
            assert_eq!(
                CanonicalGraph::new(&relabel(graph, &perm)),
                canonical,
                "{graph}"
            );
        }
    }
    // Different exactly when the brute-force certificates differ (every graph on 5 vertices, labelled).
    let mut by_certificate: HashMap<u64, CanonicalGraph> = HashMap::new();
    let mut forms = std::collections::HashSet::new();
    for bits in 0..1u64 << 10 {
        let edges = edges_of(5, bits);
        let canonical = CanonicalGraph::new(&Graph::new(5, &edges).unwrap());
        let known = by_certificate
            .entry(certificate(5, &edges))
            .or_insert(canonical.clone());
        assert_eq!(*known, canonical);
        forms.insert(canonical);
    }
    assert_eq!(forms.len(), 34);
}

#[test]
fn answers_do_not_depend_on_the_labelling() {
    let mut rng = Lcg(99);
    let mut solver = GraphSolver::default();
    for _ in 0..30 {
        let n = 10 + rng.below(8) as usize;
        let graph = Graph::new(n, &random_edges(&mut rng, n, 25)).unwrap();
        let perm = shuffled(&mut rng, n);
        let other = relabel(&graph, &perm);
        for misere in [false, true] {
            let a = solver
                .analyze(&GraphPosition::start(graph.clone()), misere)
                .unwrap();
            let b = GraphSolver::default()
                .analyze(&GraphPosition::start(other.clone()), misere)
                .unwrap();
            assert_eq!((a.nimber, a.outcome), (b.nimber, b.outcome));
            let mut mapped: Vec<usize> = a.winning_moves.iter().map(|&v| perm[v]).collect();
            mapped.sort();
            assert_eq!(mapped, b.winning_moves);
        }
    }
}

#[test]
fn a_budget_too_small_ends_with_a_message_and_the_solver_answers_again() {
    let mut solver = GraphSolver::new(GraphBudget {
        max_bytes: 16 << 10,
    });
    let grid = GraphPosition::start(Graph::grid(5, 5).unwrap());
    let error = solver.analyze(&grid, false).unwrap_err().to_string();
    assert!(error.contains("memory budget"), "{error}");
    let small = GraphPosition::start(Graph::path(5).unwrap());
    let edges = small.graph().edges();
    let expected = Brute::new(5, &edges).grundy(full(5));
    assert_eq!(
        solver.analyze(&small, false).unwrap().nimber,
        Some(expected)
    );
}
