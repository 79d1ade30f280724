//! A row of pins for octal games played on a row ("variants" of the Dots page: Kayles 0.77, Dawson's Kayles
//! 0.07, …). A move knocks down `k` adjacent standing pins of one run, as the code's digit `d_k` allows: bit 1
//! when they are the whole run, bit 2 when they are at an end of a longer run, bit 4 when they are inside it
//! (splitting it in two). Each run of standing pins is one heap of the code.

use sprague_engine::games::heap::{DotComponent, HeapGame};

/// Why a code cannot be played on a row.
pub fn row_playable(game: &HeapGame) -> Result<(), String> {
    if !game.digit(0).is_zero() {
        return Err(format!(
            "{game} lets a move split a heap without removing anything, which a row of pins cannot show"
        ));
    }
    if game.max_heaps_left() > 2 {
        return Err(format!(
            "{game} can leave three heaps in one move, which a row of pins cannot show"
        ));
    }
    Ok(())
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PinRow {
    game: HeapGame,
    down: Vec<bool>,
}

impl PinRow {
    /// `len` standing pins for `game` (which must pass [`row_playable`]).
    pub fn new(game: HeapGame, len: usize) -> Result<PinRow, String> {
        row_playable(&game)?;
        Ok(PinRow {
            game,
            down: vec![false; len],
        })
    }

    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    pub fn len(&self) -> usize {
        self.down.len()
    }

    pub fn is_empty(&self) -> bool {
        self.down.is_empty()
    }

    pub fn is_down(&self, pin: usize) -> bool {
        self.down.get(pin).copied().unwrap_or(true)
    }

    /// The runs of standing pins, left to right.
    pub fn runs(&self) -> Vec<DotComponent> {
        let mut runs = Vec::new();
        let mut start = None;
        for pin in 0..=self.len() {
            match (pin < self.len() && !self.down[pin], start) {
                (true, None) => start = Some(pin),
                (false, Some(s)) => {
                    runs.push(DotComponent {
                        start: s,
                        len: pin - s,
                    });
                    start = None;
                }
                _ => {}
            }
        }
        runs
    }

    /// Whether knocking down pins `start .. start + len` is a move.
    pub fn allows(&self, start: usize, len: usize) -> bool {
        self.runs()
            .into_iter()
            .find(|r| r.start <= start && start < r.start + r.len)
            .is_some_and(|run| self.allows_in(run, start, len))
    }

    /// Whether knocking down `start .. start + len` inside `run` is a move: the digit `d_len` must allow
    /// the number of pieces left (and their sizes, for codes with a split rule).
    fn allows_in(&self, run: DotComponent, start: usize, len: usize) -> bool {
        if len == 0 || start < run.start || start + len > run.start + run.len {
            return false;
        }
        let left = start - run.start;
        let right = run.start + run.len - start - len;
        let mut pieces: Vec<usize> = [left, right].into_iter().filter(|&p| p > 0).collect();
        pieces.sort_unstable();
        let digit = self.game.digit(len);
        digit.allows(pieces.len() as u32) && (pieces.len() < 2 || digit.rule.permits(&pieces))
    }

    /// Every move as (start, len), left to right. Only group sizes the code can remove are tried.
    pub fn moves(&self) -> Vec<(usize, usize)> {
        let longest = self.game.last_nonzero_index().unwrap_or(usize::MAX);
        let mut moves = Vec::new();
        for run in self.runs() {
            for start in run.start..run.start + run.len {
                let room = run.start + run.len - start;
                for len in 1..=room.min(longest) {
                    if self.allows_in(run, start, len) {
                        moves.push((start, len));
                    }
                }
            }
        }
        moves
    }

    pub fn knock_down(&mut self, start: usize, len: usize) -> Result<(), String> {
        if !self.allows(start, len) {
            return Err(format!(
                "knocking down {} is not a move here",
                describe_range(start, len)
            ));
        }
        self.down[start..start + len].fill(true);
        Ok(())
    }

    /// The move that turns run `run` into `pieces` (ascending, as the solver gives them).
    pub fn move_for(&self, run: usize, pieces: &[usize]) -> Option<(usize, usize)> {
        let run = *self.runs().get(run)?;
        let left = match pieces {
            [] | [_] => 0,
            [a, _] => *a,
            _ => return None,
        };
        let len = run.len.checked_sub(pieces.iter().sum())?;
        // One piece: knock down from the left end (the pins left are on the right).
        let start = run.start + left;
        self.allows(start, len).then_some((start, len))
    }
}

/// "pin 4" or "pins 4–6" (numbered from 1).
pub fn describe_range(start: usize, len: usize) -> String {
    if len == 1 {
        format!("pin {}", start + 1)
    } else {
        format!("pins {}–{}", start + 1, start + len)
    }
}

/// The rules of a row code in words: what each digit allows.
pub fn rules_in_words(game: &HeapGame) -> String {
    let last = match game.last_nonzero_index() {
        Some(index) => index,
        None => game.digits().len() + game.tail().len(),
    };
    let mut parts = Vec::new();
    for k in 1..=last {
        let digit = game.digit(k);
        if digit.is_zero() {
            continue;
        }
        let what = if k == 1 {
            "one pin".to_string()
        } else {
            format!("{k} adjacent pins")
        };
        let whole = digit.allows(0);
        let end = digit.allows(1);
        let middle = digit.allows(2);
        let r#where = match (whole, end, middle) {
            (true, true, true) => "anywhere in a row".to_string(),
            (true, true, false) => "making up a whole row, or from the end of a longer one".into(),
            (true, false, true) => {
                "making up a whole row, or from inside a longer one (not at its end)".into()
            }
            (false, true, true) => "from a longer row, at its end or inside it".into(),
            (true, false, false) => "only when they make up a whole row".into(),
            (false, true, false) => "only from the end of a longer row".into(),
            (false, false, true) => "only from inside a row, splitting it in two".into(),
            (false, false, false) => continue,
        };
        parts.push(format!("{what} {where}"));
    }
    if !game.is_finite() {
        parts.push("and so on as the code's repeating part says".into());
    }
    format!("A move knocks down {}.", parts.join("; or "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Moves of one run counted by hand from the rules: Kayles knocks down one or two adjacent pins anywhere.
    #[wasm_bindgen_test]
    fn kayles_moves_and_the_solver_s_pieces_agree() {
        let game: HeapGame = "0.77".parse().unwrap();
        let mut row = PinRow::new(game.clone(), 6).unwrap();
        assert_eq!(row.moves().len(), 6 + 5);
        // Every move of the row is a heap move of the code, and back.
        let heap_moves = game.moves(6);
        for &(start, len) in &row.moves() {
            let mut pieces: Vec<usize> = [start, 6 - start - len]
                .into_iter()
                .filter(|&p| p > 0)
                .collect();
            pieces.sort_unstable();
            assert!(heap_moves
                .iter()
                .any(|m| m.pieces == pieces && m.removed == len));
        }
        for heap_move in &heap_moves {
            let (start, len) = row
                .move_for(0, &heap_move.pieces)
                .expect("every heap move is a row move");
            assert_eq!(len, heap_move.removed);
            let mut copy = row.clone();
            copy.knock_down(start, len).unwrap();
            let mut left: Vec<usize> = copy.runs().iter().map(|r| r.len).collect();
            left.sort_unstable();
            assert_eq!(left, heap_move.pieces);
        }
        row.knock_down(2, 2).unwrap();
        assert_eq!(
            row.runs().iter().map(|r| r.len).collect::<Vec<_>>(),
            vec![2, 2]
        );
        assert!(row.knock_down(1, 2).is_err(), "pin 3 is down already");
    }

    #[wasm_bindgen_test]
    fn dawson_s_kayles_and_unplayable_codes() {
        let game: HeapGame = "0.07".parse().unwrap();
        let row = PinRow::new(game.clone(), 3).unwrap();
        assert_eq!(row.moves(), vec![(0, 2), (1, 2)]);
        assert!(rules_in_words(&game).contains("2 adjacent pins anywhere"));
        assert!(PinRow::new("4.07".parse().unwrap(), 5).is_err());
        assert!(PinRow::new("0.F".parse().unwrap(), 5).is_err());
    }
}
