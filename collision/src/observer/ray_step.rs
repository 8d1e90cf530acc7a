//! What the GJK ray cast reports to an [`Observer`](crate::Observer) at each iteration.

use nalgebra::{Isometry3, Point3, Vector3};

/// One iteration of the GJK ray cast, after its support query and before the simplex
/// grows, seen at the ray point the query was made from. Points and vectors are in the
/// shape's local frame; `pose` maps them to world.
///
/// The cast works on the configuration space `x − C`, with `x = origin + λ dir` the ray
/// point and `C` the shape's core (the shape is `C ⊕ ball(radius)`): `v` is the point of
/// `x − conv(simplex)` nearest the origin, and the support point `p = s_C(v)` either
/// proves a plane that separates `x` from the shape, advancing `λ` to it, or brings `v`
/// closer to `x − c` for the core point `c` nearest `x`.
#[derive(Clone, Copy, Debug)]
pub struct RayStep<'a> {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of the shape.
    pub pose: &'a Isometry3<f64>,
    /// The ray parameter `λ` at the start of the step: a lower bound on the hit's.
    pub lambda: f64,
    /// The ray parameter after the step: past the plane through the support point when
    /// that plane separates the ray point from the shape, else `lambda`.
    pub advanced: f64,
    /// The ray point `x = origin + λ dir` (local frame).
    pub point: Point3<f64>,
    /// Support points of the core kept from earlier iterations (the reduced simplex).
    pub simplex: &'a [Point3<f64>],
    /// Barycentric weights of `point − v` over `simplex` (same order).
    pub weights: &'a [f64],
    /// `x − c̃`, with `c̃` the point of `conv(simplex)` nearest `x` (for the first step,
    /// whose simplex is empty, the support point along `−dir`).
    pub v: Vector3<f64>,
    /// The new support point of the core along `v`.
    pub support: Point3<f64>,
    /// Unit normal of the last separating plane the ray was advanced to (the hit normal
    /// should the cast end now); `None` before the first advance.
    pub normal: Option<Vector3<f64>>,
    /// The shape's radius around its core.
    pub radius: f64,
}

/// An owned copy of a [`RayStep`], kept by [`crate::Trace`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayStepRecord {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of the shape; all other fields are in its frame.
    pub pose: Isometry3<f64>,
    /// The ray parameter at the start of the step.
    pub lambda: f64,
    /// The ray parameter after the step.
    pub advanced: f64,
    /// The ray point at `lambda`.
    pub point: Point3<f64>,
    /// The reduced simplex's support points.
    pub simplex: Vec<Point3<f64>>,
    /// Their barycentric weights.
    pub weights: Vec<f64>,
    /// `x − c̃` (see [`RayStep::v`]).
    pub v: Vector3<f64>,
    /// The new support point.
    pub support: Point3<f64>,
    /// The last separating plane's unit normal.
    pub normal: Option<Vector3<f64>>,
    /// The shape's radius around its core.
    pub radius: f64,
}

impl From<&RayStep<'_>> for RayStepRecord {
    fn from(step: &RayStep<'_>) -> RayStepRecord {
        RayStepRecord {
            iteration: step.iteration,
            pose: *step.pose,
            lambda: step.lambda,
            advanced: step.advanced,
            point: step.point,
            simplex: step.simplex.to_vec(),
            weights: step.weights.to_vec(),
            v: step.v,
            support: step.support,
            normal: step.normal,
            radius: step.radius,
        }
    }
}
