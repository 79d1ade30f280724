//! The levels of a normal-play search, as the Glop manual shows them: one level per frame of the
//! search's stack, the root first. A level is the list of what its frame has to try (the children of a
//! couple, the heaps of a nimber, the lands of a sum), with the one being computed and how many are
//! left. Read-only, except [`NormalSearch::steer`], which makes a chosen child of a level the one
//! computed now (the work above that level is dropped; what the base learned stays).
//!
//! ```
//! use sprague_engine::games::sprouts::Position;
//! use sprague_engine::solve::sprouts::{Base, NormalSearch, Search};
//! let start: Position = "0*5".parse().unwrap();
//! let mut search = NormalSearch::nimber(&start, Base::new());
//! let _ = search.step(20);
//! let levels = search.levels();
//! assert!(!levels.is_empty());
//! assert_eq!(levels[0].lands, start.lands());
//! ```

use crate::games::sprouts::{Land, Position};

use super::normal::{Frame, NormalSearch};
use super::open_child::OpenChild;

/// What a level's frame computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LevelKind {
    /// Is the couple (land, heap) lost? Its items are the heap moves (land, m), m < heap, then the
    /// children (child, heap) still to try.
    Couple,
    /// The nimber of a land: its items are the couples (land, 0), (land, 1), … tried in turn.
    Nimber,
    /// Is (lands, heap) lost? Its items are the lands whose nimbers are computed in turn; the last
    /// one is decided as a couple.
    Sum,
    /// The nimber of a position of several lands: its items are the lands.
    NimberSum,
}

impl LevelKind {
    /// Its name in pictures and pages (`couple`, `nimber`, `sum`, `nimber-sum`).
    pub fn as_str(self) -> &'static str {
        match self {
            LevelKind::Couple => "couple",
            LevelKind::Nimber => "nimber",
            LevelKind::Sum => "sum",
            LevelKind::NimberSum => "nimber-sum",
        }
    }
}

/// Where a level's item stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildState {
    /// Settled: for a couple's child, known to be won for the player moving into it.
    Done,
    /// Being computed now (the level above in the stack is computing it).
    Computing,
    /// Not tried yet, in canonical form.
    Unknown,
    /// Not tried yet, and not even put in canonical form (the costly step) — the search may never need it.
    Pending,
}

/// One item of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelChild {
    /// The position, when it has been put in canonical form (`None` for a pending child).
    pub position: Option<Position>,
    /// The heap of the couple (for a sum's land, the heap its nimber is XORed against is not shown: 0).
    pub heap: u32,
    pub lives: u32,
    pub lands: usize,
    pub state: ChildState,
    /// A heap move (land, m) of a couple rather than a move in the land.
    pub heap_move: bool,
}

/// One level of the search: a frame of its stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLevel {
    pub kind: LevelKind,
    /// The land (couple, nimber) or lands (sums) the level is about.
    pub lands: Vec<Land>,
    /// The couple's heap (couple, sum), the heap tried (nimber), the XOR so far (nimber of a sum).
    pub heap: u32,
    pub lives: u32,
    /// The index in `children` of the item computed now, if any.
    pub current: Option<usize>,
    pub children: Vec<LevelChild>,
}

impl SearchLevel {
    /// Items not settled yet (the current one included): Glop colours a level green when at most 4 are
    /// left, red when one is.
    pub fn unknown(&self) -> usize {
        self.children
            .iter()
            .filter(|c| c.state != ChildState::Done)
            .count()
    }

    /// The position (and heap) of the item computed now.
    pub fn current_couple(&self) -> Option<(Position, u32)> {
        let child = &self.children[self.current?];
        Some((child.position.clone()?, child.heap))
    }
}

/// Why a steering request was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SteerError {
    #[error("there is no level {0} in the search now")]
    NoLevel(usize),
    #[error("level {0} is not a list of children (only a couple's children can be chosen)")]
    NotCouple(usize),
    #[error("level {level} has no child {child}")]
    NoChild { level: usize, child: usize },
    #[error("child {child} of level {level} is already settled")]
    Settled { level: usize, child: usize },
    #[error("level {0} is trying its heap moves, which come first")]
    HeapMoves(usize),
}

fn land_position(land: &Land) -> Position {
    Position::from_lands(vec![land.clone()])
}

fn state(i: usize, next: usize) -> ChildState {
    match i.cmp(&next) {
        std::cmp::Ordering::Less => ChildState::Done,
        std::cmp::Ordering::Equal => ChildState::Computing,
        std::cmp::Ordering::Greater => ChildState::Unknown,
    }
}

fn land_item(land: &Land, heap: u32, state: ChildState, heap_move: bool) -> LevelChild {
    LevelChild {
        position: Some(land_position(land)),
        heap,
        lives: land.lives(),
        lands: 1,
        state,
        heap_move,
    }
}

fn describe(frame: &Frame) -> SearchLevel {
    match frame {
        Frame::Couple {
            land,
            n,
            children,
            next,
            ..
        } => {
            let mut items: Vec<LevelChild> = (0..*n as usize)
                .map(|m| land_item(land, m as u32, state(m, *next), true))
                .collect();
            for (j, child) in children.iter().enumerate() {
                let i = *n as usize + j;
                items.push(match child {
                    OpenChild::Named(position) => LevelChild {
                        lives: position.lives(),
                        lands: position.lands().len(),
                        position: Some(position.clone()),
                        heap: *n,
                        state: state(i, *next),
                        heap_move: false,
                    },
                    OpenChild::Pending(pending) => LevelChild {
                        position: None,
                        heap: *n,
                        lives: pending.land_lives().sum(),
                        lands: pending.land_count(),
                        state: match state(i, *next) {
                            ChildState::Unknown => ChildState::Pending,
                            other => other,
                        },
                        heap_move: false,
                    },
                });
            }
            SearchLevel {
                kind: LevelKind::Couple,
                lands: vec![land.clone()],
                heap: *n,
                lives: land.lives(),
                current: (*next < items.len()).then_some(*next),
                children: items,
            }
        }
        Frame::Nimber { land, n } => SearchLevel {
            kind: LevelKind::Nimber,
            lands: vec![land.clone()],
            heap: *n,
            lives: land.lives(),
            current: Some(*n as usize),
            children: (0..=*n as usize)
                .map(|m| land_item(land, m as u32, state(m, *n as usize), false))
                .collect(),
        },
        Frame::Sum { lands, n, next } => SearchLevel {
            kind: LevelKind::Sum,
            lands: lands.clone(),
            heap: *n,
            lives: lands.iter().map(Land::lives).sum(),
            current: (*next < lands.len()).then_some(*next),
            children: lands
                .iter()
                .enumerate()
                .map(|(i, land)| land_item(land, 0, state(i, *next), false))
                .collect(),
        },
        Frame::NimberSum { lands, next, acc } => SearchLevel {
            kind: LevelKind::NimberSum,
            lands: lands.clone(),
            heap: *acc,
            lives: lands.iter().map(Land::lives).sum(),
            current: (*next < lands.len()).then_some(*next),
            children: lands
                .iter()
                .enumerate()
                .map(|(i, land)| land_item(land, 0, state(i, *next), false))
                .collect(),
        },
    }
}

impl NormalSearch {
    /// The levels of the search now, the root first (empty once the search is done).
    pub fn levels(&self) -> Vec<SearchLevel> {
        self.stack.iter().map(describe).collect()
    }

    /// How many levels the search has now (cheaper than [`NormalSearch::levels`]).
    pub fn level_count(&self) -> usize {
        self.stack.len()
    }

    /// One level (`0` = the root), or `None` past the top.
    pub fn level(&self, level: usize) -> Option<SearchLevel> {
        self.stack.get(level).map(describe)
    }

    /// Makes `child` (an index into the level's `children`) the child computed now at couple level
    /// `level`: the levels above are dropped (their work is lost, but every nimber they stored stays in
    /// the base), the chosen child moves to the place of the current one, and the rest keep their
    /// order. The answer of the search does not change, only the path to it.
    pub fn steer(&mut self, level: usize, child: usize) -> Result<(), SteerError> {
        let frame = self
            .stack
            .get_mut(level)
            .ok_or(SteerError::NoLevel(level))?;
        let Frame::Couple {
            n, children, next, ..
        } = frame
        else {
            return Err(SteerError::NotCouple(level));
        };
        let heaps = *n as usize;
        if child >= heaps + children.len() {
            return Err(SteerError::NoChild { level, child });
        }
        if child < *next {
            return Err(SteerError::Settled { level, child });
        }
        if child == *next {
            return Ok(());
        }
        if *next < heaps {
            return Err(SteerError::HeapMoves(level));
        }
        children[*next - heaps..=child - heaps].rotate_right(1);
        self.stack.truncate(level + 1);
        // The answer waiting (if any) was for the frame above or for the child left; drop it so the
        // level starts its new current child afresh.
        self.pending = None;
        Ok(())
    }
}
