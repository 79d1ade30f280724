//! The levels of a Sprouts search under way, the root first, as the Glop manual shows them: for each level
//! its position (a couple: position and heap), the child computed now (number / total) and every child as a
//! chip — settled, being computed, to try, or not even named yet. Green when at most 4 children are left
//! unknown, red when one is. A click on a child still to try asks the worker to compute it now.

use crate::worker::protocol::{LevelItem, LevelReport, SearchControl};
use sprague_engine::solve::sprouts::LevelKind;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SproutsLevelsProps {
    pub levels: Vec<LevelReport>,
    pub on_steer: Callback<SearchControl>,
}

fn kind_text(level: &LevelReport) -> String {
    match level.kind {
        LevelKind::Couple => format!("is ({}, *{}) lost?", level.position, level.heap),
        LevelKind::Nimber => format!("nimber of {}: trying *{}", level.position, level.heap),
        LevelKind::Sum => format!("sum {} against *{}", level.position, level.heap),
        LevelKind::NimberSum => format!("nimber of {} (lands)", level.position),
    }
}

fn item_title(item: &LevelItem) -> String {
    let what = match &item.position {
        Some(p) if item.heap_move => format!("heap move: ({p}, *{})", item.heap),
        Some(p) => format!("({p}, *{})", item.heap),
        None => format!(
            "not named yet: {} land(s), {} lives, heap *{}",
            item.lands, item.lives, item.heap
        ),
    };
    let state = match item.state.as_str() {
        "done" => "settled",
        "computing" => "computing now",
        "pending" => "to try (not put in canonical form yet)",
        _ => "to try",
    };
    format!("{what} — {state}")
}

#[function_component(SproutsLevels)]
pub fn sprouts_levels(props: &SproutsLevelsProps) -> Html {
    let level_row = |(depth, level): (usize, &LevelReport)| {
        let colour = if level.kind == LevelKind::Couple && level.unknown == 1 {
            "level-red"
        } else if level.kind == LevelKind::Couple && level.unknown <= 4 {
            "level-green"
        } else {
            "level-plain"
        };
        let current = level.current.and_then(|c| {
            c.checked_sub(level.first)
                .and_then(|j| level.items.get(j))
                .map(|item| (c, item))
        });
        let steerable = level.kind == LevelKind::Couple;
        let chips = level.items.iter().enumerate().map(|(j, item)| {
            let index = level.first + j;
            let open = steerable
                && (item.state == "unknown" || item.state == "pending")
                && !item.heap_move;
            let onclick = {
                let (on_steer, land) = (props.on_steer.clone(), level.position.clone());
                Callback::from(move |_| {
                    on_steer.emit(SearchControl::Steer {
                        level: depth,
                        child: index,
                        land: land.clone(),
                    })
                })
            };
            let class = classes!("chip", format!("chip-{}", item.state), item.heap_move.then_some("chip-heap"));
            let text = if item.heap_move {
                format!("*{}", item.heap)
            } else {
                (index + 1).to_string()
            };
            if open {
                html! {
                    <button type="button" {class} {onclick} title={item_title(item)}
                        data-level={depth.to_string()} data-child={index.to_string()} data-state={item.state.clone()}>
                        { text }
                    </button>
                }
            } else {
                html! {
                    <span {class} title={item_title(item)}
                        data-level={depth.to_string()} data-child={index.to_string()} data-state={item.state.clone()}>
                        { text }
                    </span>
                }
            }
        });
        let more_before = level.first;
        let more_after = level.total - level.first - level.items.len();
        html! {
            <li class={classes!("level", colour)} data-level={depth.to_string()} data-kind={level.kind.as_str()}
                data-unknown={level.unknown.to_string()} data-total={level.total.to_string()}
                data-position={level.position.clone()}>
                <div class="level-head">
                    <span class="level-number">{ depth + 1 }</span>
                    <span class="level-what">{ kind_text(level) }</span>
                    <span class="level-lives">{ format!("{} lives", level.lives) }</span>
                    <span class="level-count">{
                        match level.current {
                            Some(c) => format!("child {} / {} · {} left", c + 1, level.total, level.unknown),
                            None => format!("{} items", level.total),
                        }
                    }</span>
                </div>
                if let Some((_, item)) = current {
                    <div class="level-current">{ "now: " }<code>{ item.position.clone().unwrap_or_else(|| "(being named)".into()) }</code></div>
                }
                <div class="chips">
                    if more_before > 0 {
                        <span class="muted">{ format!("{more_before} settled… ") }</span>
                    }
                    { for chips }
                    if more_after > 0 {
                        <span class="muted">{ format!(" …and {more_after} more") }</span>
                    }
                </div>
            </li>
        }
    };
    html! {
        <div class="levels-panel">
            <h2>{ "Levels of the search" }</h2>
            <p class="muted legend">
                <span class="chip chip-done">{ "1" }</span>{ " settled · " }
                <span class="chip chip-computing">{ "2" }</span>{ " computing · " }
                <span class="chip chip-unknown">{ "3" }</span>{ " to try (click to compute it now) · " }
                <span class="chip chip-pending">{ "4" }</span>{ " to try, not yet named · " }
                <span class="chip chip-heap">{ "*1" }</span>{ " heap move" }
            </p>
            <ol class="levels" id="levels">
                { for props.levels.iter().enumerate().map(level_row) }
            </ol>
        </div>
    }
}
