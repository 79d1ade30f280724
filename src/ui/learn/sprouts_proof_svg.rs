//! A laid-out proof graph as SVG (the layout comes from the worker): couples as boxes (or dots at detail
//! level 1) coloured as in the Glop manual — losing red, winning blue, several lands yellow — edges as
//! arrows down, the lives of each row on the right. Drag to pan; the buttons (or the mouse wheel) zoom.

use crate::worker::protocol::ProofPicture;
use gloo::events::{EventListener, EventListenerOptions};
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

/// Widest view shown at first: wider pictures open on their top centre at a readable scale (Fit shows all).
const FIRST_VIEW_WIDTH: f64 = 1000.0;
/// Height of the view for its width (the figure's shape on a wide screen).
const VIEW_RATIO: f64 = 0.62;

fn fit(picture: &ProofPicture) -> View {
    View {
        x: 0.0,
        y: 0.0,
        w: picture.width + LIVES_COLUMN,
        h: picture.height,
    }
}

/// The first view: the whole picture when it is narrow enough, else its top, centred on the root.
fn first_view(picture: &ProofPicture) -> View {
    let whole = fit(picture);
    if whole.w <= FIRST_VIEW_WIDTH {
        return whole;
    }
    let root_x = picture.nodes.first().map_or(whole.w / 2.0, |n| n.x);
    let w = FIRST_VIEW_WIDTH;
    View {
        x: (root_x - w / 2.0).clamp(0.0, whole.w - w),
        y: 0.0,
        w,
        h: w * VIEW_RATIO,
    }
}

#[function_component(SproutsProofSvg)]
pub fn sprouts_proof_svg(props: &ProofSvgProps) -> Html {
    let picture = &props.picture;
    let view = use_state(|| first_view(picture));
    {
        let view = view.clone();
        use_effect_with(picture.clone(), move |picture| {
            view.set(first_view(picture))
        });
    }
    let drag = use_mut_ref(|| None::<(f64, f64, View)>);
    let svg_ref = use_node_ref();
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
        let (view, picture) = (view.clone(), picture.clone());
        Callback::from(move |_| view.set(fit(&picture)))
    };
    let dots = picture.nodes.iter().all(|n| n.label.is_empty());
    let v = *view;
    let lives_x = picture.width + 8.0;
    html! {
        <div class="proof-figure">
            <div class="proof-zoom">
                <button type="button" id="zoom-in" onclick={zoom(1.0 / 1.4)} title="Zoom in">{ "+" }</button>
                <button type="button" id="zoom-out" onclick={zoom(1.4)} title="Zoom out">{ "−" }</button>
                <button type="button" id="zoom-fit" onclick={reset} title="Show the whole graph">{ "Fit" }</button>
                <span class="muted">{ "Drag to pan, wheel or buttons to zoom; Fit shows the whole graph." }</span>
            </div>
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
                    { for picture.rows.iter().enumerate().filter(|(i, (_, lives))| *i == 0 || picture.rows[*i - 1].1 != *lives).map(|(_, (y, lives))| html! {
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
                        let class = classes!("proof-node", format!("proof-{}", node.kind));
                        html! {
                            <g {class} data-index={node.index.to_string()} data-kind={node.kind.clone()} data-lives={node.lives.to_string()}>
                                <title>{ format!("{} — {} lives, {}", node.text, node.lives,
                                    match node.kind.as_str() { "losing" => "losing couple", "winning" => "winning couple", _ => "several lands" }) }</title>
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
