//! The page for addresses the app does not know.

use crate::route::Route;
use yew::prelude::*;
use yew_router::prelude::*;

#[function_component(NotFound)]
pub fn not_found() -> Html {
    html! {
        <section class="not-found">
            <h1>{ "No such page" }</h1>
            <p>{ "This address is not part of Sprague. " }<Link<Route> to={Route::Home}>{ "Go to the start page." }</Link<Route>></p>
        </section>
    }
}
