//! The engine's integration tests, built as one test binary: each file below is a module, and
//! `common` holds what they share. One binary instead of one per file saves linking the engine
//! dozens of times, and lets the test runner spread every file's tests over all cores.
//!
//! Run one file's tests with `cargo test -p sprague-engine --test engine FILE::`.

mod common;

mod draw_arbitrary;
mod draw_equivalent;
mod draw_game_moves;
mod draw_layout;
mod draw_layout_clearance;
mod draw_layout_rings;
mod draw_layout_tangle_curves;
mod draw_legality;
mod draw_position;
mod draw_relayout;
mod draw_relayout_part;
mod draw_route;
mod draw_route_layouts;
mod draw_route_shapes;
mod draw_route_smooth;
mod draw_spot_moves;
mod draw_svg;
mod graph_base;
mod graph_bruteforce;
mod heap_brute_force;
mod heap_codes;
mod heap_dots;
mod heap_periodic_extension;
mod heap_positions;
mod heap_published;
mod heap_restore;
mod misere_bruteforce;
mod misere_equivalence;
mod misere_grundy_heaps;
mod misere_published;
mod misere_quotient;
mod remoteness;
mod sprouts_base;
mod sprouts_base_trust;
mod sprouts_bruteforce;
mod sprouts_canon;
mod sprouts_check_parts;
mod sprouts_children;
mod sprouts_computer;
mod sprouts_dfpn;
mod sprouts_executors;
mod sprouts_form_proof;
mod sprouts_invariant;
mod sprouts_levels;
mod sprouts_lookahead;
mod sprouts_master_trust;
mod sprouts_minimal;
mod sprouts_misere_forms;
mod sprouts_misere_search;
mod sprouts_notation;
mod sprouts_parallel;
mod sprouts_parse_fuzz;
mod sprouts_shipped_base;
mod sprouts_solve;
mod sprouts_stepped;
