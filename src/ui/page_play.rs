//! What a game page (heaps, graphs, Sprouts) keeps beside the game in its URL — the longest line of play
//! seen from this start (what redo replays) and what the computer said about its last move — as a
//! reducer, and the one way such a page changes the game it shows: a `Step`, shown in the URL with the
//! note it calls for.

use crate::play::history::{is_prefix, MoveList};
use crate::route::{current_pairs, replace_keys, Route};
use std::rc::Rc;
use yew::prelude::*;
use yew_router::prelude::*;

/// A game whose line of play a page keeps for redo.
pub trait KeptLine: MoveList + PartialEq + 'static {}

impl<G: MoveList + PartialEq + 'static> KeptLine for G {}

#[derive(Clone, Debug, PartialEq)]
pub struct PagePlay<G> {
    /// The longest line of play seen from this start, for redo.
    pub line: G,
    /// What the computer said about its last move, or why the game started again.
    pub note: Option<String>,
}

/// A change of the game a page shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Step<G> {
    /// The person moved, undid, restarted or began a new game: what the computer said no longer applies.
    Person(G),
    /// Redo: the note stays, as nothing new was said.
    Redo(G),
    /// The computer's move, with what it says about it.
    Computer(G, String),
    /// The game starts again from the beginning, with why (the person asked for something else).
    Restart(G, String),
}

impl<G> Step<G> {
    pub fn game(&self) -> &G {
        match self {
            Step::Person(game) | Step::Redo(game) => game,
            Step::Computer(game, _) | Step::Restart(game, _) => game,
        }
    }

    /// The computer's reply takes the place of the history entry of the move it answers, so that back
    /// returns to the person's turn; every other step is an entry of its own.
    pub fn replaces_entry(&self) -> bool {
        matches!(self, Step::Computer(..))
    }
}

pub enum PlayAction<G> {
    /// The URL shows `game` (after a step, back or forward, or an opened link).
    Reached(G),
    /// A step is about to be shown.
    Took(Step<G>),
}

impl<G: KeptLine> PagePlay<G> {
    pub fn new(game: G) -> Self {
        PagePlay {
            line: game,
            note: None,
        }
    }
}

impl<G: KeptLine> Reducible for PagePlay<G> {
    type Action = PlayAction<G>;

    fn reduce(self: Rc<Self>, action: PlayAction<G>) -> Rc<Self> {
        match action {
            // A point of the line (after undo or back) keeps the line, so that redo can replay it.
            PlayAction::Reached(game) if is_prefix(&game, &self.line) => self,
            // Another game (a link, the header's link to the page, another start): what the computer
            // said about the last one is not about this one.
            PlayAction::Reached(game) if !game.same_setting(&self.line) => Rc::new(PagePlay {
                line: game,
                note: None,
            }),
            PlayAction::Reached(game) => Rc::new(PagePlay {
                line: game,
                note: self.note.clone(),
            }),
            PlayAction::Took(Step::Redo(_)) => self,
            PlayAction::Took(Step::Person(_)) => Rc::new(PagePlay {
                line: self.line.clone(),
                note: None,
            }),
            PlayAction::Took(Step::Computer(_, said) | Step::Restart(_, said)) => {
                Rc::new(PagePlay {
                    line: self.line.clone(),
                    note: Some(said),
                })
            }
        }
    }
}

/// The page's play state, and the callback every step goes through: it sets the note and shows the step's
/// game at `route` (the game's own keys, `game_keys`, replaced by `to_pairs` of the game; other keys of
/// the URL kept).
#[hook]
pub fn use_page_play<G: KeptLine>(
    game: &G,
    route: Route,
    game_keys: &'static [&'static str],
    to_pairs: fn(&G) -> Vec<(String, String)>,
) -> (UseReducerHandle<PagePlay<G>>, Callback<Step<G>>) {
    let play = {
        let game = game.clone();
        use_reducer(move || PagePlay::new(game))
    };
    {
        let play = play.clone();
        use_effect_with(game.clone(), move |game| {
            play.dispatch(PlayAction::Reached(game.clone()))
        });
    }
    let navigator = use_navigator();
    let take = {
        let play = play.clone();
        Callback::from(move |step: Step<G>| {
            let pairs = replace_keys(current_pairs(), game_keys, to_pairs(step.game()));
            let replace = step.replaces_entry();
            play.dispatch(PlayAction::Took(step));
            if let Some(navigator) = &navigator {
                let _ = if replace {
                    navigator.replace_with_query(&route, &pairs)
                } else {
                    navigator.push_with_query(&route, &pairs)
                };
            }
        })
    };
    (play, take)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::board::{BoardKind, BoardMove};
    use crate::play::game::{Game, Opponent, Rules};
    use crate::play::sprouts_game::SproutsGame;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// A game of Dots between friends after marking these dots.
    fn dots_after(marks: &[usize]) -> Game {
        let start = Game::default_for(BoardKind::Dots);
        let mut game = Game::new(start.start, Rules::Normal, Opponent::Human);
        for &dot in marks {
            game.play(BoardMove::Mark(dot)).expect("a legal mark");
        }
        game
    }

    fn after(start: Game, actions: Vec<PlayAction<Game>>) -> PagePlay<Game> {
        let state = actions
            .into_iter()
            .fold(Rc::new(PagePlay::new(start)), |state, action| {
                state.reduce(action)
            });
        (*state).clone()
    }

    #[wasm_bindgen_test]
    fn the_line_for_redo_grows_with_new_moves_and_stays_through_undo() {
        use PlayAction::Reached;
        let longest = dots_after(&[0, 5, 9]);
        // Back to an earlier point: the line stays, so redo can replay it.
        let undone = after(
            dots_after(&[]),
            vec![Reached(longest.clone()), Reached(dots_after(&[0]))],
        );
        assert_eq!(undone.line, longest);
        // Another move from that point: the new line replaces the old.
        let branched = after(
            dots_after(&[]),
            vec![Reached(longest), Reached(dots_after(&[0, 7]))],
        );
        assert_eq!(branched.line, dots_after(&[0, 7]));
        // Another start is another line.
        let other = Game::default_for(BoardKind::Grundy);
        assert_eq!(
            after(dots_after(&[0]), vec![Reached(other.clone())]).line,
            other
        );
    }

    #[wasm_bindgen_test]
    fn the_computers_note_stays_through_redo_and_goes_with_the_persons_next_step() {
        use PlayAction::Took;
        let said = |text: &str| Some(text.to_string());
        let game = dots_after(&[0]);
        let spoken = vec![Took(Step::Computer(game.clone(), "I played dot 1.".into()))];
        assert_eq!(after(game.clone(), spoken).note, said("I played dot 1."));
        let redone = vec![
            Took(Step::Computer(game.clone(), "I played dot 1.".into())),
            Took(Step::Redo(game.clone())),
        ];
        assert_eq!(after(game.clone(), redone).note, said("I played dot 1."));
        let moved_on = vec![
            Took(Step::Computer(game.clone(), "I played dot 1.".into())),
            Took(Step::Person(game.clone())),
        ];
        assert_eq!(after(game.clone(), moved_on).note, None);
        let restarted = vec![Took(Step::Restart(game.clone(), "Edited.".into()))];
        assert_eq!(after(game.clone(), restarted).note, said("Edited."));
        // Only the computer's reply takes the place of a history entry.
        assert!(Step::Computer(game.clone(), String::new()).replaces_entry());
        assert!(!Step::Person(game.clone()).replaces_entry());
        assert!(!Step::Redo(game.clone()).replaces_entry());
        assert!(!Step::Restart(game, String::new()).replaces_entry());
    }

    #[wasm_bindgen_test]
    fn the_computers_note_stays_with_its_game_and_goes_with_another() {
        use PlayAction::{Reached, Took};
        let said = Some("The computer played dot 1.".to_string());
        let game = dots_after(&[0]);
        let answered = dots_after(&[0, 5]);
        // The computer's move reached in the URL: its note stays.
        let spoken = vec![
            Took(Step::Computer(answered.clone(), said.clone().unwrap())),
            Reached(answered.clone()),
        ];
        assert_eq!(after(game.clone(), spoken).note, said);
        // Another game shown (the header's link to a page, a link opened): the note goes.
        let elsewhere = vec![
            Took(Step::Computer(answered.clone(), said.clone().unwrap())),
            Reached(answered),
            Reached(Game::default_for(BoardKind::Grundy)),
        ];
        assert_eq!(after(game, elsewhere).note, None);
    }

    #[wasm_bindgen_test]
    fn a_sprouts_line_for_redo_is_kept_through_undo_and_replaced_by_another_move() {
        use sprague_engine::games::sprouts::Position;
        let start = SproutsGame::new(Position::start(2).unwrap(), Rules::Normal, Opponent::Human);
        let after_moves = |picks: &[usize]| {
            let mut game = start.clone();
            for &pick in picks {
                let child = game.moves()[pick].clone();
                game.play(child).unwrap();
            }
            game
        };
        let reached = |games: Vec<SproutsGame>| {
            games
                .into_iter()
                .fold(Rc::new(PagePlay::new(start.clone())), |state, game| {
                    state.reduce(PlayAction::Reached(game))
                })
                .line
                .clone()
        };
        let longest = after_moves(&[0, 0]);
        assert_eq!(reached(vec![longest.clone(), start.clone()]), longest);
        let other = after_moves(&[1]);
        assert_eq!(reached(vec![longest, other.clone()]), other);
    }
}
