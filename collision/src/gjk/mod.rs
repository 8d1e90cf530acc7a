//! GJK: distance, closest points and intersection of convex shapes
//! (Gilbert, Johnson and Keerthi 1988; van den Bergen 2004, §4.3).
//!
//! Two layers, each query with a short call and one full form taking
//! [`QueryOptions`](crate::QueryOptions) (configuration, warm-start cache, observer):
//! - the queries [`intersects`], [`distance`] and [`closest_points`] (full forms
//!   [`intersects_with`], [`distance_with`], [`closest_points_with`]) take world poses,
//!   return world results and report a run that did not converge as an
//!   `Err(GjkError)`, never as a distance or as "touching";
//! - the algorithm's own [`gjk`] and [`gjk_intersection`] return everything: status,
//!   iteration count, bounds, witness points and the final [`Simplex`] (which EPA grows).
//!
//! Both run GJK on the shapes' cores ([`SupportMap::core_radius`](crate::SupportMap::core_radius):
//! a ball is a point, a capsule a segment) and add the radii exactly.
//!
//! All the work happens in shape A's local frame: B's pose relative to A is computed
//! once, so world offsets (1e6 and more) cancel before any support point is formed.

mod answers;
mod ball_start;
mod cache;
mod closed_form;
mod normal;
pub(crate) mod options;
mod query;
mod reseed;
mod run;
mod working_simplex;
mod world_frame;

pub use crate::cso::{GjkOutput, GjkStatus};
pub use crate::cso::{Simplex, SimplexVertex};
pub use answers::{ClosestPoints, GjkError};
pub use cache::GjkCache;
pub use query::{
    closest_points, closest_points_with, distance, distance_with, gjk, gjk_intersection,
    intersects, intersects_with,
};
pub use run::{GjkConfig, IntersectionOutput, IntersectionStatus, relative_pose};
pub(crate) use working_simplex::WorkingSimplex;
pub(crate) use world_frame::{Posed, degenerate, gjk_core};
