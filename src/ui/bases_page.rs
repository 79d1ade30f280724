//! The Bases page: what the solver has stored on this device, and a way to clear it.

use super::solver::next_request_id;
use crate::worker::protocol::{BaseSummary, Request, Response};
use crate::worker::SolverReactor;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};

#[function_component(BasesPage)]
pub fn bases_page() -> Html {
    let bases = use_state(|| None::<Vec<BaseSummary>>);
    let error = use_state(|| None::<String>);
    let bridge = {
        let (bases, error) = (bases.clone(), error.clone());
        use_reactor_bridge::<SolverReactor, _>(move |event| match event {
            ReactorEvent::Output(Response::Bases { bases: list, .. }) => bases.set(Some(list)),
            ReactorEvent::Output(Response::Error { message, .. }) => error.set(Some(message)),
            _ => {}
        })
    };
    {
        let bridge = bridge.clone();
        use_effect_with((), move |_| {
            bridge.send(Request::ListBases {
                id: next_request_id(),
            })
        });
    }
    let clear = |name: String| {
        let bridge = bridge.clone();
        Callback::from(move |_| {
            bridge.send(Request::ClearBase {
                id: next_request_id(),
                name: name.clone(),
            })
        })
    };
    html! {
        <section class="bases-page">
            <h1>{ "Bases" }</h1>
            <p>{ "What the solver has learned is stored in this browser, so it never computes the same thing twice." }</p>
            if let Some(message) = &*error {
                <p class="error" role="alert">{ message }</p>
            }
            {
                match &*bases {
                    None => html! { <p class="muted">{ "Reading the stored bases…" }</p> },
                    Some(list) if list.is_empty() => html! { <p id="no-bases">{ "No bases are stored yet." }</p> },
                    Some(list) => html! {
                        <table id="bases">
                            <thead><tr><th>{ "Base" }</th><th>{ "Game" }</th><th class="number">{ "Entries" }</th><th class="number">{ "Size" }</th><th></th></tr></thead>
                            <tbody>
                                { for list.iter().map(|base| html! {
                                    <tr>
                                        <td>{ &base.name }</td>
                                        <td><code>{ &base.game }</code></td>
                                        <td class="number">{ base.entries }</td>
                                        <td class="number">{ format_bytes(base.bytes) }</td>
                                        <td><button type="button" onclick={clear(base.name.clone())}>{ "Clear" }</button></td>
                                    </tr>
                                }) }
                            </tbody>
                        </table>
                    },
                }
            }
        </section>
    }
}

fn format_bytes(bytes: u64) -> String {
    match bytes {
        0..=1023 => format!("{bytes} B"),
        1024..=1_048_575 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}
