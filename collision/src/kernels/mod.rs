//! The micro-architecture kernels: the few loops whose shape was chosen for how CPUs run
//! them, each behind its own module, next to a plain reference version and a test that
//! the two give the same answer on every input, ties included. The algorithm code calls
//! them and reads plainly.
//!
//! | kernel | what it does | reference | agreement test |
//! |---|---|---|---|
//! | [`hull_scan`] | a hull's support point by scanning vertex blocks of four | `hull_scan::argmax` | `every_path_gives_the_same_index`, `packed_lane_mask_matches_the_plain_one` |
//! | [`hull_climb`] | a large hull's support point by hill climbing over neighbour blocks | `climb_reference` | `block_climb_matches_the_plain_neighbour_climb` |
//! | [`plane_clip`] | a ray clipped by a hull's face planes, each plane's bound selected by the sign of `n · d` | `clip_reference` | `the_branch_free_clip_matches_the_plain_one` |
//! | [`closest_face`] | EPA's next face: the smallest key of the polytope's faces | `closest_reference` | `the_lane_scan_picks_the_plain_loops_slot` |
//! | [`prefetch`] | asks for a batch's next pairs' shapes before they are queried | `bytes_plain` (no hint) | `every_static_query_matches_the_single_calls_on_10000_pairs` and the other batch tests (`tests/agreement/batch.rs`): batch answers are the single queries', bit for bit |
//! | [`avx`] | runs a kernel compiled for AVX when the CPU has it | the baseline build | the hull scan's test, both builds |
//!
//! Each kernel's module says why its loop has the shape it has, and lists what was
//! tried and dropped, one line each.

pub(crate) mod avx;
pub(crate) mod closest_face;
pub(crate) mod hull_climb;
pub(crate) mod hull_scan;
pub(crate) mod plane_clip;
pub(crate) mod prefetch;
