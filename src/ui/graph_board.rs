//! The graph board: vertices and edges in SVG. In play, pressing a vertex still in play marks it (it and
//! its neighbours leave the game). In build mode, the tools add vertices and join them (drag from one
//! vertex to another, or tap one then the other), move them, or delete vertices and edges.
//!
//! Pointer positions are converted to board units by [`to_svg_units`].

use super::svg_point::to_svg_units;
use super::value_marks::{value_marks, ValueMarks};
use crate::play::graph_game::GraphGame;
use crate::play::graph_layout::{Spot, SIZE};
use sprague_engine::games::graph::VertexSet;
use sprague_engine::solve::graph::GraphAnalysis;
use sprague_engine::solve::heap::Outcome;
use sprague_engine::solve::remoteness::GraphMoveValue;
use yew::prelude::*;

/// Drawn radius of a vertex, in board units.
const VERTEX_RADIUS: f64 = 18.0;
/// A press this many screen pixels from a vertex's centre counts as on it (a fingertip's accuracy).
const TOUCH_REACH_PX: f64 = 24.0;
/// The marks of a vertex under "Show values" (the heap boards' wording).
fn vertex_marks(m: &GraphMoveValue) -> ValueMarks {
    value_marks(m.outcome == Outcome::P, m.remoteness)
}

/// Colours for components, cycled (the hint panel's chips use the same classes).
pub const COMPONENT_CLASSES: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Tap empty space for a vertex; drag (or tap, tap) from a vertex to another to join or unjoin them.
    AddJoin,
    /// Drag a vertex to a new place.
    Move,
    /// Tap a vertex or an edge to delete it.
    Delete,
}

/// A change to the graph asked for in build mode.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    AddVertex(Spot),
    ToggleEdge(usize, usize),
    DeleteVertex(usize),
    MoveVertex(usize, Spot),
}

#[derive(Properties, PartialEq)]
pub struct GraphBoardProps {
    pub game: GraphGame,
    /// `None` in play; the build tool otherwise.
    pub tool: Option<Tool>,
    /// False while it is not a person's turn.
    pub enabled: bool,
    /// The solver's answer for this position, shown as component colours and winning vertices.
    pub hint: Option<GraphAnalysis>,
    /// "Show values": every vertex in play with the value marking it leaves, when known.
    #[prop_or_default]
    pub values: Vec<GraphMoveValue>,
    pub on_mark: Callback<usize>,
    pub on_edit: Callback<Edit>,
}

#[derive(Clone, Copy, PartialEq)]
struct Drag {
    vertex: usize,
    /// Where the press began.
    from: Spot,
    /// Where the pointer is now.
    at: Spot,
    /// Whether the pointer has gone further than a vertex's radius from `from` (a drag, not a tap).
    moved: bool,
}

impl Drag {
    /// The drag with the pointer at `spot`. Measured from where the press began: a pointer sends many
    /// small steps, none of them as long as a vertex's radius.
    fn to(self, spot: Spot) -> Drag {
        let far = (spot.0 - self.from.0).hypot(spot.1 - self.from.1) > VERTEX_RADIUS;
        Drag {
            at: spot,
            moved: self.moved || far,
            ..self
        }
    }
}

fn nearest(
    layout: &[Spot],
    spot: Spot,
    reach: f64,
    among: impl Fn(usize) -> bool,
) -> Option<usize> {
    layout
        .iter()
        .enumerate()
        .filter(|&(v, _)| among(v))
        .map(|(v, &(x, y))| (v, (x - spot.0).hypot(y - spot.1)))
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(v, _)| v)
}

#[function_component(GraphBoard)]
pub fn graph_board(props: &GraphBoardProps) -> Html {
    let svg_ref = use_node_ref();
    // What the pointer is doing is read by the next pointer event, which can come before a re-render
    // (a quick tap): kept in cells, not in state. `drawn_drag` is the copy the picture follows.
    let drag = use_mut_ref(|| None::<Drag>);
    let drawn_drag = use_state(|| None::<Drag>);
    let pressed = use_mut_ref(|| None::<usize>);
    let selected = use_state(|| None::<usize>);
    {
        let selected = selected.clone();
        use_effect_with((props.game.graph.clone(), props.tool), move |_| {
            selected.set(None)
        });
    }
    let game = &props.game;
    let remaining = game.remaining();
    let layout = game.layout.clone();

    let locate = {
        let (svg_ref, layout) = (svg_ref.clone(), layout.clone());
        move |event: &PointerEvent,
              among: &dyn Fn(usize) -> bool|
              -> Option<(Spot, Option<usize>)> {
            let (spot, units_per_px) =
                to_svg_units(&svg_ref, (event.client_x() as f64, event.client_y() as f64))?;
            let reach = (TOUCH_REACH_PX * units_per_px).max(VERTEX_RADIUS + 4.0);
            Some((spot, nearest(&layout, spot, reach, among)))
        }
    };

    let onpointerdown = {
        let (locate, drag, pressed) = (locate.clone(), drag.clone(), pressed.clone());
        let drawn_drag = drawn_drag.clone();
        let (tool, enabled, n) = (props.tool, props.enabled, game.graph.vertex_count());
        Callback::from(move |event: PointerEvent| {
            if !enabled || !event.is_primary() {
                return;
            }
            let in_play = |v: usize| tool.is_some() || remaining.contains(v);
            let Some((spot, vertex)) = locate(&event, &|v| v < n && in_play(v)) else {
                return;
            };
            *pressed.borrow_mut() = vertex;
            if let (Some(vertex), Some(Tool::AddJoin | Tool::Move)) = (vertex, tool) {
                if let Some(target) = event.target_dyn_into::<web_sys::Element>() {
                    let _ = target.set_pointer_capture(event.pointer_id());
                }
                event.prevent_default();
                let started = Drag {
                    vertex,
                    from: spot,
                    at: spot,
                    moved: false,
                };
                *drag.borrow_mut() = Some(started);
                drawn_drag.set(Some(started));
            }
        })
    };
    let onpointermove = {
        let (locate, drag, drawn_drag) = (locate.clone(), drag.clone(), drawn_drag.clone());
        Callback::from(move |event: PointerEvent| {
            let current = *drag.borrow();
            if let Some(current) = current {
                if let Some((spot, _)) = locate(&event, &|_| false) {
                    let now = current.to(spot);
                    *drag.borrow_mut() = Some(now);
                    drawn_drag.set(Some(now));
                }
            }
        })
    };
    let onpointerup = {
        let (locate, drag, pressed, selected) = (
            locate.clone(),
            drag.clone(),
            pressed.clone(),
            selected.clone(),
        );
        let (tool, enabled, n) = (props.tool, props.enabled, game.graph.vertex_count());
        let (on_mark, on_edit) = (props.on_mark.clone(), props.on_edit.clone());
        let (svg_ref, drawn_drag) = (svg_ref.clone(), drawn_drag.clone());
        Callback::from(move |event: PointerEvent| {
            let dragged = drag.borrow_mut().take();
            drawn_drag.set(None);
            let pressed_vertex = pressed.borrow_mut().take();
            if !enabled || !event.is_primary() {
                return;
            }
            let in_play = |v: usize| tool.is_some() || remaining.contains(v);
            let Some((spot, vertex)) = locate(&event, &|v| v < n && in_play(v)) else {
                return;
            };
            let edge = event
                .target_dyn_into::<web_sys::Element>()
                .and_then(|target| target.get_attribute("data-edge"))
                .and_then(|text| {
                    let (u, v) = text.split_once('-')?;
                    Some((u.parse().ok()?, v.parse().ok()?))
                });
            match tool {
                None => {
                    // A tap on a vertex in play marks it (pressed and released on the same one).
                    if let (Some(v), true) = (vertex, vertex == pressed_vertex) {
                        on_mark.emit(v);
                        if let Some(svg) = svg_ref.cast::<web_sys::SvgElement>() {
                            let _ = svg.focus();
                        }
                    }
                }
                Some(Tool::Move) => {
                    if let Some(d) = dragged.filter(|d| d.moved) {
                        on_edit.emit(Edit::MoveVertex(d.vertex, spot));
                    }
                }
                Some(Tool::Delete) => match (vertex, edge) {
                    (Some(v), _) if vertex == pressed_vertex => on_edit.emit(Edit::DeleteVertex(v)),
                    (None, Some((u, v))) => on_edit.emit(Edit::ToggleEdge(u, v)),
                    _ => {}
                },
                Some(Tool::AddJoin) => match (dragged, vertex) {
                    (Some(d), Some(v)) if d.moved && v != d.vertex => {
                        on_edit.emit(Edit::ToggleEdge(d.vertex, v))
                    }
                    (Some(d), _) if d.moved => {}
                    (_, Some(v)) => match *selected {
                        Some(s) if s != v => {
                            selected.set(None);
                            on_edit.emit(Edit::ToggleEdge(s, v));
                        }
                        Some(_) => selected.set(None),
                        None => selected.set(Some(v)),
                    },
                    (_, None) => {
                        if selected.is_some() {
                            selected.set(None);
                        } else if edge.is_none() && pressed_vertex.is_none() {
                            on_edit.emit(Edit::AddVertex(spot));
                        }
                    }
                },
            }
        })
    };
    let onpointercancel = {
        let (drag, pressed, drawn_drag) = (drag.clone(), pressed.clone(), drawn_drag.clone());
        Callback::from(move |_: PointerEvent| {
            *drag.borrow_mut() = None;
            *pressed.borrow_mut() = None;
            drawn_drag.set(None);
        })
    };

    // Where each vertex is drawn now (a vertex being moved follows the pointer).
    let place = |v: usize| -> Spot {
        match *drawn_drag {
            Some(d) if props.tool == Some(Tool::Move) && d.vertex == v && d.moved => d.at,
            _ => layout[v],
        }
    };
    let hint = props.hint.as_ref();
    let component_of = |v: usize| -> Option<usize> {
        hint?
            .components
            .iter()
            .position(|c| c.vertices.contains(&v))
    };
    let winning = |v: usize| hint.is_some_and(|h| h.winning_moves.contains(&v));
    let playing = props.tool.is_none();
    let last = game.moves.last().copied();

    let edges = game.graph.edges().into_iter().map(|(u, v)| {
        let ((x1, y1), (x2, y2)) = (place(u), place(v));
        let gone = playing && !(remaining.contains(u) && remaining.contains(v));
        let class = classes!("edge", gone.then_some("gone"));
        html! {
            <g key={format!("e{u}-{v}")}>
                <line {class} x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} />
                if props.tool == Some(Tool::Delete) {
                    <line class="edge-hit" data-edge={format!("{u}-{v}")} x1={x1.to_string()} y1={y1.to_string()}
                          x2={x2.to_string()} y2={y2.to_string()} />
                }
            </g>
        }
    });
    let keyboard = {
        let (on_mark, on_edit, selected) = (
            props.on_mark.clone(),
            props.on_edit.clone(),
            selected.clone(),
        );
        let (tool, enabled) = (props.tool, props.enabled);
        move |v: usize| {
            let (on_mark, on_edit, selected) = (on_mark.clone(), on_edit.clone(), selected.clone());
            Callback::from(move |event: KeyboardEvent| {
                if !enabled || !(event.key() == "Enter" || event.key() == " ") {
                    return;
                }
                event.prevent_default();
                match tool {
                    None if remaining.contains(v) => on_mark.emit(v),
                    Some(Tool::Delete) => on_edit.emit(Edit::DeleteVertex(v)),
                    Some(Tool::AddJoin) => match *selected {
                        Some(s) if s != v => {
                            selected.set(None);
                            on_edit.emit(Edit::ToggleEdge(s, v));
                        }
                        _ => selected.set(Some(v)),
                    },
                    _ => {}
                }
            })
        }
    };
    let vertices = (0..game.graph.vertex_count()).map(|v| {
        let (x, y) = place(v);
        let in_play = remaining.contains(v);
        let marked = game.moves.contains(&v);
        let state = if !playing {
            "vertex"
        } else if in_play {
            "in play"
        } else if marked {
            "marked"
        } else {
            "removed"
        };
        let marks = props
            .values
            .iter()
            .find(|m| m.vertex == v)
            .filter(|_| playing && in_play)
            .map(vertex_marks);
        let class = classes!(
            "vertex",
            marks.as_ref().map(|m| m.class),
            (playing && in_play).then_some("free"),
            (playing && marked).then_some("marked"),
            (playing && !in_play && !marked).then_some("removed"),
            (playing && last == Some(v)).then_some("last"),
            (playing && in_play && winning(v)).then_some("hint"),
            (*selected == Some(v)).then_some("selected"),
            component_of(v)
                .filter(|_| playing && in_play)
                .map(|c| format!("comp-{}", c % COMPONENT_CLASSES)),
        );
        let focusable = !playing || in_play;
        html! {
            <g key={format!("v{v}")} {class} data-vertex={v.to_string()}
               transform={format!("translate({x:.1} {y:.1})")}
               tabindex={if focusable && props.enabled { "0" } else { "-1" }} role="button"
               aria-label={match &marks { Some(m) => format!("vertex {v} ({state}; {})", m.title), None => format!("vertex {v} ({state})") }}
               onkeydown={keyboard(v)}
               data-after={marks.as_ref().map(|m| m.after)}
               data-remoteness={marks.as_ref().map(|m| m.remoteness.clone())}>
                <circle class="hit" r="30" />
                <circle class="disc" r={VERTEX_RADIUS.to_string()} />
                <text class="label" dy="0.35em">{ v }</text>
                if let Some(m) = &marks {
                    <title>{ m.title.clone() }</title>
                    <text class="remoteness" x="17" y="-15">{ m.remoteness.clone() }</text>
                }
            </g>
        }
    });
    let preview = match (*drawn_drag, props.tool) {
        (Some(d), Some(Tool::AddJoin)) if d.moved => {
            let (x1, y1) = place(d.vertex);
            html! { <line class="edge draft" x1={x1.to_string()} y1={y1.to_string()} x2={d.at.0.to_string()} y2={d.at.1.to_string()} /> }
        }
        _ => html! {},
    };
    let description = board_description(game, remaining, playing);
    html! {
        <svg ref={svg_ref} class={classes!("graph-board", (!playing).then_some("building"))}
             viewBox={format!("0 0 {SIZE} {SIZE}")} role="group" tabindex="-1" aria-label={description}
             {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}
             ontouchend={super::board_touch::no_click_after_touch()}>
            <rect class="board-back" x="0" y="0" width={SIZE.to_string()} height={SIZE.to_string()} />
            { for edges }
            { preview }
            { for vertices }
        </svg>
    }
}

/// What a screen reader hears for the board.
fn board_description(game: &GraphGame, remaining: VertexSet, playing: bool) -> String {
    let n = game.graph.vertex_count();
    let edges = game.graph.edges().len();
    if playing {
        format!(
            "graph of {n} vertices and {edges} edges; {} vertices still in play",
            remaining.len()
        )
    } else {
        format!("graph of {n} vertices and {edges} edges, being built")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_drag_of_many_small_steps_is_a_drag() {
        let start = Drag {
            vertex: 0,
            from: (100.0, 100.0),
            at: (100.0, 100.0),
            moved: false,
        };
        // Steps of 5 units each, as a mouse sends them: after 40 units the press is a drag.
        let steps = (1..=8).map(|i| (100.0 + 5.0 * i as f64, 100.0));
        let dragged = steps.fold(start, Drag::to);
        assert!(dragged.moved);
        assert_eq!(dragged.at, (140.0, 100.0));
        // A press that wobbles within a vertex's radius is still a tap.
        let wobble = [(105.0, 100.0), (95.0, 104.0), (102.0, 98.0)];
        assert!(!wobble.into_iter().fold(start, Drag::to).moved);
        // Once a drag, always a drag, even back where it began.
        assert!(dragged.to((100.0, 100.0)).moved);
    }
}
