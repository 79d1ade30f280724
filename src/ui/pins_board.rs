//! A row of pins for the Dots page's variants (Kayles, Dawson's Kayles, other octal codes). Press a pin to
//! start a move and a pin of the same run to finish it (the same pin again knocks down just that one); the
//! pins between go down if the code allows it, otherwise the board says why. Escape drops the selection.
//! With "Show values" on, each pin shows the best knock-down that starts or ends there; once a first pin is
//! chosen, each pin that would finish a move shows that move's value.

use super::row_groups::grouped;
use super::value_marks::{board_value_marks, ValueMarks};
use crate::play::board::BoardMove;
use crate::play::move_values::BoardMoveValue;
use crate::play::pins::{describe_range, PinRow};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PinsBoardProps {
    pub row: PinRow,
    pub hint: Option<BoardMove>,
    pub last: Option<BoardMove>,
    pub enabled: bool,
    /// "Show values": every legal move's value, when known.
    #[prop_or_default]
    pub values: Vec<BoardMoveValue>,
    pub on_move: Callback<BoardMove>,
}

#[function_component(PinsBoard)]
pub fn pins_board(props: &PinsBoardProps) -> Html {
    let row = &props.row;
    let selected = use_state(|| None::<usize>);
    let refusal = use_state(|| None::<String>);
    // A new position drops a half-made move.
    {
        let (selected, refusal) = (selected.clone(), refusal.clone());
        use_effect_with(row.clone(), move |_| {
            selected.set(None);
            refusal.set(None);
        });
    }
    let in_range = |mv: Option<BoardMove>, pin: usize| matches!(mv, Some(BoardMove::KnockDown { start, len }) if start <= pin && pin < start + len);
    let pin = |index: usize| {
        let down = row.is_down(index);
        let marks = pin_marks(&props.values, *selected, index);
        let class = classes!(
            "dot",
            "pin",
            marks.as_ref().map(|m| m.class),
            if down { "marked" } else { "free" },
            (*selected == Some(index)).then_some("selected"),
            in_range(props.hint, index).then_some("hint"),
            in_range(props.last, index).then_some("last"),
        );
        let onclick = {
            let (selected, refusal, on_move, row) = (
                selected.clone(),
                refusal.clone(),
                props.on_move.clone(),
                row.clone(),
            );
            Callback::from(move |_| match *selected {
                None => {
                    selected.set(Some(index));
                    refusal.set(None);
                }
                Some(first) => {
                    let (start, len) = (first.min(index), first.abs_diff(index) + 1);
                    selected.set(None);
                    if row.allows(start, len) {
                        on_move.emit(BoardMove::KnockDown { start, len });
                    } else {
                        refusal.set(Some(format!(
                            "Knocking down {} is not a move in {}.",
                            describe_range(start, len),
                            row.game()
                        )));
                    }
                }
            })
        };
        let state = if down { "down" } else { "standing" };
        let label = match &marks {
            Some(m) => format!("pin {} ({state}; {})", index + 1, m.title),
            None => format!("pin {} ({state})", index + 1),
        };
        html! {
            <button {class} {onclick} disabled={down || !props.enabled}
                    aria-label={label} data-pin={(index + 1).to_string()}
                    title={marks.as_ref().map(|m| m.title.clone())}
                    data-after={marks.as_ref().map(|m| m.after)}
                    data-remoteness={marks.as_ref().map(|m| m.remoteness.clone())}>
                { marks.as_ref().map(|m| m.remoteness.clone()).unwrap_or_default() }
            </button>
        }
    };
    let onkeydown = {
        let selected = selected.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                selected.set(None);
            }
        })
    };
    let runs = row.runs();
    let items = grouped(row.len(), &runs, pin);
    html! {
        <>
            <div class={classes!("board", "dots-board", "pins-board", (!props.values.is_empty()).then_some("valued"))} tabindex="-1" role="group" aria-label="row of pins" {onkeydown}>{ for items }</div>
            if let Some(first) = *selected {
                <p class="muted" id="pin-selection">{ format!("Pin {} chosen: press the last pin to knock down (the same pin for just that one); Escape to drop it.", first + 1) }
                    if !props.values.is_empty() { { " The marked pins finish a move: green wins, red loses." } }
                </p>
            }
            if let Some(text) = &*refusal {
                <p class="error" role="alert" id="pin-refusal">{ text }</p>
            }
        </>
    }
}

/// The marks of pin `pin`. With a first pin chosen: the value of knocking down from it to this pin, if that
/// is a move. Otherwise: the best move with an end at this pin — the quickest win, or else the loss that
/// lasts longest — named in the tooltip.
fn pin_marks(values: &[BoardMoveValue], selected: Option<usize>, pin: usize) -> Option<ValueMarks> {
    if let Some(first) = selected {
        let mv = BoardMove::KnockDown {
            start: first.min(pin),
            len: first.abs_diff(pin) + 1,
        };
        return values.iter().find(|v| v.mv == mv).map(board_value_marks);
    }
    let ends_here = |v: &&BoardMoveValue| matches!(v.mv, BoardMove::KnockDown { start, len } if start == pin || start + len - 1 == pin);
    let best = values.iter().filter(ends_here).min_by_key(|v| {
        let left = v.after.remoteness as i64;
        (!v.wins(), if v.wins() { left } else { -left })
    })?;
    let mut marks = board_value_marks(best);
    if let BoardMove::KnockDown { start, len } = best.mv {
        marks.title = format!(
            "Best knock-down from here: {}. {}",
            describe_range(start, len),
            marks.title
        );
    }
    Some(marks)
}
