//! The Graphs page's "new game" form: a preset graph (or an empty one to build), its size, and how the game
//! is played. The choices become a preset name that the engine reads, so the form and a link are checked
//! by the same code.

use super::game_shell::show_started_game;
use super::player_options::{self, PlayerRefs};
use crate::play::graph_game::GraphGame;
use sprague_engine::games::graph::{PresetKind, MAX_VERTICES};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GraphSetupProps {
    pub game: GraphGame,
    /// A new game; `true` when it is an empty graph to build.
    pub on_start: Callback<(GraphGame, bool)>,
}

/// The form's choice beyond the engine's presets: no graph yet, to build by hand.
const EMPTY: (&str, &str) = ("empty", "Empty: build your own");

/// The form's choices: every preset kind, then the empty graph.
fn choices() -> impl Iterator<Item = (&'static str, &'static str)> {
    PresetKind::ALL
        .into_iter()
        .map(|kind| (kind.name(), kind.label()))
        .chain([EMPTY])
}

#[function_component(GraphSetup)]
pub fn graph_setup(props: &GraphSetupProps) -> Html {
    let game = &props.game;
    let current_kind = game
        .preset
        .as_deref()
        .map(|name| name.split(':').next().unwrap_or(name).to_string())
        .unwrap_or_else(|| "grid".into());
    let kind = use_state(|| current_kind);
    let error = use_state(|| None::<String>);
    let (size_ref, rows_ref, columns_ref, density_ref) = (
        use_node_ref(),
        use_node_ref(),
        use_node_ref(),
        use_node_ref(),
    );
    let players = use_memo((), |_| PlayerRefs::default());

    let onchange = {
        let kind = kind.clone();
        Callback::from(move |event: Event| {
            if let Some(select) = event.target_dyn_into::<HtmlSelectElement>() {
                kind.set(select.value());
            }
        })
    };
    let onsubmit = {
        let (kind, error, on_start, players) = (
            kind.clone(),
            error.clone(),
            props.on_start.clone(),
            players.clone(),
        );
        let refs = (
            size_ref.clone(),
            rows_ref.clone(),
            columns_ref.clone(),
            density_ref.clone(),
        );
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let value = |node: &NodeRef| {
                node.cast::<HtmlInputElement>()
                    .map(|input| input.value().trim().to_string())
                    .unwrap_or_default()
            };
            let (size, rows, columns, density) = (
                value(&refs.0),
                value(&refs.1),
                value(&refs.2),
                value(&refs.3),
            );
            let (rules, opponent) = player_options::read(&players);
            let Some(preset) = PresetKind::of(&kind) else {
                error.set(None);
                show_started_game(&event);
                on_start.emit((GraphGame::empty(rules, opponent), true));
                return;
            };
            let name = match preset {
                PresetKind::Petersen => preset.name().to_string(),
                PresetKind::Grid => format!("grid:{rows}x{columns}"),
                // The form asks for vertices; a star is named by its leaves.
                PresetKind::Star => format!(
                    "star:{}",
                    size.parse::<usize>()
                        .map_or(size.clone(), |n| n.saturating_sub(1).to_string())
                ),
                PresetKind::Random => {
                    let seed = (js_sys::Math::random() * 1e9) as u64;
                    format!("random:{size}:{density}:{seed}")
                }
                PresetKind::Path | PresetKind::Cycle | PresetKind::Complete => {
                    format!("{}:{size}", preset.name())
                }
            };
            match GraphGame::from_preset(&name, rules, opponent) {
                Ok(game) => {
                    error.set(None);
                    show_started_game(&event);
                    on_start.emit((game, false));
                }
                Err(message) => error.set(Some(message)),
            }
        })
    };
    let n = game.graph.vertex_count().max(1);
    let chosen = PresetKind::of(&kind);
    let shows_size = chosen.is_some_and(PresetKind::sized_by_vertices);
    html! {
        <details class="setup">
            <summary>{ "New game…" }</summary>
            <form id="graph-setup" class="setup-form" {onsubmit}>
                <label>{ "Graph" }
                    <select id="setup-graph" {onchange}>
                        { for choices().map(|(value, label)| html! {
                            <option {value} selected={*kind == value}>{ label }</option>
                        }) }
                    </select>
                </label>
                if shows_size {
                    <label>{ "Vertices" }
                        <input id="setup-vertices" ref={size_ref} type="number" min="1" max={MAX_VERTICES.to_string()}
                               value={n.to_string()} title={format!("1 to {MAX_VERTICES}")} />
                    </label>
                }
                if chosen == Some(PresetKind::Grid) {
                    <label>{ "Rows" }
                        <input id="setup-rows" ref={rows_ref} type="number" min="1" max="8" value="3" />
                    </label>
                    <label>{ "Columns" }
                        <input id="setup-columns" ref={columns_ref} type="number" min="1" max="8" value="5" />
                    </label>
                }
                if chosen == Some(PresetKind::Random) {
                    <label>{ "Density (0 to 1)" }
                        <input id="setup-density" ref={density_ref} type="number" min="0" max="1" step="0.05" value="0.15" />
                    </label>
                }
                { player_options::view(game.rules, game.opponent, &players) }
                <button type="submit" id="setup-start">{ "Start" }</button>
            </form>
            if let Some(message) = &*error {
                <p class="error" role="alert" id="setup-error">{ message }</p>
            }
        </details>
    }
}
