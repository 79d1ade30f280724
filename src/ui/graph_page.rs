//! The Graphs page (`/graph`): Node Kayles on any graph. Build a graph (presets, or by hand), play it
//! against a friend or the computer in normal or misère play, ask for a hint (each component's nimber and
//! their nim-sum, or the misère outcome) — all values from the solver worker. The whole game is in the URL.

use super::asking::{Ask, Asking, Progress, Purpose};
use super::challenge_bar::ChallengeBar;
use super::computer_reply::use_computer_turns;
use super::game_review::{use_game_review, GameReview, LineOfPlay, Review};
use super::game_shell::{
    challenge_in_link, finished_against_computer, share_link, use_line_controls, LinkNotices,
    PlayButtons, SolverMessages, Working,
};
use super::graph_board::{Edit, GraphBoard, Tool};
use super::graph_building::{edited, restart_to_build, Build, Builder};
use super::graph_hint::GraphHint;
use super::graph_setup::GraphSetup;
use super::page_play::{use_page_play, Step};
use super::rules_fold::RulesFold;
use super::scorecard::Scorecard;
use super::show_values::use_show_values;
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::play::challenge;
use crate::play::game::Opponent;
use crate::play::graph_game::GraphGame;
use crate::play::review::Judged;
use crate::play::turns;
use crate::route::Route;
use crate::worker::protocol::GraphAnswer;
use crate::worker::protocol::Request;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;
use yew_router::prelude::*;

/// The URL keys the game owns.
const GAME_KEYS: [&str; 8] = ["preset", "g", "at", "m", "rules", "vs", "first", "level"];

#[function_component(GraphPage)]
pub fn graph_page() -> Html {
    let location = use_location();
    let query = location
        .map(|location| location.query_str().trim_start_matches('?').to_string())
        .unwrap_or_default();
    let (game, url_error, ignored) = match GraphGame::from_query(&query) {
        Ok(link) => (
            link.game.unwrap_or_else(GraphGame::default_game),
            None,
            link.ignored,
        ),
        Err(message) => (GraphGame::default_game(), Some(message), Vec::new()),
    };
    let ignored: Vec<String> = ignored
        .into_iter()
        .filter(|key| !challenge::KEYS.contains(&key.as_str()))
        .collect();
    let (challenge, url_error) = match (challenge_in_link(game.moves.len()), url_error) {
        (Ok(challenge), url_error) => (challenge, url_error),
        (Err(message), _) => (None, Some(message)),
    };
    let solver = use_reducer(Asking::<GraphAnswer>::default);
    // Every change of the game shown, with the note it calls for, goes through `take`.
    let (play, take) = use_page_play(&game, Route::Graph, &GAME_KEYS, |game| game.to_pairs());
    // The building tool chosen (none while playing), and why an edit was refused.
    let builder = use_reducer(Builder::default);
    let bridge = {
        let solver = solver.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                solver.dispatch(Ask::Heard(response));
            }
        })
    };

    let ask = {
        let (solver, bridge, game, query) =
            (solver.clone(), bridge.clone(), game.clone(), query.clone());
        Callback::from(move |purpose: Purpose| {
            let id = next_request_id();
            solver.dispatch(Ask::Sent(id, purpose, query.clone()));
            bridge.send(Request::GraphAnalyze {
                id,
                graph: game.graph.to_string(),
                moves: game.moves.clone(),
                rules: game.rules,
            });
        })
    };

    let tool = builder.tool;
    let building = tool.is_some();
    use_computer_turns(
        &game,
        &query,
        building,
        solver.clone(),
        ask.clone(),
        take.clone(),
    );

    let busy = solver.waiting.is_some();
    let computer_turn = game.computer_to_move();
    // In a challenge the student plays one move: the challenge's.
    let people_may_move = !computer_turn
        && !busy
        && url_error.is_none()
        && challenge.as_ref().is_none_or(|c| game.moves.len() == c.at);

    let on_mark = {
        let (game, take) = (game.clone(), take.clone());
        Callback::from(move |vertex: usize| {
            let mut next = game.clone();
            if next.play(vertex).is_ok() {
                take.emit(Step::Person(next));
            }
        })
    };
    let on_edit = {
        let (game, take, builder) = (game.clone(), take.clone(), builder.clone());
        Callback::from(move |edit: Edit| match edited(&game, edit) {
            Ok(next) => {
                builder.dispatch(Build::Edited);
                take.emit(Step::Person(next));
            }
            Err(why) => builder.dispatch(Build::Refused(why)),
        })
    };
    let set_tool = {
        let (game, take, builder) = (game.clone(), take.clone(), builder.clone());
        Callback::from(move |chosen: Option<Tool>| {
            if let Some(step) = restart_to_build(&game, chosen) {
                take.emit(step);
            }
            builder.dispatch(Build::Choose(chosen));
        })
    };
    let on_restart = {
        let (take, game) = (take.clone(), game.clone());
        Callback::from(move |()| take.emit(Step::Person(game.restarted())))
    };
    let on_hint = {
        let ask = ask.clone();
        Callback::from(move |()| ask.emit(Purpose::Hint))
    };
    let on_cancel = {
        let (solver, bridge) = (solver.clone(), bridge.clone());
        Callback::from(move |()| {
            if let Some((id, _, _)) = &solver.waiting {
                bridge.send(Request::Cancel { id: *id });
            }
        })
    };
    let on_start = {
        let (take, builder) = (take.clone(), builder.clone());
        Callback::from(move |(game, build): (GraphGame, bool)| {
            builder.dispatch(Build::Started { build });
            take.emit(Step::Person(game));
        })
    };
    let over = game.is_over();
    let on_swap = (game.opponent != Opponent::Human && !over && challenge.is_none()).then(|| {
        let (take, game) = (take.clone(), game.clone());
        Callback::from(move |()| {
            take.emit(Step::Person(GraphGame {
                opponent: game.opponent.swapped(),
                ..game.clone()
            }))
        })
    });
    let hint_allowed = people_may_move && !over && !building && challenge.is_none();
    let controls = use_line_controls(
        &game,
        &play.line,
        &take,
        (query.clone(), busy, building),
        hint_allowed.then(|| on_hint.clone()),
    );
    let review = use_graph_review(&play.line, challenge.as_ref().map(|c| c.at));

    let hint = solver
        .hint_for(&query)
        .map(|answer| answer.analysis.clone())
        .filter(|_| !building);
    // When every move loses: the one that makes the game last longest, from the hint's move values.
    let lasting = solver
        .hint_for(&query)
        .and_then(|answer| answer.values.move_values.as_ref())
        .and_then(|moves| {
            moves
                .iter()
                .max_by_key(|m| (m.remoteness, std::cmp::Reverse(m.vertex)))
        })
        .map(|m| m.vertex);
    let (show_values, on_show_values) = use_show_values(&solver, &query, hint_allowed, &ask);
    let values = match (show_values, solver.values_for(&query)) {
        (true, Some(answer)) if hint_allowed => {
            answer.values.move_values.clone().unwrap_or_default()
        }
        _ => Vec::new(),
    };
    let status = if building {
        format!(
            "Building: {} vertices, {} edges. Choose Play to start.",
            game.graph.vertex_count(),
            game.graph.edges().len()
        )
    } else if game.graph.vertex_count() == 0 {
        "The graph is empty: choose Build to add vertices, or start a new game.".to_string()
    } else {
        turns::status(game.rules, game.opponent, game.moves.len(), over, busy)
    };
    let tool_button = |id: &'static str,
                       label: &'static str,
                       value: Option<Tool>,
                       title: &'static str| {
        let set_tool = set_tool.clone();
        html! {
            <button {id} type="button" class={classes!("tool", (tool == value).then_some("active"))}
                    aria-pressed={(tool == value).to_string()} {title}
                    onclick={Callback::from(move |_| set_tool.emit(value))}>{ label }</button>
        }
    };

    html! {
        <section class="game-page graph-page">
            <h1>{ "Graphs — Node Kayles" }</h1>
            <RulesFold rules={game.rules} how="Press a vertex: it and its neighbours leave the game."
                       full="Node Kayles: a move marks a vertex still in play; it and its neighbours leave the game." />
            <LinkNotices url_error={url_error.clone()} ignored={crate::route::ignored_note(&ignored)} />
            <GraphSetup game={game.clone()} {on_start} />
            <div class="graph-layout">
                // The tools: over the board on a wide screen, under it on a narrow one (the board first).
                <div class="mode-row">
                <div class="mode-bar" role="toolbar" aria-label="play or build">
                    { tool_button("mode-play", "Play", None, "Play on this graph") }
                    { tool_button("tool-add", "Add / join", Some(Tool::AddJoin),
                        "Tap empty space to add a vertex; drag from a vertex to another (or tap one, then the other) to join or unjoin them") }
                    { tool_button("tool-move", "Move", Some(Tool::Move), "Drag a vertex to move it") }
                    { tool_button("tool-delete", "Delete", Some(Tool::Delete), "Tap a vertex or an edge to delete it") }
                </div>
                <p id="build-help" class="build-help" aria-live="polite">{ build_help(tool) }</p>
                </div>
                <div class="graph-status">
                <p id="status" class={classes!("status", game.winner().filter(|_| !building).map(|w| turns::over_classes(game.opponent, w)))} aria-live="polite">{ status }</p>
                if let Some(text) = &play.note {
                    <p id="computer-note" class="muted" aria-live="polite">{ text }</p>
                }
                if let Some(message) = &builder.edit_error {
                    <p class="error" role="alert" id="edit-error">{ message }</p>
                }
                if let Some(challenge) = &challenge {
                    <ChallengeBar challenge={challenge.clone()} verdict={review.challenge.clone().filter(|_| game.moves.len() > challenge.at)}
                                  on_try_again={controls.on_go.reform({ let at = challenge.at; move |()| at })} />
                }
                </div>
                <GraphBoard game={game.clone()} {tool} enabled={building || people_may_move}
                            hint={hint.clone()} values={values.clone()} {on_mark} {on_edit} />
                <div class="graph-side">
                    <PlayButtons can_undo={controls.can_undo} can_redo={controls.can_redo} held={busy || building}
                                 hint_allowed={hint_allowed} on_undo={controls.on_undo.clone()} on_redo={controls.on_redo.clone()}
                                 on_hint={on_hint} on_restart={Some((on_restart, !game.moves.is_empty()))}
                                 at={game.moves.len()} in_challenge={challenge.is_some()} on_swap={on_swap}>
                        if challenge.is_none() {
                            <label class="show-values" title="Colour every vertex: green wins, red loses; the number is how many moves the game then lasts">
                                <input id="show-values" type="checkbox" checked={show_values} onclick={on_show_values.reform(|_| ())} />
                                { " Show values" }
                            </label>
                        }
                    </PlayButtons>
                    <Scorecard page="graph" finished={finished_against_computer(game.opponent, game.winner())} />
                    if show_values && !values.is_empty() {
                        <p id="values-key" class="muted">{ "Green vertices win, red ones lose. The small number is how many moves the game then lasts with best play." }</p>
                    }
                    if busy {
                        <Working text={if computer_turn { "The computer is thinking…" } else { "Solving…" }} on_cancel={Some(on_cancel)}>
                            if let Some(Progress::Values { done, total }) = solver.progress {
                                <progress max={total.to_string()} value={done.to_string()} />
                            }
                        </Working>
                    }
                    <SolverMessages error={solver.error.clone()} not_saved={solver.not_saved.clone()}
                                    on_dismiss={{ let solver = solver.clone(); Callback::from(move |()| solver.dispatch(Ask::Dismiss)) }} />
                    if let Some(answer) = hint {
                        <GraphHint {answer} {lasting} />
                    }
                    <GameReview {review} at={game.moves.len()} on_go={controls.on_go}
                                enabled={!busy && !building} list_id="graph-moves" />
                </div>
            </div>
            { share_link() }
            <p class="muted">
                { "A row of dots is a path: the " }
                <Link<Route> to={Route::Dots}>{ "Dots page" }</Link<Route>>
                { "'s independence game is this game on a path (preset “Path”)." }
            </p>
        </section>
    }
}

/// The review of a graph game's line of play: each position asked of the solver as a hint is; each
/// move named with what it removed.
#[hook]
fn use_graph_review(line: &GraphGame, challenge_at: Option<usize>) -> Review {
    let points: Vec<GraphGame> = (0..=line.moves.len())
        .map(|i| {
            let mut point = line.clone();
            point.moves.truncate(i);
            point
        })
        .collect();
    let texts = points
        .iter()
        .zip(&line.moves)
        .map(|(point, &vertex)| {
            let removed: Vec<String> = point
                .position()
                .removed_by(vertex)
                .iter()
                .map(|v| v.to_string())
                .collect();
            format!("vertex {vertex} (removes {})", removed.join(", "))
        })
        .collect();
    let request = {
        let points = points.clone();
        Callback::from(move |(i, id): (usize, _)| Request::GraphAnalyze {
            id,
            graph: points[i].graph.to_string(),
            moves: points[i].moves.clone(),
            rules: points[i].rules,
        })
    };
    use_game_review(LineOfPlay::<GraphAnswer> {
        opponent: line.opponent,
        texts,
        keys: points.iter().map(GraphGame::to_query).collect(),
        over: points.last().is_some_and(GraphGame::is_over),
        request,
        judge: Box::new(|answer, _| Judged::Known {
            outcome: answer.analysis.outcome,
            remoteness: answer.values.remoteness,
            better: answer
                .analysis
                .winning_moves
                .first()
                .map(|vertex| format!("vertex {vertex}")),
        }),
        challenge_at,
    })
}

/// What the chosen tool does and how, in a few plain words beside the tools (not only in their tooltips).
fn build_help(tool: Option<Tool>) -> &'static str {
    match tool {
        None => {
            "Make your own graph with the tools: Add / join puts in vertices (dots) and edges \
             (lines), Move drags a vertex, Delete takes one away."
        }
        Some(Tool::AddJoin) => {
            "Tap an empty spot to add a vertex. Drag from one vertex to another, \
             or tap one then the other, to add an edge (or take it away)."
        }
        Some(Tool::Move) => "Press a vertex and drag it to where you want it.",
        Some(Tool::Delete) => "Tap a vertex or an edge to take it away.",
    }
}
