//! Building the graph on the Graphs page: the tool chosen (none while playing) and why the last edit could
//! not be made, as a reducer; and the game an edit or a tool leads to.

use super::graph_board::{Edit, Tool};
use super::page_play::Step;
use crate::play::graph_game::GraphGame;
use std::rc::Rc;
use yew::Reducible;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Builder {
    /// `None` while playing.
    pub tool: Option<Tool>,
    /// Why the last edit could not be made, until one is.
    pub edit_error: Option<String>,
}

pub enum Build {
    /// A mode button: play (`None`) or a building tool.
    Choose(Option<Tool>),
    /// A new game from the setup: built by hand from Add / join, or played.
    Started {
        build: bool,
    },
    Edited,
    Refused(String),
}

impl Reducible for Builder {
    type Action = Build;

    fn reduce(self: Rc<Self>, action: Build) -> Rc<Self> {
        let mut state = (*self).clone();
        match action {
            Build::Choose(tool) => state.tool = tool,
            Build::Started { build } => state.tool = build.then_some(Tool::AddJoin),
            Build::Edited => state.edit_error = None,
            Build::Refused(why) => state.edit_error = Some(why),
        }
        Rc::new(state)
    }
}

/// The game after `edit` (a new game, unless a vertex only moved), or why the edit cannot be made.
pub fn edited(game: &GraphGame, edit: Edit) -> Result<GraphGame, String> {
    match edit {
        Edit::AddVertex(spot) => game.with_vertex(spot),
        Edit::ToggleEdge(u, v) => game.with_edge_toggled(u, v),
        Edit::DeleteVertex(v) => game.without_vertex(v),
        Edit::MoveVertex(v, spot) => Ok(game.with_vertex_moved(v, spot)),
    }
}

/// Choosing a building tool in a game under way starts it again, and says so.
pub fn restart_to_build(game: &GraphGame, chosen: Option<Tool>) -> Option<Step<GraphGame>> {
    (chosen.is_some() && !game.moves.is_empty()).then(|| {
        Step::Restart(
            game.restarted(),
            "Editing the graph starts the game again from the beginning.".into(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn after(actions: Vec<Build>) -> Builder {
        let state = actions
            .into_iter()
            .fold(Rc::new(Builder::default()), |state, action| {
                state.reduce(action)
            });
        (*state).clone()
    }

    #[wasm_bindgen_test]
    fn a_refused_edit_is_said_until_an_edit_is_made() {
        use Build::*;
        let refused = after(vec![Choose(Some(Tool::Delete)), Refused("no".into())]);
        assert_eq!(refused.edit_error.as_deref(), Some("no"));
        assert_eq!(refused.tool, Some(Tool::Delete));
        // Choosing another tool does not hide why the edit was refused; an edit made does.
        let chose = after(vec![Refused("no".into()), Choose(Some(Tool::Move))]);
        assert_eq!(chose.edit_error.as_deref(), Some("no"));
        assert_eq!(after(vec![Refused("no".into()), Edited]).edit_error, None);
    }

    #[wasm_bindgen_test]
    fn a_new_game_is_built_from_add_join_or_played() {
        use Build::*;
        let built = after(vec![Choose(Some(Tool::Delete)), Started { build: true }]);
        assert_eq!(built.tool, Some(Tool::AddJoin));
        assert_eq!(
            after(vec![Choose(Some(Tool::Move)), Started { build: false }]).tool,
            None
        );
    }

    #[wasm_bindgen_test]
    fn building_restarts_a_game_under_way_and_edits_make_new_games() {
        let fresh = GraphGame::default_game();
        assert_eq!(restart_to_build(&fresh, Some(Tool::AddJoin)), None);
        let mut played = fresh.clone();
        played.play(0).unwrap();
        assert_eq!(restart_to_build(&played, None), None);
        assert_eq!(
            restart_to_build(&played, Some(Tool::Move)),
            Some(Step::Restart(
                fresh.clone(),
                "Editing the graph starts the game again from the beginning.".into()
            ))
        );
        let grown = edited(&played, Edit::AddVertex((50.0, 50.0))).unwrap();
        assert_eq!(grown.graph.vertex_count(), fresh.graph.vertex_count() + 1);
        assert!(grown.moves.is_empty());
    }
}
