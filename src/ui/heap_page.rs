//! The Dots, Grundy and Nim pages: a board to play on, against a friend or the computer, in normal or misère
//! play, with hints, undo/redo and the whole game in the URL (moves push history entries, so back and forward
//! step through them; the computer's reply replaces the entry of the move it answers). The solver worker
//! gives every value shown and every computer move.

use super::asking::{Ask, Asking, Progress, Purpose};
use super::challenge_bar::ChallengeBar;
use super::computer_reply::use_computer_turns;
use super::dots_board::DotsBoard;
use super::game_review::{use_game_review, GameReview, LineOfPlay, Review};
use super::game_setup::GameSetup;
use super::game_shell::{
    challenge_in_link, finished_against_computer, share_link, use_line_controls, LinkNotices,
    PlayButtons, SolverMessages, Working,
};
use super::heap_value_tool::HeapValueTool;
use super::hint_panel::HintPanel;
use super::knock_down_values::KnockDownValues;
use super::page_play::{use_page_play, Step};
use super::piles_board::PilesBoard;
use super::pins_board::PinsBoard;
use super::rules_fold::RulesFold;
use super::scorecard::Scorecard;
use super::show_values::use_show_values;
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use crate::play::board::{Board, BoardKind, BoardMove};
use crate::play::challenge;
use crate::play::game::{Game, Opponent};
use crate::play::move_values::{board_move_values, BoardMoveValue};
use crate::play::opponent::winning_board_moves;
use crate::play::pins::rules_in_words;
use crate::play::review::Judged;
use crate::play::turns;
use crate::route::Route;
use crate::worker::protocol::{PositionAnswer, Request};
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;
use yew_router::prelude::*;

/// The URL keys the game owns (the value tool owns `heap`).
const GAME_KEYS: [&str; 7] = ["n", "piles", "m", "rules", "vs", "first", "level"];

#[derive(Properties, PartialEq)]
pub struct HeapPageProps {
    pub kind: BoardKind,
}

#[function_component(HeapPage)]
pub fn heap_page(props: &HeapPageProps) -> Html {
    let kind = props.kind;
    let location = use_location();
    let query = location
        .map(|location| location.query_str().trim_start_matches('?').to_string())
        .unwrap_or_default();
    let (game, url_error) = match Game::from_query(kind, &query) {
        Ok(Some(game)) => (game, None),
        Ok(None) => (Game::default_for(kind), None),
        Err(message) => (Game::default_for(kind), Some(message)),
    };
    let ignored = crate::route::ignored_note(&crate::route::ignored_keys(
        &query,
        &[GAME_KEYS.as_slice(), &["code", "heap"], &challenge::KEYS].concat(),
    ));
    let (challenge, url_error) = match (challenge_in_link(game.moves.len()), url_error) {
        (Ok(challenge), url_error) => (challenge, url_error),
        (Err(message), _) => (None, Some(message)),
    };
    let board = game.board();
    let solver = use_reducer(Asking::<PositionAnswer>::default);
    let route = match kind {
        BoardKind::Dots => Route::Dots,
        BoardKind::Grundy => Route::Grundy,
        BoardKind::Nim => Route::Nim,
    };
    // Every change of the game shown, with the note it calls for, goes through `take`.
    let (play, take) = use_page_play(&game, route, &GAME_KEYS, |game| game.to_pairs());
    let bridge = {
        let solver = solver.clone();
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                solver.dispatch(Ask::Heard(response));
            }
        })
    };

    let ask = {
        let (solver, bridge) = (solver.clone(), bridge.clone());
        let (board, rules, query) = (board.clone(), game.rules, query.clone());
        Callback::from(move |purpose: Purpose| {
            let id = next_request_id();
            solver.dispatch(Ask::Sent(id, purpose, query.clone()));
            bridge.send(Request::Analyze {
                id,
                code: board.code(),
                heaps: board.heaps().iter().map(|&h| h as u64).collect(),
                rules,
            });
        })
    };

    use_computer_turns(
        &game,
        &query,
        false,
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

    let on_move = {
        let (game, take) = (game.clone(), take.clone());
        Callback::from(move |mv: BoardMove| {
            let mut next = game.clone();
            if next.play(mv).is_ok() {
                take.emit(Step::Person(next));
                // The pressed dot or counter is gone or disabled now: keep the keyboard on the board
                // rather than letting focus fall to the page.
                keep_focus_on_board();
            }
        })
    };
    let on_restart = {
        let (take, game) = (take.clone(), game.clone());
        Callback::from(move |()| {
            take.emit(Step::Person(Game::new(
                game.start.clone(),
                game.rules,
                game.opponent,
            )))
        })
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
    let on_start = take.reform(Step::Person);
    let on_swap = (game.opponent != Opponent::Human && !board.is_over() && challenge.is_none())
        .then(|| {
            let (take, game) = (take.clone(), game.clone());
            Callback::from(move |()| {
                take.emit(Step::Person(Game {
                    opponent: game.opponent.swapped(),
                    ..game.clone()
                }))
            })
        });
    let hint_allowed = people_may_move && !board.is_over() && challenge.is_none();
    let controls = use_line_controls(
        &game,
        &play.line,
        &take,
        (query.clone(), busy),
        hint_allowed.then(|| on_hint.clone()),
    );
    let review = use_heap_review(&play.line, challenge.as_ref().map(|c| c.at));

    // "Show values": on a person's turn the page asks for every move's value.
    let (show_values, on_show_values) = use_show_values(&solver, &query, hint_allowed, &ask);
    let values: Vec<BoardMoveValue> = match (show_values, solver.values_for(&query)) {
        (true, Some(answer)) if hint_allowed => board_move_values(&board, answer),
        _ => Vec::new(),
    };
    // Asked, answered, and still no values: the search passed its budget. Say so rather than show nothing.
    let values_undecided = show_values
        && hint_allowed
        && solver
            .values_for(&query)
            .is_some_and(|answer| answer.values.move_values.is_none());

    let hint = solver.hint_for(&query).cloned();
    let hint_move = hint
        .as_ref()
        .and_then(|answer| winning_board_moves(&board, answer).first().copied());
    let last = game.moves.last().copied();
    let board_view = match &board {
        Board::Dots(row) => html! {
            <DotsBoard row={row.clone()} enabled={people_may_move} values={values.clone()}
                       hint={hint_move.and_then(|mv| match mv { BoardMove::Mark(dot) => Some(dot), _ => None })}
                       last={last.and_then(|mv| match mv { BoardMove::Mark(dot) => Some(dot), _ => None })}
                       on_move={on_move.clone()} />
        },
        Board::Piles(piles) => html! {
            <PilesBoard piles={piles.clone()} enabled={people_may_move} hint={hint_move} {last} values={values.clone()}
                        on_move={on_move.clone()} />
        },
        Board::Nim(piles) => html! {
            <PilesBoard piles={piles.clone()} take={true} enabled={people_may_move} hint={hint_move} {last} values={values.clone()}
                        on_move={on_move.clone()} />
        },
        Board::Pins(row) => html! {
            <PinsBoard row={row.clone()} enabled={people_may_move} hint={hint_move} {last} values={values.clone()}
                       on_move={on_move.clone()} />
        },
    };
    let status = turns::status(
        game.rules,
        game.opponent,
        game.moves.len(),
        board.is_over(),
        busy,
    );

    html! {
        <section class="game-page">
            <h1>{ title(&game.start) }</h1>
            <RulesFold how={how_to_move(&game.start)} full={rules_text(&game.start)} rules={game.rules} />
            <LinkNotices url_error={url_error.clone()} ignored={ignored.clone()} />
            <GameSetup game={game.clone()} {on_start} />
            <p id="status" class={classes!("status", game.winner().map(|w| turns::over_classes(game.opponent, w)))} aria-live="polite">{ status }</p>
            if let Some(text) = &play.note {
                <p id="computer-note" class="muted">{ text }</p>
            }
            if let Some(challenge) = &challenge {
                <ChallengeBar challenge={challenge.clone()} verdict={review.challenge.clone().filter(|_| game.moves.len() > challenge.at)}
                              on_try_again={controls.on_go.reform({ let at = challenge.at; move |()| at })} />
            }
            { board_view }
            <PlayButtons can_undo={controls.can_undo} can_redo={controls.can_redo} held={busy}
                         hint_allowed={hint_allowed} on_undo={controls.on_undo.clone()} on_redo={controls.on_redo.clone()}
                         on_hint={on_hint} on_restart={Some((on_restart, !game.moves.is_empty()))}
                         at={game.moves.len()} in_challenge={challenge.is_some()} on_swap={on_swap}>
                if challenge.is_none() {
                    <label class="show-values" title="Colour every move: green wins, red loses; the number is how many moves the game then lasts">
                        <input id="show-values" type="checkbox" checked={show_values} onclick={on_show_values.reform(|_| ())} />
                        { " Show values" }
                    </label>
                }
            </PlayButtons>
            <Scorecard page={kind.page()} finished={finished_against_computer(game.opponent, game.winner())} />
            if show_values && !values.is_empty() {
                <p id="values-key" class="muted">{ "Green moves win, red moves lose. The number is how many moves the game then lasts with best play." }</p>
                if matches!(board, Board::Pins(_)) {
                    <KnockDownValues values={values.clone()} enabled={people_may_move} on_move={on_move.clone()} />
                }
            }
            if values_undecided {
                <p id="values-undecided" class="muted">{ "The moves' values are not decided: this position is too large to search in time. Hint still finds a winning move." }</p>
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
            <div class="analysis">
                if let Some(answer) = hint {
                    <HintPanel board={board.clone()} {answer} />
                }
                <GameReview {review} at={game.moves.len()} on_go={controls.on_go} enabled={!busy} />
            </div>
            { share_link() }
            if let Board::Dots(row) = &game.start {
                <p class="muted" id="graph-link">
                    { "A row of dots is a path: " }
                    <Link<Route, Vec<(String, String)>> to={Route::Graph}
                        query={Some(vec![("preset".to_string(), format!("path_{}", row.len().clamp(1, 64)))])}>
                        { "play the same game on any graph" }
                    </Link<Route, Vec<(String, String)>>>
                    { " (Node Kayles: a move removes a vertex and its neighbours)." }
                </p>
            }
            // In Nim a pile of n is worth n: no tool needed to ask.
            if kind != BoardKind::Nim {
                <HeapValueTool game={kind} />
            }
        </section>
    }
}

/// The review of a heap game's line of play: each position asked of the solver as a hint is.
#[hook]
fn use_heap_review(line: &Game, challenge_at: Option<usize>) -> Review {
    // Each position of the line, each move played once on the one before (not replayed from the start).
    let mut boards = vec![line.start.clone()];
    for &mv in &line.moves {
        let mut next = boards[boards.len() - 1].clone();
        next.play(mv).expect("the game's moves were checked");
        boards.push(next);
    }
    let code = line.start.code();
    let rules = line.rules;
    let request = {
        let (boards, code) = (boards.clone(), code.clone());
        Callback::from(move |(i, id): (usize, _)| Request::Analyze {
            id,
            code: code.clone(),
            heaps: boards[i].heaps().iter().map(|&h| h as u64).collect(),
            rules,
        })
    };
    use_game_review(LineOfPlay::<PositionAnswer> {
        opponent: line.opponent,
        texts: line
            .moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| boards[i].describe(mv))
            .collect(),
        keys: boards
            .iter()
            .map(|board| format!("{code}|{:?}|{rules:?}", board.heaps()))
            .collect(),
        over: boards.last().is_some_and(Board::is_over),
        request,
        judge: Box::new(move |answer, i| Judged::Known {
            outcome: answer.outcome,
            remoteness: answer.values.remoteness,
            better: winning_board_moves(&boards[i], answer)
                .first()
                .map(|&mv| boards[i].describe(mv)),
        }),
        challenge_at,
    })
}

/// Focuses the board (a group that takes focus, `tabindex=-1`), so that keyboard and screen-reader users
/// stay where they were playing.
fn keep_focus_on_board() {
    use wasm_bindgen::JsCast;
    if let Some(board) = gloo::utils::document()
        .query_selector(".game-page .board")
        .ok()
        .flatten()
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = board.focus();
    }
}

fn title(start: &Board) -> String {
    match start {
        Board::Dots(_) => "Dots — the independence game".into(),
        Board::Piles(_) => "Grundy's game".into(),
        Board::Nim(_) => "Nim".into(),
        Board::Pins(row) => match row.game().named() {
            Some(named) => format!("Dots variant — {} ({})", named.title, row.game()),
            None => format!("Dots variant — octal game {}", row.game()),
        },
    }
}

/// How a move is made on the board, in one sentence (always shown, with who wins).
fn how_to_move(start: &Board) -> String {
    match start {
        Board::Dots(_) => "Press a dot: it and its neighbours leave the game.".into(),
        Board::Piles(_) => "Split a pile in two piles of different sizes: press a counter.".into(),
        Board::Nim(_) => "Press a counter to take it and every counter above it.".into(),
        Board::Pins(_) => "Press the first and the last pin of the group to knock down.".into(),
    }
}

/// The rules in full, behind the line that says how to move.
fn rules_text(start: &Board) -> String {
    match start {
        Board::Dots(_) => "A row of dots. A move marks a dot; the dot and its neighbours leave the game, so a \
                           row can break in two (octal game 0.137)."
            .into(),
        Board::Piles(_) => "Piles of counters. A move splits one pile into two piles of different sizes; piles \
                            of one or two can never be split. Press a counter to split its pile below it."
            .into(),
        Board::Nim(_) => "Piles of counters. A move takes one or more counters from one pile.".into(),
        Board::Pins(row) => format!("A row of pins. {}", rules_in_words(row.game())),
    }
}
