//! Sprouts rules: positions in GLOP's notations, reduction to canonical form, and moves.
//!
//! A [`Position`] is always reduced and canonical: two strings describing the same position (letters
//! renamed, boundaries rotated or reflected, boundaries, regions or lands reordered) parse to equal
//! positions, print equal and have equal [`Position::key`]s. Nothing here knows about solving.
//!
//! ```
//! use sprague_engine::games::sprouts::Position;
//! let start: Position = "0*3".parse().unwrap();
//! let children: Vec<String> = start.children().iter().map(|c| c.to_string()).collect();
//! assert_eq!(children.len(), 3);
//! assert_eq!(start, "0.0.0.}]!".parse().unwrap()); // the 2007 notation
//! ```

mod canon;
mod canon_cache;
mod canon_given_key;
mod canon_memo_key;
mod error;
mod invariant;
mod land;
mod moves;
mod notation;
mod position;
mod raw;
mod reduce;
mod start;

pub use canon_cache::clear_canonical_memo;
pub use error::{ParseError, ParseErrorKind};
pub(crate) use invariant::{land_key_invariant, position_key_invariant};
pub use land::{Land, Vertex, MAX_LIVES};
pub use moves::PendingChild;
pub use notation::Notation;
pub use position::Position;
pub use start::Start;
