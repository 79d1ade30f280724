//! The home page: what Sprague is and where to start.

use crate::route::Route;
use yew::prelude::*;
use yew_router::prelude::*;

#[function_component(Home)]
pub fn home() -> Html {
    html! {
        <section class="home">
            <h1>{ "Sprague — a lab for impartial games" }</h1>
            <p class="lead">
                { "Play, solve and teach games where both players have the same moves. Every value on these \
                   pages is computed by an exact solver running in your browser, in a background worker, with \
                   nothing to install; what it learns is kept on this device." }
            </p>
            <div class="cards">
                <article class="card">
                    <h2><Link<Route> to={Route::Sprouts}>{ "Sprouts" }</Link<Route>></h2>
                    <p>{ "Join spots by curves that never cross; each curve gets a new spot and every spot has three lives." }</p>
                </article>
                <article class="card">
                    <h2><Link<Route> to={Route::Dots}>{ "Dots" }</Link<Route>></h2>
                    <p>{ "The independence game: mark a dot and it leaves the row with its neighbours (octal game 0.137)." }</p>
                </article>
                <article class="card">
                    <h2><Link<Route> to={Route::Grundy}>{ "Grundy" }</Link<Route>></h2>
                    <p>{ "Grundy's game: split a pile into two piles of different sizes." }</p>
                </article>
                <article class="card">
                    <h2><Link<Route> to={Route::Nim}>{ "Nim" }</Link<Route>></h2>
                    <p>{ "Several piles of counters: take as many as you like from one pile. The classic game behind all the others." }</p>
                </article>
                <article class="card">
                    <h2><Link<Route> to={Route::Learn}>{ "Learn" }</Link<Route>></h2>
                    <p>{ "Teach the theory: mex tables, nim-sums in binary, nim sequences and their periods, P-positions, misère genera." }</p>
                </article>
            </div>
            <p>
                { "The theory: by the Sprague–Grundy theorem every such position is worth a nim heap, its " }
                <em>{ "nimber" }</em>
                { "; a position is lost for the player to move exactly when its nimber is 0, and a sum of games is worth the XOR of its parts." }
            </p>
        </section>
    }
}
