//! The computer's turns on the Sprouts page: the learner moves at random without asking; other levels ask
//! the solver, order the moves they would play from its answer (`choice_order`) and have the worker draw
//! the first it can route (`drawn_choice`). Unlike the heap and graph pages' computer (`computer_reply`),
//! its move is a position, its choice is an order to try rather than one move, and its notes say what the
//! solver or the lookahead found rather than which move it made. The choices take their random numbers
//! from the caller, so they can be tested.

use super::asking::{Ask, Asking, Purpose, SproutsReply};
use super::drawn_choice::{drawn_step, ChoiceEvent, Choosing, DrawnChoice};
use super::game_drawing::keep_drawn;
use super::page_play::Step;
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use super::solver_watch::no_answer_because;
use crate::play::game::{Level, Opponent};
use crate::play::opponent::{choice_order, Reason};
use crate::play::sprouts_drawing::DrawingCache;
use crate::play::sprouts_game::SproutsGame;
use crate::worker::protocol::{Request, SproutsGuess};
use sprague_engine::draw::Drawing as Picture;
use sprague_engine::games::sprouts::Position;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// The learner's move: any legal one, at random; `None` when there is no move.
pub fn learner_step(game: &SproutsGame, random: impl FnMut() -> f64) -> Option<Step<SproutsGame>> {
    let (order, _) = choice_order(&game.moves(), &[], Level::Learner, random);
    let mut next = game.clone();
    next.play(order.first()?.clone()).ok()?;
    Some(Step::Computer(
        next,
        "The computer (learner) moved at random.".to_string(),
    ))
}

/// The moves the computer would play at `level` from the solver's `reply` about `game`, in the order it
/// tries them (the first that can be drawn is played: see `engine::draw::draw_one_of`), and what to tell
/// the player about it.
pub fn computer_choice(
    game: &SproutsGame,
    reply: &Result<SproutsReply, String>,
    level: Level,
    random: impl FnMut() -> f64,
) -> (Vec<Position>, String) {
    let parsed = |texts: Vec<&String>| -> Vec<Position> {
        texts.into_iter().filter_map(|t| t.parse().ok()).collect()
    };
    let best = match reply {
        Ok(SproutsReply::Exact(answer)) => parsed(
            answer
                .children
                .iter()
                .filter(|c| c.wins == Some(true))
                .map(|c| &c.position)
                .collect(),
        ),
        Ok(SproutsReply::Guess(guess)) => parsed(guess.moves.iter().collect()),
        Err(_) => Vec::new(),
    };
    let (order, reason) = choice_order(&game.moves(), &best, level, random);
    let text = match (reason, reply) {
        (Reason::Random, _) if !best.is_empty() => {
            "The computer slipped (it does at this level).".to_string()
        }
        (_, Ok(SproutsReply::Guess(guess))) => guess_note(guess, game.think_seconds),
        (Reason::Winning, _) => "The computer played a winning move.".to_string(),
        (Reason::Random, Ok(_)) => "The computer knows it is losing, if you play well.".to_string(),
        (Reason::Random, Err(why)) => {
            let why = no_answer_because(why);
            format!("The computer moved at random, without an answer from the solver: {why}.")
        }
    };
    (order, text)
}

/// What the computer says after playing a lookahead search's choice.
fn guess_note(guess: &SproutsGuess, seconds: u32) -> String {
    let found = match guess.score {
        1 => "it found a forced win".to_string(),
        -1 => "every move loses against best play; it chose one of them".to_string(),
        _ => format!(
            "no move wins or loses by force within that depth; it chose among the {} that do best",
            guess.moves.len()
        ),
    };
    format!(
        "An exact answer would take longer than its {seconds} s, so the computer looked {} moves ahead \
         (alpha-beta, exact where the base knows the lands): {found}.",
        guess.depth
    )
}

/// When the computer's turn comes in `game` (the position with key `key`): the learner moves at once
/// through `take`; other levels ask the solver through `ask` (see `use_computer_answer`).
#[hook]
pub fn use_computer_turn(
    game: &SproutsGame,
    key: &str,
    ask: Callback<Purpose>,
    take: Callback<Step<SproutsGame>>,
) {
    let game = game.clone();
    // The opponent too: a new game of the same position with the computer moving first is its turn.
    use_effect_with((key.to_string(), game.opponent), move |_| {
        if let Opponent::Computer { level, .. } = game.opponent {
            if game.computer_to_move() {
                if level == Level::Learner {
                    if let Some(step) = learner_step(&game, js_sys::Math::random) {
                        take.emit(step);
                    }
                } else {
                    ask.emit(Purpose::ComputerMove);
                }
            }
        }
    });
}

/// Plays the computer's move in `game` (the position with key `key`) once `solver` has the answer: drawn
/// on `drawing` by the worker, the drawing kept in `drawings`, then shown through `take` (played as is
/// when there is no drawing). Says whether the worker is drawing it now.
#[hook]
pub fn use_computer_answer(
    game: &SproutsGame,
    key: &str,
    drawing: Option<Picture>,
    drawings: Rc<RefCell<DrawingCache>>,
    solver: UseReducerHandle<Asking<SproutsReply>>,
    take: Callback<Step<SproutsGame>>,
) -> bool {
    let choice = use_reducer(DrawnChoice::default);
    let bridge = {
        let choice = choice.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                choice.dispatch(ChoiceEvent::Heard(response));
            }
        })
    };

    // The solver answered for the computer: the worker draws the first choice it can (played as is when
    // there is no drawing to draw on). An answer for another position is dropped, not played.
    {
        let (game, key, take) = (game.clone(), key.to_string(), take.clone());
        let choice = choice.clone();
        let computer = solver.computer.clone();
        use_effect_with(computer, move |computer| {
            let Some((asked_at, answer)) = computer else {
                return;
            };
            if *asked_at == key && game.computer_to_move() {
                if let Opponent::Computer { level, .. } = game.opponent {
                    let (choices, said) =
                        computer_choice(&game, answer, level, js_sys::Math::random);
                    match &drawing {
                        Some(drawing) if !choices.is_empty() => {
                            let id = next_request_id();
                            choice.dispatch(ChoiceEvent::Sent(Choosing {
                                id,
                                game: game.clone(),
                                said,
                                fallback: choices[0].clone(),
                            }));
                            bridge.send(Request::SproutsDrawOneOf {
                                id,
                                from: drawing.clone(),
                                choices: choices.iter().map(Position::to_string).collect(),
                            });
                        }
                        _ => {
                            if let Some(child) = choices.first() {
                                let mut next = game.clone();
                                if next.play(child.clone()).is_ok() {
                                    take.emit(Step::Computer(next, said));
                                }
                            }
                        }
                    }
                }
            }
            solver.dispatch(Ask::Played);
        });
    }

    // The worker drew the move: keep its drawing and play it, unless the person undid or left meanwhile.
    {
        let (game, choice) = (game.clone(), choice.clone());
        use_effect_with(choice.answered.clone(), move |answered| {
            let Some((asked, answered)) = answered else {
                return;
            };
            if let Some((step, drawn)) = drawn_step(asked, answered, &game) {
                if let Some(drawn) = drawn {
                    keep_drawn(&drawings, &step.game().start, &step.game().line, drawn);
                }
                take.emit(step);
            }
            choice.dispatch(ChoiceEvent::Played);
        });
    }
    choice.pending.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::Rules;
    use crate::worker::protocol::{Outcome, SproutsAnswer, SproutsChild};
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Three spots against the computer at `level`, which moves first.
    fn game(level: Level) -> SproutsGame {
        SproutsGame::new(
            Position::start(3).unwrap(),
            Rules::Normal,
            Opponent::Computer {
                moves_first: true,
                level,
            },
        )
    }

    /// The solver's answer: these children (by index among the game's moves) win.
    fn exact(game: &SproutsGame, winning: &[usize]) -> Result<SproutsReply, String> {
        let children = game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, child)| SproutsChild {
                position: child.to_string(),
                wins: Some(winning.contains(&i)),
            })
            .collect();
        Ok(SproutsReply::Exact(SproutsAnswer {
            position: game.current().to_string(),
            misere: false,
            outcome: if winning.is_empty() {
                Outcome::P
            } else {
                Outcome::N
            },
            nimber: None,
            lands: Vec::new(),
            children,
            nodes: 0,
            workers: 1,
            base_entries: 0,
            elapsed_ms: 0.0,
        }))
    }

    #[wasm_bindgen_test]
    fn the_computer_tries_its_winning_moves_first_and_says_so() {
        let game = game(Level::Perfect);
        let moves = game.moves();
        assert!(moves.len() > 1);
        let (order, said) = computer_choice(&game, &exact(&game, &[1]), Level::Perfect, || 0.0);
        assert_eq!(order, vec![moves[1].clone()]);
        assert_eq!(said, "The computer played a winning move.");
        // Lost: any move, and it knows.
        let (order, said) = computer_choice(&game, &exact(&game, &[]), Level::Perfect, || 0.0);
        assert_eq!(order.len(), moves.len());
        assert_eq!(said, "The computer knows it is losing, if you play well.");
        // The strong level slips below its slip rate.
        let (_, said) = computer_choice(&game, &exact(&game, &[1]), Level::Strong, || 0.0);
        assert_eq!(said, "The computer slipped (it does at this level).");
        let (order, said) = computer_choice(
            &game,
            &Err("the search was cancelled".into()),
            Level::Perfect,
            || 0.0,
        );
        assert_eq!(order.len(), moves.len());
        assert_eq!(
            said,
            "The computer moved at random, without an answer from the solver: the search was cancelled."
        );
        // The solver died and was restarted: said in words that fit the note, nobody asked to ask again.
        let (_, said) = computer_choice(
            &game,
            &Err(crate::ui::solver_watch::RESTARTED.into()),
            Level::Perfect,
            || 0.0,
        );
        assert_eq!(
            said,
            "The computer moved at random, without an answer from the solver: the solver stopped and \
             was restarted (nothing stored was lost)."
        );
    }

    #[wasm_bindgen_test]
    fn a_lookahead_choice_says_how_far_it_looked() {
        let game = game(Level::Perfect);
        let best = game.moves()[0].clone();
        let guess = SproutsReply::Guess(SproutsGuess {
            position: game.current().to_string(),
            misere: false,
            moves: vec![best.to_string()],
            score: 0,
            depth: 4,
            nodes: 100,
            elapsed_ms: 0.0,
        });
        let (order, said) = computer_choice(&game, &Ok(guess), Level::Perfect, || 0.0);
        assert_eq!(order, vec![best]);
        assert_eq!(
            said,
            "An exact answer would take longer than its 20 s, so the computer looked 4 moves ahead \
             (alpha-beta, exact where the base knows the lands): no move wins or loses by force within \
             that depth; it chose among the 1 that do best."
        );
    }

    #[wasm_bindgen_test]
    fn the_learner_moves_at_random_and_not_once_the_game_is_over() {
        let game = game(Level::Learner);
        let Some(Step::Computer(next, said)) = learner_step(&game, || 0.0) else {
            panic!("the learner should have moved");
        };
        assert_eq!(next.line.len(), 1);
        assert!(game.moves().contains(&next.line[0]));
        assert_eq!(said, "The computer (learner) moved at random.");
        let mut over = SproutsGame::new(Position::start(1).unwrap(), Rules::Normal, game.opponent);
        while let Some(child) = over.moves().first().cloned() {
            over.play(child).unwrap();
        }
        assert_eq!(learner_step(&over, || 0.0), None);
    }
}
