//! The Yew components. Pages ask the solver worker for every value they show; nothing is computed here.

mod asking;
mod bases_page;
mod board_refocus;
mod board_touch;
mod challenge_bar;
mod challenge_maker;
mod check_pool;
mod computer_reply;
mod copy_link;
mod dots_board;
mod download;
mod drawn_choice;
mod exact_picking;
mod game_drawing;
mod game_keys;
mod game_review;
mod game_setup;
mod game_shell;
mod graph_board;
mod graph_building;
mod graph_hint;
mod graph_page;
mod graph_setup;
mod header;
mod heap_page;
mod heap_value_tool;
mod hint_curve;
mod hint_panel;
mod home;
mod knock_down_values;
mod learn;
mod not_found;
mod not_saved_note;
mod page_play;
mod piles_board;
mod pins_board;
mod player_options;
mod review_asking;
mod row_groups;
mod rules_fold;
mod save_picture;
mod scorecard;
mod show_values;
mod solver;
mod solver_bridge;
mod solver_pool;
mod solver_watch;
mod spot_moves_list;
mod sprouts_board;
mod sprouts_computer;
mod sprouts_move_names;
mod sprouts_page;
mod sprouts_setup;
mod svg_point;
mod theme;
mod value_marks;
mod worker_answer;
mod worker_handles;

use crate::play::board::BoardKind;
use crate::route::Route;
use crate::worker::codec::MessageCodec;
use crate::worker::SolverReactor;
use solver::WORKER_PATH;
use yew::prelude::*;
use yew_agent::reactor::ReactorProvider;
use yew_router::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    // A dead worker is replaced by changing the provider's path: every bridge then reconnects to a
    // new worker. The fragment changes the path, not the files fetched (a fragment is never sent).
    let restarts = use_state(|| 0u32);
    {
        let restarts = restarts.clone();
        use_effect_with((), move |_| {
            let count = std::cell::Cell::new(0);
            solver_bridge::set_restart(Callback::from(move |()| {
                count.set(count.get() + 1);
                restarts.set(count.get());
            }));
        });
    }
    let path = match *restarts {
        0 => AttrValue::from(WORKER_PATH),
        n => AttrValue::from(format!("{WORKER_PATH}#restart-{n}")),
    };
    html! {
        <ReactorProvider<SolverReactor, MessageCodec> {path}>
            <BrowserRouter>
                <header::Header />
                <main id="main">
                    <Switch<Route> render={switch} />
                </main>
            </BrowserRouter>
        </ReactorProvider<SolverReactor, MessageCodec>>
    }
}

fn switch(route: Route) -> Html {
    match route {
        Route::Home => html! { <home::Home /> },
        Route::Sprouts => html! { <sprouts_page::SproutsPage /> },
        // Keyed: Dots and Grundy are two pages, not one page with two boards; going from one to the other
        // starts the other afresh (what the computer said, the solver's answers), not the same page reused.
        Route::Dots => html! { <heap_page::HeapPage key="dots" kind={BoardKind::Dots} /> },
        Route::Grundy => html! { <heap_page::HeapPage key="grundy" kind={BoardKind::Grundy} /> },
        Route::Nim => html! { <heap_page::HeapPage key="nim" kind={BoardKind::Nim} /> },
        Route::Graph => html! { <graph_page::GraphPage /> },
        Route::Bases => html! { <bases_page::BasesPage /> },
        Route::Learn => html! { <learn::Lessons /> },
        Route::LearnMex => html! { <learn::MexTablePage /> },
        Route::LearnNimSum => html! { <learn::NimSumPage /> },
        Route::LearnSequence => html! { <learn::SequencePage /> },
        Route::LearnPPositions => html! { <learn::PPositionsPage /> },
        Route::LearnMisere => html! { <learn::MiserePage /> },
        Route::LearnSprouts => html! { <learn::SproutsSearchPage /> },
        Route::LearnProof => html! { <learn::SproutsProofPage /> },
        Route::NotFound => html! { <not_found::NotFound /> },
    }
}
