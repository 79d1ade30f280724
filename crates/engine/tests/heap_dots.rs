//! Rows of dots and heaps of 0.137: the board and the heap view must agree move for move.

use sprague_engine::games::heap::dots::pieces_after_marking;
use sprague_engine::games::heap::{DotError, DotRow, HeapGame};
use sprague_engine::solve::heap::{analyze, NimSequence, Outcome};

/// Heaps of a row, computed here from the rule "a dot is playable if it and its neighbours are unmarked".
fn runs(marked: &[bool]) -> Vec<usize> {
    let playable = |i: usize| {
        let left = i > 0 && marked[i - 1];
        let right = i + 1 < marked.len() && marked[i + 1];
        !marked[i] && !left && !right
    };
    let mut heaps = Vec::new();
    let mut run = 0;
    for i in 0..marked.len() {
        if playable(i) {
            run += 1;
        } else if run > 0 {
            heaps.push(run);
            run = 0;
        }
    }
    if run > 0 {
        heaps.push(run);
    }
    heaps
}

#[test]
fn rows_read_and_print() {
    let row: DotRow = "..x....x.".parse().unwrap();
    assert_eq!(row.to_string(), "..x....x.");
    assert_eq!(row.heaps(), vec![1, 2]);
    assert_eq!(
        "x.x".parse::<DotRow>().unwrap().heaps(),
        Vec::<usize>::new()
    );
    assert_eq!(
        "..xx".parse::<DotRow>(),
        Err(DotError::AdjacentMarks { left: 2 })
    );
    assert!(matches!(
        "..-.".parse::<DotRow>(),
        Err(DotError::BadCharacter {
            position: 3,
            found: '-'
        })
    ));
    let mut row = DotRow::new(5).unwrap();
    row.mark(2).unwrap();
    assert_eq!(row.mark(3), Err(DotError::Unavailable(3)));
    assert_eq!(row.mark(9), Err(DotError::NoSuchDot { dot: 9, len: 5 }));
    assert!(DotRow::new(usize::MAX).is_err());
    // Marking dot `offset` of a run of 7: the heaps of 0.137 it leaves, left to right.
    assert_eq!(pieces_after_marking(7, 0), Some(vec![5]));
    assert_eq!(pieces_after_marking(7, 1), Some(vec![4]));
    assert_eq!(pieces_after_marking(7, 3), Some(vec![2, 2]));
    assert_eq!(pieces_after_marking(7, 7), None);
    let row: DotRow = ".......".parse().unwrap();
    assert_eq!(row.dot_for(0, &[1, 3]), Ok(2));
    assert!(matches!(
        row.dot_for(1, &[1]),
        Err(DotError::NoSuchComponent(1))
    ));
    assert!(matches!(
        row.dot_for(0, &[6]),
        Err(DotError::NoSuchMove { .. })
    ));
}

/// Every move on every row up to 11 dots: the heap move the engine reports is what marking does to the
/// runs, it is a legal move of 0.137, and mapping it back gives a dot with the same effect.
#[test]
fn dot_moves_and_heap_moves_correspond() {
    let game = HeapGame::independence();
    for len in 0..=11usize {
        for bits in 0u32..(1 << len) {
            let marked: Vec<bool> = (0..len).map(|i| bits & (1 << i) != 0).collect();
            if marked.windows(2).any(|w| w[0] && w[1]) {
                continue;
            }
            let text: String = marked.iter().map(|&m| if m { 'x' } else { '.' }).collect();
            let row: DotRow = text.parse().unwrap();
            assert_eq!(row.heaps(), runs(&marked), "{text}");
            for dot in 0..len {
                if !row.is_available(dot) {
                    continue;
                }
                let heap_move = row.heap_move(dot).unwrap();
                let mut after = marked.clone();
                after[dot] = true;
                // The heaps after marking, with the played heap replaced by its pieces in place.
                let mut expected = row.heaps();
                expected.splice(
                    heap_move.component..=heap_move.component,
                    heap_move.pieces.iter().copied(),
                );
                assert_eq!(runs(&after), expected, "{text} dot {dot}");
                let mut sorted = heap_move.pieces.clone();
                sorted.sort_unstable();
                assert!(
                    game.options(heap_move.heap).contains(&sorted),
                    "{text} dot {dot}: not a 0.137 move"
                );
                let back = row.dot_for(heap_move.component, &heap_move.pieces).unwrap();
                assert_eq!(
                    row.heap_move(back).unwrap().pieces.iter().sum::<usize>(),
                    sorted.iter().sum::<usize>()
                );
                let mut back_sorted = row.heap_move(back).unwrap().pieces;
                back_sorted.sort_unstable();
                assert_eq!(back_sorted, sorted, "{text} dot {dot} -> {back}");
            }
        }
    }
}

/// The reference's 50-dot example: g(50) = 5, and marking the 8th dot (leaving 6 and 41) wins.
#[test]
fn fifty_dots_example() {
    let game = HeapGame::independence();
    let s = NimSequence::compute(&game, 51).unwrap();
    let analysis = analyze(&game, &s, &[50]).unwrap();
    assert_eq!(analysis.nimber, 5);
    assert_eq!(analysis.outcome, Outcome::N);
    let mv = analysis
        .winning_moves
        .iter()
        .find(|m| m.result == vec![6, 41])
        .expect("the (6, 41) move");
    let mark = mv.dots.unwrap();
    assert_eq!((mark.component, mark.dot), (0, 7));
    // After (6, 19, 19) taking an end dot of the 6 (leaving 4) wins.
    let analysis = analyze(&game, &s, &[6, 19, 19]).unwrap();
    assert!(analysis
        .winning_moves
        .iter()
        .any(|m| m.result == vec![4, 19, 19] && m.dots.unwrap().dot == 0));
}
