//! The moves played so far, numbered, with who played each.

use crate::play::game::{Game, Opponent};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    pub game: Game,
}

#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let game = &props.game;
    let player = |number: usize| -> &'static str {
        let first = number.is_multiple_of(2);
        match game.opponent {
            Opponent::Human if first => "Player 1",
            Opponent::Human => "Player 2",
            Opponent::Computer { moves_first, .. } if first == moves_first => "Computer",
            Opponent::Computer { .. } => "You",
        }
    };
    let items = game.moves.iter().enumerate().map(|(number, &mv)| {
        let before = game.board_after(number);
        html! { <li>{ format!("{}: {}", player(number), before.describe(mv)) }</li> }
    });
    html! {
        <section class="move-list">
            <h2>{ "Moves" }</h2>
            if game.moves.is_empty() {
                <p class="muted">{ "No moves yet." }</p>
            } else {
                <ol id="moves">{ for items }</ol>
            }
        </section>
    }
}
