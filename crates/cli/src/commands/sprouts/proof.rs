//! `sprouts proof`: the proof graph of a position's outcome, as a summary or Graphviz `.dot`.

use std::path::Path;

use serde::Serialize;
use sprague_engine::solve::sprouts::{self, Detail, Method, Solver};

use super::files::load_base;
use super::progress::with_progress;
use super::{parse, print_json};
use crate::commands::budget::{Budget, Limits};
use crate::commands::CommandResult;

/// How the proof graph is printed: as `.dot` text or not, its detail level, colours, and the fewest
/// lives of a couple drawn.
pub(super) type Drawing = (bool, u8, bool, u32);

pub(super) fn proof(
    text: &str,
    base: Option<&Path>,
    (dot, detail, colours, min_lives): Drawing,
    limits: Limits,
    json: bool,
) -> CommandResult {
    let position = parse(text)?;
    let mut budget = Budget::new(limits);
    let mut base = load_base(base, &budget)?;
    let solver = Solver::new(Method::Normal, 1);
    let losing = with_progress("normal play", &mut budget, |control| {
        solver.outcome(&position, &mut base, control)
    })?
    .losing;
    let graph = sprouts::extract_proof(&base, &position, 0)?;
    if dot {
        let detail = Detail::from_level(detail.into()).ok_or("--detail is 1, 2 or 3")?;
        print!("{}", graph.to_dot(detail, colours, min_lives));
        return Ok(());
    }
    let losing_nodes = graph.nodes.iter().filter(|n| n.losing).count();
    if json {
        #[derive(Serialize)]
        struct Report {
            position: String,
            outcome: &'static str,
            couples: usize,
            losing_couples: usize,
            edges: usize,
        }
        return print_json(&Report {
            position: position.to_string(),
            outcome: if losing { "P" } else { "N" },
            couples: graph.nodes.len(),
            losing_couples: losing_nodes,
            edges: graph.edges.len(),
        });
    }
    println!(
        "{position}: {} — proof with {} couples ({losing_nodes} losing), {} links",
        if losing { "P" } else { "N" },
        graph.nodes.len(),
        graph.edges.len()
    );
    Ok(())
}
