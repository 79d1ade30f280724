//! Piles drawn as stacks of counters. In Grundy's game pressing a counter splits its pile below that
//! counter: it and the counters above it become a pile of their own (the two parts must differ in size). In
//! Nim (`take`) pressing a counter takes it and the counters above it away.

use super::value_marks::board_value_marks;
use crate::play::board::BoardMove;
use crate::play::move_values::BoardMoveValue;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PilesBoardProps {
    pub piles: Vec<usize>,
    /// Nim: a press takes counters away rather than splitting the pile.
    #[prop_or_default]
    pub take: bool,
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
    let take = props.take;
    // The move a press on counter `top` (counted from the top) of pile `pile` makes.
    let move_at = move |pile: usize, top: usize| {
        if take {
            BoardMove::Take { pile, count: top }
        } else {
            BoardMove::Split { pile, top }
        }
    };
    let pile = |(pile, &size): (usize, &usize)| {
        let hint_top = match props.hint {
            Some(BoardMove::Split { pile: p, top }) if p == pile => Some(top),
            Some(BoardMove::Take { pile: p, count }) if p == pile => Some(count),
            _ => None,
        };
        let made_last = match props.last {
            Some(BoardMove::Split { pile: p, .. }) => p == pile || p + 1 == pile,
            Some(BoardMove::Take { pile: p, .. }) => p == pile,
            _ => false,
        };
        // Counters bottom first: the page stacks them upwards, and `:hover ~ .counter` lights the ones above.
        let counters = (1..=size).rev().map(|top| {
            let legal = take || (top < size && 2 * top != size);
            let marks = props
                .values
                .iter()
                .find(|v| v.mv == move_at(pile, top))
                .map(board_value_marks);
            let class = classes!(
                "counter",
                marks.as_ref().map(|m| m.class),
                (hint_top == Some(top)).then_some("hint"),
                (hint_top.is_some_and(|t| top < t)).then_some("hint-part"),
            );
            let onclick = props.on_move.reform(move |_| move_at(pile, top));
            let label = if take {
                format!(
                    "take {top} from pile {} of {size}, leaving {}",
                    pile + 1,
                    size - top
                )
            } else if legal {
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
