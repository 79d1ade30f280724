//! A small picture of a Sprouts position (a drawing laid out by the worker): curves and spots, the spots
//! coloured by lives as on the board (3 green, 2 yellow, 1 red, 0 grey).

use sprague_engine::draw::{Drawing, HEIGHT, WIDTH};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SproutsThumbProps {
    pub drawing: Drawing,
    #[prop_or_default]
    pub large: bool,
}

#[function_component(SproutsThumb)]
pub fn sprouts_thumb(props: &SproutsThumbProps) -> Html {
    let drawing = &props.drawing;
    let lives = drawing.lives();
    html! {
        <svg class={classes!("position-thumb", props.large.then_some("large"))} viewBox={format!("0 0 {WIDTH} {HEIGHT}")}
            role="img" aria-label={format!("a drawing with {} spots", drawing.spots().len())}>
            <rect class="paper" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} rx="12" />
            { for drawing.curves().iter().map(|curve| {
                let points: Vec<String> = curve.points.iter().map(|p| format!("{:.1},{:.1}", p.x, p.y)).collect();
                html! { <polyline class="curve" points={points.join(" ")} /> }
            }) }
            { for drawing.spots().iter().zip(lives).map(|(spot, lives)| html! {
                <circle class={classes!("spot", format!("lives-{lives}"))} cx={format!("{:.1}", spot.at.x)} cy={format!("{:.1}", spot.at.y)} r="20" />
            }) }
        </svg>
    }
}
