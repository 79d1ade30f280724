//! The row of dots of the independence game. Each run of dots that can still be marked is one heap and is
//! drawn as a group with its size under it; marked dots and their neighbours are greyed out.

use super::row_groups::grouped;
use super::value_marks::board_value_marks;
use crate::play::board::BoardMove;
use crate::play::move_values::BoardMoveValue;
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
    /// "Show values": every legal move's value, when known.
    #[prop_or_default]
    pub values: Vec<BoardMoveValue>,
    pub on_move: Callback<BoardMove>,
}

#[function_component(DotsBoard)]
pub fn dots_board(props: &DotsBoardProps) -> Html {
    let row = &props.row;
    let dot = |index: usize| {
        let available = row.is_available(index);
        let marks = props
            .values
            .iter()
            .find(|v| v.mv == BoardMove::Mark(index))
            .map(board_value_marks);
        let class = classes!(
            "dot",
            marks.as_ref().map(|m| m.class),
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
        let label = match &marks {
            Some(m) => format!("dot {} ({state}; {})", index + 1, m.title),
            None => format!("dot {} ({state})", index + 1),
        };
        html! {
            <button {class} {onclick} disabled={!available || !props.enabled}
                    aria-label={label} data-dot={(index + 1).to_string()}
                    title={marks.as_ref().map(|m| m.title.clone())}
                    data-after={marks.as_ref().map(|m| m.after)}
                    data-remoteness={marks.as_ref().map(|m| m.remoteness.clone())}>
                { marks.as_ref().map(|m| m.remoteness.clone()).unwrap_or_default() }
            </button>
        }
    };

    // Runs of available dots become groups; everything else stands alone.
    let components = row.components();
    let items = grouped(row.len(), &components, dot);
    html! {
        <div class="board dots-board" tabindex="-1" role="group" aria-label="row of dots">{ for items }</div>
    }
}
