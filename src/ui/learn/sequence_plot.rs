//! The sequence view (`/learn/sequence?code=0.137&to=300`): the nim sequence `g(n)` plotted against `n`
//! (SVG), with the preperiod, the period's repetitions, the exceptions and the rare values marked; zoom and
//! pan with the buttons or the keyboard; the proven period stated with the bound its proof needed. The
//! worker computes the values and looks for the period (further than the plot when it must).

use super::classroom::use_classroom;
use super::csv_link::CsvLink;
use super::learn_form::{code_field, Field, LearnForm};
use super::status::Status;
use super::{code_of, get, number, use_learn, use_query_pairs, DEFAULT_CODE};
use crate::learn_query::parse_view;
use crate::route::Route;
use crate::worker::learn_job::MAX_PLOT;
use crate::worker::protocol::{LearnAnswer, LearnQuery, SequenceAnswer};
use std::collections::HashSet;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

const WIDTH: f64 = 860.0;
const HEIGHT: f64 = 300.0;
const LEFT: f64 = 36.0;
const BOTTOM: f64 = 30.0;
const TOP: f64 = 16.0;
/// Type size of the labels in classroom mode, in screen pixels (CSS: `.sequence-plot .tick`).
const CLASSROOM_FONT: f64 = 18.0;

/// Where the plot's parts go, in the units of its viewBox. Normally a fixed picture scaled to the page;
/// in classroom mode one unit is one screen pixel, so labels and points are as large as the CSS says
/// at any window size (scaled, a phone would shrink them to a third).
#[derive(Clone, Copy, PartialEq)]
struct Layout {
    width: f64,
    height: f64,
    left: f64,
    bottom: f64,
    top: f64,
    /// Type size of the labels.
    font: f64,
    /// Classroom mode: points as large as the room between heaps allows (between 2 and 7 pixels).
    classroom: bool,
    /// About how many heap numbers along the axis.
    x_ticks: u64,
}

impl Layout {
    fn new(classroom: bool, measured_width: Option<f64>, max_value: u64) -> Layout {
        match measured_width {
            Some(width) if classroom => {
                let font = CLASSROOM_FONT;
                let digits = max_value.max(1).ilog10() as f64 + 1.0;
                Layout {
                    width,
                    height: (width * 0.36).clamp(300.0, 460.0),
                    left: (14.0 + 0.62 * font * digits).max(LEFT),
                    bottom: 2.0 * font + 16.0,
                    top: font,
                    font,
                    classroom: true,
                    x_ticks: ((width / (font * 6.0)) as u64).clamp(2, 6),
                }
            }
            _ => Layout {
                width: WIDTH,
                height: HEIGHT,
                left: LEFT,
                bottom: BOTTOM,
                top: TOP,
                font: 11.0,
                classroom: false,
                x_ticks: 6,
            },
        }
    }

    /// Width of the plotting area.
    fn inner(&self) -> f64 {
        self.width - self.left - 6.0
    }
}

#[function_component(SequencePage)]
pub fn sequence_page() -> Html {
    let pairs = use_query_pairs();
    let to = number(&pairs, "to", "Plot up to", 300, MAX_PLOT);
    let ask = code_of(&pairs).and_then(|code| Ok((code, LearnQuery::Sequence { to: to? })));
    // `view=40-130`: the heaps shown first (a lesson can open zoomed in).
    let view = get(&pairs, "view").map(parse_view);
    let (state, cancel) = use_learn(ask);
    let fields = vec![
        code_field(get(&pairs, "code").unwrap_or(DEFAULT_CODE)),
        Field {
            key: "to",
            label: "Plot up to heap",
            value: get(&pairs, "to").unwrap_or("300").to_string(),
            hint: "300",
        },
    ];
    html! {
        <section class="learn sequence-page">
            <h1>{ "The nim sequence" }</h1>
            <p class="lead">{ "The value of a single heap against its size. Octal games are conjectured to be eventually periodic; \
                a period is proven once enough values repeat (Guy–Smith)." }</p>
            <LearnForm route={Route::LearnSequence} {fields} busy={state.waiting.is_some()} />
            <Status state={(*state).clone()} on_cancel={cancel} />
            if let Some(LearnAnswer::Sequence(answer)) = &state.answer {
                if let Some(Err(message)) = &view {
                    <p class="error" role="alert">{ message }</p>
                }
                <SequenceView answer={answer.clone()} initial={view.clone().and_then(Result::ok)} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SequenceViewProps {
    answer: SequenceAnswer,
    /// First and last heap shown at first.
    initial: Option<(u64, u64)>,
}

#[function_component(SequenceView)]
fn sequence_view(props: &SequenceViewProps) -> Html {
    let answer = &props.answer;
    let len = answer.values.len() as u64;
    // The window shown: heaps lo..lo+span.
    let start = move |initial: Option<(u64, u64)>| match initial {
        Some((first, last)) if first <= last && first < len => {
            (first, (last - first + 1).min(len - first))
        }
        _ => (0, len.max(1)),
    };
    let window = use_state(|| start(props.initial));
    {
        let window = window.clone();
        use_effect_with((len, props.initial), move |(_, initial)| {
            window.set(start(*initial))
        });
    }
    let (lo, span) = *window;
    let span = span.clamp(1, len.max(1));
    let lo = lo.min(len.saturating_sub(span));
    let set = {
        let window = window.clone();
        move |lo: i64, span: u64| {
            let span = span.clamp(8.min(len.max(1)), len.max(1));
            let lo = lo.clamp(0, (len - span) as i64) as u64;
            window.set((lo, span));
        }
    };
    let zoom_in = {
        let set = set.clone();
        Callback::from(move |_: MouseEvent| set(lo as i64 + span as i64 / 4, span / 2))
    };
    let zoom_out = {
        let set = set.clone();
        Callback::from(move |_: MouseEvent| set(lo as i64 - span as i64 / 2, span * 2))
    };
    let pan_left = {
        let set = set.clone();
        Callback::from(move |_: MouseEvent| set(lo as i64 - (span as i64 / 4).max(1), span))
    };
    let pan_right = {
        let set = set.clone();
        Callback::from(move |_: MouseEvent| set(lo as i64 + (span as i64 / 4).max(1), span))
    };
    let show_all = {
        let set = set.clone();
        Callback::from(move |_: MouseEvent| set(0, len))
    };
    let onkeydown = {
        let set = set.clone();
        Callback::from(move |event: KeyboardEvent| {
            let step = (span as i64 / 4).max(1);
            match event.key().as_str() {
                "ArrowLeft" => set(lo as i64 - step, span),
                "ArrowRight" => set(lo as i64 + step, span),
                "+" | "=" => set(lo as i64 + span as i64 / 4, span / 2),
                "-" => set(lo as i64 - span as i64 / 2, span * 2),
                "Home" => set(0, len),
                _ => return,
            }
            event.prevent_default();
        })
    };
    // Dragging the plot pans it: the heap under the pointer stays under it.
    let svg = use_node_ref();
    let classroom = use_classroom();
    let measured = use_client_width(&svg);
    let max_value = answer.values.iter().copied().max().unwrap_or(0).max(1);
    let l = Layout::new(classroom, measured, u64::from(max_value));
    let drag = use_mut_ref(|| None::<(i32, u64)>);
    let onpointerdown = {
        let (drag, svg) = (drag.clone(), svg.clone());
        Callback::from(move |event: PointerEvent| {
            *drag.borrow_mut() = Some((event.client_x(), lo));
            if let Some(element) = svg.cast::<web_sys::Element>() {
                let _ = element.set_pointer_capture(event.pointer_id());
            }
        })
    };
    let onpointermove = {
        let (drag, svg, set) = (drag.clone(), svg.clone(), set.clone());
        Callback::from(move |event: PointerEvent| {
            let Some((x0, lo0)) = *drag.borrow() else {
                return;
            };
            let pixels = svg
                .cast::<web_sys::Element>()
                .map_or(l.width, |element| f64::from(element.client_width()))
                * l.inner()
                / l.width;
            let moved = f64::from(event.client_x() - x0) / pixels.max(1.0) * span as f64;
            set(lo0 as i64 - moved.round() as i64, span);
        })
    };
    let onpointerup = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| *drag.borrow_mut() = None)
    };
    let values = &answer.values;
    let hi = (lo + span).min(len);
    let lesson_href = AttrValue::from(format!(
        "/learn/sequence?code={}&to={}&view={lo}-{}",
        super::url_code(&answer.code),
        len.saturating_sub(1),
        hi.saturating_sub(1)
    ));
    let shown = &values[lo as usize..hi as usize];
    let max_value = f64::from(max_value);
    let x_of = |n: f64| l.left + (n - lo as f64) / (span as f64) * l.inner();
    let y_of = |v: f64| l.height - l.bottom - v / max_value * (l.height - l.bottom - l.top);
    let rare: HashSet<u64> = answer.rare_heaps.iter().copied().collect();
    let exceptions: HashSet<u64> = answer
        .period
        .as_ref()
        .map(|p| p.exceptions.iter().copied().collect())
        .unwrap_or_default();

    let mut marks = Vec::new();
    // The period's repetitions from the preperiod on, shaded alternately: the first shaded band is the
    // period written out under the plot (n = preperiod to preperiod + period − 1), then every other one.
    if let Some(proof) = &answer.period {
        let p = proof.period;
        let pixels = p as f64 / span as f64 * l.inner();
        if pixels >= 4.0 {
            let first = if lo > proof.preperiod {
                (lo - proof.preperiod) / p
            } else {
                0
            };
            let mut k = first;
            loop {
                let start = proof.preperiod + k * p;
                if start >= hi {
                    break;
                }
                if k % 2 == 0 {
                    let x0 = x_of(start.max(lo) as f64);
                    let x1 = x_of((start + p).min(hi) as f64);
                    marks.push(html! { <rect class="period-band" x={x0.to_string()} y={l.top.to_string()}
                        width={(x1 - x0).max(0.0).to_string()} height={(l.height - l.bottom - l.top).to_string()}
                        data-from={start.to_string()} data-to={(start + p - 1).to_string()} /> });
                }
                k += 1;
            }
        }
        if (lo..hi).contains(&proof.preperiod) {
            let x = x_of(proof.preperiod as f64);
            marks.push(html! { <line class="preperiod-line" x1={x.to_string()} x2={x.to_string()} y1={l.top.to_string()} y2={(l.height - l.bottom).to_string()} /> });
            marks.push(html! { <text class="plot-label" x={(x + 4.0).to_string()} y={(l.top + l.font).to_string()}>{ format!("preperiod {}", proof.preperiod) }</text> });
        }
    }
    let mut points = Vec::new();
    let dense = span > 600;
    if dense {
        // One vertical stroke per pixel column, from the smallest to the largest value in it.
        let columns = l.inner() as usize;
        for c in 0..columns {
            let a = (c as u64 * span / columns as u64) as usize;
            let b = (((c + 1) as u64 * span / columns as u64) as usize)
                .max(a + 1)
                .min(shown.len());
            if a >= b {
                continue;
            }
            let chunk = &shown[a..b];
            let (min, max) = (
                chunk.iter().min().copied().unwrap_or(0),
                chunk.iter().max().copied().unwrap_or(0),
            );
            let x = l.left + c as f64 + 0.5;
            let special = (a..b).any(|i| exceptions.contains(&(lo + i as u64)));
            points.push(html! { <line class={classes!("column", special.then_some("exception"))} x1={x.to_string()} x2={x.to_string()}
                y1={(y_of(min as f64) + 1.0).to_string()} y2={(y_of(max as f64) - 1.0).to_string()} /> });
        }
        for &n in answer.rare_heaps.iter().filter(|n| (lo..hi).contains(*n)) {
            points.push(html! { <circle class="rare" cx={x_of(n as f64 + 0.5).to_string()} cy={y_of(values[n as usize] as f64).to_string()} r="2.5" /> });
        }
    } else {
        let r = match (l.classroom, span <= 120) {
            (true, _) => (1.5 * l.inner() / span as f64).clamp(2.0, 7.0),
            (false, true) => 3.5,
            (false, false) => 2.2,
        };
        for (i, &v) in shown.iter().enumerate() {
            let n = lo + i as u64;
            let class = classes!(
                "point",
                rare.contains(&n).then_some("rare"),
                exceptions.contains(&n).then_some("exception")
            );
            points.push(html! {
                <circle {class} data-n={n.to_string()} data-value={v.to_string()} cx={x_of(n as f64 + 0.5).to_string()} cy={y_of(v as f64).to_string()} r={r.to_string()}>
                    <title>{ format!("g({n}) = {v}") }</title>
                </circle>
            });
        }
    }
    // Axes: value ticks, and the window's ends.
    let y_ticks: Vec<u16> = {
        let max = max_value as u16;
        let step = (max / 6).max(1);
        (0..=max).step_by(step as usize).collect()
    };
    // Round steps between the window's ends (1, 2 or 5 times a power of ten), about six of them.
    let x_ticks: Vec<u64> = {
        let rough = (span / l.x_ticks).max(1);
        let power = 10u64.pow(rough.ilog10());
        let step = [1, 2, 5, 10]
            .iter()
            .map(|m| m * power)
            .find(|&s| s >= rough)
            .unwrap_or(rough);
        (lo.div_ceil(step) * step..hi)
            .step_by(step as usize)
            .filter(|&t| t > lo + step / 3 && t + step / 3 < hi)
            .collect()
    };
    // Baselines: value labels centred on their tick, heap numbers under the axis, the axis name at the
    // bottom.
    let (axis_y, right) = (l.height - l.bottom, l.width - 6.0);
    let (mid_dy, below) = (0.36 * l.font, axis_y + l.font + 3.0);
    let axes = html! {
        <>
            <line class="axis" x1={l.left.to_string()} x2={right.to_string()} y1={axis_y.to_string()} y2={axis_y.to_string()} />
            <line class="axis" x1={l.left.to_string()} x2={l.left.to_string()} y1={l.top.to_string()} y2={axis_y.to_string()} />
            { for y_ticks.iter().map(|&t| html! {
                <text class="tick" x={(l.left - 6.0).to_string()} y={(y_of(t as f64) + mid_dy).to_string()} text-anchor="end">{ t }</text>
            }) }
            <text class="tick" x={l.left.to_string()} y={below.to_string()}>{ lo }</text>
            <text class="tick" x={right.to_string()} y={below.to_string()} text-anchor="end">{ hi.saturating_sub(1) }</text>
            { for x_ticks.iter().map(|&t| html! {
                <>
                    <line class="axis" x1={x_of(t as f64 + 0.5).to_string()} x2={x_of(t as f64 + 0.5).to_string()} y1={axis_y.to_string()} y2={(axis_y + 4.0).to_string()} />
                    <text class="tick" x={x_of(t as f64 + 0.5).to_string()} y={below.to_string()} text-anchor="middle">{ t }</text>
                </>
            }) }
            <text class="tick" x={(l.width / 2.0).to_string()} y={(l.height - if l.classroom { 0.25 * l.font } else { 1.0 }).to_string()} text-anchor="middle">{ "n (heap size)" }</text>
        </>
    };
    let csv: Vec<Vec<String>> = std::iter::once(vec!["n".to_string(), "g(n)".to_string()])
        .chain(
            values
                .iter()
                .enumerate()
                .map(|(n, v)| vec![n.to_string(), v.to_string()]),
        )
        .collect();
    let filename = format!(
        "nim-sequence-{}.csv",
        answer.code.replace(['!', '?', '=', '[', ']'], "_")
    );
    html! {
        <>
            <div class="plot-controls" role="toolbar" aria-label="Zoom and pan">
                <button id="zoom-in" type="button" onclick={zoom_in} disabled={span <= 8}>{ "Zoom in" }</button>
                <button id="zoom-out" type="button" onclick={zoom_out} disabled={span >= len}>{ "Zoom out" }</button>
                <button id="pan-left" type="button" onclick={pan_left} disabled={lo == 0}>{ "◀ Left" }</button>
                <button id="pan-right" type="button" onclick={pan_right} disabled={hi >= len}>{ "Right ▶" }</button>
                <button id="show-all" type="button" onclick={show_all}>{ "Show all" }</button>
                <span class="muted" id="window">{ format!("heaps {lo}–{}", hi.saturating_sub(1)) }</span>
                <CsvLink {filename} rows={csv} />
                <super::lesson_link::LessonLink href={lesson_href} />
            </div>
            <svg class="sequence-plot" id="sequence-plot" tabindex="0" {onkeydown} role="img" ref={svg}
                 {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup}
                 aria-label={format!("nim values of {} for heaps {lo} to {}", answer.code, hi.saturating_sub(1))}
                 viewBox={format!("0 0 {} {}", l.width, l.height)} preserveAspectRatio="xMidYMid meet">
                { for marks }
                { axes }
                { for points }
            </svg>
            <p class="legend">
                <span class="key key-point">{ "value" }</span>
                <span class="key key-rare" title={format!("v is rare when v AND {} (binary {:b}) has an even number of 1 bits", answer.mask, answer.mask)}>
                    { "rare value (one of the few the fast method checks first)" }
                </span>
                <span class="key key-exception">{ "exception" }</span>
                <span class="key key-band">{ "one period" }</span>
                <span class="muted">{ " Drag the plot to pan; keys: ← → pan, + − zoom, Home shows all." }</span>
            </p>
            { view_period(answer) }
            <details class="values-list">
                <summary>{ format!("The values g(0) … g({})", len.saturating_sub(1)) }</summary>
                <pre id="sequence-values">{ values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ") }</pre>
            </details>
        </>
    }
}

/// The element's width in CSS pixels (inside its border), kept up to date as the page lays it out.
#[hook]
fn use_client_width(node: &NodeRef) -> Option<f64> {
    let width = use_state_eq(|| None::<f64>);
    {
        let width = width.clone();
        use_effect_with(node.clone(), move |node| {
            let element = node.cast::<web_sys::Element>();
            let observer = element.as_ref().and_then(|element| {
                let target = element.clone();
                let measure = move || {
                    // Whole pixels: a fraction is not worth laying the plot out again.
                    let w = f64::from(target.client_width());
                    if w > 0.0 {
                        width.set(Some(w));
                    }
                };
                let callback = Closure::<dyn FnMut()>::new(measure);
                let observer =
                    web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
                observer.observe(element);
                Some((observer, callback))
            });
            move || {
                if let Some((observer, _callback)) = observer {
                    observer.disconnect();
                }
            }
        });
    }
    *width
}

fn view_period(answer: &SequenceAnswer) -> Html {
    let values = &answer.values;
    let rare_shown: Vec<String> = answer
        .rare_heaps
        .iter()
        .take(40)
        .map(|n| format!("{n} ({})", values[*n as usize]))
        .collect();
    let rare_text = if answer.rare_heaps.is_empty() {
        "No heap up to here has a rare value.".to_string()
    } else {
        format!(
            "Rare values (parity of value AND {} even): {} heap{}{}: {}{}",
            answer.mask,
            answer.rare_heaps.len(),
            if answer.rare_heaps.len() == 1 {
                ""
            } else {
                "s"
            },
            " up to here",
            rare_shown.join(", "),
            if answer.rare_heaps.len() > 40 {
                ", …"
            } else {
                ""
            }
        )
    };
    match &answer.period {
        Some(proof) => {
            let p = proof.period;
            let n0 = proof.preperiod;
            // One period written out, from the preperiod on (when the plot reaches it).
            let pattern: Option<String> = (values.len() as u64 >= n0 + p).then(|| {
                values[n0 as usize..(n0 + p) as usize]
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(if values.iter().any(|&v| v >= 10) {
                        " "
                    } else {
                        ""
                    })
            });
            html! {
                <div class="period" id="period" data-period={p.to_string()} data-preperiod={n0.to_string()}
                     data-exceptions={proof.exceptions.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")}>
                    <p><strong>{ format!("Period {p}, preperiod {n0}") }</strong>
                        { format!(": g(n + {p}) = g(n) for every n ≥ {n0}.") }</p>
                    <p>{ format!("Proof (Guy–Smith): every move removes at most k = {} tokens and leaves at most h = {} heaps, so once g(n + {p}) = g(n) \
                        holds for {n0} ≤ n < h·({n0} + {p}) + k + h − {p}, it holds for ever. The worker checked the {} values g(0) … g({}).",
                        proof.k, proof.h, proof.values_needed, proof.values_needed.saturating_sub(1)) }</p>
                    if let Some(pattern) = pattern {
                        <p id="period-shaded">{ format!("One period, n = {n0} to {} (shaded on the plot, as is every other period after it): ", n0 + p - 1) }<code id="period-pattern">{ pattern }</code></p>
                    }
                    if proof.exceptions.is_empty() {
                        <p>{ "No exceptions: below the preperiod the values follow the pattern too." }</p>
                    } else {
                        <p>{ format!("Exceptions (heaps below {n0} whose value breaks the pattern): {}.",
                            proof.exceptions.iter().map(|&n| match values.get(n as usize) {
                                Some(v) => format!("g({n}) = {v}"),
                                None => format!("heap {n}"),
                            }).collect::<Vec<_>>().join(", ")) }</p>
                    }
                    <p>{ format!("Largest value {} (first at heap {}).", proof.max_value, proof.max_value_at) }</p>
                    <p class="muted">{ rare_text }</p>
                </div>
            }
        }
        None => html! {
            <div class="period" id="period">
                <p>{ format!("No period stated: {}.", answer.no_period.clone().unwrap_or_default()) }</p>
                <p class="muted">{ rare_text }</p>
            </div>
        },
    }
}
