//! The Bases page: what the solver has stored on this device; export a base as a file (GLOP text or
//! Sprague's binary format for Sprouts, text for nim values), import one (checked by the worker before
//! anything is stored, with a report), or clear one.

use super::check_pool::{check_in_parts, PageWorker, PoolOutcome, MIN_POOL_BYTES};
use super::download::download;
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::worker::protocol::{
    import_size_refusal, BaseSummary, ExportFormat, Request, RequestId, Response,
};
use futures::channel::{mpsc, oneshot};
use web_sys::HtmlInputElement;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

const CANCELLED: &str = "The import was cancelled: nothing was stored.";

#[function_component(BasesPage)]
pub fn bases_page() -> Html {
    let bases = use_state(|| None::<Vec<BaseSummary>>);
    let error = use_state(|| None::<String>);
    let report = use_state(|| None::<String>);
    let busy = use_state(|| false);
    // The import under way (its request id) and how far its check has got (entries of all).
    let importing = use_state(|| None::<RequestId>);
    let progress = use_state(|| None::<(u64, u64)>);
    // While a large file is checked in parts on a pool of workers: how to stop them, and where the
    // answers of this page's worker to its part go (the request id, the pool's inbox).
    let cancel_pool = use_mut_ref(|| None::<oneshot::Sender<()>>);
    let pool_inbox = use_mut_ref(|| None::<(RequestId, mpsc::UnboundedSender<Response>)>);
    let bridge = {
        let (bases, error, report, busy) =
            (bases.clone(), error.clone(), report.clone(), busy.clone());
        let (importing, progress) = (importing.clone(), progress.clone());
        let pool_inbox = pool_inbox.clone();
        use_solver_bridge(move |event| {
            let ReactorEvent::Output(response) = event else {
                return;
            };
            if let Some((id, inbox)) = &*pool_inbox.borrow() {
                if response.id() == *id {
                    let _ = inbox.unbounded_send(response);
                    return;
                }
            }
            if !matches!(response, Response::Progress { .. }) {
                progress.set(None);
            }
            match response {
                Response::Progress { done, total, .. } => progress.set(Some((done, total))),
                Response::Cancelled { id } if Some(id) == *importing => {
                    importing.set(None);
                    busy.set(false);
                    error.set(None);
                    report.set(Some(CANCELLED.into()));
                }
                Response::Bases { bases: list, .. } => bases.set(Some(list)),
                Response::Imported {
                    report: text,
                    bases: list,
                    ..
                } => {
                    bases.set(Some(list));
                    error.set(None);
                    report.set(Some(text));
                    busy.set(false);
                    importing.set(None);
                }
                Response::Exported {
                    file_name, bytes, ..
                } => download(&file_name, "application/octet-stream", &bytes),
                Response::Error { message, .. } => {
                    importing.set(None);
                    report.set(None);
                    error.set(Some(message));
                    busy.set(false);
                }
                _ => {}
            }
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
    // Clearing asks first, saying what will be lost.
    let clear = |name: String, entries: u64| {
        let bridge = bridge.clone();
        Callback::from(move |_| {
            let question = format!(
                "Clear the base “{name}”? Its {entries} entries will be deleted from this browser and the \
                 solver will have to compute them again. Export it first to keep a copy."
            );
            if gloo::dialogs::confirm(&question) {
                bridge.send(Request::ClearBase {
                    id: next_request_id(),
                    name: name.clone(),
                })
            }
        })
    };
    let on_cancel = {
        let (bridge, importing, cancel_pool) =
            (bridge.clone(), importing.clone(), cancel_pool.clone());
        Callback::from(move |_| {
            if let Some(stop) = cancel_pool.borrow_mut().take() {
                let _ = stop.send(());
            } else if let Some(id) = *importing {
                bridge.send(Request::Cancel { id });
            }
        })
    };
    let export = |name: String, format: ExportFormat| {
        let bridge = bridge.clone();
        Callback::from(move |_| {
            bridge.send(Request::ExportBase {
                id: next_request_id(),
                name: name.clone(),
                format,
            })
        })
    };
    let on_import = {
        let (bridge, error, report, busy) =
            (bridge.clone(), error.clone(), report.clone(), busy.clone());
        let (importing, progress, cancel_pool) =
            (importing.clone(), progress.clone(), cancel_pool.clone());
        let pool_inbox = pool_inbox.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let Some(file) = input.files().and_then(|files| files.get(0)) else {
                return;
            };
            input.set_value("");
            let file = gloo::file::File::from(file);
            // Refused before it is read: a huge file would fill the page's memory, and the pool's.
            if let Some(refusal) = import_size_refusal(file.size()) {
                report.set(None);
                error.set(Some(refusal));
                return;
            }
            let (bridge, error, report, busy) =
                (bridge.clone(), error.clone(), report.clone(), busy.clone());
            let (importing, progress, cancel_pool) =
                (importing.clone(), progress.clone(), cancel_pool.clone());
            let pool_inbox = pool_inbox.clone();
            busy.set(true);
            report.set(None);
            error.set(None); // an earlier import's refusal is not this one's
            wasm_bindgen_futures::spawn_local(async move {
                match gloo::file::futures::read_as_bytes(&file).await {
                    Ok(bytes) => {
                        let id = next_request_id();
                        importing.set(Some(id));
                        // A large file is checked in parts on every core first (see check_pool).
                        let parts = if bytes.len() >= MIN_POOL_BYTES {
                            let (stop, stopped) = oneshot::channel();
                            *cancel_pool.borrow_mut() = Some(stop);
                            let shown = progress.clone();
                            let show = move |done, total| shown.set(Some((done, total)));
                            let (inbox, answers) = mpsc::unbounded();
                            let part_id = next_request_id();
                            *pool_inbox.borrow_mut() = Some((part_id, inbox));
                            let sender = bridge.clone();
                            let page_worker = PageWorker {
                                send: Callback::from(move |request| sender.send(request)),
                                part_id,
                                answers,
                            };
                            let outcome = check_in_parts(&bytes, page_worker, show, stopped).await;
                            cancel_pool.borrow_mut().take();
                            pool_inbox.borrow_mut().take();
                            match outcome {
                                PoolOutcome::Reports(reports) => Some(reports),
                                PoolOutcome::NotInParts => None,
                                PoolOutcome::Cancelled => {
                                    importing.set(None);
                                    progress.set(None);
                                    busy.set(false);
                                    report.set(Some(CANCELLED.into()));
                                    return;
                                }
                            }
                        } else {
                            None
                        };
                        bridge.send(Request::ImportBase {
                            id,
                            file_name: file.name(),
                            bytes,
                            parts,
                        })
                    }
                    Err(e) => {
                        error.set(Some(format!("the file could not be read: {e}")));
                        busy.set(false);
                    }
                }
            });
        })
    };
    html! {
        <section class="bases-page">
            <h1>{ "Bases" }</h1>
            <p>{ "What the solver has learned is stored in this browser, so it never computes the same thing twice. \
                  Export a base to keep or share it; import one (a GLOP base, a Sprague base, or nim values) to \
                  teach the solver — every entry is checked against the rules first." }</p>
            if let Some(message) = &*error {
                <p class="error" role="alert" id="bases-error">{ message }</p>
            }
            if let Some(text) = &*report {
                <p class="report" id="import-report">{ text }</p>
            }
            <p class="import">
                <label for="import-file">{ "Import a base file: " }</label>
                <input type="file" id="import-file" accept=".txt,.bin,.glop" onchange={on_import} disabled={*busy} />
            </p>
            if *busy {
                <div class="working" aria-live="polite" id="import-progress">
                    if let Some((done, total)) = *progress {
                        <progress max={total.to_string()} value={done.to_string()} />
                        <span>{ format!("Checking every entry against the rules: {done} of {total}…") }</span>
                    } else {
                        <span>{ "Reading the file…" }</span>
                    }
                    if importing.is_some() {
                        <button id="cancel-import" type="button" onclick={on_cancel}>{ "Cancel" }</button>
                    }
                </div>
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
                                        <td><div class="actions">
                                            if base.game != "graph" {
                                                <button type="button" class="export-text" onclick={export(base.name.clone(), ExportFormat::Text)}>{ "Export text" }</button>
                                            }
                                            if base.game == "sprouts" || base.game == "graph" {
                                                <button type="button" class="export-binary" onclick={export(base.name.clone(), ExportFormat::Binary)}>{ "Export binary" }</button>
                                            }
                                            <button type="button" class="clear" onclick={clear(base.name.clone(), base.entries)}>{ "Clear" }</button>
                                        </div></td>
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
