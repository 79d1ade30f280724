//! The mex table (`/learn/mex?code=0.137&from=0&to=12`): for each heap size its options (the positions a
//! move leaves), their values (the XOR of the pieces' values) and the mex, which is the heap's value — the
//! independence-game reference's table, computed by the worker for any code and range. Hovering or focusing
//! an option shows it drawn on the heap, with its pieces' values.

use super::csv_link::CsvLink;
use super::heap_picture::HeapPicture;
use super::learn_form::{code_field, Field, LearnForm};
use super::status::Status;
use super::{board_link, code_of, number, star, use_learn, use_query_pairs};
use crate::route::Route;
use crate::worker::learn_job::MAX_MEX_HEAP;
use crate::worker::protocol::{LearnAnswer, LearnOption, LearnQuery, MexRow, MexTable};
use yew::prelude::*;

fn pieces_text(option: &LearnOption) -> String {
    let parts: Vec<String> = option.pieces.iter().map(|p| p.to_string()).collect();
    format!("({})", parts.join(","))
}

#[function_component(MexTablePage)]
pub fn mex_table_page() -> Html {
    let pairs = use_query_pairs();
    let code = code_of(&pairs);
    let from = number(&pairs, "from", "First heap", 0, MAX_MEX_HEAP);
    let to = number(&pairs, "to", "Last heap", 12, MAX_MEX_HEAP);
    // The worker checks the range (order, rows, sizes) and says what is wrong.
    let ask = code.and_then(|code| {
        Ok((
            code,
            LearnQuery::Mex {
                from: from?,
                to: to?,
            },
        ))
    });
    let (state, cancel) = use_learn(ask);
    let selected = use_state(|| None::<(u64, usize)>);
    let text = |key: &str, default: &str| super::get(&pairs, key).unwrap_or(default).to_string();
    let fields = vec![
        code_field(&text("code", super::DEFAULT_CODE)),
        Field {
            key: "from",
            label: "From heap",
            value: text("from", "0"),
            hint: "0",
        },
        Field {
            key: "to",
            label: "To heap",
            value: text("to", "12"),
            hint: "12",
        },
    ];
    let table = match &state.answer {
        Some(LearnAnswer::Mex(table)) => Some(table.clone()),
        _ => None,
    };
    html! {
        <section class="learn mex-page">
            <h1>{ "The mex table" }</h1>
            <p class="lead">{ "A heap's value is the smallest value none of its options has (the minimum excluded value, mex). \
                An option that leaves several heaps is worth the XOR (nim-sum) of their values." }</p>
            <LearnForm route={Route::LearnMex} {fields} busy={state.waiting.is_some()} />
            <Status state={(*state).clone()} on_cancel={cancel} />
            if let Some(table) = table {
                { view_table(&table, &selected) }
            }
        </section>
    }
}

fn view_table(table: &MexTable, selected: &UseStateHandle<Option<(u64, usize)>>) -> Html {
    let code = table.code.clone();
    let mut csv = vec![vec![
        "heap".to_string(),
        "options".to_string(),
        "option values".to_string(),
        "value (mex)".to_string(),
    ]];
    for row in &table.rows {
        csv.push(vec![
            row.heap.to_string(),
            row.options
                .iter()
                .map(pieces_text)
                .collect::<Vec<_>>()
                .join(" "),
            row.options
                .iter()
                .map(|o| o.value.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            row.mex.to_string(),
        ]);
    }
    let detail = selected.as_ref().and_then(|(heap, index)| {
        let row = table.rows.iter().find(|row| row.heap == *heap)?;
        Some((row.clone(), row.options.get(*index)?.clone()))
    });
    let filename = format!("mex-{}.csv", code.replace(['!', '?', '=', '[', ']'], "_"));
    html! {
        <>
            <div class="learn-tools">
                <super::lesson_link::LessonLink />
                <CsvLink {filename} rows={csv} />
            </div>
            <div class="mex-layout">
                <table class="learn-table mex-table" id="mex-table">
                    <caption>{ format!("Game {code}: options, their values and the mex") }</caption>
                    <thead><tr>
                        <th scope="col">{ "Heap" }</th>
                        <th scope="col">{ "Positions after a move" }</th>
                        <th scope="col">{ "Their values" }</th>
                        <th scope="col">{ "Value (mex)" }</th>
                    </tr></thead>
                    <tbody>
                        { for table.rows.iter().map(|row| view_row(&code, row, selected)) }
                    </tbody>
                </table>
                <aside class="mex-detail" aria-live="polite" id="mex-detail">
                    if let Some((row, option)) = detail {
                        { view_detail(&code, &row, &option) }
                    } else {
                        <p class="muted">{ "Point at an option (or move to it with Tab) to see it on the heap." }</p>
                    }
                </aside>
            </div>
        </>
    }
}

fn view_row(code: &str, row: &MexRow, selected: &UseStateHandle<Option<(u64, usize)>>) -> Html {
    let heap = row.heap;
    let option_cell = |(index, option): (usize, &LearnOption)| {
        let hover = {
            let selected = selected.clone();
            Callback::from(move |_: MouseEvent| selected.set(Some((heap, index))))
        };
        let focus = {
            let selected = selected.clone();
            Callback::from(move |_: FocusEvent| selected.set(Some((heap, index))))
        };
        let active = selected.as_ref() == Some(&(heap, index));
        html! {
            <span class={classes!("opt", active.then_some("active"))} tabindex="0"
                  data-pieces={option.pieces.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")}
                  data-value={option.value.to_string()}
                  onmouseenter={hover} onfocus={focus}>
                { if option.pieces.is_empty() { "()".to_string() } else { pieces_text(option) } }
            </span>
        }
    };
    let mut present: Vec<u32> = row.options.iter().map(|o| o.value).collect();
    present.sort_unstable();
    present.dedup();
    let board = board_link(code, &[heap]);
    html! {
        <tr data-heap={heap.to_string()} data-mex={row.mex.to_string()} data-options={row.options.len().to_string()}>
            <th scope="row">
                if let Some(href) = board {
                    <a href={href} title="Play this heap on the board">{ heap }</a>
                } else {
                    { heap }
                }
            </th>
            <td class="opts">
                if row.options.is_empty() { <span class="muted">{ "none" }</span> }
                { for row.options.iter().enumerate().map(option_cell) }
            </td>
            <td class="vals">
                if row.options.is_empty() { <span class="muted">{ "–" }</span> }
                { for row.options.iter().enumerate().map(|(index, o)| {
                    let active = selected.as_ref() == Some(&(heap, index));
                    html! { <span class={classes!("val", active.then_some("active"))}>{ o.value }</span> }
                }) }
                if !present.is_empty() {
                    <span class="set muted">{ format!(" = {{{}}}", present.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")) }</span>
                }
            </td>
            <td class="mex"><strong>{ row.mex }</strong></td>
        </tr>
    }
}

fn view_detail(code: &str, row: &MexRow, option: &LearnOption) -> Html {
    let values: Vec<String> = option.piece_values.iter().map(|v| star(*v)).collect();
    let explanation = match option.pieces.len() {
        0 => "no heap is left: the empty position, worth 0".to_string(),
        1 => format!(
            "one heap of {} is left, worth {}",
            option.pieces[0],
            star(option.value)
        ),
        _ => format!(
            "{} are left: {} = {}",
            option
                .pieces
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" and "),
            values.join(" ⊕ "),
            star(option.value)
        ),
    };
    let board = board_link(code, &option.pieces);
    html! {
        <div id="mex-option">
            <h2>{ format!("Heap {} → {}", row.heap, pieces_text(option)) }</h2>
            <HeapPicture heap={row.heap} removed={option.removed} pieces={option.pieces.clone()} />
            <p>{ match option.removed {
                0 => format!("Split the heap without removing a token; {explanation}."),
                1 => format!("Remove 1 token; {explanation}."),
                removed => format!("Remove {removed} tokens; {explanation}."),
            } }</p>
            <p class="muted">{ format!("Heap {} is worth the mex of its options' values: {}.", row.heap, star(row.mex)) }</p>
            if let Some(href) = board {
                <p><a href={href}>{ "Open this position on the board" }</a></p>
            }
        </div>
    }
}
