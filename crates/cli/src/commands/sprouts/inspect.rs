//! `sprouts canon` and `sprouts children`: a position's canonical form, its moves and their values.

use std::path::Path;

use serde::Serialize;
use sprague_engine::games::sprouts::Notation;

use super::files::load_base;
use super::{parse, print_json};
use crate::commands::budget::Budget;
use crate::commands::CommandResult;

#[derive(Serialize)]
pub(super) struct CanonReport {
    position: String,
    glop2007: String,
    lands: Vec<String>,
    lives: u32,
    key: String,
}

pub(super) fn canon(text: &str, json: bool) -> CommandResult {
    let position = parse(text)?;
    let report = CanonReport {
        position: position.to_string(),
        glop2007: position.to_notation(Notation::Glop2007),
        lands: position.lands().iter().map(|l| l.to_string()).collect(),
        lives: position.lives(),
        key: position.key().iter().map(|b| format!("{b:02x}")).collect(),
    };
    if json {
        return print_json(&report);
    }
    println!("{}", report.position);
    println!("2007 notation: {}", report.glop2007);
    println!("lands: {}  lives: {}", report.lands.len(), report.lives);
    Ok(())
}

#[derive(Serialize)]
pub(super) struct Child {
    position: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u32>,
}

pub(super) fn children(text: &str, base: Option<&Path>, json: bool) -> CommandResult {
    let position = parse(text)?;
    let base = load_base(base, &Budget::defaults())?;
    let children: Vec<Child> = position
        .children()
        .iter()
        .map(|c| Child {
            position: c.to_string(),
            nimber: base.nimber(c),
        })
        .collect();
    if json {
        #[derive(Serialize)]
        struct Report {
            position: String,
            values: Vec<Child>,
        }
        return print_json(&Report {
            position: position.to_string(),
            values: children,
        });
    }
    for child in &children {
        match child.nimber {
            Some(n) => println!("{} {n}", child.position),
            None => println!("{}", child.position),
        }
    }
    Ok(())
}
