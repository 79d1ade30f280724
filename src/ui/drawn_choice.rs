//! The computer's Sprouts move while the worker draws it: the computer gives the worker its moves in the
//! order it would try them, the worker plays the first it can route on the page's drawing and answers with
//! that move drawn. As a reducer, so that the answer is matched against what is asked now (not what a
//! callback saw when it was made), and played by the page only if the game is still where it was asked.

use super::page_play::Step;
use crate::play::sprouts_drawing::line_key;
use crate::play::sprouts_game::SproutsGame;
use crate::worker::protocol::{RequestId, Response};
use sprague_engine::draw::name_last_move;
use sprague_engine::draw::DrawnMove;
use sprague_engine::games::sprouts::Position;
use std::rc::Rc;
use yew::Reducible;

/// The computer's choices sent to the worker to be drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Choosing {
    pub id: RequestId,
    /// The game before the move.
    pub game: SproutsGame,
    /// What to tell the player once it is played.
    pub said: String,
    /// Played if the worker cannot draw any choice.
    pub fallback: Position,
}

/// What the worker answered about a `Choosing`.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// The move it played, drawn.
    Drawn(Position, DrawnMove),
    /// No choice could be drawn: the fallback is played all the same (the board says why it cannot draw it).
    NotDrawn,
    /// A move that is no position: nothing is played.
    Unreadable,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawnChoice {
    /// Asked, not answered yet: the page is busy.
    pub pending: Option<Choosing>,
    /// Answered, for the page to play.
    pub answered: Option<(Choosing, Answered)>,
}

pub enum ChoiceEvent {
    /// The choices went to the worker.
    Sent(Choosing),
    /// The worker said something (perhaps to another question).
    Heard(Response),
    /// The page has played the answer (or dropped it).
    Played,
}

impl Reducible for DrawnChoice {
    type Action = ChoiceEvent;

    fn reduce(self: Rc<Self>, action: ChoiceEvent) -> Rc<Self> {
        match action {
            ChoiceEvent::Sent(choosing) => Rc::new(DrawnChoice {
                pending: Some(choosing),
                answered: None,
            }),
            ChoiceEvent::Heard(response) => {
                let Some(asked) = self.pending.clone() else {
                    return self;
                };
                if response.id() != asked.id {
                    return self;
                }
                let answered = match response {
                    Response::SproutsDrawnChoice {
                        child,
                        drawing,
                        rearranged,
                        ..
                    } => match child.parse::<Position>() {
                        Ok(child) => Answered::Drawn(
                            child,
                            DrawnMove {
                                drawing,
                                rearranged,
                            },
                        ),
                        Err(_) => Answered::Unreadable,
                    },
                    _ => Answered::NotDrawn,
                };
                Rc::new(DrawnChoice {
                    pending: None,
                    answered: Some((asked, answered)),
                })
            }
            ChoiceEvent::Played if self.answered.is_none() => self,
            ChoiceEvent::Played => Rc::new(DrawnChoice {
                pending: self.pending.clone(),
                answered: None,
            }),
        }
    }
}

/// The computer's move to show for `answered`, with the drawing to keep for it, when the game shown is
/// still `asked.game` (the person may have undone or left meanwhile).
pub fn drawn_step(
    asked: &Choosing,
    answered: &Answered,
    shown: &SproutsGame,
) -> Option<(Step<SproutsGame>, Option<DrawnMove>)> {
    if line_key(&shown.start, &shown.line) != line_key(&asked.game.start, &asked.game.line) {
        return None;
    }
    let (child, drawn) = match answered {
        Answered::Drawn(child, drawn) => (child.clone(), Some(drawn.clone())),
        Answered::NotDrawn => (asked.fallback.clone(), None),
        Answered::Unreadable => return None,
    };
    let mut next = asked.game.clone();
    next.play(child).ok()?;
    // The move in words, read off its curve, when it was added to the picture as it was.
    let named = drawn
        .as_ref()
        .filter(|drawn| drawn.rearranged.is_none())
        .and_then(|drawn| name_last_move(&drawn.drawing));
    let said = match named {
        Some(name) => format!("{} Its move: {name}.", asked.said),
        None => asked.said.clone(),
    };
    Some((Step::Computer(next, said), drawn))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::draw::Drawing as Picture;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Two spots, the computer's choices asked with id 7.
    fn asked() -> Choosing {
        let game = SproutsGame::new(
            Position::start(2).unwrap(),
            crate::play::game::Rules::Normal,
            crate::play::game::Opponent::Human,
        );
        let fallback = game.moves()[0].clone();
        Choosing {
            id: 7,
            game,
            said: "The computer played a winning move.".into(),
            fallback,
        }
    }

    fn drawn_answer(id: RequestId, child: &str) -> Response {
        Response::SproutsDrawnChoice {
            id,
            child: child.into(),
            drawing: Picture::start(2),
            rearranged: None,
        }
    }

    fn after(actions: Vec<ChoiceEvent>) -> DrawnChoice {
        let state = actions
            .into_iter()
            .fold(Rc::new(DrawnChoice::default()), |state, action| {
                state.reduce(action)
            });
        (*state).clone()
    }

    #[wasm_bindgen_test]
    fn only_the_answer_to_the_choice_asked_is_kept() {
        let asked = asked();
        let child = asked.game.moves()[1].to_string();
        // Nothing asked, or another question's answer: nothing changes.
        assert_eq!(
            after(vec![ChoiceEvent::Heard(drawn_answer(7, &child))]),
            DrawnChoice::default()
        );
        let other = after(vec![
            ChoiceEvent::Sent(asked.clone()),
            ChoiceEvent::Heard(drawn_answer(8, &child)),
        ]);
        assert_eq!(other.pending, Some(asked.clone()));
        let heard = after(vec![
            ChoiceEvent::Sent(asked.clone()),
            ChoiceEvent::Heard(drawn_answer(7, &child)),
        ]);
        assert_eq!(heard.pending, None);
        assert!(matches!(heard.answered, Some((_, Answered::Drawn(..)))));
        let played = after(vec![
            ChoiceEvent::Sent(asked.clone()),
            ChoiceEvent::Heard(drawn_answer(7, &child)),
            ChoiceEvent::Played,
        ]);
        assert_eq!(played, DrawnChoice::default());
        // A reply of another kind: the fallback is played; a move that is no position: nothing.
        let failed = after(vec![
            ChoiceEvent::Sent(asked.clone()),
            ChoiceEvent::Heard(Response::Cancelled { id: 7 }),
        ]);
        assert_eq!(failed.answered, Some((asked.clone(), Answered::NotDrawn)));
        let garbled = after(vec![
            ChoiceEvent::Sent(asked.clone()),
            ChoiceEvent::Heard(drawn_answer(7, "not a position")),
        ]);
        assert_eq!(garbled.answered, Some((asked, Answered::Unreadable)));
    }

    #[wasm_bindgen_test]
    fn the_drawn_move_is_played_only_where_it_was_asked() {
        let asked = asked();
        let child = asked.game.moves()[1].clone();
        let drawn = DrawnMove {
            drawing: Picture::start(2),
            rearranged: None,
        };
        let mut next = asked.game.clone();
        next.play(child.clone()).unwrap();
        let answered = Answered::Drawn(child.clone(), drawn.clone());
        assert_eq!(
            drawn_step(&asked, &answered, &asked.game),
            Some((
                Step::Computer(next.clone(), asked.said.clone()),
                Some(drawn)
            ))
        );
        // The person moved on (here: the move was shown already): dropped.
        assert_eq!(drawn_step(&asked, &answered, &next), None);
        let mut fallen_back = asked.game.clone();
        fallen_back.play(asked.fallback.clone()).unwrap();
        assert_eq!(
            drawn_step(&asked, &Answered::NotDrawn, &asked.game),
            Some((Step::Computer(fallen_back, asked.said.clone()), None))
        );
        assert_eq!(drawn_step(&asked, &Answered::Unreadable, &asked.game), None);
    }
}
