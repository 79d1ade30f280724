//! The levels of a normal-play search (`NormalSearch::levels`) and steering (`NormalSearch::steer`):
//! the levels describe a real path down the game (checked with the rules: each level's item being computed
//! is a move or a heap move of its level, and the level above it is about lands of that item), and
//! steering changes the order of the search but never its answer (compared with an unsteered search and
//! the published nimbers of the starts, 0 0 1 1 1 0 for 1..6 spots).

use sprague_engine::games::sprouts::{Land, Position};
use sprague_engine::solve::sprouts::Search as _;
use sprague_engine::solve::sprouts::{
    self, proof_layout, Base, ChildState, LevelKind, NormalAnswer, NormalSearch, SearchLevel, Step,
};

/// Published normal-play nimbers of the n-spot starts (n = 1..6).
const START_NIMBERS: [u32; 6] = [0, 0, 1, 1, 1, 0];

/// Checks with the rules that the levels form a path: see the module docs.
/// `moves`: also check each couple level's items against the rules (the costly part).
fn check_path(levels: &[SearchLevel], moves: bool) {
    for (depth, level) in levels.iter().enumerate() {
        // Each item's bookkeeping is coherent.
        let current = level.current;
        for (i, child) in level.children.iter().enumerate() {
            match current {
                Some(c) if i < c => assert_eq!(child.state, ChildState::Done),
                Some(c) if i == c => assert_eq!(child.state, ChildState::Computing),
                _ => assert!(matches!(
                    child.state,
                    ChildState::Unknown | ChildState::Pending
                )),
            }
        }
        if moves && level.kind == LevelKind::Couple {
            let land = Position::from_lands(level.lands.clone());
            let moves = land.children();
            for child in &level.children {
                if let Some(p) = &child.position {
                    if child.heap_move {
                        assert_eq!(p, &land);
                        assert!(child.heap < level.heap);
                    } else {
                        assert!(moves.contains(p), "{p} is not a move of {land}");
                        assert_eq!(child.heap, level.heap);
                        assert!(p.lives() < land.lives(), "a move uses a life");
                    }
                }
            }
        }
        let Some(above) = levels.get(depth + 1) else {
            continue;
        };
        let (position, _) = level
            .current_couple()
            .unwrap_or_else(|| panic!("level {depth} has a level above but no current item"));
        let lands: &[Land] = position.lands();
        for land in &above.lands {
            assert!(
                lands.contains(land),
                "level {} is about {land}, not a land of level {depth}'s current item {position}",
                depth + 1
            );
        }
    }
}

/// Runs a nimber search in small steps, checking the levels at every step; returns the answer and the
/// deepest stack seen. `steer` is called between steps and may steer the search.
fn run_checked(
    start: &Position,
    mut steer: impl FnMut(&mut NormalSearch, usize) -> bool,
) -> (u32, usize, usize) {
    let mut search = NormalSearch::nimber(start, Base::new());
    let mut deepest = 0;
    let mut steered = 0;
    // Small slices, so even the 6-spot search (a few hundred nodes) is seen at many depths.
    let budget = match start.lives() {
        0..=15 => 3,
        _ => 10,
    };
    for round in 0.. {
        match search.step(budget) {
            Step::Done(NormalAnswer::Nimber(n)) => {
                return (n, deepest, steered);
            }
            Step::Done(other) => panic!("a nimber search answered {other:?}"),
            Step::Running { .. } => {}
        }
        let levels = search.levels();
        assert_eq!(levels.len(), search.level_count());
        assert_eq!(
            levels[0].lands,
            start.lands(),
            "the root level is the start"
        );
        // The items are checked against the rules on every round.
        check_path(&levels, true);
        deepest = deepest.max(levels.len());
        // Steering a few dozen times is enough to change the path; always steering to the last child
        // can make a search many times longer.
        if steered < 30 && steer(&mut search, round) {
            steered += 1;
            check_path(&search.levels(), true);
        }
    }
    unreachable!()
}

#[test]
fn levels_describe_a_path_and_the_answer_is_the_published_one() {
    for n in 1..=6 {
        let start = Position::start(n).unwrap();
        let (nimber, deepest, _) = run_checked(&start, |_, _| false);
        assert_eq!(nimber, START_NIMBERS[n - 1], "{n} spots");
        if n >= 3 {
            assert!(
                deepest >= 3,
                "{n} spots: the search went {deepest} levels deep"
            );
        }
    }
}

/// Steers at the deepest couple level with an unsettled child after the current one: the last one,
/// or every few rounds the one right after.
fn steer_somewhere(search: &mut NormalSearch, round: usize) -> bool {
    let levels = search.levels();
    for (depth, level) in levels.iter().enumerate().rev() {
        if level.kind != LevelKind::Couple {
            continue;
        }
        let Some(current) = level.current else {
            continue;
        };
        let heap_moves = level.children.iter().filter(|c| c.heap_move).count();
        if current < heap_moves || current + 1 >= level.children.len() {
            continue;
        }
        let target = if round.is_multiple_of(3) {
            current + 1
        } else {
            level.children.len() - 1
        };
        let chosen_lives = level.children[target].lives;
        search
            .steer(depth, target)
            .expect("a later child can be chosen");
        let after = search.levels();
        assert_eq!(after.len(), depth + 1, "the levels above are dropped");
        let now = &after[depth];
        assert_eq!(now.current, Some(current));
        assert_eq!(now.children[current].lives, chosen_lives);
        assert_eq!(now.children.len(), level.children.len());
        return true;
    }
    false
}

#[test]
fn steering_changes_the_path_not_the_answer() {
    for n in 3..=6 {
        let start = Position::start(n).unwrap();
        let unsteered = sprouts::nimber(&start, &mut Base::new());
        let (steered_answer, _, steered) = run_checked(&start, steer_somewhere);
        assert!(steered > 0, "{n} spots: the test steered at least once");
        assert_eq!(steered_answer, unsteered, "{n} spots");
        assert_eq!(steered_answer, START_NIMBERS[n - 1], "{n} spots");
    }
    // A position of several lands, and one that is not a start.
    for text in ["0*2+0*3", "0.1a2a"] {
        let position: Position = text.parse().unwrap();
        let unsteered = sprouts::nimber(&position, &mut Base::new());
        let (steered, _, _) = run_checked(&position, steer_somewhere);
        assert_eq!(steered, unsteered, "{text}");
    }
}

#[test]
fn steering_refuses_what_cannot_be_chosen() {
    let start = Position::start(5).unwrap();
    let mut search = NormalSearch::nimber(&start, Base::new());
    let _ = search.step(10);
    let levels = search.levels();
    assert!(search.steer(levels.len() + 3, 0).is_err(), "no such level");
    assert_eq!(levels[0].kind, LevelKind::NimberSum);
    assert!(search.steer(0, 0).is_err(), "the root is not a couple");
    if let Some((depth, level)) = levels
        .iter()
        .enumerate()
        .find(|(_, l)| l.kind == LevelKind::Couple && l.current.is_some_and(|c| c > 0))
    {
        assert!(search.steer(depth, 0).is_err(), "a settled child");
        assert!(search.steer(depth, level.children.len()).is_err());
    }
}

#[test]
fn proof_layout_draws_every_couple_and_edge_downwards() {
    for n in 2..=5 {
        let start = Position::start(n).unwrap();
        let mut base = Base::new();
        sprouts::losing(&start, &mut base);
        let graph = sprouts::extract_proof(&base, &start, 0).unwrap();
        for detail in [
            sprouts::Detail::Dot,
            sprouts::Detail::Number,
            sprouts::Detail::Full,
        ] {
            let layout = proof_layout::layout(&graph, detail, 0);
            assert_eq!(layout.nodes.len(), graph.nodes.len());
            assert_eq!(layout.edges.len(), graph.edges.len());
            for edge in &layout.edges {
                assert!(
                    edge.points.windows(2).all(|w| w[1].1 > w[0].1),
                    "edges point down"
                );
            }
            // Rows hold couples of one number of lives, most at the top.
            for w in layout.rows.windows(2) {
                assert!(w[0].lives >= w[1].lives);
            }
            for node in &layout.nodes {
                assert_eq!(layout.rows[node.row].lives, node.lives);
                assert!(
                    node.x - node.width / 2.0 >= 0.0 && node.x + node.width / 2.0 <= layout.width
                );
            }
            // No two couples of a row overlap.
            for a in &layout.nodes {
                for b in &layout.nodes {
                    if a.index != b.index && a.row == b.row {
                        assert!((a.x - b.x).abs() >= (a.width + b.width) / 2.0);
                    }
                }
            }
        }
        // The lives filter keeps exactly the couples with that many lives or more, as the .dot does.
        let min = 3 * n as u32 - 2;
        let filtered = proof_layout::layout(&graph, sprouts::Detail::Number, min);
        let dot = graph.to_dot(sprouts::Detail::Number, true, min);
        assert_eq!(filtered.nodes.len(), dot.matches("fillcolor").count());
        assert_eq!(filtered.edges.len(), dot.matches(" -> ").count());
    }
}
