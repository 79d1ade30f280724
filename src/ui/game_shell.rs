//! The shell every game page shares (Dots, Grundy, Graphs, Sprouts): undo, redo and going to any move of
//! the line of play, with their keys; the play buttons; what a link brought (an error, keys ignored); the
//! solver at work with its cancel; the solver's messages; and the link to the game. A page adds its board,
//! its setup and its hint.

use super::challenge_maker::ChallengeMaker;
use super::copy_link::CopyLink;
use super::game_keys::use_game_keys;
use super::not_saved_note::NotSavedNote;
use super::page_play::{KeptLine, Step};
use crate::play::challenge::Challenge;
use crate::play::history::{is_prefix, point_of, redo_target, undo_target};
use crate::play::setup::{Opponent, Side};
use crate::play::turns;
use crate::route::current_pairs;
use yew::prelude::*;

/// Undo, redo and "go to move k", for the game shown (`game`) on its line of play (`line`).
pub struct LineControls {
    pub can_undo: bool,
    pub can_redo: bool,
    pub on_undo: Callback<()>,
    pub on_redo: Callback<()>,
    /// Goes to the position after that many moves of the line (the move list's and the review's clicks).
    pub on_go: Callback<usize>,
}

/// The page's undo, redo and go-to, each a step through `take`, with the keys `u`, `r` (and `h` for
/// `hint` when given); `deps` renews the keys' callbacks.
#[hook]
pub fn use_line_controls<G: KeptLine, D: PartialEq + 'static>(
    game: &G,
    line: &G,
    take: &Callback<Step<G>>,
    deps: D,
    hint: Option<Callback<()>>,
) -> LineControls {
    let undo_to = undo_target(game);
    let redo_to = redo_target(game, line);
    let on_undo = {
        let (take, target) = (take.clone(), undo_to.clone());
        Callback::from(move |()| {
            if let Some(target) = target.clone() {
                take.emit(Step::Person(target));
            }
        })
    };
    let on_redo = {
        let (take, target) = (take.clone(), redo_to.clone());
        Callback::from(move |()| {
            if let Some(target) = target.clone() {
                take.emit(Step::Redo(target));
            }
        })
    };
    let on_go = {
        let take = take.clone();
        let line = if is_prefix(game, line) { line } else { game }.clone();
        let shown = game.clone();
        Callback::from(move |count: usize| {
            let target = point_of(&line, count);
            if target != shown {
                take.emit(Step::Person(target));
            }
        })
    };
    use_game_keys(deps, on_undo.clone(), on_redo.clone(), hint);
    LineControls {
        can_undo: undo_to.is_some(),
        can_redo: redo_to.is_some(),
        on_undo,
        on_redo,
        on_go,
    }
}

/// A finished game against the computer, for the scorecard: its link, and whether the person won.
pub fn finished_against_computer(
    opponent: Opponent,
    winner: Option<Side>,
) -> Option<(String, bool)> {
    let winner = winner.filter(|_| opponent != Opponent::Human)?;
    let link = gloo::utils::window().location().href().unwrap_or_default();
    Some((link, !turns::is_computer(opponent, winner)))
}

/// The challenge the address bar asks for (see `play::challenge`), for a game of `moves` moves, or why
/// the link's challenge is refused.
pub fn challenge_in_link(moves: usize) -> Result<Option<Challenge>, String> {
    Challenge::read(&current_pairs(), moves)
}

#[derive(Properties, PartialEq)]
pub struct PlayButtonsProps {
    pub can_undo: bool,
    pub can_redo: bool,
    /// Whether a hint may be asked now.
    pub hint_allowed: bool,
    /// Undo and redo wait while the solver works (or the graph is being built).
    pub held: bool,
    pub on_undo: Callback<()>,
    pub on_redo: Callback<()>,
    pub on_hint: Callback<()>,
    /// Moves played in the game shown (where a challenge made from it starts).
    pub at: usize,
    /// The page shows a challenge: no hint, no challenge to make.
    #[prop_or_default]
    pub in_challenge: bool,
    /// "Swap sides", in a game against the computer that is not over.
    #[prop_or_default]
    pub on_swap: Option<Callback<()>>,
    /// Restart, where the page has it, and whether there is anything to restart.
    #[prop_or_default]
    pub on_restart: Option<(Callback<()>, bool)>,
    /// The page's own controls, after the shared ones.
    #[prop_or_default]
    pub children: Html,
}

#[function_component(PlayButtons)]
pub fn play_buttons(props: &PlayButtonsProps) -> Html {
    html! {
        <div class="controls">
            <button id="undo" onclick={props.on_undo.reform(|_| ())} disabled={!props.can_undo || props.held} title="Undo (u)">{ "Undo" }</button>
            <button id="redo" onclick={props.on_redo.reform(|_| ())} disabled={!props.can_redo || props.held} title="Redo (r)">{ "Redo" }</button>
            if !props.in_challenge {
                <button id="hint" onclick={props.on_hint.reform(|_| ())} disabled={!props.hint_allowed} title="Hint (h)">{ "Hint" }</button>
            }
            if let Some((on_restart, any)) = &props.on_restart {
                <button id="restart" onclick={on_restart.reform(|_| ())} disabled={!*any}>{ "Restart" }</button>
            }
            if let Some(on_swap) = &props.on_swap {
                <button id="swap-sides" type="button" onclick={on_swap.reform(|_| ())} disabled={props.held}
                        title="Take over the computer's side; the computer plays yours">{ "Swap sides" }</button>
            }
            <CopyLink />
            { props.children.clone() }
            if !props.in_challenge {
                <ChallengeMaker at={props.at} />
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct LinkNoticesProps {
    /// Why the link's game was refused (a new game is shown instead).
    pub url_error: Option<String>,
    /// The link's keys this page does not use, in words.
    pub ignored: Option<String>,
}

/// What became of the link the page was opened with, when something did.
#[function_component(LinkNotices)]
pub fn link_notices(props: &LinkNoticesProps) -> Html {
    html! {
        <>
            if let Some(message) = &props.url_error {
                <p class="error" role="alert" id="url-error">
                    { format!("This link's game is not valid: {message}. A new game is shown instead.") }
                </p>
            }
            if let Some(note) = &props.ignored {
                <p class="muted" role="status" id="url-ignored">{ note }</p>
            }
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct WorkingProps {
    /// What is under way, in words ("The computer is thinking…").
    pub text: AttrValue,
    /// Cancels it, where it can be.
    #[prop_or_default]
    pub on_cancel: Option<Callback<()>>,
    /// A progress bar or words after the text.
    #[prop_or_default]
    pub children: Html,
}

/// The solver at work: what it does, its progress and a cancel button.
#[function_component(Working)]
pub fn working(props: &WorkingProps) -> Html {
    html! {
        <div class="working" aria-live="polite">
            { props.children.clone() }
            <span>{ props.text.clone() }</span>
            if let Some(on_cancel) = &props.on_cancel {
                <button id="cancel" type="button" onclick={on_cancel.reform(|_| ())}>{ "Cancel" }</button>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct SolverMessagesProps {
    pub error: Option<String>,
    pub not_saved: Option<String>,
    pub on_dismiss: Callback<()>,
}

/// The solver's refusal of the last question, and what it could not store.
#[function_component(SolverMessages)]
pub fn solver_messages(props: &SolverMessagesProps) -> Html {
    html! {
        <>
            if let Some(message) = &props.error {
                <p class="error" role="alert" id="solver-error">{ message }</p>
            }
            <NotSavedNote message={props.not_saved.clone()} on_dismiss={props.on_dismiss.clone()} />
        </>
    }
}

/// The link to the game shown, to copy by hand (read from the address bar at each render).
pub fn share_link() -> Html {
    let href = gloo::utils::window().location().href().unwrap_or_default();
    html! {
        <p class="share muted">{ "Link to this game: " }<input class="link" readonly=true value={href} aria-label="link to this game" /></p>
    }
}

/// After Start: folds the setup (the `<details>` around the submitted form) away and, once the new game
/// is drawn, brings its status and board to the top of the window, so the board is in view without
/// scrolling.
pub fn show_started_game(event: &SubmitEvent) {
    use wasm_bindgen::JsCast;
    let details = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        .and_then(|form| form.closest("details").ok().flatten());
    if let Some(details) = details {
        let _ = details.remove_attribute("open");
    }
    gloo::timers::callback::Timeout::new(0, || {
        let document = gloo::utils::document();
        let top_of = |selector: &str| {
            document
                .query_selector(selector)
                .ok()
                .flatten()
                .map(|element| element.get_bounding_client_rect())
        };
        let Some(status) = top_of(".game-page #status") else {
            return;
        };
        // The site's header stays at the top of the window where it is sticky (not on phones): there
        // the status goes just below it.
        let window = gloo::utils::window();
        let sticky_header = document
            .query_selector(".site-header")
            .ok()
            .flatten()
            .filter(|header| {
                window
                    .get_computed_style(header)
                    .ok()
                    .flatten()
                    .and_then(|style| style.get_property_value("position").ok())
                    .is_some_and(|position| position == "sticky")
            });
        let below_header =
            sticky_header.map_or(0.0, |header| header.get_bounding_client_rect().height()) + 8.0;
        window.scroll_by_with_x_and_y(0.0, status.top() - below_header);
    })
    .forget();
}
