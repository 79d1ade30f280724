//! Undo and redo for a game kept as a start and a list of moves (heap boards, graphs, Sprouts): the line of play
//! seen so far is kept, undo takes back to the person's last turn, redo replays the line (with the
//! computer's replies).

/// A game that is a start plus moves.
pub trait MoveList: Clone {
    type Move: Clone + PartialEq;
    fn moves(&self) -> &Vec<Self::Move>;
    fn moves_mut(&mut self) -> &mut Vec<Self::Move>;
    /// Same start, rules and players: only the moves may differ.
    fn same_setting(&self, other: &Self) -> bool;
    fn computer_to_move(&self) -> bool;
}

/// Whether `game` is `line` or an earlier point of it.
pub fn is_prefix<G: MoveList>(game: &G, line: &G) -> bool {
    game.same_setting(line) && line.moves().starts_with(game.moves())
}

/// The game with the last move taken back; against the computer, back to the last position where it was
/// the person's turn. `None` when there is nothing to undo.
pub fn undo_target<G: MoveList>(game: &G) -> Option<G> {
    let mut target = game.clone();
    target.moves_mut().pop()?;
    while target.computer_to_move() {
        target.moves_mut().pop()?;
    }
    Some(target)
}

/// The game with the next move of `line` played again (and, against the computer, its reply).
pub fn redo_target<G: MoveList>(game: &G, line: &G) -> Option<G> {
    if !is_prefix(game, line) || line.moves().len() == game.moves().len() {
        return None;
    }
    let mut target = game.clone();
    let next = |target: &G| line.moves()[target.moves().len()].clone();
    let mv = next(&target);
    target.moves_mut().push(mv);
    while target.computer_to_move() && target.moves().len() < line.moves().len() {
        let mv = next(&target);
        target.moves_mut().push(mv);
    }
    Some(target)
}

/// The point of `line` after its first `count` moves and, against the computer, the replies it holds: where
/// a click on move `count` in the move list or the review goes (as redo does, never to the computer's turn
/// when the line has its reply).
pub fn point_of<G: MoveList>(line: &G, count: usize) -> G {
    let mut target = line.clone();
    target.moves_mut().truncate(count);
    while target.computer_to_move() && target.moves().len() < line.moves().len() {
        let mv = line.moves()[target.moves().len()].clone();
        target.moves_mut().push(mv);
    }
    target
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Moves alternate: the computer plays the odd-numbered ones (second), until 6 moves are made.
    #[derive(Clone, PartialEq, Debug)]
    struct Line(Vec<u8>);

    impl MoveList for Line {
        type Move = u8;
        fn moves(&self) -> &Vec<u8> {
            &self.0
        }
        fn moves_mut(&mut self) -> &mut Vec<u8> {
            &mut self.0
        }
        fn same_setting(&self, _: &Self) -> bool {
            true
        }
        fn computer_to_move(&self) -> bool {
            self.0.len() % 2 == 1 && self.0.len() < 6
        }
    }

    #[wasm_bindgen_test]
    fn undo_and_redo_walk_whole_turns() {
        let line = Line(vec![1, 2, 3, 4]);
        assert_eq!(undo_target(&line), Some(Line(vec![1, 2])));
        assert_eq!(undo_target(&Line(vec![])), None);
        assert_eq!(redo_target(&Line(vec![1, 2]), &line), Some(line.clone()));
        assert_eq!(redo_target(&line, &line), None);
        assert!(is_prefix(&Line(vec![1]), &line) && !is_prefix(&Line(vec![2]), &line));
    }

    #[wasm_bindgen_test]
    fn a_point_of_the_line_is_never_the_computers_turn_while_the_line_has_its_reply() {
        let line = Line(vec![1, 2, 3, 4, 5]);
        assert_eq!(point_of(&line, 2), Line(vec![1, 2]));
        // After move 1 the computer is to move: its reply from the line comes with it.
        assert_eq!(point_of(&line, 1), Line(vec![1, 2]));
        // After move 5 the computer is to move, but the line ends there.
        assert_eq!(point_of(&line, 5), line);
        assert_eq!(point_of(&line, 0), Line(vec![]));
    }
}
