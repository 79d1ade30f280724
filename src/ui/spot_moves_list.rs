//! Exact mode of the Sprouts board: once two spots are picked (or one twice, for a loop), the distinct
//! moves between them — the region the curve goes through, and for a curve that splits a region which
//! boundaries end up on each side — each with the position it leads to. Pointing at one shows its curve;
//! choosing it plays it, drawn. With "Show values" on, each move is marked wins, loses or not decided, as
//! in the list of every move.

use super::solver::next_request_id;
use super::solver_bridge::use_solver_bridge;
use super::value_marks::win_mark;
use crate::play::words::and_list;
use crate::worker::protocol::{ListedSpotMove, Request, RequestId, Response};
use sprague_engine::draw::{CurveMove, Drawing, Point};
use yew::prelude::*;
use yew_agent::reactor::ReactorEvent;

#[derive(Properties, PartialEq)]
pub struct SpotMovesListProps {
    pub drawing: Drawing,
    /// The picked spots: one (waiting for the second) or two (the same one twice: a loop).
    pub picked: Vec<usize>,
    pub enabled: bool,
    /// Play a move with its curve (new spot half-way).
    pub on_move: Callback<(CurveMove, Option<Point>)>,
    /// Show (or stop showing) a move's curve on the board.
    pub on_preview: Callback<Option<Vec<Point>>>,
    /// Pick again.
    pub on_clear: Callback<()>,
    /// With "Show values" on: every move of the position, by the position it leads to, and whether it wins
    /// (`None`: not decided), as the solver found for the list of every move.
    #[prop_or_default]
    pub values: Option<Vec<(String, Option<bool>)>>,
}

#[function_component(SpotMovesList)]
pub fn spot_moves_list(props: &SpotMovesListProps) -> Html {
    // The moves and their curves, found by the worker once per pair of spots (a curve takes tens of
    // milliseconds), kept with the picks they are for.
    let moves = use_state(|| None::<(Vec<usize>, Vec<ListedSpotMove>)>);
    let asked = use_mut_ref(|| None::<(RequestId, Vec<usize>)>);
    let bridge = {
        let (moves, asked) = (moves.clone(), asked.clone());
        use_solver_bridge(move |event| {
            if let ReactorEvent::Output(Response::SproutsSpotMoves { id, moves: listed }) = event {
                if let Some((asked_id, picked)) = &*asked.borrow() {
                    if *asked_id == id {
                        moves.set(Some((picked.clone(), listed)));
                    }
                }
            }
        })
    };
    {
        let (moves, asked) = (moves.clone(), asked.clone());
        let (drawing, picked) = (props.drawing.clone(), props.picked.clone());
        use_effect_with((drawing, picked), move |(drawing, picked)| {
            moves.set(None);
            *asked.borrow_mut() = None;
            if let [a, b] = picked[..] {
                let id = next_request_id();
                *asked.borrow_mut() = Some((id, picked.clone()));
                bridge.send(Request::SproutsSpotMoves {
                    id,
                    drawing: drawing.clone(),
                    a,
                    b,
                });
            }
        });
    }
    let found = (*moves)
        .as_ref()
        .filter(|(picked, _)| *picked == props.picked)
        .map(|(_, listed)| listed);
    let no_moves = Vec::new();
    let listed = found.unwrap_or(&no_moves);
    let lives = props.drawing.lives();
    let heading = match props.picked[..] {
        [] => return html! {},
        [a] => format!(
            "Spot {} picked ({} {}): now press the other end, or spot {} again for a loop.",
            a + 1,
            lives[a],
            if lives[a] == 1 { "life" } else { "lives" },
            a + 1
        ),
        [a, b] if a == b => format!("Loops at spot {}", a + 1),
        [a, b] => format!("Moves between spots {} and {}", a + 1, b + 1),
        _ => String::new(),
    };
    let items = listed.iter().enumerate().map(|(i, mv)| {
        let curve = &mv.curve;
        let onclick = {
            let (on_move, curve) = (props.on_move.clone(), curve.clone());
            Callback::from(move |_| {
                if let Some(curve) = curve.clone() {
                    on_move.emit((curve, None));
                }
            })
        };
        let show = {
            let (on_preview, points) = (
                props.on_preview.clone(),
                curve.as_ref().map(|c| c.points().to_vec()),
            );
            Callback::from(move |_: ()| on_preview.emit(points.clone()))
        };
        let hide = {
            let on_preview = props.on_preview.clone();
            Callback::from(move |_: ()| on_preview.emit(None))
        };
        // Marked as the same move is in the list of every move (the same position, in canonical form).
        let mark = props.values.as_ref().and_then(|values| {
            let (_, wins) = values.iter().find(|(child, _)| *child == mv.child)?;
            Some(win_mark(*wins))
        });
        html! {
            <li>
                <button class={classes!("child", "spot-move", mark.map(|(class, _)| classes!("valued", class)))}
                        id={format!("spot-move-{i}")} {onclick} data-child={mv.child.clone()}
                        data-value={mark.map(|(class, _)| class)}
                        onmouseenter={show.reform(|_| ())} onfocus={show.reform(|_| ())}
                        onmouseleave={hide.reform(|_| ())} onblur={hide.reform(|_| ())}
                        disabled={!props.enabled || curve.is_none()}>
                    <span>{ describe(mv) }</span>
                    { " → " }<code>{ mv.child.clone() }</code>
                    if curve.is_none() { <span class="tag">{ "cannot be drawn here" }</span> }
                    if let Some((_, tag)) = mark { <span class="tag">{ tag }</span> }
                </button>
            </li>
        }
    });
    html! {
        <section class="move-list spot-moves" id="spot-moves">
            <h2>{ heading }</h2>
            if props.picked.len() == 2 {
                if found.is_none() {
                    <p class="muted" id="finding-spot-moves" aria-live="polite">{ "Finding the moves and their curves…" }</p>
                } else if listed.is_empty() {
                    <p class="muted" id="no-spot-moves">{ "No move: these spots share no region, or lack the lives." }</p>
                } else {
                    <ul class="children">{ for items }</ul>
                }
            }
            <button type="button" id="pick-again" onclick={props.on_clear.reform(|_| ())}>{ "Pick again" }</button>
        </section>
    }
}

/// A move in words: which kind of region, and for a split what goes on each side (spots numbered from 1).
fn describe(mv: &ListedSpotMove) -> String {
    // Regions have no names on the board; pointing at a move shows its curve.
    let region = if mv.region == 0 {
        "the outer region"
    } else {
        "an enclosed region"
    };
    match &mv.inside {
        None => format!("Through {region}, joining two boundaries"),
        Some(inside) => format!(
            "Through {region}, splitting it: {} on one side, {} on the other",
            boundaries(inside),
            boundaries(&mv.outside)
        ),
    }
}

fn boundaries(list: &[Vec<usize>]) -> String {
    if list.is_empty() {
        return "nothing".into();
    }
    // Lone spots first, together ("spots 1, 7 and 11"), then each boundary through several spots.
    let mut lone: Vec<usize> = list
        .iter()
        .filter_map(|spots| match spots[..] {
            [spot] => Some(spot + 1),
            _ => None,
        })
        .collect();
    lone.sort_unstable();
    let mut parts = Vec::new();
    match lone[..] {
        [] => {}
        [spot] => parts.push(format!("spot {spot}")),
        _ => {
            let names: Vec<String> = lone.iter().map(usize::to_string).collect();
            parts.push(format!("spots {}", and_list(&names)));
        }
    }
    for spots in list.iter().filter(|spots| spots.len() > 1) {
        let mut seen: Vec<usize> = Vec::new();
        for &spot in spots {
            if !seen.contains(&spot) {
                seen.push(spot);
            }
        }
        let names: Vec<String> = seen.iter().map(|s| (s + 1).to_string()).collect();
        parts.push(format!("the boundary through spots {}", names.join(", ")));
    }
    and_list(&parts)
}
