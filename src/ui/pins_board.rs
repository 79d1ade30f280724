//! A row of pins for the Dots page's variants (Kayles, Dawson's Kayles, other octal codes). Press a pin to
//! start a move and a pin of the same run to finish it (the same pin again knocks down just that one); the
//! pins between go down if the code allows it, otherwise the board says why. Escape drops the selection.

use super::row_groups::grouped;
use crate::play::board::BoardMove;
use crate::play::pins::{describe_range, PinRow};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PinsBoardProps {
    pub row: PinRow,
    pub hint: Option<BoardMove>,
    pub last: Option<BoardMove>,
    pub enabled: bool,
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
        let class = classes!(
            "dot",
            "pin",
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
        html! {
            <button {class} {onclick} disabled={down || !props.enabled}
                    aria-label={format!("pin {} ({})", index + 1, if down { "down" } else { "standing" })}
                    data-pin={(index + 1).to_string()} />
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
            <div class="board dots-board pins-board" tabindex="-1" role="group" aria-label="row of pins" {onkeydown}>{ for items }</div>
            if let Some(first) = *selected {
                <p class="muted" id="pin-selection">{ format!("Pin {} chosen: press the last pin to knock down (the same pin for just that one); Escape to drop it.", first + 1) }</p>
            }
            if let Some(text) = &*refusal {
                <p class="error" role="alert" id="pin-refusal">{ text }</p>
            }
        </>
    }
}
