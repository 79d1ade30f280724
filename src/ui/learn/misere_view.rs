//! The misère view (`/learn/misere?code=0.137&to=20&table=10&heaps=3.5`): the genus `g^{γ0γ1…}` of each heap
//! (superscript notation, Conway), whether it is hereditarily tame, its misère outcome; the misère outcome
//! table of two heaps; and the genus of a chosen position. All from the worker's genus tables.

use super::csv_link::CsvLink;
use super::learn_form::{code_field, Field, LearnForm};
use super::status::Status;
use super::{code_of, get, number, parse_heaps, use_learn, use_query_pairs, DEFAULT_CODE};
use crate::route::Route;
use crate::worker::learn_job::{MAX_MISERE_TABLE, MAX_MISERE_TO};
use crate::worker::protocol::{GenusAnswer, LearnAnswer, LearnQuery, MisereTable, Outcome};
use yew::prelude::*;

#[function_component(MiserePage)]
pub fn misere_page() -> Html {
    let pairs = use_query_pairs();
    let to = number(&pairs, "to", "Heaps up to", 20, MAX_MISERE_TO);
    let table = number(&pairs, "table", "Outcome table up to", 10, MAX_MISERE_TABLE);
    let heaps_raw = get(&pairs, "heaps").unwrap_or("").to_string();
    let ask = code_of(&pairs).and_then(|code| {
        Ok((
            code,
            LearnQuery::Misere {
                to: to?,
                table: table?,
                position: parse_heaps(&heaps_raw)?,
            },
        ))
    });
    let (state, cancel) = use_learn(ask);
    let fields = vec![
        code_field(get(&pairs, "code").unwrap_or(DEFAULT_CODE)),
        Field {
            key: "to",
            label: "Heaps up to",
            value: get(&pairs, "to").unwrap_or("20").to_string(),
            hint: "20",
        },
        Field {
            key: "table",
            label: "Two-heap table up to",
            value: get(&pairs, "table").unwrap_or("10").to_string(),
            hint: "10",
        },
        Field {
            key: "heaps",
            label: "A position",
            value: heaps_raw,
            hint: "3.5.7",
        },
    ];
    html! {
        <section class="learn misere-page">
            <h1>{ "Misère play" }</h1>
            <p class="lead">{ "In misère play the player who cannot move wins, and the nim-sum no longer decides sums. \
                Conway's genus g" }<sup>{ "γ0γ1γ2…" }</sup>{ " adds to the normal value g the misère values γk of the game plus k heaps of 2; \
                γ0 = 0 exactly when the player to move loses. Games whose every position has a nim-like genus are tame and play like misère Nim." }</p>
            <LearnForm route={Route::LearnMisere} {fields} busy={state.waiting.is_some()} />
            <Status state={(*state).clone()} on_cancel={cancel} />
            if let Some(LearnAnswer::Misere(answer)) = &state.answer {
                { view(answer) }
            }
        </section>
    }
}

/// `3^{1431}` as HTML with the misère values in superscript (commas when one has two digits).
pub fn genus_html(genus: &GenusAnswer) -> Html {
    let sep = if genus.misere.iter().any(|&v| v >= 10) {
        ","
    } else {
        ""
    };
    let sup = genus
        .misere
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(sep);
    html! { <span class="genus" data-genus={format!("{}^{}", genus.normal, genus.misere.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","))}>{ genus.normal }<sup>{ sup }</sup></span> }
}

fn genus_text(genus: &GenusAnswer) -> String {
    let sep = if genus.misere.iter().any(|&v| v >= 10) {
        ","
    } else {
        ""
    };
    format!(
        "{}^{}",
        genus.normal,
        genus
            .misere
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    )
}

fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P",
        Outcome::N => "N",
    }
}

fn view(answer: &MisereTable) -> Html {
    let mut csv = vec![vec![
        "heap".to_string(),
        "normal value".to_string(),
        "genus".to_string(),
        "tame".to_string(),
        "misère outcome".to_string(),
    ]];
    for row in &answer.heaps {
        csv.push(match &row.genus {
            Some(g) => vec![
                row.heap.to_string(),
                g.normal.to_string(),
                genus_text(g),
                g.tame.to_string(),
                outcome_text(g.outcome).into(),
            ],
            None => vec![
                row.heap.to_string(),
                String::new(),
                "beyond budget".into(),
                String::new(),
                String::new(),
            ],
        });
    }
    let all_tame = answer
        .heaps
        .iter()
        .all(|row| row.genus.as_ref().is_some_and(|g| g.tame));
    html! {
        <>
            if let Some(result) = &answer.position_genus {
                <div class="position-genus" id="position-genus">
                    <h2>{ format!("The position ({})", answer.position.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ")) }</h2>
                    { match result {
                        Ok(genus) => html! {
                            <p data-outcome={outcome_text(genus.outcome)}>
                                { "Genus " }{ genus_html(genus) }{ format!(": normal value {}, misère value γ0 = {}, so {}. {}",
                                    genus.normal, genus.misere[0],
                                    match genus.outcome { Outcome::P => "the player to move loses (misère P-position)", Outcome::N => "the player to move wins (misère N-position)" },
                                    if genus.tame { "It is tame: misère Nim's rule on the genera decides it." } else { "It is not tame (some position below it has a genus unlike any sum of nim heaps)." }) }
                            </p>
                        },
                        Err(message) => html! { <p class="error">{ message }</p> },
                    } }
                </div>
            }
            <div class="learn-tools">
                <super::lesson_link::LessonLink />
                <CsvLink filename="misere-genera.csv" rows={csv} />
            </div>
            <div class="misere-layout">
                <table class="learn-table genus-table" id="genus-table">
                    <caption>{ format!("Game {}: genera of single heaps", answer.code) }</caption>
                    <thead><tr>
                        <th scope="col">{ "Heap" }</th>
                        <th scope="col">{ "Genus" }</th>
                        <th scope="col">{ "Hereditarily tame" }</th>
                        <th scope="col">{ "Misère" }</th>
                    </tr></thead>
                    <tbody>
                        { for answer.heaps.iter().map(|row| match &row.genus {
                            Some(genus) => html! {
                                <tr data-heap={row.heap.to_string()} data-outcome={outcome_text(genus.outcome)} data-tame={genus.tame.to_string()}>
                                    <th scope="row">{ row.heap }</th>
                                    <td>{ genus_html(genus) }</td>
                                    <td>{ if genus.tame { "tame" } else { "wild" } }</td>
                                    <td class={classes!("outcome", format!("outcome-{}", outcome_text(genus.outcome)))}>{ outcome_text(genus.outcome) }</td>
                                </tr>
                            },
                            None => html! {
                                <tr data-heap={row.heap.to_string()}>
                                    <th scope="row">{ row.heap }</th>
                                    <td colspan="3" class="muted">{ "beyond this page's budget" }</td>
                                </tr>
                            },
                        }) }
                    </tbody>
                </table>
                { outcome_grid(answer) }
            </div>
            <p class="muted">{ if all_tame {
                "Every heap listed is tame: sums of them play like misère Nim — the player to move loses when the nim-sum is 0, \
                 unless every heap is fickle (genus 0^120 or 1^031, like heaps of 0 and 1), when they lose at nim-sum 1."
            } else {
                "Some heaps are wild (not tame): their sums need the genus of the whole position, or a search."
            } }</p>
        </>
    }
}

fn outcome_grid(answer: &MisereTable) -> Html {
    if answer.cells.is_empty() {
        return html! {};
    }
    let side = answer.cells.len();
    html! {
        <table class="learn-table outcome-grid" id="outcome-grid">
            <caption>{ "Misère outcome of two heaps (a, b): P = the player to move loses" }</caption>
            <thead><tr>
                <th scope="col">{ "a \\ b" }</th>
                { for (0..side).map(|b| html! { <th scope="col">{ b }</th> }) }
            </tr></thead>
            <tbody>
                { for answer.cells.iter().enumerate().map(|(a, row)| html! {
                    <tr>
                        <th scope="row">{ a }</th>
                        { for row.iter().enumerate().map(|(b, cell)| match cell {
                            Some(genus) => html! {
                                <td class={classes!("cell", format!("outcome-{}", outcome_text(genus.outcome)))}
                                    data-a={a.to_string()} data-b={b.to_string()} data-outcome={outcome_text(genus.outcome)}
                                    title={format!("({a}, {b}): genus {}", genus_text(genus))}>
                                    { outcome_text(genus.outcome) }
                                </td>
                            },
                            None => html! { <td class="cell muted" data-a={a.to_string()} data-b={b.to_string()}>{ "?" }</td> },
                        }) }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}
