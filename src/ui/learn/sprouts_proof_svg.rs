//! A laid-out proof graph as SVG (the layout comes from the worker): couples as boxes (or dots at detail
//! level 1) coloured as in the Glop manual — losing red, winning blue, several lands yellow — edges as
//! arrows down, the lives of each row on the right. Drag to pan; the buttons (or the mouse wheel) zoom.

use crate::worker::protocol::ProofPicture;
use gloo::events::{EventListener, EventListenerOptions};
use sprague_engine::solve::sprouts::proof_layout::{LaidRow, NodeKind};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Room on the right for the lives of each row.
const LIVES_COLUMN: f64 = 80.0;
const BOX_HEIGHT: f64 = 22.0;

#[derive(Properties, PartialEq)]
pub struct ProofSvgProps {
    pub picture: ProofPicture,
}

#[derive(Clone, Copy, PartialEq)]
struct View {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl View {
    fn zoom(self, factor: f64, cx: f64, cy: f64) -> View {
        let w = self.w * factor;
        let h = self.h * factor;
        View {
            x: cx - (cx - self.x) * factor,
            y: cy - (cy - self.y) * factor,
            w,
            h,
        }
    }
}

/// Labels are legible from this size on screen (CSS pixels).
const LEGIBLE_PX: f64 = 14.0;
/// A small graph is not blown up past labels of this size.
const LARGEST_PX: f64 = 24.0;
/// The page's label size in picture units when the CSS cannot be read (`.proof-node text`).
const LABEL_UNITS: f64 = 12.0;

/// The whole picture with the lives column.
fn extent(picture: &ProofPicture) -> (f64, f64) {
    (picture.width + LIVES_COLUMN, picture.height)
}

/// The view at `scale` (screen pixels per unit) of a `box_w` × `box_h` box, its top left at `(x, y)`:
/// the view's shape is the box's, so dragging moves the picture with the pointer.
fn view_at(scale: f64, (box_w, box_h): (f64, f64), x: f64, y: f64) -> View {
    View {
        x,
        y,
        w: box_w / scale,
        h: box_h / scale,
    }
}

/// The whole picture centred in the box, no larger than labels of `LARGEST_PX`.
fn fit(picture: &ProofPicture, size: (f64, f64), label_units: f64) -> View {
    let (w, h) = extent(picture);
    let scale = (size.0 / w).min(size.1 / h).min(LARGEST_PX / label_units);
    let view = view_at(scale, size, 0.0, 0.0);
    View {
        x: (w - view.w) / 2.0,
        y: (h - view.h) / 2.0,
        ..view
    }
}

/// The first view: the whole graph when its labels can be read so; else the whole width when that can
/// be read (pan down for the rest); else labels at a legible size, the top of the graph centred on the
/// root (pan for the rest). A graph of dots has no labels: it is always fitted whole.
fn first_view(picture: &ProofPicture, size: (f64, f64), label_units: f64) -> View {
    let whole = fit(picture, size, label_units);
    let dots = picture.nodes.iter().all(|n| n.label.is_empty());
    let legible = LEGIBLE_PX / label_units;
    if dots || size.0 / whole.w >= legible - 1e-9 {
        return whole;
    }
    let (w, _) = extent(picture);
    let scale = (size.0 / w).min(LARGEST_PX / label_units).max(legible);
    let view = view_at(scale, size, 0.0, 0.0);
    let root_x = picture.nodes.first().map_or(w / 2.0, |n| n.x);
    let x = if view.w >= w {
        (w - view.w) / 2.0
    } else {
        (root_x - view.w / 2.0).clamp(0.0, w - view.w)
    };
    View { x, ..view }
}

/// The box the picture is drawn in (CSS pixels) and the labels' size in picture units, as laid out now.
fn measure(svg_ref: &NodeRef) -> Option<((f64, f64), f64)> {
    let svg = svg_ref.cast::<web_sys::Element>()?;
    let size = (svg.client_width() as f64, svg.client_height() as f64);
    if size.0 <= 0.0 || size.1 <= 0.0 {
        return None;
    }
    let label_units = svg
        .query_selector(".proof-node text")
        .ok()
        .flatten()
        .and_then(|text| web_sys::window()?.get_computed_style(&text).ok().flatten())
        .and_then(|style| style.get_property_value("font-size").ok())
        .and_then(|px| px.trim_end_matches("px").parse::<f64>().ok())
        .filter(|px| *px > 0.0)
        .unwrap_or(LABEL_UNITS);
    Some((size, label_units))
}

#[function_component(SproutsProofSvg)]
pub fn sprouts_proof_svg(props: &ProofSvgProps) -> Html {
    let picture = &props.picture;
    let view = use_state(|| {
        let (w, h) = extent(picture);
        View {
            x: 0.0,
            y: 0.0,
            w,
            h,
        }
    });
    let svg_ref = use_node_ref();
    // The box and label size the view was last fitted to, for the Fit button and the note.
    let measured = use_state(|| None::<((f64, f64), f64)>);
    // Fitted on arrival and whenever the picture changes (detail level, lives filter): the box's size
    // is known only once it is laid out.
    {
        let (view, measured, svg_ref) = (view.clone(), measured.clone(), svg_ref.clone());
        use_effect_with(picture.clone(), move |picture| {
            if let Some((size, label_units)) = measure(&svg_ref) {
                view.set(first_view(picture, size, label_units));
                measured.set(Some((size, label_units)));
            }
        });
    }
    let drag = use_mut_ref(|| None::<(f64, f64, View)>);
    // Scale from screen pixels to picture units.
    let scale = {
        let svg_ref = svg_ref.clone();
        move |view: &View| -> f64 {
            svg_ref
                .cast::<web_sys::Element>()
                .map(|svg| svg.get_bounding_client_rect().width())
                .filter(|w| *w > 0.0)
                .map_or(1.0, |w| view.w / w)
        }
    };
    // The wheel zooms around the pointer; the listener is not passive so the page does not scroll too.
    {
        let (view, svg_ref) = (view.clone(), svg_ref.clone());
        use_effect_with((*view, svg_ref.clone()), move |(current, _)| {
            let current = *current;
            let listener = svg_ref.cast::<web_sys::Element>().map(|svg| {
                let target = svg.clone();
                EventListener::new_with_options(
                    &svg,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |event| {
                        let Some(wheel) = event.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        wheel.prevent_default();
                        let rect = target.get_bounding_client_rect();
                        if rect.width() <= 0.0 || rect.height() <= 0.0 {
                            return;
                        }
                        let cx = current.x
                            + (wheel.client_x() as f64 - rect.left()) / rect.width() * current.w;
                        let cy = current.y
                            + (wheel.client_y() as f64 - rect.top()) / rect.height() * current.h;
                        let factor = if wheel.delta_y() > 0.0 {
                            1.15
                        } else {
                            1.0 / 1.15
                        };
                        view.set(current.zoom(factor, cx, cy));
                    },
                )
            });
            move || drop(listener)
        });
    }
    let onpointerdown = {
        let (drag, view, svg_ref) = (drag.clone(), view.clone(), svg_ref.clone());
        Callback::from(move |event: PointerEvent| {
            *drag.borrow_mut() = Some((event.client_x() as f64, event.client_y() as f64, *view));
            if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                let _ = svg.set_pointer_capture(event.pointer_id());
            }
        })
    };
    let onpointermove = {
        let (drag, view, scale) = (drag.clone(), view.clone(), scale.clone());
        Callback::from(move |event: PointerEvent| {
            let Some((x0, y0, start)) = *drag.borrow() else {
                return;
            };
            let s = scale(&start);
            view.set(View {
                x: start.x - (event.client_x() as f64 - x0) * s,
                y: start.y - (event.client_y() as f64 - y0) * s,
                ..start
            });
        })
    };
    let onpointerup = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| *drag.borrow_mut() = None)
    };
    let zoom = |factor: f64| {
        let view = view.clone();
        Callback::from(move |_| {
            let v = *view;
            view.set(v.zoom(factor, v.x + v.w / 2.0, v.y + v.h / 2.0))
        })
    };
    let reset = {
        let (view, picture, svg_ref) = (view.clone(), picture.clone(), svg_ref.clone());
        Callback::from(move |_| {
            if let Some((size, label_units)) = measure(&svg_ref) {
                view.set(fit(&picture, size, label_units));
            }
        })
    };
    let dots = picture.nodes.iter().all(|n| n.label.is_empty());
    let v = *view;
    // Said when the view does not show the whole graph, or shows it too small to read.
    let note = (*measured).map(|((box_w, _), label_units)| {
        let (w, h) = extent(picture);
        let whole = v.x <= 0.5 && v.y <= 0.5 && v.x + v.w >= w - 0.5 && v.y + v.h >= h - 0.5;
        let legible = dots || box_w / v.w * label_units >= LEGIBLE_PX - 0.05;
        match (whole, legible) {
            (true, true) => "",
            (true, false) => "The whole graph is too small to read here: zoom in (+ or the wheel) to read the couples.",
            (false, true) => "Part of the graph, at a size to read: drag to see the rest; Fit shows the whole graph.",
            (false, false) => "Part of the graph: drag to see the rest; Fit shows the whole graph.",
        }
    });
    let lives_x = picture.width + 8.0;
    html! {
        <div class="proof-figure">
            <div class="proof-zoom">
                <button type="button" id="zoom-in" onclick={zoom(1.0 / 1.4)} title="Zoom in">{ "+" }</button>
                <button type="button" id="zoom-out" onclick={zoom(1.4)} title="Zoom out">{ "−" }</button>
                <button type="button" id="zoom-fit" onclick={reset} title="Show the whole graph">{ "Fit" }</button>
                <span class="muted">{ "Drag to pan, wheel or buttons to zoom; Fit shows the whole graph." }</span>
            </div>
            <p class="proof-view-note" id="proof-view-note" role="status">{ note.unwrap_or_default() }</p>
            <svg ref={svg_ref} class="proof-svg" id="proof-svg" role="img"
                aria-label={format!("Proof graph: {} couples", picture.nodes.len())}
                viewBox={format!("{:.1} {:.1} {:.1} {:.1}", v.x, v.y, v.w, v.h)}
                preserveAspectRatio="xMidYMin meet"
                {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup}>
                <defs>
                    <marker id="proof-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="proof-arrow-head" />
                    </marker>
                </defs>
                <g class="proof-rows">
                    { for picture.rows.iter().enumerate().filter(|(i, row)| *i == 0 || picture.rows[*i - 1].lives != row.lives).map(|(_, LaidRow { y, lives })| html! {
                        <text x={format!("{lives_x:.1}")} y={format!("{:.1}", y + 4.0)} class="proof-lives">{ format!("{lives} lives") }</text>
                    }) }
                </g>
                <g class="proof-edges">
                    { for picture.edges.iter().map(|edge| {
                        let mut points = edge.points.clone();
                        let half = if dots { 6.0 } else { BOX_HEIGHT / 2.0 };
                        if let Some(first) = points.first_mut() { first.1 += half; }
                        if let Some(last) = points.last_mut() { last.1 -= half; }
                        let text: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                        html! {
                            <polyline points={text.join(" ")} class="proof-edge" marker-end="url(#proof-arrow)"
                                data-from={edge.from.to_string()} data-to={edge.to.to_string()} />
                        }
                    }) }
                </g>
                <g class="proof-nodes">
                    { for picture.nodes.iter().map(|node| {
                        let class = classes!("proof-node", format!("proof-{}", node.kind.as_str()));
                        html! {
                            <g {class} data-index={node.index.to_string()} data-kind={node.kind.as_str()} data-lives={node.lives.to_string()}>
                                <title>{ format!("{} — {} lives, {}", node.text, node.lives,
                                    match node.kind { NodeKind::Losing => "losing couple", NodeKind::Winning => "winning couple", NodeKind::Lands => "several lands" }) }</title>
                                if dots {
                                    <circle cx={format!("{:.1}", node.x)} cy={format!("{:.1}", node.y)} r="6" />
                                } else {
                                    <rect x={format!("{:.1}", node.x - node.width / 2.0)} y={format!("{:.1}", node.y - BOX_HEIGHT / 2.0)}
                                        width={format!("{:.1}", node.width)} height={BOX_HEIGHT.to_string()} rx="4" />
                                    <text x={format!("{:.1}", node.x)} y={format!("{:.1}", node.y + 4.0)} text-anchor="middle">{ node.label.clone() }</text>
                                }
                            </g>
                        }
                    }) }
                </g>
            </svg>
        </div>
    }
}
