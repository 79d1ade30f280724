//! The nim-sum explainer (`/learn/nim-sum?code=0.137&heaps=5.7.9`): each heap's value in binary, the XOR
//! column by column, and how a winning move is found — the highest column with an odd number of ones, a heap
//! with a one there, the value it must drop to, and the options of that heap with that value. The values and
//! the winning moves come from the worker.

use super::csv_link::CsvLink;
use super::heap_picture::HeapPicture;
use super::learn_form::{code_field, Field, LearnForm};
use super::status::Status;
use super::{
    binary, board_link, challenge_link, code_of, get, heaps_text, parse_heaps, star, url_code,
    use_learn, use_query_pairs, DEFAULT_CODE,
};
use crate::route::Route;
use crate::worker::learn_job::MAX_MISERE_TO;
use crate::worker::protocol::{LearnAnswer, LearnQuery, NimSumAnswer};
use yew::prelude::*;

const DEFAULT_HEAPS: &str = "5.7.9";
/// Winning moves of one heap drawn (the others are listed in words).
const MAX_PICTURES: usize = 12;

#[function_component(NimSumPage)]
pub fn nim_sum_page() -> Html {
    let pairs = use_query_pairs();
    let heaps_raw = get(&pairs, "heaps").unwrap_or(DEFAULT_HEAPS).to_string();
    let ask = code_of(&pairs).and_then(|code| {
        let heaps = parse_heaps(&heaps_raw)?;
        Ok((code, LearnQuery::NimSum { heaps }))
    });
    let (state, cancel) = use_learn(ask);
    let fields = vec![
        code_field(get(&pairs, "code").unwrap_or(DEFAULT_CODE)),
        Field {
            key: "heaps",
            label: "Heaps",
            value: heaps_raw,
            hint: "5.7.9",
        },
    ];
    html! {
        <section class="learn nim-sum-page">
            <h1>{ "The nim-sum of a position" }</h1>
            <p class="lead">{ "A sum of games is worth the XOR of its parts' values: write each value in binary and, \
                column by column, put 1 where there is an odd number of ones. The position is lost for the \
                player to move exactly when every column is even (nim-sum 0)." }</p>
            <LearnForm route={Route::LearnNimSum} {fields} busy={state.waiting.is_some()} submit="Explain" />
            <Status state={(*state).clone()} on_cancel={cancel} />
            if let Some(LearnAnswer::NimSum(answer)) = &state.answer {
                { view_answer(answer) }
            }
        </section>
    }
}

fn view_answer(answer: &NimSumAnswer) -> Html {
    let widest = answer
        .heap_values
        .iter()
        .copied()
        .chain([answer.nimber])
        .max()
        .unwrap_or(0);
    let width = (32 - widest.leading_zeros()).max(1) as usize;
    let top_bit = (answer.nimber != 0).then(|| 31 - answer.nimber.leading_zeros());
    // Columns from the highest bit (left) to bit 0.
    let bits: Vec<u32> = (0..width as u32).rev().collect();
    let column_class = |bit: u32| classes!("bit", (Some(bit) == top_bit).then_some("key-column"));
    let row = |index: usize, heap: u64, value: u32| {
        let has_key = top_bit.is_some_and(|bit| value >> bit & 1 == 1);
        html! {
            <tr class={classes!(has_key.then_some("key-row"))} data-heap={heap.to_string()} data-value={value.to_string()}>
                <th scope="row">{ format!("heap {}: {heap}", index + 1) }</th>
                <td class="value">{ star(value) }</td>
                { for bits.iter().map(|&bit| html! { <td class={column_class(bit)}>{ value >> bit & 1 }</td> }) }
            </tr>
        }
    };
    let mut csv = vec![vec![
        "heap".to_string(),
        "value".to_string(),
        "binary".to_string(),
    ]];
    for (heap, value) in answer.heaps.iter().zip(&answer.heap_values) {
        csv.push(vec![
            heap.to_string(),
            value.to_string(),
            binary(*value, width),
        ]);
    }
    csv.push(vec![
        "nim-sum".into(),
        answer.nimber.to_string(),
        binary(answer.nimber, width),
    ]);
    html! {
        <>
            <div class="learn-tools">
                <super::lesson_link::LessonLink />
                <CsvLink filename="nim-sum.csv" rows={csv} />
                if let Some(href) = board_link(&answer.code, &answer.heaps) {
                    <a class="button-like" href={href}>{ "Play this position on the board" }</a>
                }
                // A won position can be given to the class without the answer this view prints.
                if let Some(href) = (answer.nimber != 0).then(|| challenge_link(&answer.code, &answer.heaps)).flatten() {
                    <a class="button-like" id="challenge-link" href={href}>{ "Challenge: find a winning move" }</a>
                }
                if answer.heaps.len() <= 12 && answer.heaps.iter().all(|&h| h <= MAX_MISERE_TO) {
                    <a class="button-like" id="misere-link"
                       href={format!("/learn/misere?code={}&to={}&table=10&heaps={}", url_code(&answer.code),
                                     answer.heaps.iter().copied().max().unwrap_or(0).clamp(10, 30), heaps_text(&answer.heaps))}>
                        { "The same position in misère play" }
                    </a>
                }
            </div>
            <table class="learn-table nim-table" id="nim-table">
                <caption>{ format!("Game {}, position ({})", answer.code, answer.heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ")) }</caption>
                <thead><tr>
                    <th scope="col">{ "Heap" }</th>
                    <th scope="col">{ "Value" }</th>
                    { for bits.iter().map(|&bit| html! { <th scope="col" class={column_class(bit)}>{ (1u64 << bit).to_string() }</th> }) }
                </tr></thead>
                <tbody>
                    { for answer.heaps.iter().zip(&answer.heap_values).enumerate().map(|(i, (&h, &v))| row(i, h, v)) }
                </tbody>
                <tfoot>
                    <tr class="xor-row" id="nim-sum" data-value={answer.nimber.to_string()}>
                        <th scope="row">{ "XOR (nim-sum)" }</th>
                        <td class="value">{ star(answer.nimber) }</td>
                        { for bits.iter().map(|&bit| html! { <td class={column_class(bit)}>{ answer.nimber >> bit & 1 }</td> }) }
                    </tr>
                </tfoot>
            </table>
            { explain(answer, top_bit) }
        </>
    }
}

fn explain(answer: &NimSumAnswer, top_bit: Option<u32>) -> Html {
    let Some(bit) = top_bit else {
        return html! {
            <div class="explain" id="explain" data-outcome="P">
                <p><strong>{ "Nim-sum 0: a P-position." }</strong>{ " The player to move loses against perfect play. \
                    Whatever they do changes one heap's value, so some column becomes odd and the nim-sum is no \
                    longer 0 — and the other player can always make it 0 again." }</p>
            </div>
        };
    };
    let s = answer.nimber;
    let candidates: Vec<usize> = answer
        .heap_values
        .iter()
        .enumerate()
        .filter(|(_, &v)| v >> bit & 1 == 1)
        .map(|(i, _)| i)
        .collect();
    // Heaps whose winning moves raise their value (never in Nim; possible in other games).
    let mut others: Vec<usize> = answer
        .winning_moves
        .iter()
        .map(|(i, _)| *i)
        .filter(|i| !candidates.contains(i))
        .collect();
    others.dedup();
    let step = |index: usize| {
        let heap = answer.heaps[index];
        let value = answer.heap_values[index];
        let target = value ^ s;
        let moves: Vec<_> = answer
            .winning_moves
            .iter()
            .filter(|(i, _)| *i == index)
            .map(|(_, option)| option.clone())
            .collect();
        html! {
            <li class="candidate" data-heap-index={index.to_string()}>
                if target < value {
                    <p>{ format!("Heap {} ({heap}) is worth {}; it must become worth {} ⊕ {} = {}. Since {} < {}, and a heap's value is the mex of its options, some option of it is worth exactly {}:",
                        index + 1, star(value), star(value), star(s), star(target), target, value, star(target)) }</p>
                } else {
                    <p>{ format!("Heap {} ({heap}) is worth {}; {} ⊕ {} = {} is larger, but this heap happens to have an option worth {}:",
                        index + 1, star(value), star(value), star(s), star(target), star(target)) }</p>
                }
                <ul class="winning-moves">
                    { for moves.iter().enumerate().map(|(number, option)| {
                        let mut after = answer.heaps.clone();
                        after.splice(index..=index, option.pieces.iter().copied());
                        let pieces = if option.pieces.is_empty() { "nothing".to_string() } else {
                            option.pieces.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" and ")
                        };
                        let values = if option.pieces.len() > 1 {
                            format!(" ({})", option.piece_values.iter().map(|v| star(*v)).collect::<Vec<_>>().join(" ⊕ "))
                        } else { String::new() };
                        let board = board_link(&answer.code, &after);
                        let nim_sum_link = format!("/learn/nim-sum?code={}&heaps={}", url_code(&answer.code), heaps_text(&after));
                        html! {
                            <li class="winning-move" data-heap-index={index.to_string()}
                                data-after={after.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(",")}>
                                if number < MAX_PICTURES {
                                    <HeapPicture {heap} removed={option.removed} pieces={option.pieces.clone()} />
                                }
                                <span>{ format!("remove {} leaving {pieces}: worth {}{values}. ", option.removed, star(option.value)) }</span>
                                <a href={nim_sum_link}>{ "check the new nim-sum" }</a>
                                if let Some(href) = board {
                                    { " · " }<a href={href}>{ "on the board" }</a>
                                }
                            </li>
                        }
                    }) }
                </ul>
            </li>
        }
    };
    html! {
        <div class="explain" id="explain" data-outcome="N">
            <p><strong>{ format!("Nim-sum {} ≠ 0: an N-position.", star(s)) }</strong>{ " The player to move wins by making the nim-sum 0." }</p>
            <ol class="steps">
                <li>{ format!("The highest column with an odd number of ones is the {} column.", 1u64 << bit) }</li>
                <li>{ format!("Change a heap with a one in that column: {}.", candidates.iter().map(|i| format!("heap {} ({})", i + 1, answer.heaps[*i])).collect::<Vec<_>>().join(", ")) }</li>
                <li>{ "XOR its value with the nim-sum: the result is smaller (that column's one becomes zero, only lower columns change), and replacing the heap's value by it makes every column even." }</li>
            </ol>
            <ul class="candidates">{ for candidates.iter().map(|&i| step(i)) }</ul>
            if !others.is_empty() {
                <p>{ "Unlike Nim, a heap of this game can also have options worth more than the heap itself, so a heap without a one in that column may have a winning move too:" }</p>
                <ul class="candidates">{ for others.iter().map(|&i| step(i)) }</ul>
            }
            <p class="muted" id="winning-total">{ format!("{} winning move{} in all{}.", answer.winning_total, if answer.winning_total == 1 { "" } else { "s" },
                if answer.winning_total > answer.winning_moves.len() { format!(" (the first {} are shown)", answer.winning_moves.len()) } else { String::new() }) }</p>
        </div>
    }
}
