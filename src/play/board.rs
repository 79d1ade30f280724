//! The heap boards people play on: a row of dots (the independence game, octal 0.137), piles of Grundy's
//! game and piles of Nim. A board knows its legal moves and the heaps it stands for; it knows nothing of
//! values.

use super::pins::{describe_range, PinRow};
use sprague_engine::games::heap::DotRow;

/// Which heap game a board plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    Dots,
    Grundy,
    Nim,
}

impl BoardKind {
    /// The game's code for the solver.
    pub fn code(self) -> &'static str {
        match self {
            BoardKind::Dots => "0.137",
            BoardKind::Grundy => "4!.0",
            // The engine's Nim, `HeapGame::nim()`: take any number from one heap.
            BoardKind::Nim => "0.[3]",
        }
    }

    /// The page that plays it (`/dots`, …), without its slash.
    pub fn page(self) -> &'static str {
        match self {
            BoardKind::Dots => "dots",
            BoardKind::Grundy => "grundy",
            BoardKind::Nim => "nim",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    Dots(DotRow),
    Piles(Vec<usize>),
    /// Piles of Nim. A pile emptied leaves the board, so every pile has a counter.
    Nim(Vec<usize>),
    /// A variant of the Dots page: another octal code played on a row of pins.
    Pins(PinRow),
}

/// One move on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardMove {
    /// Mark dot `0` (counted from 0 at the left).
    Mark(usize),
    /// Split pile `pile` (from 0 at the left): its top `top` counters become a pile of their own, just
    /// before it. The two parts must differ in size.
    Split { pile: usize, top: usize },
    /// Knock down `len` adjacent pins from pin `start` (from 0 at the left).
    KnockDown { start: usize, len: usize },
    /// Take `count` counters (at least one, at most all) off the top of Nim pile `pile` (from 0 at the left).
    Take { pile: usize, count: usize },
}

impl Board {
    pub fn kind(&self) -> BoardKind {
        match self {
            Board::Dots(_) | Board::Pins(_) => BoardKind::Dots,
            Board::Piles(_) => BoardKind::Grundy,
            Board::Nim(_) => BoardKind::Nim,
        }
    }

    /// The code of the game played, for the solver.
    pub fn code(&self) -> String {
        match self {
            Board::Pins(row) => row.game().to_string(),
            _ => self.kind().code().to_string(),
        }
    }

    /// The heaps of the position, in board order: runs of available dots, or the piles.
    pub fn heaps(&self) -> Vec<usize> {
        match self {
            Board::Dots(row) => row.heaps(),
            Board::Piles(piles) | Board::Nim(piles) => piles.clone(),
            Board::Pins(row) => row.runs().iter().map(|run| run.len).collect(),
        }
    }

    /// Every legal move, left to right.
    pub fn legal_moves(&self) -> Vec<BoardMove> {
        match self {
            Board::Dots(row) => (0..row.len())
                .filter(|&dot| row.is_available(dot))
                .map(BoardMove::Mark)
                .collect(),
            Board::Piles(piles) => piles
                .iter()
                .enumerate()
                .flat_map(|(pile, &size)| {
                    (1..size)
                        .filter(move |&top| splits(size, top))
                        .map(move |top| BoardMove::Split { pile, top })
                })
                .collect(),
            Board::Nim(piles) => piles
                .iter()
                .enumerate()
                .flat_map(|(pile, &size)| {
                    (1..=size).map(move |count| BoardMove::Take { pile, count })
                })
                .collect(),
            Board::Pins(row) => row
                .moves()
                .into_iter()
                .map(|(start, len)| BoardMove::KnockDown { start, len })
                .collect(),
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            Board::Dots(row) => (0..row.len()).all(|dot| !row.is_available(dot)),
            Board::Piles(piles) => piles.iter().all(|&size| size <= 2),
            Board::Nim(piles) => piles.iter().all(|&size| size == 0),
            Board::Pins(row) => row.moves().is_empty(),
        }
    }

    pub fn is_legal(&self, mv: BoardMove) -> bool {
        match (self, mv) {
            (Board::Dots(row), BoardMove::Mark(dot)) => row.is_available(dot),
            (Board::Piles(piles), BoardMove::Split { pile, top }) => {
                piles.get(pile).is_some_and(|&size| splits(size, top))
            }
            (Board::Nim(piles), BoardMove::Take { pile, count }) => {
                count >= 1 && piles.get(pile).is_some_and(|&size| count <= size)
            }
            (Board::Pins(row), BoardMove::KnockDown { start, len }) => row.allows(start, len),
            _ => false,
        }
    }

    /// Plays `mv`, or says why it is not legal (and changes nothing).
    pub fn play(&mut self, mv: BoardMove) -> Result<(), String> {
        if !self.is_legal(mv) {
            return Err(format!("{} is not a legal move here", self.describe(mv)));
        }
        match (self, mv) {
            (Board::Dots(row), BoardMove::Mark(dot)) => row.mark(dot).map_err(|e| e.to_string()),
            (Board::Piles(piles), BoardMove::Split { pile, top }) => {
                let size = piles[pile];
                piles.splice(pile..=pile, [top, size - top]);
                Ok(())
            }
            (Board::Nim(piles), BoardMove::Take { pile, count }) => {
                piles[pile] -= count;
                if piles[pile] == 0 {
                    piles.remove(pile);
                }
                Ok(())
            }
            (Board::Pins(row), BoardMove::KnockDown { start, len }) => row.knock_down(start, len),
            _ => unreachable!("is_legal accepted only moves of this board's kind"),
        }
    }

    /// The board move that plays the solver's heap move "heap `heap_index` becomes `pieces`".
    pub fn move_for(&self, heap_index: usize, pieces: &[usize]) -> Option<BoardMove> {
        match self {
            Board::Dots(row) => row.dot_for(heap_index, pieces).ok().map(BoardMove::Mark),
            Board::Piles(piles) => match *pieces {
                [a, b] if piles.get(heap_index) == Some(&(a + b)) && a != b && a > 0 && b > 0 => {
                    Some(BoardMove::Split {
                        pile: heap_index,
                        top: a.min(b),
                    })
                }
                _ => None,
            },
            // Nim leaves one heap smaller than the pile, or none.
            Board::Nim(piles) => {
                let size = *piles.get(heap_index)?;
                let left = match *pieces {
                    [] => 0,
                    [left] => left,
                    _ => return None,
                };
                (left < size).then_some(BoardMove::Take {
                    pile: heap_index,
                    count: size - left,
                })
            }
            Board::Pins(row) => row
                .move_for(heap_index, pieces)
                .map(|(start, len)| BoardMove::KnockDown { start, len }),
        }
    }

    /// The move in words, for the move list: "dot 4" (dots numbered from 1), "7 → 3 + 4" (a split), or
    /// "7 → 4" (Nim: the pile of 7 left with 4).
    pub fn describe(&self, mv: BoardMove) -> String {
        match mv {
            BoardMove::Mark(dot) => format!("dot {}", dot + 1),
            BoardMove::Split { pile, top } => match self {
                // A split off the pile (from a link) is named as given, so its error can say it.
                Board::Piles(piles) if pile < piles.len() && top <= piles[pile] => {
                    format!("{} → {} + {}", piles[pile], top, piles[pile] - top)
                }
                _ => format!("pile {} split at {}", pile + 1, top),
            },
            BoardMove::KnockDown { start, len } => describe_range(start, len),
            BoardMove::Take { pile, count } => match self {
                Board::Nim(piles) if pile < piles.len() && count <= piles[pile] => {
                    format!("{} → {}", piles[pile], piles[pile] - count)
                }
                _ => format!("take {count} from pile {}", pile + 1),
            },
        }
    }
}

/// Whether taking `top` counters off a pile of `size` is a split into two unequal non-empty piles.
fn splits(size: usize, top: usize) -> bool {
    top >= 1 && top < size && 2 * top != size
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Heaps of a row computed the plain way: runs of dots with no marked dot at or beside them.
    fn runs(marked: &[bool]) -> Vec<usize> {
        let free = |i: usize| {
            !marked[i] && (i == 0 || !marked[i - 1]) && (i + 1 == marked.len() || !marked[i + 1])
        };
        let mut out = vec![];
        let mut run = 0;
        for i in 0..marked.len() {
            if free(i) {
                run += 1;
            } else if run > 0 {
                out.push(run);
                run = 0;
            }
        }
        if run > 0 {
            out.push(run);
        }
        out
    }

    #[wasm_bindgen_test]
    fn marking_dots_matches_plain_runs() {
        let mut board = Board::Dots(DotRow::new(9).unwrap());
        let mut marked = vec![false; 9];
        for dot in [4, 0, 7] {
            board.play(BoardMove::Mark(dot)).unwrap();
            marked[dot] = true;
            assert_eq!(board.heaps(), runs(&marked));
        }
        assert_eq!(board.heaps(), vec![1]);
        assert!(
            board.play(BoardMove::Mark(5)).is_err(),
            "dot 5 is beside dot 4"
        );
        board.play(BoardMove::Mark(2)).unwrap();
        assert!(board.is_over());
        assert!(board.legal_moves().is_empty());
    }

    #[wasm_bindgen_test]
    fn splitting_piles_keeps_counters_and_refuses_equal_halves() {
        let mut board = Board::Piles(vec![7, 4]);
        // 7: take 1..6 off the top (each split twice over, from either end); 4: take 1 or 3, not 2.
        assert_eq!(board.legal_moves().len(), 6 + 2);
        assert!(board.play(BoardMove::Split { pile: 1, top: 2 }).is_err());
        board.play(BoardMove::Split { pile: 0, top: 5 }).unwrap();
        assert_eq!(board.heaps(), vec![5, 2, 4]);
        assert_eq!(board.heaps().iter().sum::<usize>(), 11);
        assert_eq!(
            board.move_for(2, &[3, 1]),
            Some(BoardMove::Split { pile: 2, top: 1 })
        );
        assert_eq!(board.move_for(1, &[2, 2]), None);
        // A split of more counters than the pile has (a link's "m=1-22" on a pile of 5) is refused,
        // named as given (found by the url_query fuzz target: the name underflowed).
        let too_many = BoardMove::Split { pile: 0, top: 22 };
        let error = board.play(too_many).unwrap_err();
        assert_eq!(error, "pile 1 split at 22 is not a legal move here");
    }

    #[wasm_bindgen_test]
    fn nim_takes_from_one_pile_and_an_emptied_pile_leaves() {
        let mut board = Board::Nim(vec![3, 4, 5]);
        // Any number from 1 to the whole pile, from each pile.
        assert_eq!(board.legal_moves().len(), 3 + 4 + 5);
        assert!(board.play(BoardMove::Take { pile: 0, count: 0 }).is_err());
        assert!(board.play(BoardMove::Take { pile: 0, count: 4 }).is_err());
        assert_eq!(
            board.describe(BoardMove::Take { pile: 2, count: 3 }),
            "5 → 2"
        );
        board.play(BoardMove::Take { pile: 2, count: 3 }).unwrap();
        assert_eq!(board.heaps(), vec![3, 4, 2]);
        board.play(BoardMove::Take { pile: 0, count: 3 }).unwrap();
        assert_eq!(board.heaps(), vec![4, 2]);
        // The solver's "heap 1 becomes 2" and "heap 2 becomes nothing".
        assert_eq!(
            board.move_for(0, &[2]),
            Some(BoardMove::Take { pile: 0, count: 2 })
        );
        assert_eq!(
            board.move_for(1, &[]),
            Some(BoardMove::Take { pile: 1, count: 2 })
        );
        assert_eq!(board.move_for(1, &[2]), None, "a move takes something");
        board.play(BoardMove::Take { pile: 0, count: 4 }).unwrap();
        board.play(BoardMove::Take { pile: 0, count: 2 }).unwrap();
        assert!(board.is_over());
        assert!(board.legal_moves().is_empty());
    }
}
