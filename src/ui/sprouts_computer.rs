//! The computer's turns on the Sprouts page: every level asks the solver (the learner briefly), orders
//! the moves it would play from its answer (`choice_order_among`, by the engine's `prefer` when the
//! worker sent its facts about each move) and has the worker draw
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
use crate::play::opponent::{choice_order_among, Reason};
use crate::play::sprouts_drawing::DrawingCache;
use crate::play::sprouts_game::SproutsGame;
use crate::worker::protocol::{Request, SproutsGuess};
use sprague_engine::draw::Drawing as Picture;
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{prefer, Preferred};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

/// The longest the learner thinks, in milliseconds: it plays at random, but asks the solver which moves
/// lead to positions whose values are known (so that the next hint answers at once), and does not
/// wait long for it.
pub const LEARNER_THINK_MS: u32 = 2_000;

/// How long the computer thinks in `game`, in milliseconds (the learner at most [`LEARNER_THINK_MS`]).
pub fn think_ms(game: &SproutsGame) -> u32 {
    let think_ms = game.think_seconds * 1000;
    match game.opponent {
        Opponent::Computer {
            level: Level::Learner,
            ..
        } => think_ms.min(LEARNER_THINK_MS),
        _ => think_ms,
    }
}

/// The moves the computer would play at `level` from the solver's `reply` about `game`, in the order it
/// tries them (the first that can be drawn is played: see `engine::draw::draw_one_of`), and what to tell
/// the player about it. With the worker's facts about each move (`SproutsAnswer::facts`) the engine's
/// `prefer` chooses: winning moves to positions whose values are known first; when lost, moves to known
/// positions, the longest-lasting of them; a random move among known ones.
pub fn computer_choice(
    game: &SproutsGame,
    reply: &Result<SproutsReply, String>,
    level: Level,
    random: impl FnMut() -> f64,
) -> (Vec<Position>, String) {
    let parsed = |texts: Vec<&String>| -> Vec<Position> {
        texts.into_iter().filter_map(|t| t.parse().ok()).collect()
    };
    let mut why = None;
    let mut any = Vec::new();
    let best = match reply {
        Ok(SproutsReply::Exact(answer)) if answer.facts.len() == answer.children.len() => {
            let preference = prefer(&answer.facts);
            let at = |indices: &[usize]| {
                parsed(
                    indices
                        .iter()
                        .map(|&i| &answer.children[i].position)
                        .collect(),
                )
            };
            any = at(&preference.any);
            why = Some(preference.why);
            at(&preference.best)
        }
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
    let (order, reason) = choice_order_among(&game.moves(), &best, &any, level, random);
    let text = match (reason, reply) {
        (Reason::Random, _) if level == Level::Learner && !any.is_empty() => {
            "The computer (learner) moved at random, among the moves to positions the solver knows \
             (so your hint answers at once)."
                .to_string()
        }
        (Reason::Random, _) if level == Level::Learner => {
            "The computer (learner) moved at random.".to_string()
        }
        (Reason::Random, _) if !best.is_empty() => {
            "The computer slipped (it does at this level).".to_string()
        }
        (_, Ok(SproutsReply::Guess(guess))) => guess_note(guess, game.think_seconds),
        (Reason::Winning, _) => match why {
            Some(Preferred::Lasting { remoteness: Some(moves), .. }) => format!(
                "The computer knows it is losing if you play well, so it makes the game last as long as \
                 it can: {moves} more {} with best play.",
                if moves == 1 { "move" } else { "moves" }
            ),
            Some(Preferred::Lasting { known: true, .. }) => {
                "The computer knows it is losing if you play well; it keeps to positions the solver \
                 knows, so your hint answers at once."
                    .to_string()
            }
            Some(Preferred::Lasting { .. }) => {
                "The computer knows it is losing, if you play well.".to_string()
            }
            _ => "The computer played a winning move.".to_string(),
        },
        (Reason::Random, Ok(_)) if why == Some(Preferred::Unknown) => {
            "The computer moved at random: the solver settled neither a winning move nor the loss."
                .to_string()
        }
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

/// When the computer's turn comes in `game` (the position with key `key`): it asks the solver through
/// `ask` (see `use_computer_answer`).
#[hook]
pub fn use_computer_turn(game: &SproutsGame, key: &str, ask: Callback<Purpose>) {
    let game = game.clone();
    // The opponent too: a new game of the same position with the computer moving first is its turn.
    use_effect_with((key.to_string(), game.opponent), move |_| {
        // The learner asks too, briefly (`think_ms`): it moves at random, among the moves the solver
        // knows where it can.
        if matches!(game.opponent, Opponent::Computer { .. }) && game.computer_to_move() {
            ask.emit(Purpose::ComputerMove);
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
    use sprague_engine::solve::sprouts::ChildFacts;
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
            rules: Rules::Normal,
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
            facts: Vec::new(),
            remoteness: None,
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
            rules: Rules::Normal,
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

    /// The answer with the worker's facts: child `i` wins if in `winning`, is known if in `known`, lasts
    /// `remoteness[i]` moves.
    fn with_facts(
        game: &SproutsGame,
        winning: &[usize],
        known: &[usize],
        remoteness: &[Option<u32>],
    ) -> Result<SproutsReply, String> {
        let Ok(SproutsReply::Exact(mut answer)) = exact(game, winning) else {
            unreachable!()
        };
        answer.facts = (0..answer.children.len())
            .map(|i| ChildFacts {
                wins: Some(winning.contains(&i)),
                known: known.contains(&i),
                remoteness: remoteness.get(i).copied().flatten(),
            })
            .collect();
        Ok(SproutsReply::Exact(answer))
    }

    #[wasm_bindgen_test]
    fn with_the_workers_facts_it_keeps_to_known_positions_at_every_level() {
        let game = game(Level::Perfect);
        let moves = game.moves();
        assert!(moves.len() >= 3);
        // Winning: the known winning move, not the unknown one.
        let reply = with_facts(&game, &[0, 1], &[1, 2], &[]);
        for r in [0.0, 0.5, 0.99] {
            let (order, said) = computer_choice(&game, &reply, Level::Perfect, || r);
            assert_eq!(order, vec![moves[1].clone()]);
            assert_eq!(said, "The computer played a winning move.");
        }
        // Lost: among the known moves, the longest-lasting, and it says so in plain words.
        let reply = with_facts(&game, &[], &[0, 2], &[Some(3), Some(9), Some(5)]);
        let (order, said) = computer_choice(&game, &reply, Level::Perfect, || 0.3);
        assert_eq!(order, vec![moves[2].clone()]);
        assert_eq!(
            said,
            "The computer knows it is losing if you play well, so it makes the game last as long as \
             it can: 5 more moves with best play."
        );
        // Without every remoteness: any known move, unranked.
        let reply = with_facts(&game, &[], &[0, 2], &[Some(3), None, None]);
        let (mut order, said) = computer_choice(&game, &reply, Level::Perfect, || 0.3);
        order.sort();
        let mut expected = vec![moves[0].clone(), moves[2].clone()];
        expected.sort();
        assert_eq!(order, expected);
        assert!(
            said.contains("keeps to positions the solver knows"),
            "{said}"
        );
        // A slip, and the learner: at random, among the known moves only.
        let reply = with_facts(&game, &[0], &[1, 2], &[]);
        for level in [Level::Strong, Level::Learner] {
            for r in [0.0, 0.2, 0.6, 0.99] {
                let (order, said) = computer_choice(&game, &reply, level, || r);
                if said == "The computer played a winning move." {
                    continue; // the strong level above its slip rate
                }
                let mut order = order;
                order.sort();
                let mut expected = vec![moves[1].clone(), moves[2].clone()];
                expected.sort();
                assert_eq!(order, expected, "{level:?} at {r}: {said}");
            }
        }
        let (_, said) = computer_choice(&game, &reply, Level::Learner, || 0.5);
        assert_eq!(
            said,
            "The computer (learner) moved at random, among the moves to positions the solver knows \
             (so your hint answers at once)."
        );
        // The learner without facts: any move.
        let (order, said) = computer_choice(&game, &exact(&game, &[0]), Level::Learner, || 0.5);
        assert_eq!(order.len(), moves.len());
        assert_eq!(said, "The computer (learner) moved at random.");
    }

    #[wasm_bindgen_test]
    fn the_learner_thinks_briefly() {
        let mut learner = game(Level::Learner);
        learner.think_seconds = 20;
        assert_eq!(think_ms(&learner), LEARNER_THINK_MS);
        let mut perfect = game(Level::Perfect);
        perfect.think_seconds = 20;
        assert_eq!(think_ms(&perfect), 20_000);
    }
}
