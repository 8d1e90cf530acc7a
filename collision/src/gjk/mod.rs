//! GJK: distance, closest points and intersection of convex shapes
//! (Gilbert, Johnson and Keerthi 1988; van den Bergen 2004, §4.3).
//!
//! Two layers:
//! - the free functions [`intersects`], [`distance`] and [`closest_points`] (and their
//!   `_observed` variants) take world poses, return world results and report a run that
//!   did not converge as an `Err(GjkError)`, never as a distance or as "touching";
//! - the low-level [`gjk`] and [`gjk_intersection`] take a caller-owned [`GjkCache`] for
//!   warm starts and a [`GjkConfig`], and return everything: status, iteration count,
//!   bounds, witness points and the final [`Simplex`] (which EPA grows);
//!   [`gjk_rounded`] and [`gjk_intersection_rounded`] do the same for shapes given as a
//!   core plus a radius, and the free functions use them on every shape's
//!   [`SupportMap::core_radius`](crate::SupportMap::core_radius) split (a ball is a point, a capsule a segment).
//!
//! All the work happens in shape A's local frame: B's pose relative to A is computed
//! once, so world offsets (1e6 and more) cancel before any support point is formed.

mod ball_start;
mod cache;
mod closed_form;
mod entry;
mod normal;
mod query;
mod reseed;
mod run;
mod simplex;
mod work;

pub use cache::GjkCache;
pub(crate) use entry::{degenerate, gjk_core};
pub use entry::{gjk, gjk_intersection, gjk_intersection_rounded, gjk_rounded};
pub use query::{
    ClosestPoints, GjkError, closest_points, closest_points_observed, distance, distance_observed,
    distance_with, intersects, intersects_observed,
};
pub use run::{
    GjkConfig, GjkOutput, GjkStatus, IntersectionOutput, IntersectionStatus, relative_pose,
};
pub use simplex::{Simplex, SimplexVertex};
pub(crate) use work::Work;
