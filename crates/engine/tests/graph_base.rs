//! The graph solver's base: what it writes reads back whole, and nothing read is believed unless the
//! rules confirm it — a tampered entry is reported and left out, answers stay right (checked against a
//! brute force written here), and damaged files are refused with a reason instead of allocating or
//! panicking.

use std::collections::HashMap;

use sprague_engine::games::graph::{Graph, GraphPosition};
use sprague_engine::solve::graph::{GraphBaseError, GraphSolver};

/// Grundy value of the whole graph straight from the rules.
fn brute_grundy(graph: &Graph) -> u32 {
    fn g(rows: &[u64], set: u64, memo: &mut HashMap<u64, u32>) -> u32 {
        if let Some(&v) = memo.get(&set) {
            return v;
        }
        let values: Vec<u32> = (0..rows.len())
            .filter(|&v| set >> v & 1 == 1)
            .map(|v| g(rows, set & !rows[v], memo))
            .collect();
        let value = (0..).find(|x| !values.contains(x)).unwrap();
        memo.insert(set, value);
        value
    }
    let n = graph.vertex_count();
    let rows: Vec<u64> = (0..n)
        .map(|v| graph.closed_neighbourhood(v).bits())
        .collect();
    g(&rows, (1u64 << n) - 1, &mut HashMap::new())
}

fn graphs() -> Vec<Graph> {
    vec![
        Graph::grid(3, 4).unwrap(),
        Graph::petersen(),
        Graph::random(14, 0.25, 3).unwrap(),
        Graph::path(11).unwrap(),
    ]
}

fn solved() -> GraphSolver {
    let mut solver = GraphSolver::default();
    for graph in graphs() {
        for misere in [false, true] {
            solver
                .analyze(&GraphPosition::start(graph.clone()), misere)
                .unwrap();
        }
    }
    solver
}

#[test]
fn a_base_reads_back_whole_and_every_entry_is_confirmed() {
    let solver = solved();
    let bytes = solver.to_bytes();
    let mut fresh = GraphSolver::default();
    let report = fresh.load_bytes(&bytes).unwrap();
    assert_eq!(report.wrong, 0);
    assert_eq!(report.unconfirmed, 0);
    assert_eq!(report.nimbers + report.misere, solver.positions());
    assert_eq!(fresh.positions(), solver.positions());
    for graph in graphs() {
        let answer = fresh
            .analyze(&GraphPosition::start(graph.clone()), false)
            .unwrap();
        assert_eq!(answer.nimber, Some(brute_grundy(&graph)));
    }
    // Nothing new was searched: the base answered.
    assert_eq!(fresh.positions(), solver.positions());
}

/// Offsets of the nimber bytes of the base's component entries.
fn nimber_offsets(bytes: &[u8]) -> Vec<usize> {
    let mut at = b"sprague graph base 1\n".len();
    let count = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    at += 4;
    let mut offsets = Vec::new();
    for _ in 0..count {
        let n = bytes[at] as usize;
        at += 1 + 8 * n;
        offsets.push(at);
        at += 1;
    }
    offsets
}

#[test]
fn a_tampered_entry_is_reported_and_never_believed() {
    let solver = solved();
    let mut bytes = solver.to_bytes();
    let offsets = nimber_offsets(&bytes);
    // Every component entry, one at a time, claimed one more than it is.
    for &offset in offsets.iter().step_by(7) {
        let mut tampered = bytes.clone();
        tampered[offset] = tampered[offset].wrapping_add(1);
        let mut fresh = GraphSolver::default();
        let report = fresh.load_bytes(&tampered).unwrap();
        assert!(report.wrong >= 1, "offset {offset}");
        assert!(report.wrong_examples[0].contains("has nimber"));
        for graph in graphs() {
            let answer = fresh
                .analyze(&GraphPosition::start(graph.clone()), false)
                .unwrap();
            assert_eq!(answer.nimber, Some(brute_grundy(&graph)), "{graph}");
        }
    }
    // The last byte is the misère outcome of the last sum: flipped, it is caught.
    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let report = GraphSolver::default().load_bytes(&flipped).unwrap();
    assert_eq!(report.wrong, 1);
    assert!(report.wrong_examples[0].contains("misère"));
    // A claim of 255 (far beyond the number of moves) is simply wrong.
    bytes[offsets[0]] = 255;
    let report = GraphSolver::default().load_bytes(&bytes).unwrap();
    assert!(report.wrong >= 1);
}

#[test]
fn an_entry_without_its_children_is_left_out() {
    let mut solver = GraphSolver::default();
    solver
        .analyze(&GraphPosition::start(Graph::grid(3, 3).unwrap()), false)
        .unwrap();
    let bytes = solver.to_bytes();
    // Keep only the largest entry: the 3×3 grid itself, whose children are gone.
    let offsets = nimber_offsets(&bytes);
    let header = b"sprague graph base 1\n".len();
    let mut starts = vec![header + 4];
    starts.extend(offsets.iter().map(|&o| o + 1));
    let (largest, _) = starts
        .windows(2)
        .enumerate()
        .max_by_key(|(_, w)| w[1] - w[0])
        .unwrap();
    let mut one = b"sprague graph base 1\n".to_vec();
    one.extend_from_slice(&1u32.to_le_bytes());
    one.extend_from_slice(&bytes[starts[largest]..starts[largest + 1]]);
    one.extend_from_slice(&0u32.to_le_bytes());
    let mut fresh = GraphSolver::default();
    let report = fresh.load_bytes(&one).unwrap();
    assert_eq!(
        (report.nimbers, report.unconfirmed, report.wrong),
        (0, 1, 0)
    );
    assert_eq!(fresh.positions(), 0);
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let bytes = solved().to_bytes();
    let mut fresh = GraphSolver::default();
    assert_eq!(
        fresh.load_bytes(b"[Positions+Nimber]\n0*6 1\n"),
        Err(GraphBaseError::NotAGraphBase)
    );
    assert!(matches!(
        fresh.load_bytes(&bytes[..bytes.len() - 3]),
        Err(GraphBaseError::Truncated(_)) | Err(GraphBaseError::BadEntry { .. })
    ));
    // A count of four billion entries is refused before anything is allocated.
    let mut huge = b"sprague graph base 1\n".to_vec();
    huge.extend_from_slice(&u32::MAX.to_le_bytes());
    assert!(fresh
        .load_bytes(&huge)
        .unwrap_err()
        .to_string()
        .contains("more than the file can hold"));
    // A component that is not in canonical form, or whose rows are not symmetric.
    let mut entry = b"sprague graph base 1\n".to_vec();
    entry.extend_from_slice(&1u32.to_le_bytes());
    entry.push(3);
    for row in [0b010u64, 0b101, 0b000] {
        entry.extend_from_slice(&row.to_le_bytes());
    }
    entry.push(1);
    entry.extend_from_slice(&0u32.to_le_bytes());
    let error = fresh.load_bytes(&entry).unwrap_err().to_string();
    assert!(error.contains("simple graph"), "{error}");
    // Trailing bytes.
    let mut extra = bytes.clone();
    extra.push(0);
    assert!(fresh
        .load_bytes(&extra)
        .unwrap_err()
        .to_string()
        .contains("follow the last entry"));
    assert_eq!(fresh.positions(), 0);
}
