//! The Sprouts board: the drawing in SVG, and freehand moves. Press on a spot, drag a curve to another spot
//! (or back to the same one) and let go; while drawing, the curve shows whether it is legal so far and
//! why not. Then press on the curve where its new spot goes (or "Half-way" for the middle).
//!
//! In exact mode (`picking`), pressing a spot picks it instead (spots show their numbers); the page lists
//! the moves between the picked spots and shows the one pointed at as `preview`.

use super::svg_point::to_svg_units;
use sprague_engine::draw::{CurveMove, Drawing, IllegalCurve, Point, HEIGHT, SNAP_RADIUS, WIDTH};
use yew::prelude::*;

/// On a small screen the board is drawn small and the engine's snap circle (in drawing units) is a few
/// pixels: a press this many screen pixels from a spot counts as on it (a fingertip's accuracy).
const TOUCH_REACH_PX: f64 = 22.0;
/// Room shown round the drawing's box, so that a spot or curve on the box's edge is drawn whole.
const MARGIN: f64 = 20.0;
const VIEW_WIDTH: f64 = WIDTH + 2.0 * MARGIN;
const VIEW_HEIGHT: f64 = HEIGHT + 2.0 * MARGIN;

#[derive(Properties, PartialEq)]
pub struct SproutsBoardProps {
    pub drawing: Drawing,
    pub enabled: bool,
    /// A curve to show as the hint, and the position it makes.
    pub hint: Option<(Vec<Point>, String)>,
    /// Index of the curve drawn last.
    pub last: Option<usize>,
    /// A legal curve, and where on it the new spot goes (`None`: half-way).
    pub on_move: Callback<(CurveMove, Option<Point>)>,
    /// Exact mode: presses pick spots.
    #[prop_or_default]
    pub picking: bool,
    /// Spots picked so far (exact mode).
    #[prop_or_default]
    pub picked: Vec<usize>,
    #[prop_or_default]
    pub on_pick: Callback<usize>,
    /// A move to show before it is played (exact mode).
    #[prop_or_default]
    pub preview: Option<Vec<Point>>,
    /// What a screen reader says of the board (the page keeps the focus on it after a move).
    #[prop_or(AttrValue::Static("Sprouts drawing"))]
    pub label: AttrValue,
}

#[function_component(SproutsBoard)]
pub fn sprouts_board(props: &SproutsBoardProps) -> Html {
    let svg_ref = use_node_ref();
    // The new spot pressed on a pending curve, played when the press ends.
    let placing = use_mut_ref(|| None::<(CurveMove, Option<Point>)>);
    let draft = use_state(Vec::<Point>::new);
    let verdict = use_state(|| None::<Result<(), String>>);
    // A refused curve, kept on the board for a moment with the place at fault marked.
    let refused = use_state(|| None::<Refused>);
    {
        let refused = refused.clone();
        use_effect_with((*refused).clone(), move |shown| {
            let timeout = shown.is_some().then(|| {
                gloo::timers::callback::Timeout::new(REFUSED_SHOWN_MS, move || refused.set(None))
            });
            move || drop(timeout)
        });
    }
    // A legal curve waiting for its new spot.
    let pending = use_state(|| None::<CurveMove>);
    {
        let pending = pending.clone();
        use_effect_with(props.drawing.clone(), move |_| pending.set(None));
    }

    // Pointer positions in drawing units, and how far from a spot (in drawing units) a curve's end
    // counts as on it at the board's present size, both through the SVG's screen transform.
    let to_point = {
        let svg_ref = svg_ref.clone();
        move |event: &PointerEvent| -> Option<Point> {
            let ((x, y), _) =
                to_svg_units(&svg_ref, (event.client_x() as f64, event.client_y() as f64))?;
            // A curve dragged into the board's margin runs along the drawing's box (the engine
            // draws and routes inside the box).
            Some(Point::new(
                x.clamp(1.0, WIDTH - 1.0),
                y.clamp(1.0, HEIGHT - 1.0),
            ))
        }
    };
    let reach = {
        let svg_ref = svg_ref.clone();
        move || -> f64 {
            match to_svg_units(&svg_ref, (0.0, 0.0)) {
                Some((_, units_per_px)) => (TOUCH_REACH_PX * units_per_px).max(SNAP_RADIUS),
                None => SNAP_RADIUS,
            }
        }
    };
    let onpointerdown = {
        let (draft, verdict, to_point, enabled) = (
            draft.clone(),
            verdict.clone(),
            to_point.clone(),
            props.enabled,
        );
        let (drawing, reach) = (props.drawing.clone(), reach.clone());
        let pending = pending.clone();
        let (picking, on_pick) = (props.picking, props.on_pick.clone());
        let (refused, placing) = (refused.clone(), placing.clone());
        Callback::from(move |event: PointerEvent| {
            if !enabled || !event.is_primary() {
                return;
            }
            refused.set(None);
            if picking {
                let spot = event
                    .target_dyn_into::<web_sys::Element>()
                    .and_then(|target| target.get_attribute("data-spot"))
                    .and_then(|spot| spot.parse().ok());
                if let Some(spot) = spot {
                    on_pick.emit(spot);
                }
                return;
            }
            if let Some(curve) = (*pending).clone() {
                // Placing the new spot: the point of the curve nearest to the press. The move is played
                // once the press ends (see `finish` and `touch_end`), not now: playing it redraws the
                // board, and a touch whose element has left the page can no longer cancel the click it
                // makes. (The dashed curve itself takes no pointer events, see style.css: the press is
                // on the paper, which stays.)
                pending.set(None);
                *placing.borrow_mut() = Some((curve, to_point(&event)));
                return;
            }
            if let Some(point) = to_point(&event) {
                if let Some(target) = event.target_dyn_into::<web_sys::Element>() {
                    let _ = target.set_pointer_capture(event.pointer_id());
                }
                event.prevent_default();
                draft.set(vec![onto_spot(&drawing, point, reach()).unwrap_or(point)]);
                verdict.set(None);
            }
        })
    };
    let onpointermove = {
        let (draft, verdict, to_point, drawing) = (
            draft.clone(),
            verdict.clone(),
            to_point.clone(),
            props.drawing.clone(),
        );
        Callback::from(move |event: PointerEvent| {
            if draft.is_empty() {
                return;
            }
            let Some(point) = to_point(&event) else {
                return;
            };
            let mut points = (*draft).clone();
            if points.last().is_some_and(|last| last.dist(point) < 2.0) {
                return;
            }
            points.push(point);
            // Live feedback: everything but "does not end on a spot yet" is worth saying now.
            verdict.set(match drawing.check_curve(&points) {
                Ok(_) => Some(Ok(())),
                Err(IllegalCurve::EndsOffSpot | IllegalCurve::TooShort) => None,
                Err(why) => Some(Err(format!("Not legal: {}.", explain(&why)))),
            });
            draft.set(points);
        })
    };
    let finish = {
        let (draft, verdict, drawing, pending) = (
            draft.clone(),
            verdict.clone(),
            props.drawing.clone(),
            pending.clone(),
        );
        let refused = refused.clone();
        let (placing, on_move) = (placing.clone(), props.on_move.clone());
        Callback::from(move |event: PointerEvent| {
            // A new spot pressed on the curve: with a finger, played by `touch_end` once the touch's
            // click is cancelled (the touch events follow this pointer event); else played now.
            if placing.borrow().is_some() {
                if event.pointer_type() != "touch" {
                    let placed = placing.borrow_mut().take();
                    if let Some(placed) = placed {
                        on_move.emit(placed);
                    }
                }
                return;
            }
            if draft.is_empty() {
                return;
            }
            let mut points = (*draft).clone();
            if let Some(end) = points
                .last()
                .and_then(|&last| onto_spot(&drawing, last, reach()))
            {
                points.push(end);
            }
            draft.set(Vec::new());
            if points.len() < 2 {
                return;
            }
            match drawing.check_curve(&points) {
                Ok(curve) => {
                    verdict.set(None);
                    pending.set(Some(curve));
                }
                Err(why) => {
                    verdict.set(Some(Err(format!("Not a legal move: {}.", explain(&why)))));
                    let fault = fault_of(&why, &drawing, &points);
                    refused.set(Some(Refused { points, fault }));
                }
            }
        })
    };

    // The end of a touch: its click is cancelled first, then a new spot placed by it is played.
    let touch_end = {
        let (placing, on_move) = (placing.clone(), props.on_move.clone());
        let no_click = super::board_touch::no_click_after_touch();
        Callback::from(move |event: TouchEvent| {
            no_click.emit(event);
            let placed = placing.borrow_mut().take();
            if let Some(placed) = placed {
                on_move.emit(placed);
            }
        })
    };

    let path = |points: &[Point]| -> String {
        points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { " L" }, p.x, p.y))
            .collect()
    };
    let lives = props.drawing.lives();
    let curves = props.drawing.curves().iter().enumerate().map(|(i, curve)| {
        html! { <path class={classes!("curve", (props.last == Some(i)).then_some("last"))} d={path(&curve.points)} /> }
    });
    let spots = props.drawing.spots().iter().zip(&lives).enumerate().map(|(i, (spot, &lives))| {
        let picked = props.picked.contains(&i);
        html! {
            <circle class={classes!("spot", format!("lives-{lives}"), picked.then_some("picked"))} cx={format!("{:.1}", spot.at.x)}
                    cy={format!("{:.1}", spot.at.y)} r="11" data-spot={i.to_string()} data-lives={lives.to_string()}>
                <title>{ format!("spot {}: {lives} {}", i + 1, if lives == 1 { "life" } else { "lives" }) }</title>
            </circle>
        }
    });
    let draft_class = match &*verdict {
        Some(Ok(())) => "legal",
        Some(Err(_)) => "illegal",
        None => "open",
    };
    let feedback_live = if draft_class == "illegal" {
        "assertive"
    } else {
        "polite"
    };
    // Over the board, not under it: seen while drawing on any screen.
    let feedback = html! {
        <p id="curve-feedback" class={classes!("feedback", draft_class)} aria-live={feedback_live}>
            if let Some(curve) = &*pending {
                { "Legal. Press on the curve where the new spot goes, or " }
                <button id="half-way" type="button" onclick={{
                    let (pending, on_move, curve) = (pending.clone(), props.on_move.clone(), curve.clone());
                    Callback::from(move |_| { pending.set(None); on_move.emit((curve.clone(), None)); })
                }}>{ "Half-way" }</button>
                { " " }
                <button id="drop-curve" type="button" onclick={{
                    let pending = pending.clone();
                    Callback::from(move |_| pending.set(None))
                }}>{ "Drop it" }</button>
            } else {
            { match &*verdict {
                Some(Ok(())) => "Legal so far: let go on this spot to play it.".to_string(),
                Some(Err(why)) => why.clone(),
                None if props.enabled && props.picking => "Exact mode: press a spot, then another spot (or the same one again, for a loop).".to_string(),
                None if props.enabled => "Draw a move: press on a spot and drag to another spot, or back to the same one.".to_string(),
                None => String::new(),
            } }
            }
        </p>
    };
    let refused_view = match &*refused {
        None => html! {},
        Some(Refused { points, fault }) => {
            let mark = match *fault {
                Fault::At(p) => {
                    html! { <circle class="fault" cx={format!("{:.1}", p.x)} cy={format!("{:.1}", p.y)} r="26" /> }
                }
                // The crossed curve, and a ring where the new one first meets it.
                Fault::Crossing(i, p) => html! {
                    <>
                        if let Some(curve) = props.drawing.curves().get(i) {
                            <path class="curve fault" d={path(&curve.points)} />
                        }
                        <circle class="fault-halo" cx={format!("{:.1}", p.x)} cy={format!("{:.1}", p.y)} r="18" />
                        <circle class="fault crossing" cx={format!("{:.1}", p.x)} cy={format!("{:.1}", p.y)} r="18" />
                    </>
                },
                Fault::Nowhere => html! {},
            };
            html! {
                <g id="refused-curve">
                    <path class="draft refused" d={path(points)} />
                    { mark }
                </g>
            }
        }
    };
    html! {
        <div class="sprouts-board-wrap">
            { feedback }
            <svg ref={svg_ref} class={classes!("board", "sprouts-board", props.enabled.then_some("enabled"))}
                 viewBox={format!("{} {} {VIEW_WIDTH} {VIEW_HEIGHT}", -MARGIN, -MARGIN)} role="group"
                 tabindex="-1" aria-label={props.label.clone()} aria-describedby="curve-feedback"
                 {onpointerdown} {onpointermove} onpointerup={finish.clone()} onpointercancel={finish}
                 ontouchend={touch_end.clone()} ontouchcancel={touch_end}>
                <rect class="paper" x={(-MARGIN).to_string()} y={(-MARGIN).to_string()} width={VIEW_WIDTH.to_string()} height={VIEW_HEIGHT.to_string()} />
                { for curves }
                if let Some((hint, makes)) = &props.hint {
                    <path class="curve hint" d={path(hint)} data-makes={makes.clone()} />
                }
                if draft.len() > 1 {
                    <path class={classes!("draft", draft_class)} d={path(&draft)} />
                }
                { refused_view }
                if let Some(curve) = &*pending {
                    <path class="draft pending" d={path(curve.points())} />
                }
                if let Some(preview) = &props.preview {
                    <path class="curve preview" d={path(preview)} />
                }
                { for spots }
                if props.picking {
                    { for props.drawing.spots().iter().enumerate().map(|(i, spot)| html! {
                        <text class="spot-number" x={format!("{:.1}", spot.at.x + 14.0)} y={format!("{:.1}", spot.at.y - 12.0)}>
                            { (i + 1).to_string() }
                        </text>
                    }) }
                }
            </svg>
            <p class="spot-legend" aria-label="what the colours mean">
                <span><span class="lives-swatch lives-3"></span>{ "3 lives" }</span>
                <span><span class="lives-swatch lives-2"></span>{ "2 lives" }</span>
                <span><span class="lives-swatch lives-1"></span>{ "1 life" }</span>
                <span><span class="lives-swatch lives-0"></span>{ "no lives" }</span>
                if props.hint.is_some() {
                    <span><span class="hint-line"></span>{ "the hint's move" }</span>
                }
            </p>
        </div>
    }
}

/// How long a refused curve stays on the board.
const REFUSED_SHOWN_MS: u32 = 3000;

/// Where a refused curve went wrong, to mark on the board.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    /// A spot it passes through or that cannot take it, or the end that missed every spot.
    At(Point),
    /// The curve it crosses, and where it first meets it.
    Crossing(usize, Point),
    Nowhere,
}

#[derive(Clone, PartialEq)]
struct Refused {
    points: Vec<Point>,
    fault: Fault,
}

fn fault_of(why: &IllegalCurve, drawing: &Drawing, points: &[Point]) -> Fault {
    let spot = |i: usize| {
        drawing
            .spots()
            .get(i)
            .map_or(Fault::Nowhere, |s| Fault::At(s.at))
    };
    match *why {
        IllegalCurve::PassesThroughSpot { spot: i }
        | IllegalCurve::NoLivesLeft { spot: i }
        | IllegalCurve::LoopNeedsTwoLives { spot: i, .. } => spot(i),
        IllegalCurve::CrossesCurve { curve, at } => Fault::Crossing(curve, at),
        IllegalCurve::StartsOffSpot => points.first().map_or(Fault::Nowhere, |&p| Fault::At(p)),
        IllegalCurve::EndsOffSpot => points.last().map_or(Fault::Nowhere, |&p| Fault::At(p)),
        _ => Fault::Nowhere,
    }
}

/// Why a curve is illegal, with spots and curves numbered from 1 as the board's tooltips number them.
/// The spot with lives left nearest to `point` if it is within `reach` but outside the engine's own snap
/// circle (inside it, the engine decides, and says so if the spot has no lives left).
fn onto_spot(drawing: &Drawing, point: Point, reach: f64) -> Option<Point> {
    if drawing
        .spots()
        .iter()
        .any(|spot| spot.at.dist(point) <= SNAP_RADIUS)
    {
        return None;
    }
    let lives = drawing.lives();
    drawing
        .spots()
        .iter()
        .zip(lives)
        .filter(|&(spot, lives)| lives > 0 && spot.at.dist(point) <= reach)
        .map(|(spot, _)| spot.at)
        .min_by(|a, b| a.dist(point).total_cmp(&b.dist(point)))
}

fn explain(why: &IllegalCurve) -> String {
    match *why {
        IllegalCurve::NoLivesLeft { spot } => format!("spot {} has no lives left", spot + 1),
        IllegalCurve::LoopNeedsTwoLives { spot, lives } => {
            format!(
                "a loop needs 2 lives at its spot; spot {} has {lives}",
                spot + 1
            )
        }
        IllegalCurve::CrossesCurve { curve, .. } => {
            format!("the curve crosses curve {}", curve + 1)
        }
        IllegalCurve::PassesThroughSpot { spot } => {
            format!("the curve passes through spot {}", spot + 1)
        }
        ref other => other.to_string(),
    }
}
