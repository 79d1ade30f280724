//! Sprouts drawings: spots and curves in the plane, and the two directions between drawings and
//! positions.
//!
//! * [`Drawing::position`]: the planar map of the drawing (faces, their boundaries) written as a
//!   position string and canonicalised by the engine.
//! * [`Drawing::check_curve`]: is a freehand curve a legal move, and if not why; which child it makes.
//! * [`Drawing::route`]: a curve realising a given child (say, the computer's move);
//!   [`Drawing::route_equivalent`]: the same game by another curve where the engine's child cannot
//!   be drawn exactly (small regions, see `equivalent`).
//! * [`Drawing::moves_between`]: the distinct moves joining two chosen spots, region by region, with
//!   the boundaries each one encloses (a player's exact choice), and [`Drawing::draw_move`] for one.
//! * [`Drawing::layout`]: a drawing of any position from scratch, built from its regions;
//!   [`Drawing::relayout_child`]: a drawing of a child keeping the parent's drawing where it can
//!   ([`Drawing::relayout_how`] says how much was kept, [`Drawing::spots_moved`] how many spots a
//!   player sees move; [`Drawing::relayout_unroutable`] and [`Drawing::relayout_quick`] skip the
//!   first routing, the latter every routing; [`Drawing::relayout_part`] lays out afresh only the
//!   part of the drawing a move is in).
//! * [`name_last_move`], [`name_curve`], [`name_child`], [`name_children`]: a move in words for people ("join spot 3 to
//!   spot 5, with spots 1 and 2 inside"), read off its curve, or found among the moves between spots.
//! * [`Drawing::to_svg`]: a picture, for tests, debugging and the Python package's notebooks.
//! * [`graph_layout`]: where a Node Kayles graph's vertices sit on a board (not Sprouts: the page
//!   and the Python package draw graphs from it).
//!
//! Coordinates are `f64` in the box `0..WIDTH` × `0..HEIGHT` (y downwards, as in SVG).
//!
//! ```
//! use sprague_engine::draw::Drawing;
//! use sprague_engine::games::sprouts::Position;
//! // Two spots drawn, and each of their moves routed as a curve: the picture after it is that move.
//! let drawing = Drawing::start(2);
//! let start = drawing.position().unwrap();
//! assert_eq!(start, "0*2".parse::<Position>().unwrap());
//! for child in start.children() {
//!     let curve = drawing.route(&child).expect("every move from 2 spots can be drawn");
//!     assert_eq!(drawing.play(&curve, None).unwrap().position().unwrap(), child);
//! }
//! ```

mod band;
mod curve_rules;
mod drawing;
mod equivalent;
mod error;
mod game_moves;
mod geometry;
pub mod graph_layout;
mod layout;
mod layout_check;
mod layout_geometry;
mod layout_packing;
mod layout_plan;
mod layout_ring;
mod layout_search;
mod layout_tangle;
mod legality;
mod loop_shape;
mod mesh;
mod mesh_path;
mod mesh_split;
mod move_names;
mod planar;
mod relayout;
mod relayout_part;
mod route;
mod route_candidates;
mod segment_grid;
mod smooth;
mod smoothing_tries;
mod spot_moves;
mod svg;
mod to_position;

pub use curve_rules::{IllegalCurve, MAX_POINTS, MIN_LENGTH, SNAP_RADIUS, SPOT_CLEARANCE};
pub use drawing::{Curve, Drawing, OnCurve, Spot, HEIGHT, WIDTH};
pub use error::{DrawingError, LayoutError};
pub use game_moves::{draw_move, draw_one_of, draw_start, spots_of_start, DrawnMove};
pub use geometry::Point;
pub use layout_search::{MAX_SEARCH_LIVES, SEARCH_BUDGET};
pub use legality::CurveMove;
pub use move_names::{name_child, name_children, name_curve, name_last_move, MoveName};
pub use relayout::{Relayout, SMALL_PART};
pub use spot_moves::SpotMove;
