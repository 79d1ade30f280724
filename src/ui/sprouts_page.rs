//! The Sprouts page: play from n spots or a pasted position, against a friend or the computer, in normal or
//! misère play — by drawing curves on the board, or exactly, by choosing the position a move leads to from
//! the list of distinct moves. The solver worker answers every question (nimber or misère outcome, winning
//! moves); the computer's moves are drawn as routed curves; the game lives in the URL.

use super::asking::{Ask, Asking, Progress, Purpose, SproutsReply};
use super::copy_link::CopyLink;
use super::exact_picking::{ExactPicking, Picking};
use super::game_drawing::{keep_drawn, use_game_drawing, GameDrawing};
use super::game_keys::use_game_keys;
use super::hint_curve::use_hint_curve;
use super::hint_panel::format_ms;
use super::not_saved_note::NotSavedNote;
use super::save_picture::SavePicture;
use super::solver::next_request_id;
use super::solver_pool;
use super::spot_moves_list::SpotMovesList;
use super::sprouts_board::SproutsBoard;
use super::sprouts_setup::SproutsSetup;
use crate::play::game::{Level, Opponent, Rules};
use crate::play::opponent::{choice_order, Reason};
use crate::play::sprouts_drawing::{line_key, DrawingCache};
use crate::play::sprouts_game::SproutsGame;
use crate::play::turns;
use crate::route::{current_query, pairs_of, replace_keys, Route};
use crate::worker::protocol::{Outcome, Request, RequestId, Response, SproutsAnswer, SproutsGuess};
use crate::worker::SolverReactor;
use sprague_engine::draw::DrawnMove;
use sprague_engine::draw::{CurveMove, Point};
use sprague_engine::games::sprouts::Position;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};
use yew_router::prelude::*;

/// The URL keys the game owns.
const GAME_KEYS: [&str; 8] = [
    "start", "pos", "line", "rules", "vs", "first", "level", "think",
];

#[function_component(SproutsPage)]
pub fn sprouts_page() -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let pairs = location
        .as_ref()
        .and_then(|location| location.query::<Vec<(String, String)>>().ok())
        .unwrap_or_default();
    let ignored = crate::route::ignored_note(&crate::route::ignored_keys(
        &crate::route::current_query(),
        &GAME_KEYS,
    ));
    // Replaying the line checks every move: do it once per URL, not on every render.
    let parsed = use_memo(pairs, |pairs| SproutsGame::from_pairs(pairs));
    let (game, url_error) = match &*parsed {
        Ok(Some(game)) => (game.clone(), None),
        Ok(None) => (SproutsGame::default_game(), None),
        Err(message) => (SproutsGame::default_game(), Some(message.clone())),
    };
    // Identifies the position asked about: answers for another one are not shown.
    let key = format!("{}|{:?}|{}", game.current(), game.rules, game.line.len());
    let solver = use_reducer(Asking::<SproutsReply>::default);
    // The longest line of play seen from this start, for redo.
    let longest = use_state(|| game.clone());
    let note = use_state(|| None::<String>);
    // Drawings made so far, by line (a hand-drawn curve stays as it was drawn).
    let drawings = use_mut_ref(DrawingCache::default);
    let game_drawing = use_game_drawing(&game, drawings.clone());
    let drawing = game_drawing.ready().cloned();
    // Exact mode: the spots picked so far, and the curve of the move pointed at.
    let exact = use_reducer(ExactPicking::default);
    {
        let exact = exact.clone();
        use_effect_with(line_key(&game.start, &game.line), move |_| {
            exact.dispatch(Picking::Clear)
        });
    }
    // The pool's work on this page's question ends with the page.
    use_effect_with((), |_| solver_pool::stop);
    let bridge = {
        let solver = solver.clone();
        use_reactor_bridge::<SolverReactor, _>(move |event| {
            if let ReactorEvent::Output(response) = event {
                if !solver_pool::page_worker_said(&response) {
                    solver.dispatch(Ask::Heard(response));
                }
            }
        })
    };

    let show = {
        let navigator = navigator.clone();
        Callback::from(move |(game, replace): (SproutsGame, bool)| {
            let pairs = replace_keys(pairs_of(&current_query()), &GAME_KEYS, game.to_pairs());
            if let Some(navigator) = &navigator {
                let _ = if replace {
                    navigator.replace_with_query(&Route::Sprouts, &pairs)
                } else {
                    navigator.push_with_query(&Route::Sprouts, &pairs)
                };
            }
        })
    };

    let ask = {
        let (solver, bridge) = (solver.clone(), bridge.clone());
        let (position, misere, key) = (
            game.current().to_string(),
            game.rules == Rules::Misere,
            key.clone(),
        );
        // The computer thinks this long: three quarters for the exact answer, then a lookahead search.
        let think_ms = game.think_seconds * 1000;
        Callback::from(move |purpose: Purpose| {
            let id = next_request_id();
            solver.dispatch(Ask::Sent(id, purpose, key.clone()));
            let to_worker = {
                let bridge = bridge.clone();
                Callback::from(move |request| bridge.send(request))
            };
            solver_pool::help(id, &position, misere, to_worker);
            let position = position.clone();
            bridge.send(match purpose {
                Purpose::Hint => Request::SproutsAnalyze {
                    id,
                    position,
                    misere,
                },
                Purpose::ComputerMove => Request::SproutsComputerMove {
                    id,
                    position,
                    misere,
                    think_ms,
                },
            });
        })
    };

    // After a person's move the focus goes back to the board once its new drawing is shown (the
    // pressed button or the board itself is replaced), not to the page.
    let refocus = use_mut_ref(|| false);
    // Every move, the person's or the computer's, is played here: `child` after `from`, shown with
    // what to say about it. The computer's move takes the place of the history entry it answered; a
    // person's adds one, and the focus goes back to the board.
    let play = {
        let (show, note, refocus) = (show.clone(), note.clone(), refocus.clone());
        Callback::from(
            move |(from, child, said, by_computer): (
                SproutsGame,
                Position,
                Option<String>,
                bool,
            )| {
                let mut next = from;
                if next.play(child).is_ok() {
                    note.set(said);
                    if !by_computer {
                        *refocus.borrow_mut() = true;
                    }
                    show.emit((next, by_computer));
                }
            },
        )
    };

    // Keep the line for redo; on the computer's turn, ask the solver (the learner needs no solver).
    {
        let (game, ask, play) = (game.clone(), ask.clone(), play.clone());
        let longest = longest.clone();
        use_effect_with(key.clone(), move |_| {
            if !game.leads_to(&longest) {
                longest.set(game.clone());
            }
            if let Opponent::Computer { level, .. } = game.opponent {
                if game.computer_to_move() {
                    if level == Level::Learner {
                        let (order, _) =
                            choice_order(&game.moves(), &[], level, js_sys::Math::random);
                        if let Some(child) = order.first() {
                            let said = "The computer (learner) moved at random.".to_string();
                            play.emit((game.clone(), child.clone(), Some(said), true));
                        }
                    } else {
                        ask.emit(Purpose::ComputerMove);
                    }
                }
            }
        });
    }

    // The computer's move being chosen and drawn by the worker; played when it comes back, if the game
    // has not moved on meanwhile.
    let choosing = use_mut_ref(|| None::<Choosing>);
    let choosing_now = use_state(|| false);
    let current_line = use_mut_ref(String::new);
    *current_line.borrow_mut() = line_key(&game.start, &game.line);
    let choice_bridge = {
        let (choosing, choosing_now) = (choosing.clone(), choosing_now.clone());
        let play = play.clone();
        let (drawings, current_line) = (drawings.clone(), current_line.clone());
        use_reactor_bridge::<SolverReactor, _>(move |event| {
            let ReactorEvent::Output(response) = event else {
                return;
            };
            let Some(asked) = choosing.borrow().clone() else {
                return;
            };
            if response.id() != asked.id {
                return;
            }
            *choosing.borrow_mut() = None;
            choosing_now.set(false);
            if *current_line.borrow() != line_key(&asked.game.start, &asked.game.line) {
                return; // the player undid or left meanwhile
            }
            let child = match response {
                Response::SproutsDrawnChoice {
                    child,
                    drawing,
                    rearranged,
                    ..
                } => {
                    let Ok(child) = child.parse::<Position>() else {
                        return;
                    };
                    let mut line = asked.game.line.clone();
                    line.push(child.clone());
                    keep_drawn(
                        &drawings,
                        &asked.game.start,
                        &line,
                        DrawnMove {
                            drawing,
                            rearranged,
                        },
                    );
                    child
                }
                // Not drawn: played all the same (the board says why it cannot draw it).
                _ => asked.fallback.clone(),
            };
            play.emit((asked.game.clone(), child, Some(asked.text.clone()), true));
        })
    };

    // The solver answered for the computer: play.
    {
        let (solver, game, key, play) = (solver.clone(), game.clone(), key.clone(), play.clone());
        let computer = solver.computer.clone();
        let drawing = drawing.clone();
        let (choosing, choosing_now) = (choosing.clone(), choosing_now.clone());
        let choice_bridge = choice_bridge.clone();
        use_effect_with(computer, move |computer| {
            if let Some((asked_at, answer)) = computer {
                if *asked_at == key && game.computer_to_move() {
                    if let Opponent::Computer { level, .. } = game.opponent {
                        let (choices, text) = computer_choice(&game, answer, level);
                        match &drawing {
                            // The worker plays the first it can draw, and draws it.
                            Some(drawing) if !choices.is_empty() => {
                                let id = next_request_id();
                                *choosing.borrow_mut() = Some(Choosing {
                                    id,
                                    game: game.clone(),
                                    text,
                                    fallback: choices[0].clone(),
                                });
                                choosing_now.set(true);
                                choice_bridge.send(Request::SproutsDrawOneOf {
                                    id,
                                    from: drawing.clone(),
                                    choices: choices.iter().map(Position::to_string).collect(),
                                });
                            }
                            _ => {
                                if let Some(child) = choices.first() {
                                    play.emit((game.clone(), child.clone(), Some(text), true));
                                }
                            }
                        }
                    }
                }
                solver.dispatch(Ask::Played);
            }
        });
    }

    let rule_children = use_memo(key.clone(), {
        let game = game.clone();
        move |_| {
            game.moves()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        }
    });
    let busy = solver.waiting.is_some() || *choosing_now;
    let people_may_move = !game.computer_to_move() && !busy && url_error.is_none();
    let hint = solver.hint_for(&key).and_then(SproutsReply::exact).cloned();

    {
        let refocus = refocus.clone();
        let shown = match &game_drawing {
            GameDrawing::Ready(_) => Some(true),
            GameDrawing::Drawing(_) => None,
            GameDrawing::Failed(_) => Some(false),
        };
        let line = line_key(&game.start, &game.line);
        use_effect_with((line, shown), move |(_, shown)| {
            if let Some(shown) = *shown {
                if std::mem::take(&mut *refocus.borrow_mut()) && shown {
                    focus_board();
                }
            }
        });
    }
    let on_child = {
        let (game, play) = (game.clone(), play.clone());
        Callback::from(move |child: String| {
            if let Ok(child) = child.parse::<Position>() {
                play.emit((game.clone(), child, None, false));
            }
        })
    };
    let on_curve = {
        let (game, play, drawings) = (game.clone(), play.clone(), drawings.clone());
        let drawing = drawing.clone();
        Callback::from(move |(curve, spot_at): (CurveMove, Option<Point>)| {
            let Some(drawing) = &drawing else {
                return;
            };
            // The curve as drawn is kept for the line it makes, before the move is shown.
            let mut line = game.line.clone();
            line.push(curve.child().clone());
            keep_drawn(
                &drawings,
                &game.start,
                &line,
                DrawnMove {
                    drawing: drawing.play(&curve, spot_at),
                    rearranged: None,
                },
            );
            play.emit((game.clone(), curve.child().clone(), None, false));
        })
    };
    // Exact mode: pick two spots, then choose among the moves between them.
    let on_exact_mode = {
        let exact = exact.clone();
        Callback::from(move |_| exact.dispatch(Picking::Toggle))
    };
    let on_pick = {
        let exact = exact.clone();
        Callback::from(move |spot: usize| exact.dispatch(Picking::Pick(spot)))
    };
    let on_preview = {
        let exact = exact.clone();
        Callback::from(move |curve: Option<Vec<Point>>| exact.dispatch(Picking::Preview(curve)))
    };
    let on_clear_picks = {
        let exact = exact.clone();
        Callback::from(move |_| exact.dispatch(Picking::Clear))
    };
    let on_hint = {
        let ask = ask.clone();
        Callback::from(move |_| ask.emit(Purpose::Hint))
    };
    let on_cancel = {
        let (solver, bridge) = (solver.clone(), bridge.clone());
        Callback::from(move |_| {
            if let Some((id, _, _)) = &solver.waiting {
                solver_pool::stop();
                bridge.send(Request::Cancel { id: *id });
            }
        })
    };
    let undo_to = game.undone();
    let redo_to = game.redone(&longest);
    let on_undo = {
        let (show, note, target) = (show.clone(), note.clone(), undo_to.clone());
        Callback::from(move |_| {
            if let Some(target) = target.clone() {
                note.set(None);
                show.emit((target, false));
            }
        })
    };
    let on_redo = {
        let (show, target) = (show.clone(), redo_to.clone());
        Callback::from(move |_| {
            if let Some(target) = target.clone() {
                show.emit((target, false));
            }
        })
    };
    {
        let hint_allowed = people_may_move && !game.is_over();
        use_game_keys(
            (key.clone(), busy),
            on_undo.clone(),
            on_redo.clone(),
            hint_allowed.then(|| on_hint.clone()),
        );
    }
    let on_start = {
        let (show, note) = (show.clone(), note.clone());
        Callback::from(move |game: SproutsGame| {
            note.set(None);
            show.emit((game, false));
        })
    };

    // The moves to choose from: from the hint when there is one (with which ones win), else from the rules.
    let children: Vec<(String, Option<bool>)> = match &hint {
        Some(answer) => answer
            .children
            .iter()
            .map(|child| (child.position.clone(), child.wins))
            .collect(),
        None => rule_children
            .iter()
            .map(|child| (child.clone(), None))
            .collect(),
    };
    let child_items = children.iter().map(|(position, wins)| {
        let onclick = on_child.reform({
            let position = position.clone();
            move |_| position.clone()
        });
        html! {
            <li>
                <button class={classes!("child", wins.map(|w| if w { "wins" } else { "loses" }))}
                        {onclick} disabled={!people_may_move}>
                    <code>{ position }</code>
                    if *wins == Some(true) { <span class="tag">{ "wins" }</span> }
                </button>
            </li>
        }
    });

    // The hint's first winning move, drawn as a curve by the worker.
    let first_winning = hint
        .as_ref()
        .and_then(|answer| answer.children.iter().find(|c| c.wins == Some(true)))
        .map(|child| child.position.clone());
    let hint_curve = use_hint_curve(drawing.clone(), first_winning);
    let rearranged = drawings.borrow().rearranged(&game).cloned();
    let status = turns::status(
        game.rules,
        game.opponent,
        game.line.len(),
        game.is_over(),
        busy,
    );
    let board_label = AttrValue::from(format!(
        "Sprouts board, {}: {} lives left. {status}",
        match game.line.len() {
            0 => "no move yet".to_string(),
            n => format!("after move {n}"),
        },
        game.current().lives()
    ));
    let board = match &game_drawing {
        GameDrawing::Ready(drawing) => html! {
            <>
            if let Some(note) = rearranged {
                <p class="notice" id="drawing-rearranged" aria-live="polite">{ note }</p>
            }
            <SproutsBoard drawing={drawing.clone()} enabled={people_may_move} hint={hint_curve}
                          last={(!game.line.is_empty()).then(|| drawing.curves.len().saturating_sub(1))}
                          on_move={on_curve.clone()} picking={exact.on} picked={exact.picked.clone()}
                          on_pick={on_pick} preview={exact.preview.clone()} label={board_label.clone()} />
            if exact.on {
                <SpotMovesList drawing={drawing.clone()} picked={exact.picked.clone()} enabled={people_may_move}
                               on_move={on_curve} on_preview={on_preview} on_clear={on_clear_picks} />
            }
            </>
        },
        // The worker is drawing the moves not drawn yet: the last drawing meanwhile, not to be drawn on.
        GameDrawing::Drawing(Some(earlier)) => html! {
            <>
            <SproutsBoard drawing={earlier.clone()} enabled={false} hint={None::<(Vec<Point>, String)>} last={None::<usize>}
                          on_move={on_curve.clone()} label={board_label} />
            <p class="muted" id="drawing-now" aria-live="polite">{ "Drawing the last move…" }</p>
            </>
        },
        GameDrawing::Drawing(None) => html! {
            <p class="muted" id="drawing-now" aria-live="polite">{ "Drawing the position…" }</p>
        },
        GameDrawing::Failed(why) => html! {
            <p class="notice" id="no-drawing">{ format!("No drawing: {why}. Choose each move from the list below.") }</p>
        },
    };
    let progress = match solver.progress {
        Some(Progress::Search {
            nodes,
            children_done,
            children,
            depth,
            stored,
            workers,
        }) => {
            let on = by_workers(workers);
            let checked = if children > 0 {
                format!("; moves checked: {children_done} of {children}")
            } else {
                String::new()
            };
            Some(format!(
                "{} — {nodes} positions searched{on}, {stored} stored, depth {depth}{checked}",
                format_ms(js_sys::Date::now() - solver.sent_ms)
            ))
        }
        Some(Progress::Lookahead {
            nodes,
            depth,
            scored,
            moves,
        }) => Some(format!(
            "too long for an exact answer, so looking ahead: {depth} moves deep, {scored} of {moves} \
             moves scored ({nodes} positions)"
        )),
        _ => None,
    };
    html! {
        <section class="game-page sprouts-page">
            <h1>{ "Sprouts" }</h1>
            <p class="rules">
                { "Spots on paper. A move draws a line from a spot to another spot (or back to itself) without \
                   crossing any line or touching another spot, and puts a new spot on it. No spot may have more \
                   than three lines. " }
                { match game.rules { Rules::Normal => "Whoever cannot move loses (normal play).", Rules::Misere => "Whoever cannot move wins (misère play)." } }
            </p>
            if let Some(message) = &url_error {
                <p class="error" role="alert" id="url-error">
                    { format!("This link's game is not valid: {message}. A new game is shown instead.") }
                </p>
            }
            if let Some(note) = &ignored {
                <p class="muted" role="status" id="url-ignored">{ note }</p>
            }
            <SproutsSetup game={game.clone()} {on_start} />
            <p id="status" class={classes!("status", game.winner().map(|_| "over"))} aria-live="polite">{ status }</p>
            if let Some(text) = &*note {
                <p id="computer-note" class="muted">{ text }</p>
            }
            <p class="position">{ "Position: " }<code id="position">{ game.current().to_string() }</code>
                <span class="muted">{
                    if game.current().to_string() == "!" {
                        " (no move is left: “!” is GLOP's name for the end of the game)".to_string()
                    } else {
                        format!(" ({} lives)", game.current().lives())
                    }
                }</span></p>
            { board }
            <div class="controls">
                <button id="undo" onclick={on_undo.reform(|_| ())} disabled={undo_to.is_none() || busy} title="Undo (u)">{ "Undo" }</button>
                <button id="redo" onclick={on_redo.reform(|_| ())} disabled={redo_to.is_none() || busy} title="Redo (r)">{ "Redo" }</button>
                <button id="hint" onclick={on_hint.reform(|_| ())} disabled={!people_may_move || game.is_over()} title="Hint (h)">{ "Hint" }</button>
                <button id="exact-mode" type="button" onclick={on_exact_mode} aria-pressed={exact.on.to_string()}
                        title="Pick two spots, then choose the move from a list">
                    { if exact.on { "Draw freehand" } else { "Exact mode" } }
                </button>
                <CopyLink />
                if game_drawing.ready().is_some() {
                    <SavePicture target="svg.sprouts-board" file_name={picture_name(game.current())} />
                }
            </div>
            if *choosing_now {
                <div class="working" aria-live="polite">
                    <span id="computer-drawing">{ "The computer is drawing its move…" }</span>
                </div>
            } else if busy {
                <div class="working" aria-live="polite">
                    <span>{ if game.computer_to_move() { "The computer is thinking… " } else { "Solving… " } }
                          { progress.unwrap_or_default() }</span>
                    <button id="cancel" type="button" onclick={on_cancel}>{ "Cancel" }</button>
                </div>
            }
            if let Some(message) = &solver.error {
                <p class="error" role="alert">{ message }</p>
            }
            <NotSavedNote message={solver.not_saved.clone()}
                          on_dismiss={{ let solver = solver.clone(); Callback::from(move |()| solver.dispatch(Ask::Dismiss)) }} />
            <div class="analysis">
                if let Some(answer) = &hint {
                    { hint_view(answer) }
                }
                <section class="move-list">
                    <h2>{ format!("Moves from here ({})", children.len()) }</h2>
                    if children.is_empty() {
                        <p class="muted">{ "None: the game is over." }</p>
                    } else {
                        <ul id="children" class="children">{ for child_items }</ul>
                    }
                </section>
            </div>
            <section class="move-list">
                <h2>{ "Game so far" }</h2>
                <ol id="moves">
                    { for game.line.iter().enumerate().map(|(i, p)| html! {
                        <li>{ format!("{}: ", turns::name(game.opponent, turns::side_to_move(i))) }<code>{ p.to_string() }</code></li>
                    }) }
                </ol>
            </section>
        </section>
    }
}

fn hint_view(answer: &SproutsAnswer) -> Html {
    let winning = answer
        .children
        .iter()
        .filter(|c| c.wins == Some(true))
        .count();
    let unexamined = answer.children.iter().filter(|c| c.wins.is_none()).count();
    let value = match (answer.misere, answer.nimber) {
        (false, Some(nimber)) => format!("Normal play: the position's nimber is *{nimber}. "),
        (false, None) => "Normal play: the position's exact nimber (not 0, as it is won) was not computed: \
                          it would take far longer than the outcome. "
            .into(),
        (true, _) => "Misère play: sums do not add up by nim-sum here, but equal games stay equal in any sum, so \
                      the solver searched the position with its small lands replaced by the misère simplest form \
                      of their sum (Conway). "
            .into(),
    };
    let verdict = match answer.outcome {
        Outcome::N if unexamined > 0 => format!(
            "The player to move wins: {winning} of the {} moves win (marked); {unexamined} more {} not \
             examined (the solver stops looking for further winning moves after a few seconds).",
            answer.children.len(),
            if unexamined == 1 { "was" } else { "were" }
        ),
        Outcome::N => format!(
            "The player to move wins: {winning} of the {} moves win (marked).",
            answer.children.len()
        ),
        Outcome::P => {
            "The player to move loses with perfect play: every move leaves a winning position."
                .into()
        }
    };
    html! {
        <section class="hint-panel" aria-live="polite">
            <h2>{ "Hint" }</h2>
            <p id="hint-verdict" class={classes!("verdict", (answer.outcome == Outcome::P).then_some("lost"))}>{ verdict }</p>
            <p>{ value }</p>
            { lands_view(answer) }
            <p class="muted">{ format!("{} positions searched{} in {}; the Sprouts base holds {} positions.",
                                       answer.nodes, by_workers(answer.workers), format_ms(answer.elapsed_ms),
                                       answer.base_entries) }</p>
        </section>
    }
}

/// Who searched, when more than the page's worker did (see `solver_pool`).
fn by_workers(workers: u64) -> String {
    if workers > 1 {
        format!(" by {workers} workers")
    } else {
        String::new()
    }
}

/// Normal play, a position of several lands: each land is a game of its own, and the position's nimber
/// is the nim-sum of theirs (Sprague–Grundy) — the table a teacher would write.
fn lands_view(answer: &SproutsAnswer) -> Html {
    if answer.lands.is_empty() {
        return html! {};
    }
    let known: Option<Vec<u32>> = answer.lands.iter().map(|land| land.nimber).collect();
    let bits = answer
        .lands
        .iter()
        .filter_map(|land| land.nimber)
        .map(|n| 32 - n.leading_zeros())
        .max()
        .unwrap_or(1)
        .max(1) as usize;
    let binary = |v: u32| format!("{v:0bits$b}");
    let rows = answer.lands.iter().enumerate().map(|(i, land)| {
        html! {
            <tr class={classes!(land.winning_move_here.then_some("changed"))}>
                <td>{ format!("Land {}", i + 1) }</td>
                <td><code>{ land.position.clone() }</code></td>
                <td class="number">{ land.nimber.map_or("?".into(), |n| format!("*{n}")) }</td>
                <td class="number binary">{ land.nimber.map_or(String::new(), binary) }</td>
            </tr>
        }
    });
    let sum = known
        .as_ref()
        .map(|nimbers| nimbers.iter().fold(0, |s, n| s ^ n));
    let explanation = match (sum, answer.lands.iter().position(|l| l.winning_move_here)) {
        (None, _) => "Some lands' nimbers were not found within the time (the outcome above was \
                      searched directly)."
            .to_string(),
        (Some(0), _) => "The nim-sum is 0: any move changes one land's nimber and with it the nim-sum, \
                         and the opponent can always bring it back to 0 — the last move is theirs."
            .to_string(),
        (Some(sum), Some(i)) => format!(
            "The nim-sum is *{sum}, not 0, so the player to move wins: the marked move is played in \
             land {} (worth *{}) and leaves what becomes of it worth *{} ⊕ *{sum} = *{}, so the nim-sum \
             becomes 0.",
            i + 1,
            answer.lands[i].nimber.unwrap_or(0),
            answer.lands[i].nimber.unwrap_or(0),
            answer.lands[i].nimber.unwrap_or(0) ^ sum
        ),
        (Some(sum), None) => format!("The nim-sum is *{sum}, not 0: the player to move wins."),
    };
    html! {
        <>
            <p>{ "The position is a sum of independent lands (no curve can join spots of two lands); its nimber \
                  is the nim-sum (XOR) of theirs." }</p>
            <table class="nim-sum" id="sprouts-lands">
                <thead><tr><th>{ "Land" }</th><th>{ "Position" }</th><th class="number">{ "Nimber" }</th><th class="number">{ "Binary" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
                if let Some(sum) = sum {
                    <tfoot>
                        <tr id="nim-sum-row">
                            <th colspan="2">{ "Nim-sum (XOR)" }</th>
                            <th class="number">{ format!("*{sum}") }</th>
                            <th class="number binary">{ binary(sum) }</th>
                        </tr>
                    </tfoot>
                }
            </table>
            <p class="explanation">{ explanation }</p>
        </>
    }
}

/// The computer's move being drawn by the worker (see `SproutsPage`).
#[derive(Clone, PartialEq)]
struct Choosing {
    id: RequestId,
    /// The game before the move.
    game: SproutsGame,
    /// What to tell the player once it is played.
    text: String,
    /// Played if the worker cannot draw any choice.
    fallback: Position,
}

/// The moves the computer would play, in the order it tries them (the first that can be drawn is
/// played: see `engine::draw::draw_one_of`), and what to tell the player about it.
fn computer_choice(
    game: &SproutsGame,
    reply: &Result<SproutsReply, String>,
    level: Level,
) -> (Vec<Position>, String) {
    let parsed = |texts: Vec<&String>| -> Vec<Position> {
        texts.into_iter().filter_map(|t| t.parse().ok()).collect()
    };
    let best = match reply {
        Ok(SproutsReply::Exact(answer)) => parsed(
            answer
                .children
                .iter()
                .filter(|c| c.wins == Some(true))
                .map(|c| &c.position)
                .collect(),
        ),
        Ok(SproutsReply::Guess(guess)) => parsed(guess.moves.iter().collect()),
        Err(_) => Vec::new(),
    };
    let (order, reason) = choice_order(&game.moves(), &best, level, js_sys::Math::random);
    let text = match (reason, reply) {
        (Reason::Random, _) if !best.is_empty() => {
            "The computer slipped (it does at this level).".to_string()
        }
        (_, Ok(SproutsReply::Guess(guess))) => guess_note(guess, game.think_seconds),
        (Reason::Winning, _) => "The computer played a winning move.".to_string(),
        (Reason::Random, Ok(_)) => "The computer knows it is losing, if you play well.".to_string(),
        (Reason::Random, Err(why)) => {
            format!("The computer moved at random: no answer from the solver ({why}).")
        }
    };
    (order, text)
}

/// What the computer says after playing a lookahead search's choice.
fn guess_note(guess: &SproutsGuess, seconds: u32) -> String {
    let found = match guess.score {
        1 => "it found a forced win".to_string(),
        -1 => "every move loses against best play; it chose one of them".to_string(),
        _ => format!(
            "no move wins or loses by force within that depth; it chose among the {} that do best",
            guess.moves.len()
        ),
    };
    format!(
        "An exact answer would take longer than its {seconds} s, so the computer looked {} moves ahead \
         (alpha-beta, exact where the base knows the lands): {found}.",
        guess.depth
    )
}

/// Focuses the board (it takes focus: `tabindex=-1`), as the heap pages do after a move, without
/// scrolling: the page must not move under the finger that just drew.
fn focus_board() {
    use wasm_bindgen::JsCast;
    if let Some(board) = gloo::utils::document()
        .query_selector("svg.sprouts-board")
        .ok()
        .flatten()
        .and_then(|element| element.dyn_into::<web_sys::SvgElement>().ok())
    {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = board.focus_with_options(&options);
    }
}

/// The file name of the board's picture: the position, with what file names dislike replaced.
fn picture_name(position: &Position) -> String {
    let text: String = position
        .to_string()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("sprouts-{text}.svg")
}
