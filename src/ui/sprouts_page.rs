//! The Sprouts page. The board and its solver arrive with the Sprouts engine and drawing work; until then
//! the page says so plainly rather than pretending.

use yew::prelude::*;

#[function_component(SproutsPage)]
pub fn sprouts_page() -> Html {
    html! {
        <section class="game-page">
            <h1>{ "Sprouts" }</h1>
            <p>
                { "Start with a few spots. A move joins two spots (or one spot to itself) by a curve that crosses \
                   no other curve, and puts a new spot on it. No spot may have more than three lines. \
                   Whoever cannot move loses (or, in misère play, wins)." }
            </p>
            <p class="notice">{ "The drawing board and the Sprouts solver are not in this version yet." }</p>
        </section>
    }
}
