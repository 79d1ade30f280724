//! `/learn`: the teaching views and ready-made lessons — links that open a view at a chosen game, range or
//! position. The first lesson follows the independence-game reference step by step.

use crate::route::Route;
use yew::prelude::*;
use yew_router::prelude::*;

/// A lesson: title, what it shows, the link.
const LESSONS: [(&str, &str, &str); 12] = [
    (
        "Values by hand",
        "The mex table of the independence game for rows of 0 to 12 dots, as in the reference.",
        "/learn/mex?code=0.137&from=0&to=12",
    ),
    (
        "Adding games",
        "Three rows of 5, 7 and 9 dots: values in binary and their XOR.",
        "/learn/nim-sum?code=0.137&heaps=5.7.9",
    ),
    (
        "Winning 50 dots",
        "The reference's final example: the winning move from a row of 50.",
        "/learn/nim-sum?code=0.137&heaps=50",
    ),
    (
        "Answering a move",
        "After the opponent leaves (6, 19, 19): the answer.",
        "/learn/nim-sum?code=0.137&heaps=6.19.19",
    ),
    (
        "The pattern",
        "The nim sequence of 0.137: period 34 after the last exception at 51.",
        "/learn/sequence?code=0.137&to=300&view=0-120",
    ),
    (
        "Losing positions",
        "Single heaps and irreducible pairs of 0.137 up to 47 tokens.",
        "/learn/p-positions?code=0.137&total=47&triples=24",
    ),
    (
        "Grundy's game",
        "Splitting piles: the mex table and a three-pile position.",
        "/learn/nim-sum?code=4!.0&heaps=7.5.10",
    ),
    (
        "No period in sight",
        "Grundy's game's values: rare values and no proof of periodicity.",
        "/learn/sequence?code=4!.0&to=2000",
    ),
    (
        "Misère play",
        "Genera of 0.137's heaps and the misère outcomes of two rows.",
        "/learn/misere?code=0.137&to=20&table=10&heaps=3.5",
    ),
    (
        "Watching a Sprouts search",
        "Six spots from an empty base: the levels of the search, and which child to steer to.",
        "/learn/sprouts?pos=0*6&rules=normal&base=fresh",
    ),
    (
        "Sprouts by correspondence",
        "Five spots: every first move with its nimber, the winning ones marked.",
        "/learn/sprouts?pos=0*5&rules=normal&base=shared",
    ),
    (
        "A proof you can check by hand",
        "Three spots are won for the first player: the whole proof graph, with every couple written out.",
        "/learn/proof?pos=0*3&detail=3&lives=0",
    ),
];

#[function_component(Lessons)]
pub fn lessons() -> Html {
    let view = |route: Route, title: &'static str, text: &'static str| {
        html! {
            <article class="card">
                <h2><Link<Route> to={route}>{ title }</Link<Route>></h2>
                <p>{ text }</p>
            </article>
        }
    };
    html! {
        <section class="learn lessons">
            <h1>{ "Learn: Sprague–Grundy made visible" }</h1>
            <p class="lead">{ "Views for explaining impartial games, for any heap game code (octal such as 0.137, \
                hexadecimal, or CGSuite's 4!.0 for Grundy's game). Every number is computed by the solver; every view \
                keeps its question in the address, so a link opens the same lesson." }</p>
            <div class="cards">
                { view(Route::LearnMex, "Mex table", "Each heap's options, their values and the mex.") }
                { view(Route::LearnNimSum, "Nim-sum explainer", "Values in binary, the XOR, and how to find the winning move.") }
                { view(Route::LearnSequence, "Nim sequence", "The values plotted, with period, exceptions and rare values.") }
                { view(Route::LearnPPositions, "P-positions", "Losing heaps, irreducible pairs and classes of equal value.") }
                { view(Route::LearnMisere, "Misère play", "Genus symbols, tameness and misère outcomes.") }
                { view(Route::LearnSprouts, "Sprouts search", "The levels of a Sprouts search, steered by hand, and every child's value.") }
                { view(Route::LearnProof, "Sprouts proof graph", "The proof of a Sprouts outcome drawn as a graph, with its .dot.") }
            </div>
            <h2>{ "Lessons" }</h2>
            <ol class="lesson-list" id="lessons">
                { for LESSONS.iter().map(|(title, text, href)| html! {
                    <li><a href={*href}>{ *title }</a>{ " — " }{ *text }</li>
                }) }
            </ol>
            <p class="muted">{ "Any view's address is a lesson link: set it up, then copy the address (or use “Copy lesson link”). \
                The Classroom button in the header switches to large type and high contrast for a projector." }</p>
        </section>
    }
}
