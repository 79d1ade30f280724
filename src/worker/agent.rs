//! The reactor agent: one instance per connected page component, all in one worker. Requests are handled
//! one at a time; a long one runs in slices (see [`super::slices`]) and can be cancelled between them.

use super::base_saving;
use super::base_transfer::{self, Import};
use super::check_part_job::{check_part_numbers, finish_part, part_check, take_kept};
use super::graph_job::{self, GraphJob};
use super::heap_job::{self, HeapJob};
use super::learn_job::{self, MisereJob};
use super::lookahead_job::LookaheadJob;
use super::pong::pong;
use super::position_job;
use super::protocol::{
    BaseSummary, LearnAnswer, LearnQuery, ListedSpotMove, Request, RequestId, Response,
    SproutsAnswer,
};
use super::remoteness_job;
use super::slices::{run_in_slices, Scope, Until};
use super::sprouts_import_job::{finish_import, import_check};
use super::sprouts_job::{self, FactsJob, SproutsJob};
use super::sprouts_search_job;
use crate::store::{Store, StoreError};
use futures::{SinkExt, StreamExt};
use sprague_engine::draw::{
    draw_move, draw_one_of, draw_start, name_children, Drawing, DrawnMove, Point,
};
use sprague_engine::games::sprouts::Position;
use sprague_engine::solve::sprouts::{combine_parts, CheckReport, PartReport, PartsVerdict};
use std::collections::VecDeque;
use yew_agent::reactor::reactor;

#[reactor(SolverReactor)]
pub async fn solver_reactor(mut scope: Scope) {
    let mut queue = VecDeque::new();
    loop {
        let request = match queue.pop_front() {
            Some(request) => request,
            None => match scope.next().await {
                Some(request) => request,
                None => return,
            },
        };
        if let Request::HelpFound { .. } | Request::TakeLearned { .. } = request {
            continue; // news for a question already answered
        }
        if let Request::Ping { id } = request {
            if scope.send(pong(id)).await.is_err() {
                return;
            }
            continue; // not a question: nothing learned to report after it
        }
        let response = handle(request, &mut scope, &mut queue).await;
        let id = response.id();
        if scope.send(response).await.is_err() {
            return; // the page component went away
        }
        if let Some(message) = base_saving::take_not_saved() {
            if scope
                .send(Response::NotSaved { id, message })
                .await
                .is_err()
            {
                return;
            }
        }
    }
}

async fn handle(request: Request, scope: &mut Scope, queue: &mut VecDeque<Request>) -> Response {
    match request {
        Request::HeapValue { id, code, heap } => heap_value(id, &code, heap, scope, queue).await,
        Request::Analyze {
            id,
            code,
            heaps,
            rules,
        } => analyze(id, &code, &heaps, rules.is_misere(), scope, queue).await,
        Request::Learn { id, code, query } => learn(id, &code, &query, scope, queue).await,
        Request::SproutsAnalyze {
            id,
            position,
            rules,
            remoteness,
        } => sprouts(id, position, rules.is_misere(), remoteness, scope, queue).await,
        Request::ReadSproutsBase { id } => {
            let base = sprouts_job::take_base().await;
            let entries = (base.normal_len() + base.misere_len()) as u64;
            sprouts_job::give_back(base);
            Response::SproutsBaseRead { id, entries }
        }
        Request::SproutsChildren {
            id,
            position,
            rules,
            part,
            parts,
        } => sprouts_children(id, position, rules.is_misere(), part, parts, scope, queue).await,
        // Taken above; never handled as a request of its own.
        Request::HelpFound { id, .. } | Request::TakeLearned { id, .. } => {
            Response::Cancelled { id }
        }
        Request::SproutsDraw { id, from, position } => sprouts_draw(id, from, &position),
        Request::SproutsDrawOneOf { id, from, choices } => sprouts_draw_one_of(id, &from, &choices),
        Request::SproutsHintCurve { id, drawing, child } => Response::SproutsHintCurve {
            id,
            curve: hint_curve(&drawing, &child),
        },
        Request::SproutsMoveNames {
            id,
            drawing,
            children,
        } => Response::SproutsMoveNames {
            id,
            names: move_names(&drawing, &children),
        },
        Request::SproutsSpotMoves { id, drawing, a, b } => Response::SproutsSpotMoves {
            id,
            moves: spot_moves(&drawing, a, b),
        },
        Request::SproutsComputerMove {
            id,
            position,
            rules,
            think_ms,
        } => computer_move(id, position, rules.is_misere(), think_ms, scope, queue).await,
        Request::SproutsSearch {
            id,
            position,
            rules,
            fresh,
        } => {
            sprouts_search_job::search(id, &position, rules.is_misere(), fresh, scope, queue).await
        }
        Request::SproutsProof {
            id,
            position,
            detail,
            min_lives,
        } => sprouts_search_job::proof(id, &position, detail, min_lives, scope, queue).await,
        // A search that has finished: nothing to pause or steer.
        Request::SearchControl { id, .. } => Response::Cancelled { id },
        Request::GraphAnalyze {
            id,
            graph,
            moves,
            rules,
        } => graph_analyze(id, &graph, &moves, rules.is_misere(), scope, queue).await,
        // Nothing is running for this bridge, so there is nothing to cancel.
        Request::Cancel { id } => Response::Cancelled { id },
        // Answered in the loop above, or between slices: never queued, never handled here.
        Request::Ping { id } => pong(id),
        Request::ListBases { id } => match list_bases().await {
            Ok(bases) => Response::Bases { id, bases },
            Err(error) => Response::Error {
                id,
                message: error.to_string(),
            },
        },
        Request::ExportBase { id, name, format } => {
            match base_transfer::export(&name, format).await {
                Ok(file) => Response::Exported {
                    id,
                    file_name: file.file_name,
                    bytes: file.bytes,
                },
                Err(message) => Response::Error { id, message },
            }
        }
        Request::ImportBase {
            id, bytes, parts, ..
        } => import(id, &bytes, parts, scope, queue).await,
        Request::CheckPart {
            id,
            bytes,
            part,
            parts,
        } => check_part(id, &bytes, part, parts, scope, queue).await,
        Request::ClearBase { id, name } => {
            heap_job::forget(&name);
            if name == graph_job::BASE_NAME {
                graph_job::forget();
            }
            if name == sprouts_job::BASE_NAME {
                sprouts_job::forget();
            }
            let cleared = async { Store::open().await?.delete_base(&name).await }.await;
            match cleared.and(list_bases().await) {
                Ok(bases) => Response::Bases { id, bases },
                Err(error) => Response::Error {
                    id,
                    message: error.to_string(),
                },
            }
        }
    }
}

async fn heap_value(
    id: RequestId,
    code: &str,
    heap: u64,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let job = match run_heap_job(id, code, heap, scope, queue).await {
        Ok(job) => job,
        Err(response) => return response,
    };
    match job.finish().await {
        Ok(answer) => Response::HeapValue { id, answer },
        Err(message) => Response::Error { id, message },
    }
}

async fn analyze(
    id: RequestId,
    code: &str,
    heaps: &[u64],
    misere: bool,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let started_ms = js_sys::Date::now();
    if let Err(message) = position_job::check(heaps) {
        return Response::Error { id, message };
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let job = match run_heap_job(id, code, largest, scope, queue).await {
        Ok(job) => job,
        Err(response) => return response,
    };
    let answer = position_job::answer(&job, heaps, misere, started_ms);
    job.stop().await;
    match answer {
        Ok(answer) => Response::Analysis { id, answer },
        Err(message) => Response::Error { id, message },
    }
}

/// One part of the check of a Sprouts base file (see [`part_check`]).
async fn check_part(
    id: RequestId,
    bytes: &[u8],
    part: usize,
    parts: usize,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    if let Err(message) = check_part_numbers(part, parts) {
        return Response::Error { id, message };
    }
    // The parts share the checking of the keys as they read the file.
    let Ok(Import::Sprouts(base)) = base_transfer::read_in_share(bytes, part, parts) else {
        return Response::PartChecked { id, report: None };
    };
    match run_in_slices(id, part_check(base, part, parts), scope, queue).await {
        Ok(job) => Response::PartChecked {
            id,
            report: Some(finish_part(job, bytes)),
        },
        Err(response) => response,
    }
}

async fn import(
    id: RequestId,
    bytes: &[u8],
    parts: Option<Vec<PartReport>>,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    // The base this worker read for its part of the check, if it checked one of this file: it checked
    // only its share of the keys, so it is taken only when every part's report says all is right (each
    // part read the file, its share of the keys included, without an error).
    let verdict = parts.as_deref().map(combine_parts);
    let all_right = matches!(verdict, Some(PartsVerdict::AllRight { .. }));
    let kept = all_right.then(|| take_kept(bytes)).flatten();
    let read = kept.map_or_else(
        || base_transfer::read(bytes),
        |base| Ok(Import::Sprouts(base)),
    );
    let report = match read {
        Err(message) => Err(message),
        Ok(Import::Sprouts(base)) => {
            let claimed = base.normal_len() + base.misere_len();
            // The pool's parts decide a right base (all of it verified) or a wrong one; any other is
            // checked here step by step, which also tells which entries to keep.
            match verdict {
                Some(PartsVerdict::AllRight { entries }) if entries == claimed => {
                    let report = CheckReport {
                        verified: entries,
                        ..CheckReport::default()
                    };
                    return imported(
                        id,
                        base_transfer::import_sprouts(claimed, report, base).await,
                    )
                    .await;
                }
                Some(PartsVerdict::Wrong(wrong)) => {
                    return Response::Error {
                        id,
                        message: base_transfer::refusal_in_parts(&wrong),
                    }
                }
                _ => {}
            }
            match run_in_slices(id, import_check(&base), scope, queue).await {
                Err(response) => return response,
                Ok(job) => {
                    let (report, verified) = finish_import(job);
                    base_transfer::import_sprouts(claimed, report, verified).await
                }
            }
        }
        Ok(Import::Graph(bytes)) => base_transfer::import_graph(&bytes).await,
        Ok(Import::NimValues { game, values }) => {
            // Every imported value is compared with the value recomputed from the rules (and kept).
            let code = game.to_string();
            let last = values.len().saturating_sub(1) as u64;
            match run_heap_job(id, &code, last, scope, queue).await {
                Err(response) => return response,
                Ok(job) => {
                    let wrong: Vec<String> = values
                        .iter()
                        .enumerate()
                        .filter(|&(heap, &value)| job.value(heap) != Some(value))
                        .map(|(heap, &value)| {
                            format!(
                                "heap {heap}: the file says {value}, the rules give {}",
                                job.value(heap).unwrap_or(0)
                            )
                        })
                        .collect();
                    job.stop().await;
                    if wrong.is_empty() {
                        Ok(format!(
                            "All {} values of {code} agree with the values computed from the rules; they are stored.",
                            values.len()
                        ))
                    } else {
                        Err(format!(
                            "{} of the {} values of {code} are wrong, e.g. {}; the computed values are kept instead.",
                            wrong.len(),
                            values.len(),
                            wrong.iter().take(3).cloned().collect::<Vec<_>>().join("; ")
                        ))
                    }
                }
            }
        }
    };
    imported(id, report).await
}

/// The answer to an import: what it stored and the bases now, or why nothing was stored.
async fn imported(id: RequestId, report: Result<String, String>) -> Response {
    match report {
        Ok(report) => match list_bases().await {
            Ok(bases) => Response::Imported { id, report, bases },
            Err(error) => Response::Error {
                id,
                message: error.to_string(),
            },
        },
        Err(message) => Response::Error { id, message },
    }
}

async fn graph_analyze(
    id: RequestId,
    graph: &str,
    moves: &[usize],
    misere: bool,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let job = match GraphJob::start(graph, moves, misere).await {
        Ok(job) => job,
        Err(message) => return Response::Error { id, message },
    };
    match run_in_slices(id, job, scope, queue).await {
        Ok(job) => match job.finish().await {
            Some(answer) => Response::Graph {
                id,
                answer: Box::new(answer),
            },
            None => Response::Error {
                id,
                message: "the graph solver stopped without an answer".into(),
            },
        },
        Err(response) => response,
    }
}

async fn sprouts(
    id: RequestId,
    position: Position,
    misere: bool,
    remoteness: bool,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let job = SproutsJob::start(position, misere).await;
    match run_in_slices(id, job, scope, queue).await {
        Ok(job) => {
            let mut answer = job.finish().await;
            if remoteness {
                answer.remoteness = sprouts_remoteness(&answer);
            }
            Response::Sprouts { id, answer }
        }
        Err(response) => response,
    }
}

/// The remoteness of the answer's position, when its search finds it within its budget. That search
/// also finds who wins, on its own (a plain search of the game tree): a value that disagreed with the
/// solver's would be a fault in one of them, and is not shown.
fn sprouts_remoteness(answer: &SproutsAnswer) -> Option<u32> {
    let position: Position = answer.position.parse().ok()?;
    let value = remoteness_job::sprouts_value(&position, answer.rules.is_misere())?;
    let agrees = answer.outcome == value.outcome;
    agrees.then_some(value.remoteness)
}

/// A pool worker's share of the children of a position the page's worker is searching (see
/// `sprouts_job::helper_share`): each child settled is reported as it comes.
async fn sprouts_children(
    id: RequestId,
    position: Position,
    misere: bool,
    part: usize,
    parts: usize,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let job = match SproutsJob::start_helping(position, misere, part, parts).await {
        Ok(job) => job,
        Err(message) => return Response::Error { id, message },
    };
    match run_in_slices(id, job, scope, queue).await {
        Ok(job) => {
            let response = job.share_progress(id, true);
            job.stop().await;
            response
        }
        Err(response) => response,
    }
}

/// A start drawn, or one move drawn from a drawing (see `play::sprouts_drawing`).
fn sprouts_draw(id: RequestId, from: Option<Drawing>, position: &str) -> Response {
    let drawn = position
        .parse::<Position>()
        .map_err(|error| format!("“{position}” is not a Sprouts position: {error}"))
        .and_then(|position| match &from {
            None => draw_start(&position).map(|drawing| DrawnMove {
                drawing,
                rearranged: None,
            }),
            Some(from) => {
                let parent = from
                    .position()
                    .map_err(|error| format!("the drawing is not valid: {error}"))?;
                if !parent.children().contains(&position) {
                    return Err(format!("{position} is not a move from {parent}"));
                }
                draw_move(from, &position)
            }
        });
    match drawn {
        Ok(DrawnMove {
            drawing,
            rearranged,
        }) => Response::SproutsDrawn {
            id,
            drawing,
            rearranged,
        },
        Err(message) => Response::Error { id, message },
    }
}

/// The computer's move among `choices`, drawn (see `engine::draw::draw_one_of`).
fn sprouts_draw_one_of(id: RequestId, from: &Drawing, choices: &[String]) -> Response {
    let chosen = choices
        .iter()
        .map(|text| {
            text.parse::<Position>()
                .map_err(|error| format!("“{text}” is not a Sprouts position: {error}"))
        })
        .collect::<Result<Vec<Position>, String>>()
        .and_then(|choices| draw_one_of(from, &choices));
    match chosen {
        Ok((child, drawn)) => Response::SproutsDrawnChoice {
            id,
            child: child.to_string(),
            drawing: drawn.drawing,
            rearranged: drawn.rearranged,
        },
        Err(message) => Response::Error { id, message },
    }
}

/// The curve of the hint's move `child` on `drawing`, or of a move of the same game that can be drawn,
/// with the position it makes. A child that is not a position, or cannot be drawn, gives none.
fn hint_curve(drawing: &Drawing, child: &str) -> Option<(Vec<Point>, String)> {
    let child = child.parse::<Position>().ok()?;
    let (curve, made) = drawing.route_equivalent(&child)?;
    Some((curve.points().to_vec(), made.to_string()))
}

/// The moves from `drawing` to `children` in words; a child that is not a position gets none.
fn move_names(drawing: &Drawing, children: &[String]) -> Vec<Option<String>> {
    let parsed: Vec<Option<Position>> = children.iter().map(|c| c.parse().ok()).collect();
    let valid: Vec<Position> = parsed.iter().flatten().cloned().collect();
    let mut names = name_children(drawing, &valid).into_iter();
    parsed
        .iter()
        .map(|child| {
            child.as_ref()?;
            names.next().flatten().map(|name| name.to_string())
        })
        .collect()
}

/// The moves between two spots of a drawing, each with its curve (a curve takes tens of milliseconds:
/// not for the page's thread). An invalid drawing or spot gives none.
fn spot_moves(drawing: &Drawing, a: usize, b: usize) -> Vec<ListedSpotMove> {
    drawing
        .moves_between(a, b)
        .into_iter()
        .map(|mv| ListedSpotMove {
            curve: drawing.draw_move(&mv),
            region: mv.region,
            inside: mv.inside,
            outside: mv.outside,
            child: mv.child.to_string(),
        })
        .collect()
}

/// The longest the computer may be given to think (the page asks for seconds).
const MAX_THINK_MS: u32 = 120_000;

/// The exact answer if it comes within three quarters of the time, else a lookahead's choice in the rest.
async fn computer_move(
    id: RequestId,
    position: Position,
    misere: bool,
    think_ms: u32,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let started_ms = js_sys::Date::now();
    let think_ms = f64::from(think_ms.min(MAX_THINK_MS));
    let job = SproutsJob::start(position, misere)
        .await
        .stop_at_first_winning_move();
    // The time counts from when the base is ready (the first question loads the shipped base).
    let thinking_from = js_sys::Date::now();
    let exact = Until {
        job,
        deadline_ms: thinking_from
            + sprague_engine::solve::sprouts::exact_share_of_thinking(think_ms),
    };
    let job = match run_in_slices(id, exact, scope, queue).await {
        // A winning move found is enough to play (the search for others can take minutes); then
        // what the worker knows of each move, for the computer to keep the game where hints answer
        // at once (a few hundred nodes a move: see the engine's `solve::sprouts::prefer`).
        // The facts get the rest of the thinking time, at most half of it (their first round, a
        // few hundred nodes a move, always runs).
        Ok(Until { job, .. }) if job.is_done() || job.knows_winning_move() => {
            let facts = FactsJob::start(job.finish().await).await;
            let now = js_sys::Date::now();
            let facts = Until {
                job: facts,
                deadline_ms: now
                    + sprague_engine::solve::sprouts::facts_share_of_thinking(
                        think_ms,
                        now - thinking_from,
                    ),
            };
            return match run_in_slices(id, facts, scope, queue).await {
                Ok(Until { job: facts, .. }) => Response::Sprouts {
                    id,
                    answer: facts.finish(),
                },
                Err(response) => response,
            };
        }
        Ok(Until { job, .. }) => job,
        Err(response) => return response,
    };
    let (position, nodes) = (job.position().clone(), job.progress().nodes);
    job.stop().await;
    let lookahead = Until {
        job: LookaheadJob::start(position, misere, nodes, started_ms).await,
        deadline_ms: thinking_from + think_ms,
    };
    match run_in_slices(id, lookahead, scope, queue).await {
        Ok(Until { job, .. }) => Response::SproutsGuess {
            id,
            guess: job.finish(),
        },
        Err(response) => response,
    }
}

/// Computes the nim values of `code` up to `heap` in slices, posting progress and honouring a cancel.
async fn run_heap_job(
    id: RequestId,
    code: &str,
    heap: u64,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Result<HeapJob, Response> {
    let job = HeapJob::start(code, heap)
        .await
        .map_err(|message| Response::Error { id, message })?;
    run_in_slices(id, job, scope, queue).await
}

async fn list_bases() -> Result<Vec<BaseSummary>, StoreError> {
    let bases = Store::open().await?.list_bases().await?;
    Ok(bases
        .into_iter()
        .map(|base| BaseSummary {
            bytes: base.data.len() as u64,
            name: base.name,
            game: base.game,
            entries: base.entries,
        })
        .collect())
}

/// A teaching view's request: the normal values it needs (in slices), a longer sequence while no period
/// is proven (sequence view), then the misère genera one heap or cell a step (misère view).
async fn learn(
    id: RequestId,
    code: &str,
    query: &LearnQuery,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let mut heap = match learn_job::check(code, query) {
        Ok(heap) => heap,
        Err(message) => return Response::Error { id, message },
    };
    if let LearnQuery::Misere { .. } = query {
        return misere_table(id, code, query, scope, queue).await;
    }
    loop {
        let job = match run_heap_job(id, code, heap, scope, queue).await {
            Ok(job) => job,
            Err(response) => return response,
        };
        if let Some(further) = learn_job::look_further(&job, query) {
            if further > heap {
                heap = further;
                job.stop().await;
                continue;
            }
        }
        let answer = learn_job::answer(&job, query);
        job.stop().await;
        return match answer {
            Ok(answer) => Response::Learn {
                id,
                answer: Box::new(answer),
            },
            Err(message) => Response::Error { id, message },
        };
    }
}

async fn misere_table(
    id: RequestId,
    code: &str,
    query: &LearnQuery,
    scope: &mut Scope,
    queue: &mut VecDeque<Request>,
) -> Response {
    let job = match MisereJob::start(code, query) {
        Ok(job) => job,
        Err(message) => return Response::Error { id, message },
    };
    match run_in_slices(id, job, scope, queue).await {
        Ok(job) => Response::Learn {
            id,
            answer: Box::new(LearnAnswer::Misere(job.finish())),
        },
        Err(response) => response,
    }
}
