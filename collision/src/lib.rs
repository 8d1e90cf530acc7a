//! Support-mapped shapes and collision queries: GJK intersection, distance and closest
//! points, EPA penetration and contacts, time of impact and ray casts.
//!
//! # Input range
//!
//! Tolerances are relative, so a scene gives the same answers, scaled, at any size and
//! offset in the range the tests cover: sizes and distances from 1e-20 to 1e20
//! (`tests/scale/range.rs`: distance, intersection, contact, closest points and time of
//! impact on every pair of nine shape kinds, ray casts on each), random pairs from
//! 1e-6 to 1e6 and offsets of 1e6 (the invariance tests, and the query and cast fuzzers
//! with `--wide-scales`, `fixtures/tests/wide_scales.rs`). Non-finite input
//! is a typed error, and so is a scene outside about 1e±60 in GJK and everything built on
//! it (contacts, time of impact): support differences above 1e60, or final support points
//! all within 1e-60 of A's origin, where the projections' products of four coordinates
//! would over- or underflow and answers would otherwise be wrong. Ray casts far outside
//! the range are not checked that way: rescale such scenes first. (Ball–ball distance,
//! time of impact and ray casts on balls, capsules, cylinders and cones work in scaled
//! units and stay exact up to 1e±300.)
//!
//! # Query API
//!
//! Every query has a short call for the common case (`distance(&a, &pa, &b, &pb)`,
//! `contact(…, margin)`, `cast_ray(…)`) and one full form, `<query>_with`, whose last
//! argument is a [`QueryOptions`]: configuration, optional warm-start [`GjkCache`] and
//! observer, the same fields for every query. We chose one options struct over a builder
//! per query or separate `_observed` / `_cached` variants: the full forms share one
//! signature shape, and the observer stays a type parameter (`()` by default) that
//! compiles away. Rounded shapes are shapes ([`Rounded`]), not a family of functions.
//!
//! # Your own shapes
//!
//! A shape implements [`SupportMap`] (its support function; the hinted form, the core and
//! radius split and the bounding box have defaults) and [`FastPaths`], whose every method
//! is an optional shortcut with a correct default:
//!
//! ```
//! use collision::{FastPaths, SupportMap, distance};
//! use nalgebra::{Isometry3, Point3, Vector3};
//!
//! /// An axis-aligned box given by its half extents.
//! struct MyBox(Vector3<f64>);
//!
//! impl SupportMap for MyBox {
//!     fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
//!         let h = self.0;
//!         Point3::new(h.x.copysign(dir.x), h.y.copysign(dir.y), h.z.copysign(dir.z))
//!     }
//! }
//!
//! impl FastPaths for MyBox {}
//!
//! let a = MyBox(Vector3::new(1.0, 1.0, 1.0));
//! let b = MyBox(Vector3::new(0.5, 0.5, 0.5));
//! let d = distance(&a, &Isometry3::identity(), &b, &Isometry3::translation(3.0, 0.0, 0.0));
//! assert!((d.unwrap() - 1.5).abs() < 1e-12);
//! ```
//!
//! # Features
//!
//! - `parallel`: the [`batch`] queries run on the current rayon thread pool (without it
//!   the same functions run on the calling thread); results are the same bit for bit.
//! - `glam` (glam 0.33) and `mint`: conversions into the native nalgebra types. We chose
//!   `Into` conversions over generic or `_mint` variants of every query: each query keeps
//!   one concrete signature, and a glam or mint value is one `.into()` away (nalgebra's
//!   own conversions for points, vectors and quaternions; [`interop::Pose`] for poses,
//!   with a typed error for affines that scale, shear or mirror). See [`interop`].
//! - `serde`: (de)serialization of shapes, configs and results.

pub use collision_hull as hull;
pub use collision_simplex as simplex;

pub mod batch;
pub mod contact;
mod cso;
pub mod epa;
pub mod gjk;
pub mod interop;
mod kernels;
pub mod observer;
pub mod options;
mod polytope;
pub mod ray;
pub mod shape;
pub mod toi;

pub use contact::{
    Contact, ContactConfig, ContactError, ContactMethod, ContactStatus, contact, contact_with,
};
pub use epa::{EpaConfig, EpaOutput, EpaStatus};
pub use gjk::{
    ClosestPoints, GjkCache, GjkConfig, GjkError, GjkOutput, GjkStatus, closest_points,
    closest_points_with, distance, distance_with, gjk, gjk_intersection, intersects,
    intersects_with,
};
pub use observer::{Observer, Trace};
pub use options::QueryOptions;
pub use ray::{Ray, RayError, RayHit, cast_ray, cast_ray_toi, cast_ray_with};
pub use shape::{
    Aabb, Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, FastPaths, Frustum, HullKind,
    InscribedBall, MinkowskiDifference, Point, Rounded, Segment, Shape, ShapeError, SupportMap,
    SupportPoint, Transformed, Triangle,
};
pub use toi::{
    Impact, Motion, StepBound, ToiConfig, ToiError, ToiStep, time_of_impact, time_of_impact_with,
};

/// The workspace README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
