//! The piles of Grundy's game, drawn as stacks of counters. Pressing a counter splits its pile below that
//! counter: it and the counters above it become a pile of their own (the two parts must differ in size).

use super::value_marks::board_value_marks;
use crate::play::board::BoardMove;
use crate::play::move_values::BoardMoveValue;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PilesBoardProps {
    pub piles: Vec<usize>,
    /// A split to point out (the hint).
    pub hint: Option<BoardMove>,
    /// The piles made by the last move.
    pub last: Option<BoardMove>,
    pub enabled: bool,
    /// "Show values": every legal move's value, when known.
    #[prop_or_default]
    pub values: Vec<BoardMoveValue>,
    pub on_move: Callback<BoardMove>,
}

#[function_component(PilesBoard)]
pub fn piles_board(props: &PilesBoardProps) -> Html {
    let pile = |(pile, &size): (usize, &usize)| {
        let hint_top = match props.hint {
            Some(BoardMove::Split { pile: p, top }) if p == pile => Some(top),
            _ => None,
        };
        let made_last = matches!(props.last, Some(BoardMove::Split { pile: p, .. }) if p == pile || p + 1 == pile);
        // Counters bottom first: the page stacks them upwards, and `:hover ~ .counter` lights the ones above.
        let counters = (1..=size).rev().map(|top| {
            let legal = top < size && 2 * top != size;
            let marks = props
                .values
                .iter()
                .find(|v| v.mv == BoardMove::Split { pile, top })
                .map(board_value_marks);
            let class = classes!(
                "counter",
                marks.as_ref().map(|m| m.class),
                (hint_top == Some(top)).then_some("hint"),
                (hint_top.is_some_and(|t| top < t)).then_some("hint-part"),
            );
            let onclick = props
                .on_move
                .reform(move |_| BoardMove::Split { pile, top });
            let label = if legal {
                format!(
                    "split pile {} of {size} into {top} and {}",
                    pile + 1,
                    size - top
                )
            } else {
                format!("counter {top} of pile {}", pile + 1)
            };
            let label = match &marks {
                Some(m) => format!("{label} ({})", m.title),
                None => label,
            };
            html! {
                <button {class} {onclick} disabled={!legal || !props.enabled} aria-label={label}
                        data-pile={(pile + 1).to_string()} data-top={top.to_string()}
                        title={marks.as_ref().map(|m| m.title.clone())}
                        data-after={marks.as_ref().map(|m| m.after)}
                        data-remoteness={marks.as_ref().map(|m| m.remoteness.clone())}>
                    { marks.as_ref().map(|m| m.remoteness.clone()).unwrap_or_default() }
                </button>
            }
        });
        html! {
            <div class={classes!("pile", (size > 24).then_some("tall"), made_last.then_some("last"))}
                 data-size={size.to_string()}>
                <div class="stack">{ for counters }</div>
                <span class="pile-size">{ size }</span>
            </div>
        }
    };
    html! {
        <div class="board piles-board" tabindex="-1" role="group" aria-label="piles">
            { for props.piles.iter().enumerate().map(pile) }
        </div>
    }
}
