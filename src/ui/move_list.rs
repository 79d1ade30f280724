//! The moves played so far, numbered, with who played each.

use crate::play::game::Game;
use crate::play::turns;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    pub game: Game,
}

#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let game = &props.game;
    let player = |number: usize| turns::name(game.opponent, turns::side_to_move(number));
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
