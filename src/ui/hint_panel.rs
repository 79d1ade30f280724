//! The hint: the solver's verdict on the position and the reason behind it. In normal play, each heap's
//! value in binary and their XOR (the nim-sum), and how the winning move changes one heap so the nim-sum
//! becomes 0; in misère play, how the outcome was decided (tame genera or exact search).

use super::learn::{heaps_text, url_code, use_classroom};
use crate::play::board::{Board, BoardMove};
use crate::play::move_values::board_move_values;
use crate::play::opponent::{lasting_board_moves, winning_board_moves};
use crate::play::words::capitalised;
use crate::worker::protocol::{Outcome, PositionAnswer};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HintPanelProps {
    pub board: Board,
    pub answer: PositionAnswer,
}

#[function_component(HintPanel)]
pub fn hint_panel(props: &HintPanelProps) -> Html {
    let classroom = use_classroom();
    let answer = &props.answer;
    let board = &props.board;
    let winning = winning_board_moves(board, answer);
    // Every winning move on the board: mirror moves count apart, though they leave the same heaps.
    let on_board: Vec<BoardMove> = board_move_values(board, answer)
        .iter()
        .filter(|v| v.wins())
        .map(|v| v.mv)
        .collect();
    let all = if on_board.is_empty() {
        winning.clone()
    } else {
        on_board
    };
    let verdict = match (answer.outcome, winning.first()) {
        (Outcome::P, _) => html! {
            <p id="hint-verdict" class="verdict lost">
                { "The player to move loses with perfect play: every move leaves a winning position for the other player." }
            </p>
        },
        (Outcome::N, Some(&best)) => html! {
            <p id="hint-verdict" class="verdict won">
                { "Winning move: " }<strong id="hint-move">{ board.describe(best) }</strong>
                { format!(" ({} winning move{} in all{}).", all.len(), if all.len() == 1 { "" } else { "s" }, named(board, &all)) }
            </p>
        },
        (Outcome::N, None) => html! {
            <p id="hint-verdict" class="verdict won">{ "The player to move wins." }</p>
        },
    };
    html! {
        <section class="hint-panel" aria-live="polite">
            <h2>{ "Hint" }</h2>
            { verdict }
            <p id="hint-plain">{ plain_words(board, answer, winning.first().copied()) }</p>
            // The reason in nimbers, one click away; open at once except in classroom mode.
            <details class="hint-why" open={!classroom}>
                <summary>{ if answer.rules.is_misere() { "Why (misère play, for experts)" } else { "Why (nimbers and XOR, for experts)" } }</summary>
                if answer.rules.is_misere() {
                    { misere_reason(answer) }
                } else {
                    { nim_sum_table(board, answer, winning.first().copied()) }
                }
                if !answer.rules.is_misere() {
                    <p><a id="explain-link" href={format!("/learn/nim-sum?code={}&heaps={}", url_code(&answer.code), heaps_text(&answer.heaps))}>
                        { "Explain this nim-sum step by step" }</a></p>
                } else {
                    <p><a id="explain-link" href={format!("/learn/misere?code={}&heaps={}", url_code(&answer.code), heaps_text(&answer.heaps))}>
                        { "More on misère play of this game" }</a></p>
                }
            </details>
            <p class="muted">{ format!("Solved in {}.", format_ms(answer.elapsed_ms)) }</p>
        </section>
    }
}

/// The hint for a beginner: what to play and why, with no nimbers, XOR or "N-position".
fn plain_words(board: &Board, answer: &PositionAnswer, best: Option<BoardMove>) -> String {
    let goal = match (board, answer.rules.is_misere()) {
        (Board::Nim(_), true) => "your opponent has to take the last counter",
        (Board::Nim(_), false) => "you take the last counter",
        (_, true) => "your opponent has to make the last move",
        (_, false) => "you make the last move",
    };
    match (answer.outcome, best) {
        (Outcome::N, Some(best)) => format!(
            "{}. Then, whatever your opponent does, you can always answer so that {goal}.",
            capitalised(&play_words(board, best))
        ),
        (Outcome::N, None) => format!("You can win: there is a move after which {goal}."),
        (Outcome::P, _) => {
            let lasting = lasting_board_moves(board, answer);
            let last = lasting
                .first()
                .map(|&mv| {
                    format!(
                        " {} makes the game last longest.",
                        capitalised(&play_words(board, mv))
                    )
                })
                .unwrap_or_default();
            format!(
                "Every move loses if your opponent plays well. Make the game last as long as you can, \
                 and hope they slip.{last}"
            )
        }
    }
}

/// A move as an instruction: "mark dot 4", "split the pile of 7 into 3 and 4", "take 3 from the pile of 7".
fn play_words(board: &Board, mv: BoardMove) -> String {
    match (board, mv) {
        (Board::Piles(piles), BoardMove::Split { pile, top }) if pile < piles.len() => format!(
            "split the pile of {} into {} and {}",
            piles[pile],
            top,
            piles[pile] - top
        ),
        (Board::Nim(piles), BoardMove::Take { pile, count }) if pile < piles.len() => {
            format!("take {count} from the pile of {}", piles[pile])
        }
        (_, BoardMove::Mark(_)) => format!("mark {}", board.describe(mv)),
        _ => format!("knock down {}", board.describe(mv)),
    }
}

/// ": dot 4 and dot 9" when there are a few winning moves, so that each is named.
fn named(board: &Board, moves: &[BoardMove]) -> String {
    let names: Vec<String> = moves.iter().map(|&mv| board.describe(mv)).collect();
    match names.as_slice() {
        [_] | [] => String::new(),
        [rest @ .., last] if names.len() <= 6 => format!(": {} and {last}", rest.join(", ")),
        _ => String::new(),
    }
}

fn nim_sum_table(board: &Board, answer: &PositionAnswer, best: Option<BoardMove>) -> Html {
    let bits = answer
        .heap_values
        .iter()
        .map(|&v| 32 - v.leading_zeros())
        .max()
        .unwrap_or(1)
        .max(1) as usize;
    let binary = |v: u32| format!("{v:0bits$b}");
    let (heap_word, heaps_word) = match board {
        Board::Dots(_) => ("Run of dots", "runs"),
        Board::Piles(_) | Board::Nim(_) => ("Pile", "piles"),
        Board::Pins(_) => ("Run of pins", "runs"),
    };
    let changed = best.and_then(|mv| match mv {
        BoardMove::Mark(dot) => match board {
            Board::Dots(row) => row
                .components()
                .iter()
                .position(|c| c.start <= dot && dot < c.start + c.len),
            _ => None,
        },
        BoardMove::Split { pile, .. } | BoardMove::Take { pile, .. } => Some(pile),
        BoardMove::KnockDown { start, .. } => match board {
            Board::Pins(row) => row
                .runs()
                .iter()
                .position(|run| run.start <= start && start < run.start + run.len),
            _ => None,
        },
    });
    let rows = answer
        .heaps
        .iter()
        .zip(&answer.heap_values)
        .enumerate()
        .map(|(i, (&heap, &value))| {
            html! {
                <tr class={classes!((changed == Some(i)).then_some("changed"))}>
                    <td>{ format!("{heap_word} {}", i + 1) }</td>
                    <td class="number">{ heap }</td>
                    <td class="number">{ format!("*{value}") }</td>
                    <td class="number binary">{ binary(value) }</td>
                </tr>
            }
        });
    let explanation = match (answer.nimber, changed) {
        (0, _) => "The nim-sum is 0: whatever is played changes one heap's value, and the nim-sum with it, \
                   so the opponent can always bring it back to 0 — and the last move is theirs."
            .to_string(),
        // In Nim a pile's value is its size: the move is the binary sum itself.
        (sum, Some(i)) if matches!(board, Board::Nim(_)) => {
            let size = answer.heap_values[i];
            format!(
                "The nim-sum is {sum} ({}), not 0, so the player to move wins: pile {} of {size} ({}) \
                 becomes {size} ⊕ {sum} = {} ({}), by taking {}; then the nim-sum is 0.",
                binary(sum),
                i + 1,
                binary(size),
                size ^ sum,
                binary(size ^ sum),
                size - (size ^ sum)
            )
        }
        (sum, Some(i)) => {
            let value = answer.heap_values[i];
            format!(
                "The nim-sum is {sum} ({}), not 0, so the player to move wins: change {} {} (worth *{value}) \
                 into heaps worth *{value} ⊕ {sum} = *{} together; then the nim-sum is 0.",
                binary(sum),
                heaps_word.trim_end_matches('s'),
                i + 1,
                value ^ sum
            )
        }
        (sum, None) => format!("The nim-sum is {sum}, not 0: the player to move wins."),
    };
    html! {
        <>
            <table class="nim-sum">
                <thead><tr><th>{ "Heap" }</th><th class="number">{ "Size" }</th><th class="number">{ "Value" }</th><th class="number">{ "Binary" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
                <tfoot>
                    <tr id="nim-sum-row">
                        <th colspan="2">{ "Nim-sum (XOR)" }</th>
                        <th class="number">{ format!("*{}", answer.nimber) }</th>
                        <th class="number binary">{ binary(answer.nimber) }</th>
                    </tr>
                </tfoot>
            </table>
            <p class="explanation">{ explanation }</p>
        </>
    }
}

fn misere_reason(answer: &PositionAnswer) -> Html {
    let genera = answer.genera.as_ref().map(|genera| {
        let items = answer
            .heaps
            .iter()
            .zip(genera)
            .map(|(heap, genus)| html! { <li>{ format!("heap {heap}: ") }{ genus_symbol(genus) }</li> });
        html! {
            <>
                <p>{ "Genus of each heap (normal value, then misère values of the heap plus copies of *2):" }</p>
                <ul class="genera">{ for items }</ul>
            </>
        }
    });
    let normal_outcome = if answer.nimber == 0 { "lose" } else { "win" };
    html! {
        <>
            <p id="misere-method">{ format!("Misère play: decided by {}.", answer.method) }</p>
            { for genera }
            <p class="muted">
                { format!("For comparison, in normal play the nim-sum is *{} and the player to move would {normal_outcome}; \
                           misère play differs near the end of the game.", answer.nimber) }
            </p>
        </>
    }
}

/// `3^1431` drawn as 3 with 1431 raised.
fn genus_symbol(genus: &str) -> Html {
    match genus.split_once('^') {
        Some((normal, misere)) => {
            html! { <span class="genus">{ normal }<sup>{ misere }</sup></span> }
        }
        None => html! { <span class="genus">{ genus }</span> },
    }
}

pub fn format_ms(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}
