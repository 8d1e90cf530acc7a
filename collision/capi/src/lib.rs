//! A C ABI for the collision toolkit, so that engines written in C, C++, C# or for Godot
//! can call its queries. The header, `include/collision.h`, is generated from this
//! crate by cbindgen (`cargo run -p collision-capi --example generate_header`) and
//! checked into the repository. `csharp/Collision.cs` declares the same functions and
//! types for C# (P/Invoke); `tests/csharp.rs` checks that it names every function and
//! that its structs have the library's sizes, and calls each function from C#.
//! `csharp/ConvexCollision.cs` is the idiomatic C# layer over those declarations:
//! `SafeHandle` shapes and caches, exceptions for refusals, values for answers.
//!
//! # Conventions
//! - Every function but [`coll_last_error_message`] returns a [`CollStatus`]; a call that
//!   fails leaves a message for [`coll_last_error_message`] on its thread. `COLL_STATUS_NOT_CONVERGED` comes with
//!   the best answer found and its bounds; no output is ever NaN. A panic inside the
//!   library is caught at the boundary and returned as `COLL_STATUS_INTERNAL_ERROR`.
//! - Shapes are opaque, immutable handles ([`CollShape`]), safe to share between
//!   threads; warm-start caches ([`CollCache`]) belong to one thread at a time.
//! - Poses are a unit quaternion stored `{x, y, z, w}` and a position ([`CollPose`],
//!   laid out as nalgebra's `Isometry3<f64>` and read in place); a quaternion unit to
//!   rounding is used as given, one within 1e-3 of unit norm is normalized, any other
//!   is an error.
//! - Ownership is written on every function: inputs are borrowed for the call only and
//!   copied when kept; outputs are written whole and need no initialisation; handles
//!   are owned by the caller from creation until their `destroy`.
//!
//! # Safety
//! The functions are safe to call with any values the header allows, provided every
//! non-null pointer points to what its documentation says (arrays of the stated length,
//! live handles of this library). Null pointers, non-finite numbers, zero quaternions,
//! negative sizes, short arrays (by their stated capacity) and recently destroyed handles
//! are detected and reported. Apart from `collision`'s x86 kernels (the AVX dispatch, the
//! hull scan's SSE2 comparisons and the batch drivers' prefetch hints, in
//! `collision/src/kernels/`), this is the only crate of the workspace that uses
//! `unsafe`, each block with its `// SAFETY:` reason.
#![allow(unsafe_code)]
// The entry points are C functions: C callers cannot see Rust's `unsafe`, and their
// contract (which pointers must be valid, for how long) is written on each function and
// in the header. Marking them `unsafe fn` would only change how the Rust tests call them.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

mod batch;
mod cache;
mod convert;
mod handle;
mod hull;
mod mass;
mod motion;
mod query;
mod shape;
mod status;
mod types;
mod user;
mod version;

pub use batch::{coll_batch_contact, coll_batch_distance, coll_batch_intersects};
pub use cache::{CollCache, coll_cache_clear, coll_cache_create, coll_cache_destroy};
pub use convert::COLL_QUATERNION_NORM_TOLERANCE;
pub use handle::COLL_HANDLE_QUARANTINE;
pub use hull::{
    coll_hull_faces, coll_hull_planes, coll_hull_sizes, coll_hull_triangles, coll_hull_vertices,
};
pub use mass::coll_mass_properties;
pub use motion::{coll_ray_cast, coll_time_of_impact};
pub use query::{coll_closest_points, coll_contact, coll_distance, coll_intersects};
pub use shape::{
    CollShape, coll_ball_create, coll_capsule_create, coll_cone_create, coll_cuboid_create,
    coll_cylinder_create, coll_hull_create, coll_point_create, coll_rounded_create,
    coll_segment_create, coll_shape_destroy, coll_triangle_create, coll_user_shape_create,
};
pub use status::{CollStatus, coll_last_error_message};
pub use types::{
    CollClosestPoints, CollContact, CollContactExactness, CollContactMethod, CollDistance,
    CollHullKind, CollHullSizes, CollImpact, CollMassProperties, CollMotion, CollPose, CollRayHit,
    CollVersion,
};
pub use user::CollSupportFn;
pub use version::{COLL_ABI_VERSION, coll_version};
