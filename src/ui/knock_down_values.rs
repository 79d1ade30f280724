//! "Show values" on a row of pins, in words: every knock-down the rules allow, left to right, green when
//! it wins and red when it loses, with how many moves the game then lasts; the winning ones named in a
//! sentence first. Mirror moves are listed each. Pressing one plays it.

use super::value_marks::board_value_marks;
use crate::play::board::BoardMove;
use crate::play::move_values::BoardMoveValue;
use crate::play::pins::describe_range;
use crate::play::words::{and_list, capitalised};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct KnockDownValuesProps {
    /// Every legal knock-down with its value.
    pub values: Vec<BoardMoveValue>,
    /// False while it is not a person's turn.
    pub enabled: bool,
    pub on_move: Callback<BoardMove>,
}

#[function_component(KnockDownValues)]
pub fn knock_down_values(props: &KnockDownValuesProps) -> Html {
    let named = |value: &BoardMoveValue| match value.mv {
        BoardMove::KnockDown { start, len } => Some((start, len, describe_range(start, len))),
        _ => None,
    };
    let winning: Vec<String> = props
        .values
        .iter()
        .filter(|v| v.wins())
        .filter_map(|v| named(v).map(|(_, _, name)| name))
        .collect();
    let summary = match winning.len() {
        0 => "No knock-down wins here: every one loses if the other player plays well.".to_string(),
        1 => format!(
            "1 knock-down of {} wins: {}.",
            props.values.len(),
            winning[0]
        ),
        n => format!(
            "{n} knock-downs of {} win: {}.",
            props.values.len(),
            and_list(&winning)
        ),
    };
    let items = props.values.iter().filter_map(|value| {
        let (start, len, name) = named(value)?;
        let marks = board_value_marks(value);
        let onclick = props.on_move.reform(move |_| BoardMove::KnockDown { start, len });
        Some(html! {
            <li>
                <button type="button" class={classes!("knock-down", marks.class)} {onclick} disabled={!props.enabled}
                        title={format!("Knock down {name}. {}", marks.title)}
                        aria-label={format!("{}: {}", capitalised(&name), marks.title)}
                        data-start={(start + 1).to_string()} data-len={len.to_string()}
                        data-after={marks.after} data-remoteness={marks.remoteness.clone()}>
                    <span>{ name }</span>
                    <span class="moves-left">{ marks.remoteness }</span>
                </button>
            </li>
        })
    });
    html! {
        <section class="knock-downs" id="knock-downs">
            <p id="winning-knock-downs">{ summary }</p>
            <ul class="knock-down-list">{ for items }</ul>
        </section>
    }
}
