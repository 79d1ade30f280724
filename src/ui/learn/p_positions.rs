//! P-positions (`/learn/p-positions?code=0.137&total=47`): single heaps of value 0, the irreducible two-heap
//! P-positions (listed by total as in the independence-game reference, and charted), three-heap ones, and
//! the classes of heap sizes with equal values (two heaps of one class make a P-position).

use super::csv_link::CsvLink;
use super::learn_form::{code_field, Field, LearnForm};
use super::status::Status;
use super::{
    board_link, code_of, get, heaps_text, number, star, url_code, use_learn, use_query_pairs,
    DEFAULT_CODE,
};
use crate::route::Route;
use crate::worker::learn_job::{MAX_P_TOTAL, MAX_P_TRIPLE_TOTAL};
use crate::worker::protocol::{LearnAnswer, LearnQuery, PPositionsAnswer};
use yew::prelude::*;

/// Pairs listed in full at most (the chart shows all).
const MAX_LISTED: usize = 600;

#[function_component(PPositionsPage)]
pub fn p_positions_page() -> Html {
    let pairs = use_query_pairs();
    let total = number(&pairs, "total", "Total tokens", 47, MAX_P_TOTAL);
    let triples = number(
        &pairs,
        "triples",
        "Three heaps up to",
        24,
        MAX_P_TRIPLE_TOTAL,
    );
    let ask = code_of(&pairs).and_then(|code| {
        Ok((
            code,
            LearnQuery::PPositions {
                total: total?,
                triple_total: triples?,
            },
        ))
    });
    let (state, cancel) = use_learn(ask);
    let fields = vec![
        code_field(get(&pairs, "code").unwrap_or(DEFAULT_CODE)),
        Field {
            key: "total",
            label: "Tokens in all, up to",
            value: get(&pairs, "total").unwrap_or("47").to_string(),
            hint: "47",
        },
        Field {
            key: "triples",
            label: "Three heaps up to",
            value: get(&pairs, "triples").unwrap_or("24").to_string(),
            hint: "24",
        },
    ];
    html! {
        <section class="learn p-page">
            <h1>{ "P-positions" }</h1>
            <p class="lead">{ "Positions lost for the player to move. A P-position made of two smaller P-positions is reducible; \
                the irreducible ones are the building blocks. Two heaps are a P-position exactly when they have equal values." }</p>
            <LearnForm route={Route::LearnPPositions} {fields} busy={state.waiting.is_some()} />
            <Status state={(*state).clone()} on_cancel={cancel} />
            if let Some(LearnAnswer::PPositions(answer)) = &state.answer {
                { view(answer) }
            }
        </section>
    }
}

fn tuple<T: ToString>(parts: &[T]) -> String {
    format!(
        "({})",
        parts
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn view(answer: &PPositionsAnswer) -> Html {
    let mut csv = vec![vec![
        "heaps".to_string(),
        "tokens".to_string(),
        "kind".to_string(),
    ]];
    csv.extend(
        answer
            .single
            .iter()
            .map(|n| vec![n.to_string(), n.to_string(), "single".into()]),
    );
    csv.extend(
        answer
            .pairs
            .iter()
            .map(|(a, b)| vec![format!("{a} {b}"), (a + b).to_string(), "pair".into()]),
    );
    csv.extend(answer.triples.iter().map(|(a, b, c)| {
        vec![
            format!("{a} {b} {c}"),
            (a + b + c).to_string(),
            "triple".into(),
        ]
    }));
    let code = answer.code.clone();
    // A P-position opens on the board when the game has one, else in the nim-sum explainer.
    let heap_link = |heaps: Vec<u64>, text: String| {
        let href = board_link(&code, &heaps).unwrap_or_else(|| {
            format!(
                "/learn/nim-sum?code={}&heaps={}",
                url_code(&code),
                heaps_text(&heaps)
            )
        });
        html! { <a href={href}>{ text }</a> }
    };
    html! {
        <>
            <div class="learn-tools">
                <super::lesson_link::LessonLink />
                <CsvLink filename="p-positions.csv" rows={csv} />
            </div>
            <h2>{ format!("Single heaps of value 0, up to {}", answer.total) }</h2>
            <p id="single" data-list={answer.single.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")}>
                if answer.single.is_empty() { <span class="muted">{ "none" }</span> }
                { for answer.single.iter().enumerate().map(|(i, &n)| html! {
                    <>{ if i > 0 { ", " } else { "" } }{ heap_link(vec![n], n.to_string()) }</>
                }) }
            </p>
            <h2>{ format!("Irreducible two-heap P-positions, up to {} tokens ({})", answer.total, answer.pairs.len()) }</h2>
            <p class="muted">{ "Ordered by the total number of tokens; (n, n) is always P and left out." }</p>
            <div class="p-layout">
                <p id="pairs" class="pair-list" data-list={answer.pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(",")}>
                    { for answer.pairs.iter().take(MAX_LISTED).enumerate().map(|(i, &(a, b))| html! {
                        <>{ if i > 0 { ", " } else { "" } }{ heap_link(vec![a, b], tuple(&[a, b])) }</>
                    }) }
                    if answer.pairs.len() > MAX_LISTED { { format!(", … ({} more in the CSV)", answer.pairs.len() - MAX_LISTED) } }
                </p>
                { chart(answer) }
            </div>
            if answer.triple_total > 0 {
                <h2>{ format!("Irreducible three-heap P-positions, up to {} tokens ({})", answer.triple_total, answer.triples.len()) }</h2>
                <p id="triples" class="pair-list">
                    if answer.triples.is_empty() { <span class="muted">{ "none" }</span> }
                    { for answer.triples.iter().take(MAX_LISTED).enumerate().map(|(i, &(a, b, c))| html! {
                        <>{ if i > 0 { ", " } else { "" } }{ heap_link(vec![a, b, c], tuple(&[a, b, c])) }</>
                    }) }
                </p>
            }
            <h2>{ format!("Heap sizes 1 … {} by value", answer.total) }</h2>
            <p class="muted">{ "Heaps in one class are interchangeable in any sum; two of one class cancel." }</p>
            <table class="learn-table classes-table" id="classes">
                <thead><tr><th scope="col">{ "Value" }</th><th scope="col">{ "Heap sizes" }</th></tr></thead>
                <tbody>
                    { for answer.classes.iter().map(|(value, heaps)| html! {
                        <tr data-value={value.to_string()} data-heaps={heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(",")}>
                            <th scope="row">{ star(*value) }</th>
                            <td>{ heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ") }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </>
    }
}

/// The pairs as points (a, b) and (b, a) of a square chart, as in the reference.
fn chart(answer: &PPositionsAnswer) -> Html {
    let size = 320.0;
    let pad = 28.0;
    let max = answer.total.max(2) as f64;
    let at = |n: u64| pad + (n as f64) / max * (size - pad - 6.0);
    let r = if answer.total <= 60 {
        3.0
    } else if answer.total <= 200 {
        1.8
    } else {
        1.1
    };
    let ticks: Vec<u64> = {
        let step = ((answer.total / 5).max(1) as f64 / 5.0).ceil() as u64 * 5;
        (0..=answer.total).step_by(step.max(1) as usize).collect()
    };
    html! {
        <svg class="p-chart" id="p-chart" role="img" viewBox={format!("0 0 {size} {size}")}
             aria-label={format!("{} two-heap P-positions as points", answer.pairs.len())}>
            <line class="axis" x1={pad.to_string()} y1={(size - pad).to_string()} x2={(size - 4.0).to_string()} y2={(size - pad).to_string()} />
            <line class="axis" x1={pad.to_string()} y1={(size - pad).to_string()} x2={pad.to_string()} y2="4" />
            { for ticks.iter().map(|&t| html! {
                <>
                    <text class="tick" x={at(t).to_string()} y={(size - pad + 14.0).to_string()} text-anchor="middle">{ t }</text>
                    <text class="tick" x={(pad - 4.0).to_string()} y={(size - at(t) + 4.0).to_string()} text-anchor="end">{ t }</text>
                </>
            }) }
            { for answer.pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).map(|(x, y)| html! {
                <circle class="p-point" cx={at(x).to_string()} cy={(size - at(y)).to_string()} r={r.to_string()}>
                    <title>{ format!("({x}, {y})") }</title>
                </circle>
            }) }
        </svg>
    }
}
