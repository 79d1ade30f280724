//! The row of dots of the independence game. Each run of dots that can still be marked is one heap and is
//! drawn as a group with its size under it; marked dots and their neighbours are greyed out.

use super::row_groups::grouped;
use crate::play::board::BoardMove;
use sprague_engine::games::heap::DotRow;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DotsBoardProps {
    pub row: DotRow,
    /// A dot to point out (the hint).
    pub hint: Option<usize>,
    /// The dot marked last.
    pub last: Option<usize>,
    /// False while it is not a person's turn.
    pub enabled: bool,
    pub on_move: Callback<BoardMove>,
}

#[function_component(DotsBoard)]
pub fn dots_board(props: &DotsBoardProps) -> Html {
    let row = &props.row;
    let dot = |index: usize| {
        let available = row.is_available(index);
        let class = classes!(
            "dot",
            if row.is_marked(index) {
                "marked"
            } else if available {
                "free"
            } else {
                "blocked"
            },
            (props.hint == Some(index)).then_some("hint"),
            (props.last == Some(index)).then_some("last"),
        );
        let onclick = props.on_move.reform(move |_| BoardMove::Mark(index));
        let state = if row.is_marked(index) {
            "marked"
        } else if available {
            "free"
        } else {
            "out of play"
        };
        html! {
            <button {class} {onclick} disabled={!available || !props.enabled}
                    aria-label={format!("dot {} ({state})", index + 1)} data-dot={(index + 1).to_string()} />
        }
    };

    // Runs of available dots become groups; everything else stands alone.
    let components = row.components();
    let items = grouped(row.len(), &components, dot);
    html! {
        <div class="board dots-board" tabindex="-1" role="group" aria-label="row of dots">{ for items }</div>
    }
}
