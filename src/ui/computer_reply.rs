//! The computer's turns on a heap or graph page: its move, at its level, among the legal moves, knowing
//! the winning ones from the solver's answer — or, for the learner, at random without asking — and what
//! it says about it. The choice takes its random numbers from the caller, so it can be tested.

use super::asking::{Answer, Ask, Asking, Purpose};
use super::page_play::Step;
use super::solver_watch::no_answer_because;
use crate::play::board::BoardMove;
use crate::play::game::{Game, Level, Opponent};
use crate::play::graph_game::GraphGame;
use crate::play::history::MoveList;
use crate::play::opponent::{choose_among, lasting_board_moves, winning_board_moves, Reason};
use crate::worker::protocol::{GraphAnswer, PositionAnswer};
use yew::prelude::*;

/// A game the computer plays on a heap or graph page.
pub trait ComputerGame: MoveList<Move: Copy> + PartialEq + 'static {
    /// What the solver answers about a position of the game.
    type Answer: Answer + 'static;
    fn opponent(&self) -> Opponent;
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The answer's winning moves, as moves of this game.
    fn winning_moves(&self, answer: &Self::Answer) -> Vec<Self::Move>;
    /// The legal moves after which the game lasts longest with best play (empty when the answer has no
    /// move values): what the computer plays when it cannot win.
    fn lasting_moves(&self, answer: &Self::Answer) -> Vec<Self::Move>;
    /// What making `mv` is, as it follows “The computer”: “played dot 3”, “marked vertex 3”.
    fn move_in_words(&self, mv: Self::Move) -> String;
    fn play_move(&mut self, mv: Self::Move) -> Result<(), String>;
}

impl ComputerGame for Game {
    type Answer = PositionAnswer;
    fn opponent(&self) -> Opponent {
        self.opponent
    }
    fn legal_moves(&self) -> Vec<BoardMove> {
        self.board().legal_moves()
    }
    fn winning_moves(&self, answer: &PositionAnswer) -> Vec<BoardMove> {
        winning_board_moves(&self.board(), answer)
    }
    fn lasting_moves(&self, answer: &PositionAnswer) -> Vec<BoardMove> {
        lasting_board_moves(&self.board(), answer)
    }
    fn move_in_words(&self, mv: BoardMove) -> String {
        format!("played {}", self.board().describe(mv))
    }
    fn play_move(&mut self, mv: BoardMove) -> Result<(), String> {
        self.play(mv)
    }
}

impl ComputerGame for GraphGame {
    type Answer = GraphAnswer;
    fn opponent(&self) -> Opponent {
        self.opponent
    }
    fn legal_moves(&self) -> Vec<usize> {
        self.remaining().iter().collect()
    }
    fn winning_moves(&self, answer: &GraphAnswer) -> Vec<usize> {
        answer.analysis.winning_moves.clone()
    }
    fn lasting_moves(&self, answer: &GraphAnswer) -> Vec<usize> {
        let Some(values) = &answer.values.move_values else {
            return Vec::new();
        };
        let longest = values.iter().map(|m| m.remoteness).max();
        values
            .iter()
            .filter(|m| Some(m.remoteness) == longest)
            .map(|m| m.vertex)
            .collect()
    }
    fn move_in_words(&self, vertex: usize) -> String {
        format!("marked vertex {vertex}")
    }
    fn play_move(&mut self, vertex: usize) -> Result<(), String> {
        self.play(vertex)
    }
}

/// The learner's move: any legal one, at random; `None` when there is no move.
pub fn learner_move<G: ComputerGame>(game: &G, random: impl FnMut() -> f64) -> Option<Step<G>> {
    let (mv, _) = choose_among(&game.legal_moves(), &[], Level::Learner, random)?;
    let said = format!(
        "The computer (learner) {} at random.",
        game.move_in_words(mv)
    );
    played(game, mv, said)
}

/// The computer's move at `level` from the solver's `answer` about `game` (or why there is none).
pub fn answered_move<G: ComputerGame>(
    game: &G,
    answer: &Result<G::Answer, String>,
    level: Level,
    random: impl FnMut() -> f64,
) -> Option<Step<G>> {
    let (winning, lasting) = match answer {
        Ok(answer) => (game.winning_moves(answer), game.lasting_moves(answer)),
        Err(_) => (Vec::new(), Vec::new()),
    };
    // Lost, it fights: the moves that make the game last longest.
    let best = if winning.is_empty() {
        &lasting
    } else {
        &winning
    };
    let (mv, reason) = choose_among(&game.legal_moves(), best, level, random)?;
    let made = game.move_in_words(mv);
    let said = match (reason, answer) {
        (Reason::Winning, _) if winning.is_empty() => format!(
            "The computer {made}: it knows it is losing if you play well, so it makes the game \
             last as long as it can."
        ),
        (Reason::Winning, _) => format!("The computer {made}, a winning move."),
        (Reason::Random, Ok(_)) if winning.is_empty() => {
            format!("The computer {made}: it knows it is losing, if you play well.")
        }
        (Reason::Random, Ok(_)) => {
            format!("The computer {made} (not its best: it slips at this level).")
        }
        (Reason::Random, Err(why)) => {
            let why = no_answer_because(why);
            format!("The computer {made} without an exact answer: {why}.")
        }
    };
    played(game, mv, said)
}

fn played<G: ComputerGame>(game: &G, mv: G::Move, said: String) -> Option<Step<G>> {
    let mut next = game.clone();
    next.play_move(mv).ok()?;
    Some(Step::Computer(next, said))
}

/// Plays the computer's turns in `game` (the position with key `key`) through `take`: the learner's at
/// once; other levels' once `solver` has the answer asked for through `ask`. Not while `paused`.
#[hook]
pub fn use_computer_turns<G: ComputerGame>(
    game: &G,
    key: &str,
    paused: bool,
    solver: UseReducerHandle<Asking<G::Answer>>,
    ask: Callback<Purpose>,
    take: Callback<Step<G>>,
) {
    {
        let (game, take) = (game.clone(), take.clone());
        use_effect_with((key.to_string(), paused), move |(_, paused)| {
            if !game.computer_to_move() || *paused {
                return;
            }
            match game.opponent() {
                Opponent::Computer {
                    level: Level::Learner,
                    ..
                } => {
                    if let Some(step) = learner_move(&game, js_sys::Math::random) {
                        take.emit(step);
                    }
                }
                _ => ask.emit(Purpose::ComputerMove),
            }
        });
    }
    // An answer for another position (the person went back meanwhile) is dropped, not played.
    let (game, key) = (game.clone(), key.to_string());
    let computer = solver.computer.clone();
    use_effect_with(computer, move |computer| {
        let Some((asked_at, answer)) = computer else {
            return;
        };
        if *asked_at == key && game.computer_to_move() {
            if let Opponent::Computer { level, .. } = game.opponent() {
                if let Some(step) = answered_move(&game, answer, level, js_sys::Math::random) {
                    take.emit(step);
                }
            }
        }
        solver.dispatch(Ask::Played);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::board::Board;
    use crate::play::game::{Opponent, Rules};
    use crate::worker::protocol::{HeapMoveAnswer, Outcome};
    use sprague_engine::solve::remoteness::RemotenessReport;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn grundy(piles: Vec<usize>) -> Game {
        Game::new(Board::Piles(piles), Rules::Normal, Opponent::Human)
    }

    /// The solver's answer about one pile, with these winning splits (`[top, rest]`).
    fn answer(winning: &[[u64; 2]]) -> PositionAnswer {
        PositionAnswer {
            code: "4!.0".into(),
            heaps: vec![7],
            rules: Rules::Normal,
            outcome: if winning.is_empty() {
                Outcome::P
            } else {
                Outcome::N
            },
            heap_values: vec![0],
            nimber: 0,
            winning_moves: winning
                .iter()
                .map(|pieces| HeapMoveAnswer {
                    heap_index: 0,
                    pieces: pieces.to_vec(),
                })
                .collect(),
            genera: None,
            tame: None,
            method: String::new(),
            values: RemotenessReport {
                remoteness: None,
                move_values: None,
                remoteness_note: None,
            },
            elapsed_ms: 0.0,
        }
    }

    fn said<G>(step: Option<Step<G>>) -> String {
        match step {
            Some(Step::Computer(_, said)) => said,
            _ => panic!("the computer should have moved"),
        }
    }

    #[wasm_bindgen_test]
    fn the_computer_plays_a_winning_move_and_says_so() {
        let game = grundy(vec![7]);
        let step = answered_move(&game, &Ok(answer(&[[2, 5]])), Level::Perfect, || 0.5);
        let mut expected = game.clone();
        expected.play(BoardMove::Split { pile: 0, top: 2 }).unwrap();
        assert_eq!(
            step,
            Some(Step::Computer(
                expected,
                "The computer played 7 → 2 + 5, a winning move.".into()
            ))
        );
    }

    #[wasm_bindgen_test]
    fn the_computer_says_when_it_is_losing_slips_or_had_no_answer() {
        let game = grundy(vec![7]);
        let lost = said(answered_move(
            &game,
            &Ok(answer(&[])),
            Level::Perfect,
            || 0.0,
        ));
        assert_eq!(
            lost,
            "The computer played 7 → 1 + 6: it knows it is losing, if you play well."
        );
        // The strong level slips below its slip rate.
        let slip = said(answered_move(
            &game,
            &Ok(answer(&[[2, 5]])),
            Level::Strong,
            || 0.0,
        ));
        assert_eq!(
            slip,
            "The computer played 7 → 1 + 6 (not its best: it slips at this level)."
        );
        let unknown = said(answered_move(
            &game,
            &Err("the search was cancelled".into()),
            Level::Perfect,
            || 0.0,
        ));
        assert_eq!(
            unknown,
            "The computer played 7 → 1 + 6 without an exact answer: the search was cancelled."
        );
        // The solver died and was restarted: said in words that fit the note.
        let restarted = said(answered_move(
            &game,
            &Err(crate::ui::solver_watch::RESTARTED.into()),
            Level::Perfect,
            || 0.0,
        ));
        assert_eq!(
            restarted,
            "The computer played 7 → 1 + 6 without an exact answer: the solver stopped and was \
             restarted (nothing stored was lost)."
        );
    }

    #[wasm_bindgen_test]
    fn lost_the_computer_makes_the_game_last_and_says_so() {
        use sprague_engine::solve::remoteness::HeapMoveValue;
        let game = grundy(vec![7]);
        // Say 3 + 4 lasts longest (5 more moves) and the other splits 2.
        let mut lost = answer(&[]);
        lost.values.move_values = Some(
            [[1, 6], [2, 5], [3, 4]]
                .iter()
                .map(|pieces| HeapMoveValue {
                    heap_index: 0,
                    removed: 0,
                    pieces: pieces.to_vec(),
                    result: pieces.to_vec(),
                    outcome: Outcome::N,
                    remoteness: if pieces[0] == 3 { 5 } else { 2 },
                })
                .collect(),
        );
        for r in [0.0, 0.5, 0.99] {
            let Some(Step::Computer(next, said)) =
                answered_move(&game, &Ok(lost.clone()), Level::Perfect, || r)
            else {
                panic!("the computer should have moved");
            };
            let mut piles = next.board().heaps();
            piles.sort_unstable();
            assert_eq!(piles, [3, 4]);
            assert!(
                said.ends_with("so it makes the game last as long as it can."),
                "{said}"
            );
        }
    }

    #[wasm_bindgen_test]
    fn the_learner_plays_at_random_without_asking_and_nothing_when_the_game_is_over() {
        let graph = GraphGame::default_game();
        let step = learner_move(&graph, || 0.0);
        let first = graph.remaining().iter().next().unwrap();
        let mut expected = graph.clone();
        expected.play(first).unwrap();
        assert_eq!(
            step,
            Some(Step::Computer(
                expected,
                format!("The computer (learner) marked vertex {first} at random.")
            ))
        );
        // Piles of one and two cannot be split: no move.
        assert_eq!(learner_move(&grundy(vec![1, 2]), || 0.0), None);
        assert_eq!(
            answered_move(&grundy(vec![2]), &Ok(answer(&[])), Level::Perfect, || 0.0),
            None
        );
    }
}
