//! `/learn`: the teaching views and ready-made lessons — links that open a view at a chosen game, range or
//! position. The first lesson follows the independence-game reference step by step.

use crate::play::game::Rules;
use crate::play::heap_challenge::heap_challenge_link;
use crate::route::Route;
use yew::prelude::*;
use yew_router::prelude::*;

/// A lesson: its title, what it shows, the view's link, and its position as a challenge for the class
/// (the view prints the answer; the challenge asks for it). Each challenge's position is won for the
/// player to move (the lessons' e2e test checks it with a brute force).
struct Lesson {
    title: &'static str,
    text: &'static str,
    href: &'static str,
    challenge: Option<Challenge>,
}

/// A position to find a winning move in: heaps of a game (on the board that draws them), or a link.
enum Challenge {
    Heaps(&'static str, &'static [u64], Rules),
    Link(&'static str),
}

impl Challenge {
    fn link(&self) -> Option<String> {
        match self {
            Challenge::Heaps(code, heaps, rules) => {
                heap_challenge_link(&code.parse().ok()?, heaps, *rules)
            }
            Challenge::Link(link) => Some(link.to_string()),
        }
    }
}

const LESSONS: [Lesson; 12] = [
    Lesson {
        title: "Values by hand",
        text: "The mex table of the independence game for rows of 0 to 12 dots, as in the reference.",
        href: "/learn/mex?code=0.137&from=0&to=12",
        challenge: None,
    },
    Lesson {
        title: "Adding games",
        text: "Three rows of 5, 7 and 9 dots: values in binary and their XOR.",
        href: "/learn/nim-sum?code=0.137&heaps=5.7.9",
        challenge: Some(Challenge::Heaps("0.137", &[5, 7, 9], Rules::Normal)),
    },
    Lesson {
        title: "Winning 50 dots",
        text: "The reference's final example: the winning move from a row of 50.",
        href: "/learn/nim-sum?code=0.137&heaps=50",
        challenge: Some(Challenge::Heaps("0.137", &[50], Rules::Normal)),
    },
    Lesson {
        title: "Answering a move",
        text: "After the opponent leaves (6, 19, 19): the answer.",
        href: "/learn/nim-sum?code=0.137&heaps=6.19.19",
        challenge: Some(Challenge::Heaps("0.137", &[6, 19, 19], Rules::Normal)),
    },
    Lesson {
        title: "The pattern",
        text: "The nim sequence of 0.137: period 34 after the last exception at 51.",
        href: "/learn/sequence?code=0.137&to=300&view=0-120",
        challenge: None,
    },
    Lesson {
        title: "Losing positions",
        text: "Single heaps and irreducible pairs of 0.137 up to 47 tokens.",
        href: "/learn/p-positions?code=0.137&total=47&triples=24",
        challenge: None,
    },
    Lesson {
        title: "Grundy's game",
        text: "Splitting piles: the mex table and a three-pile position.",
        href: "/learn/nim-sum?code=4!.0&heaps=7.5.10",
        challenge: Some(Challenge::Heaps("4!.0", &[7, 5, 10], Rules::Normal)),
    },
    Lesson {
        title: "No period in sight",
        text: "Grundy's game's values: rare values and no proof of periodicity.",
        href: "/learn/sequence?code=4!.0&to=2000",
        challenge: None,
    },
    Lesson {
        title: "Misère play",
        text: "Genera of 0.137's heaps and the misère outcomes of two rows.",
        href: "/learn/misere?code=0.137&to=20&table=10&heaps=3.5",
        challenge: Some(Challenge::Heaps("0.137", &[3, 5], Rules::Misere)),
    },
    Lesson {
        title: "Watching a Sprouts search",
        text: "Six spots from an empty base: the levels of the search, and which child to steer to.",
        href: "/learn/sprouts?pos=0*6&rules=normal&base=fresh",
        challenge: None,
    },
    Lesson {
        title: "Sprouts by correspondence",
        text: "Five spots: every first move with its nimber, the winning ones marked.",
        href: "/learn/sprouts?pos=0*5&rules=normal&base=shared",
        challenge: Some(Challenge::Link("/sprouts?start=5&vs=human&challenge=0")),
    },
    Lesson {
        title: "A proof you can check by hand",
        text: "Three spots are won for the first player: the whole proof graph, with every couple written out.",
        href: "/learn/proof?pos=0*3&detail=3&lives=0",
        challenge: None,
    },
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
                { for LESSONS.iter().map(|lesson| html! {
                    <li>
                        <a href={lesson.href}>{ lesson.title }</a>{ " — " }{ lesson.text }
                        if let Some(link) = lesson.challenge.as_ref().and_then(Challenge::link) {
                            { " " }<a class="challenge-link" href={link}>{ "Challenge: find a winning move" }</a>
                        }
                    </li>
                }) }
            </ol>
            <p class="muted">{ "Any view's address is a lesson link: set it up, then copy the address (or use “Copy lesson link”). \
                The Classroom button in the header switches to large type and high contrast for a projector." }</p>
        </section>
    }
}
