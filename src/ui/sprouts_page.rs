//! The Sprouts page: play from n spots or a pasted position, against a friend or the computer, in normal or
//! misère play — by drawing curves on the board, or exactly, by choosing the position a move leads to from
//! the list of distinct moves. The solver worker answers every question (nimber or misère outcome, winning
//! moves); the computer's moves are drawn as routed curves (`sprouts_computer`); the game lives in the URL,
//! and what the page keeps beside it — the line for redo, the computer's note — in `page_play`.

use super::asking::{Ask, Asking, Progress, Purpose, SproutsReply};
use super::board_refocus::use_board_refocus;
use super::challenge_bar::ChallengeBar;
use super::exact_picking::{ExactPicking, Picking};
use super::game_drawing::{keep_drawn, use_game_drawing, GameDrawing};
use super::game_review::{use_game_review, GameReview, LineOfPlay, Review};
use super::game_shell::{
    challenge_in_link, finished_against_computer, use_line_controls, LinkNotices, PlayButtons,
    SolverMessages, Working,
};
use super::hint_curve::use_hint_curve;
use super::hint_panel::format_ms;
use super::learn::use_classroom;
use super::page_play::{use_page_play, Step};
use super::rules_fold::RulesFold;
use super::save_picture::SavePicture;
use super::scorecard::Scorecard;
use super::show_values::use_show_values;
use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use super::solver_pool;
use super::spot_moves_list::SpotMovesList;
use super::sprouts_board::SproutsBoard;
use super::sprouts_computer::{think_ms, use_computer_answer, use_computer_turn};
use super::sprouts_move_names::use_move_names;
use super::sprouts_setup::SproutsSetup;
use super::value_marks::win_mark;
use crate::play::challenge;
use crate::play::game::Opponent;
use crate::play::review::Judged;
use crate::play::sprouts_drawing::{line_key, DrawingCache};
use crate::play::sprouts_game::SproutsGame;
use crate::play::turns;
use crate::play::words::capitalised;
use crate::route::Route;
use crate::worker::protocol::{Outcome, Request, SproutsAnswer};
use sprague_engine::draw::DrawnMove;
use sprague_engine::draw::{name_child, name_curve, name_last_move};
use sprague_engine::draw::{CurveMove, Point};
use sprague_engine::games::sprouts::Position;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;
use yew_router::prelude::*;

/// The URL keys the game owns.
const GAME_KEYS: [&str; 8] = [
    "start", "pos", "line", "rules", "vs", "first", "level", "think",
];

#[function_component(SproutsPage)]
pub fn sprouts_page() -> Html {
    let location = use_location();
    let pairs = location
        .as_ref()
        .and_then(|location| location.query::<Vec<(String, String)>>().ok())
        .unwrap_or_default();
    let ignored = crate::route::ignored_note(&crate::route::ignored_keys(
        &crate::route::current_query(),
        &[GAME_KEYS.as_slice(), &challenge::KEYS].concat(),
    ));
    // Replaying the line checks every move: do it once per URL, not on every render.
    let parsed = use_memo(pairs, |pairs| SproutsGame::from_pairs(pairs));
    let (game, url_error) = match &*parsed {
        Ok(Some(game)) => (game.clone(), None),
        Ok(None) => (SproutsGame::default_game(), None),
        Err(message) => (SproutsGame::default_game(), Some(message.clone())),
    };
    let (challenge, url_error) = match (challenge_in_link(game.line.len()), url_error) {
        (Ok(challenge), url_error) => (challenge, url_error),
        (Err(message), _) => (None, Some(message)),
    };
    // Identifies the position asked about: answers for another one are not shown.
    let key = format!("{}|{:?}|{}", game.current(), game.rules, game.line.len());
    let solver = use_reducer(Asking::<SproutsReply>::default);
    // Every change of the game shown, with the note it calls for, goes through `take`.
    let (play, take) = use_page_play(&game, Route::Sprouts, &GAME_KEYS, SproutsGame::to_pairs);
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
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(response) = event {
                if !solver_pool::page_worker_said(&response) {
                    solver.dispatch(Ask::Heard(response));
                }
            }
        })
    };

    let ask = {
        let (solver, bridge) = (solver.clone(), bridge.clone());
        let (position, rules, key) = (game.current().clone(), game.rules, key.clone());
        // The computer thinks this long: three quarters for the exact answer, then a lookahead search.
        let think_ms = think_ms(&game);
        Callback::from(move |purpose: Purpose| {
            let id = next_request_id();
            solver.dispatch(Ask::Sent(id, purpose, key.clone()));
            let to_worker = {
                let bridge = bridge.clone();
                Callback::from(move |request| bridge.send(request))
            };
            solver_pool::help(id, &position, rules, to_worker);
            let position = position.clone();
            bridge.send(match purpose {
                Purpose::Hint | Purpose::Values => Request::SproutsAnalyze {
                    id,
                    position,
                    rules,
                    remoteness: false,
                },
                Purpose::ComputerMove => Request::SproutsComputerMove {
                    id,
                    position,
                    rules,
                    think_ms,
                },
            });
        })
    };

    // The computer's turn: the learner moves at once, other levels ask; the answer is drawn, then played.
    use_computer_turn(&game, &key, ask.clone());
    let computer_drawing = use_computer_answer(
        &game,
        &key,
        drawing.clone(),
        drawings.clone(),
        solver.clone(),
        take.clone(),
    );

    let rule_children = use_memo(key.clone(), {
        let game = game.clone();
        move |_| {
            game.moves()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        }
    });
    let busy = solver.waiting.is_some() || computer_drawing;
    // Nobody moves once the game is over: the board then neither takes curves nor asks for one.
    // In a challenge the student plays one move: the challenge's.
    let people_may_move = !game.is_over()
        && !game.computer_to_move()
        && !busy
        && url_error.is_none()
        && challenge.as_ref().is_none_or(|c| game.line.len() == c.at);
    let hint = solver.hint_for(&key).and_then(SproutsReply::exact).cloned();
    // "Show values": on a person's turn the page asks whether each move wins (no remoteness: Sprouts
    // searches only the outcome).
    let values_allowed = people_may_move && challenge.is_none();
    let (show_values, on_show_values) = use_show_values(&solver, &key, values_allowed, &ask);
    let valued = (show_values && values_allowed)
        .then(|| solver.values_for(&key).and_then(SproutsReply::exact))
        .flatten()
        .cloned();

    let refocus = use_board_refocus(line_key(&game.start, &game.line), &game_drawing);
    // A person's move, from the list or drawn: the focus goes back to the board once it is shown.
    let person_moves = {
        let (game, take) = (game.clone(), take.clone());
        Callback::from(move |child: Position| {
            let mut next = game.clone();
            if next.play(child).is_ok() {
                refocus.emit(());
                take.emit(Step::Person(next));
            }
        })
    };
    let on_child = {
        let person_moves = person_moves.clone();
        Callback::from(move |child: String| {
            if let Ok(child) = child.parse::<Position>() {
                person_moves.emit(child);
            }
        })
    };
    let on_curve = {
        let (game, person_moves, drawings) = (game.clone(), person_moves.clone(), drawings.clone());
        let drawing = drawing.clone();
        Callback::from(move |(curve, spot_at): (CurveMove, Option<Point>)| {
            let Some(drawing) = &drawing else {
                return;
            };
            // A curve made for another drawing (a list of moves from before the last move, say) does
            // not fit this one: it is refused as a move the game refuses is, nothing played or kept.
            let Ok(played) = drawing.play(&curve, spot_at) else {
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
                    drawing: played,
                    rearranged: None,
                },
            );
            person_moves.emit(curve.child().clone());
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
        Callback::from(move |()| ask.emit(Purpose::Hint))
    };
    let on_cancel = {
        let (solver, bridge) = (solver.clone(), bridge.clone());
        Callback::from(move |()| {
            if let Some((id, _, _)) = &solver.waiting {
                solver_pool::stop();
                bridge.send(Request::Cancel { id: *id });
            }
        })
    };
    let controls = use_line_controls(
        &game,
        &play.line,
        &take,
        (key.clone(), busy),
        (people_may_move && challenge.is_none()).then(|| on_hint.clone()),
    );
    let review = use_sprouts_review(
        &play.line,
        challenge.as_ref().map(|c| c.at),
        drawings.clone(),
    );
    let on_start = take.reform(Step::Person);
    let on_swap = (game.opponent != Opponent::Human && !game.is_over() && challenge.is_none())
        .then(|| {
            let (take, game) = (take.clone(), game.clone());
            Callback::from(move |()| {
                take.emit(Step::Person(SproutsGame {
                    opponent: game.opponent.swapped(),
                    ..game.clone()
                }))
            })
        });

    // The moves to choose from: from the values or the hint when there is one (with which ones win), else
    // from the rules.
    let children: Vec<(String, Option<bool>)> = match valued.as_ref().or(hint.as_ref()) {
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
    // With values shown, each move is named in words (the worker reads them off the drawing).
    let names = use_move_names(
        valued
            .as_ref()
            .and(drawing.clone())
            .map(|drawing| (drawing, children.iter().map(|(p, _)| p.clone()).collect())),
    );
    let child_items = children.iter().map(|(position, wins)| {
        let onclick = on_child.reform({
            let position = position.clone();
            move |_| position.clone()
        });
        if valued.is_some() {
            return valued_child(
                position,
                *wins,
                names.get(position),
                onclick,
                people_may_move,
            );
        }
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
    // That move in words, read off its curve on the board.
    let hint_name = drawing
        .as_ref()
        .zip(hint_curve.as_ref())
        .and_then(|(drawing, (points, _))| name_curve(drawing, points))
        .map(|name| name.to_string());
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
                          last={(!game.line.is_empty()).then(|| drawing.curves().len().saturating_sub(1))}
                          on_move={on_curve.clone()} picking={exact.on} picked={exact.picked.clone()}
                          on_pick={on_pick} preview={exact.preview.clone()} label={board_label.clone()} />
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
    // Exact mode's list of the moves between the picked spots, marked as the list of every move is.
    let spot_moves = match (&game_drawing, exact.on) {
        (GameDrawing::Ready(drawing), true) => html! {
            <SpotMovesList drawing={drawing.clone()} picked={exact.picked.clone()} enabled={people_may_move}
                           on_move={on_curve} on_preview={on_preview} on_clear={on_clear_picks}
                           values={valued.is_some().then(|| children.clone())} />
        },
        _ => html! {},
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
            <RulesFold rules={game.rules}
                how="Draw a line between spots (or a loop) and put a new spot on it."
                full="Spots on paper. A move draws a line from a spot to another spot (or back to itself) without \
                      crossing any line or touching another spot, and puts a new spot on it. No spot may have more \
                      than three lines." />
            <LinkNotices url_error={url_error.clone()} ignored={ignored.clone()} />
            <SproutsSetup game={game.clone()} {on_start} />
            // Whose turn and the position on one line: the board comes up the page.
            <div class="turn-line">
                <p id="status" class={classes!("status", game.winner().map(|w| turns::over_classes(game.opponent, w)))} aria-live="polite">{ status }</p>
                <p class="position">{ "Position: " }<code id="position">{ game.current().to_string() }</code>
                    <span class="muted">{
                        if game.current().to_string() == "!" {
                            " (no move is left: “!” is GLOP's name for the end of the game)".to_string()
                        } else {
                            format!(" ({} lives)", game.current().lives())
                        }
                    }</span></p>
            </div>
            if let Some(text) = &play.note {
                <p id="computer-note" class="muted">{ text }</p>
            }
            if let Some(challenge) = &challenge {
                <ChallengeBar challenge={challenge.clone()} verdict={review.challenge.clone().filter(|_| game.line.len() > challenge.at)}
                              on_try_again={controls.on_go.reform({ let at = challenge.at; move |()| at })} />
            }
            // The board, and beside it on a wide screen (under it on a narrow one) the buttons and the moves
            // to choose from: a projector shows the board, "Show values" and the marked moves together.
            <div class="sprouts-layout">
                <div class="sprouts-main">{ board }</div>
                <div class="sprouts-side">
                    <PlayButtons can_undo={controls.can_undo} can_redo={controls.can_redo} held={busy}
                                 hint_allowed={people_may_move && challenge.is_none()} on_undo={controls.on_undo.clone()} on_redo={controls.on_redo.clone()}
                                 on_hint={on_hint} at={game.line.len()} in_challenge={challenge.is_some()} on_swap={on_swap}>
                        <button id="exact-mode" type="button" onclick={on_exact_mode} aria-pressed={exact.on.to_string()}
                                title="Pick two spots, then choose the move from a list">
                            { if exact.on { "Draw freehand" } else { "Exact mode" } }
                        </button>
                        if challenge.is_none() {
                            <label class="show-values" title="Mark every move in the list: green wins, red loses">
                                <input id="show-values" type="checkbox" checked={show_values} onclick={on_show_values.reform(|_| ())} />
                                { " Show values" }
                            </label>
                        }
                        if game_drawing.ready().is_some() {
                            <SavePicture target="svg.sprouts-board" file_name={picture_name(game.current())} />
                        }
                    </PlayButtons>
                    <Scorecard page="sprouts" finished={finished_against_computer(game.opponent, game.winner())} />
                    if computer_drawing {
                        <Working text="The computer is drawing its move…" />
                    } else if busy {
                        <Working text={format!("{}{}", if game.computer_to_move() { "The computer is thinking… " } else { "Solving… " },
                                               progress.unwrap_or_default())}
                                 on_cancel={Some(on_cancel)} />
                    }
                    <SolverMessages error={solver.error.clone()} not_saved={solver.not_saved.clone()}
                                    on_dismiss={{ let solver = solver.clone(); Callback::from(move |()| solver.dispatch(Ask::Dismiss)) }} />
                    <div class="sprouts-lists">
                        { spot_moves }
                        <section class="move-list">
                            <h2>{ format!("Moves from here ({})", children.len()) }</h2>
                            if valued.is_some() {
                                <p id="values-key" class="muted">
                                    { "Green moves win, red moves lose if the other player plays well." }
                                    if children.iter().any(|(_, wins)| wins.is_none()) {
                                        { " “Not decided” means the solver ran out of time on that move: no guess is shown." }
                                    }
                                </p>
                            }
                            if children.is_empty() {
                                <p class="muted">{ "None: the game is over." }</p>
                            } else {
                                <ul id="children" class="children">{ for child_items }</ul>
                            }
                        </section>
                    </div>
                </div>
            </div>
            if let Some(answer) = &hint {
                <div class="analysis">
                    <SproutsHint answer={answer.clone()} named={hint_name.clone()} />
                </div>
            }
            <GameReview {review} at={game.line.len()} on_go={controls.on_go} enabled={!busy}
                        notations={play.line.line.iter().map(Position::to_string).collect::<Vec<_>>()} />
        </section>
    }
}

/// A move of the list with "Show values" on: its words (its GLOP position, the exact name, in the tooltip,
/// or shown while the words are being found) and whether it wins, loses, or was not decided in time.
fn valued_child(
    position: &str,
    wins: Option<bool>,
    name: Option<&String>,
    onclick: Callback<MouseEvent>,
    enabled: bool,
) -> Html {
    let (class, tag) = win_mark(wins);
    html! {
        <li>
            <button class={classes!("child", "valued", class)} {onclick} disabled={!enabled}
                    title={format!("GLOP position after this move: {position}")}
                    data-child={position.to_string()} data-value={class}>
                if let Some(name) = name {
                    <span class="move-words">{ capitalised(name) }</span>
                } else {
                    <code>{ position.to_string() }</code>
                }
                <span class="tag">{ tag }</span>
            </button>
        </li>
    }
}

/// The review of a Sprouts game's line of play: each position's outcome asked of the solver as a hint is,
/// and its remoteness where the worker's search finds it within its budget (the last positions of a
/// game); each move named in words from its curve on the board
/// ("join spot 1 to spot 3"), or by the position it leads to while it is not drawn; a move that would have
/// won named from the moves between the spots of the drawing before it.
#[hook]
fn use_sprouts_review(
    line: &SproutsGame,
    challenge_at: Option<usize>,
    drawings: Rc<RefCell<DrawingCache>>,
) -> Review {
    let positions: Vec<String> = std::iter::once(&line.start)
        .chain(&line.line)
        .map(Position::to_string)
        .collect();
    let texts: Vec<String> = {
        let drawings = drawings.borrow();
        (1..=line.line.len())
            .map(|moves| {
                drawings
                    .drawn_move(&line.start, &line.line[..moves])
                    .and_then(name_last_move)
                    .map_or_else(|| positions[moves].clone(), |name| name.to_string())
            })
            .collect()
    };
    // The words for a winning move from position `i`, found once per position and move.
    let better_names = use_mut_ref(HashMap::<(String, String), Option<String>>::new);
    let (start, moves) = (line.start.clone(), line.line.clone());
    let rules = line.rules;
    let request = {
        let positions: Vec<Position> = std::iter::once(&line.start)
            .chain(&line.line)
            .cloned()
            .collect();
        Callback::from(move |(i, id): (usize, _)| Request::SproutsAnalyze {
            id,
            position: positions[i].clone(),
            rules,
            remoteness: true,
        })
    };
    use_game_review(LineOfPlay::<SproutsReply> {
        opponent: line.opponent,
        texts,
        keys: positions.iter().map(|p| format!("{p}|{rules:?}")).collect(),
        over: line.is_over(),
        request,
        judge: Box::new(move |reply, i| match reply.exact() {
            Some(answer) => Judged::Known {
                outcome: answer.outcome,
                remoteness: answer.remoteness,
                better: answer
                    .children
                    .iter()
                    .find(|child| child.wins == Some(true))
                    .map(|child| {
                        let key = (
                            line_key(&start, &moves[..i.min(moves.len())]),
                            child.position.clone(),
                        );
                        let named = better_names
                            .borrow_mut()
                            .entry(key)
                            .or_insert_with(|| {
                                let drawings = drawings.borrow();
                                let drawing =
                                    drawings.get_line(&start, &moves[..i.min(moves.len())])?;
                                let child: Position = child.position.parse().ok()?;
                                name_child(drawing, &child).map(|name| name.to_string())
                            })
                            .clone();
                        named.unwrap_or_else(|| format!("the move to {}", child.position))
                    }),
            },
            None => Judged::NotDecided("the solver only guessed".into()),
        }),
        challenge_at,
    })
}

#[derive(Properties, PartialEq)]
struct SproutsHintProps {
    answer: SproutsAnswer,
    /// The winning move the board shows, in words ("join spot 1 to spot 3"), once its curve is drawn.
    named: Option<String>,
}

/// The hint for a beginner: what to play and why, with no nimbers, XOR or "N-position".
fn plain_words(answer: &SproutsAnswer, named: Option<&str>) -> String {
    let goal = if answer.rules.is_misere() {
        "your opponent has to make the last move"
    } else {
        "you make the last move"
    };
    match (answer.outcome, named) {
        (Outcome::N, Some(named)) => format!(
            "{}. Then, whatever your opponent does, you can always answer so that {goal}.",
            capitalised(named)
        ),
        (Outcome::N, None) => format!(
            "You can win: play a move marked “wins” in the list of moves. Then, whatever your opponent does, you can \
             always answer so that {goal}."
        ),
        (Outcome::P, _) => "Every move loses if your opponent plays well. Make the game last as long as \
                            you can, and hope they slip."
            .to_string(),
    }
}

/// The hint: the verdict and the move in plain words, and the reason in nimbers one click away (open at
/// once, folded in classroom mode).
#[function_component(SproutsHint)]
fn sprouts_hint(props: &SproutsHintProps) -> Html {
    let classroom = use_classroom();
    let answer = &props.answer;
    let winning = answer
        .children
        .iter()
        .filter(|c| c.wins == Some(true))
        .count();
    let unexamined = answer.children.iter().filter(|c| c.wins.is_none()).count();
    let value = match (answer.rules.is_misere(), answer.nimber) {
        (false, Some(nimber)) => format!("Normal play: the position's nimber is *{nimber}. "),
        (false, None) => "Normal play: the position's exact nimber (not 0, as it is won) was not computed: \
                          it would take far longer than the outcome. "
            .into(),
        (true, _) => "Misère play: sums do not add up by nim-sum here, but equal games stay equal in any sum, so \
                      the solver works on the position with its small lands replaced by the misère simplest form \
                      of their sum (Conway). A proof of this kind comes with the app for the misère starts of 9 \
                      to 13 spots and every move from them. "
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
            <p id="hint-plain">{ plain_words(answer, props.named.as_deref()) }</p>
            <details class="hint-why" open={!classroom}>
                <summary>{ if answer.rules.is_misere() { "Why (misère play, for experts)" } else { "Why (nimbers and XOR, for experts)" } }</summary>
                <p>{ value }</p>
                { lands_view(answer) }
            </details>
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

/// The file name of the board's picture: the position, with what file names dislike replaced.
fn picture_name(position: &Position) -> String {
    let text: String = position
        .to_string()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("sprouts-{text}.svg")
}
