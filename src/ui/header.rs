//! The site header: the app's name, the games, bases, and the light/dark switch.

use super::theme::ThemeToggle;
use crate::route::Route;
use yew::prelude::*;
use yew_router::prelude::*;

#[function_component(Header)]
pub fn header() -> Html {
    let current = use_route::<Route>();
    let link = |route: Route, label: &'static str| {
        let class = classes!(
            "nav-link",
            (current.as_ref() == Some(&route)).then_some("active")
        );
        html! { <Link<Route> to={route} classes={class}>{ label }</Link<Route>> }
    };
    // "Learn" is active on every teaching view.
    let learning = matches!(
        current,
        Some(
            Route::Learn
                | Route::LearnMex
                | Route::LearnNimSum
                | Route::LearnSequence
                | Route::LearnPPositions
                | Route::LearnMisere
        )
    );
    let learn_link = html! {
        <Link<Route> to={Route::Learn} classes={classes!("nav-link", learning.then_some("active"))}>{ "Learn" }</Link<Route>>
    };
    html! {
        <header class="site-header">
            <Link<Route> to={Route::Home} classes="brand">{ "Sprague" }</Link<Route>>
            <nav aria-label="Games">
                { link(Route::Sprouts, "Sprouts") }
                { link(Route::Dots, "Dots") }
                { link(Route::Grundy, "Grundy") }
                { link(Route::Nim, "Nim") }
                { link(Route::Graph, "Graphs") }
                { link(Route::Bases, "Bases") }
                { learn_link }
            </nav>
            <super::learn::ClassroomToggle />
            <ThemeToggle />
        </header>
    }
}
