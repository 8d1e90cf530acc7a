//! What a GJK run and an EPA run return: plain data, so that the observer can record
//! them without depending on the algorithms.

use super::Simplex;
use nalgebra::{Point3, Vector3};

/// How a GJK distance run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GjkStatus {
    /// Separated, and the distance is exact to the tolerance: the duality gap is within
    /// [`GjkConfig::relative_tolerance`](crate::GjkConfig::relative_tolerance), or f64 can make no further progress (the new
    /// support point is already in the simplex, or `|v|` stopped decreasing).
    ///
    /// When f64 stopped the run, the bounds can stay apart. At gaps below about 1e-6 of
    /// the shapes' size, the direction `v` is only known to about `ε · size / |v|`. On
    /// curved shapes with flat directions (cones, cylinders), support points along it
    /// land on far ends of the flat directions and the simplex stalls; the loop then
    /// rebuilds the simplex around the closest point (up to four times; never for two
    /// polytopes, see [`FastPaths::is_polytope`](crate::FastPaths::is_polytope), whose
    /// stalls are exact to rounding) and answers from the best one. `distance` stays an
    /// upper bound and can still exceed the gap (on cone, cylinder and box pairs placed
    /// 1e-9 of their size apart, by under one percent on average, where parry3d-f64's
    /// answers are off by several times the gap; at 1e-6 apart our
    /// errors are below 1e-4, parry's 0.35). The lower bound is also taken along the
    /// final simplex's own normal, which its edges give to rounding: for polytopes the
    /// bounds then agree to rounding, and for curved pairs 1e-10 to 1e-8 apart they stay
    /// within 1e-8 of the size (tests/gjk/near_contact.rs). `[lower_bound, distance]`
    /// always brackets the gap.
    Converged,
    /// The shapes touch or overlap: the origin lies in the final tetrahedron, or `|v|` is
    /// below rounding level relative to the simplex's size.
    Overlapping,
    /// The iteration cap was reached first; `distance` and `lower_bound` bracket the
    /// true distance.
    MaxIterations,
    /// A pose or support point was not finite, or the support points lie outside about
    /// 1e±60 (beyond the input range, see the crate docs); the output carries no
    /// information.
    Degenerate,
}

/// The result of [`gjk`](crate::gjk()).
///
/// Frames: `point_a`, `point_b` and `normal` are in world coordinates; `simplex` is in
/// shape A's local frame (B's points mapped into it), as EPA wants it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GjkOutput {
    /// How the run ended. Only `Converged` and `Overlapping` are answers.
    pub status: GjkStatus,
    /// Support queries made.
    pub iterations: u32,
    /// `|v|`, the best upper bound on the distance (0 when `Overlapping`;
    /// `f64::INFINITY` when `Degenerate`).
    pub distance: f64,
    /// The best lower bound on the distance.
    pub lower_bound: f64,
    /// Witness point on A (world). When overlapping, a point of the final simplex's
    /// combination with no geometric meaning beyond lying on A.
    pub point_a: Point3<f64>,
    /// Witness point on B (world).
    pub point_b: Point3<f64>,
    /// Unit normal from A to B (world); zero when overlapping or degenerate: `−v̂`, or,
    /// after an `f64` stall, the direction that certified `lower_bound` when that bound
    /// is positive and the direction within 0.1 rad of `−v̂` (along it the shapes are
    /// then at least `lower_bound` apart), or whatever its turn when `distance` is at
    /// touching level (at most 1e-9 of the final simplex's scale, where `v`'s direction
    /// is rounding noise). The witnesses lie along it: `point_b − point_a` is the normal
    /// times `distance`.
    pub normal: Vector3<f64>,
    /// The final simplex, in A's local frame.
    pub simplex: Simplex,
}

/// How an EPA run ended. Every status comes with an answer (the best face found); only
/// `Converged` and `Flat` answers are exact to the tolerance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EpaStatus {
    /// The depth is within the relative tolerance, or as close as `f64` allows: the
    /// nearest face came closer after an expansion (rounding noise, which exact
    /// arithmetic forbids) with the bounds within 16 times that noise of each other, the
    /// noise itself below `2¹⁴ u` of the shapes' size (thin faces near the answer on
    /// curved pairs; see [`EpaOutput`]). Either way `upper_bound − lower_bound` is at
    /// most the tolerance times the depth plus about `3e-11` of the size.
    Converged,
    /// A − B has no volume (the shapes overlap in a plane, line or point): the depth is
    /// zero along the reported normal.
    Flat,
    /// Rounding made the next expansion impossible (a degenerate face or an inconsistent
    /// horizon); the answer is the best found so far (see [`EpaOutput`]), with
    /// `lower_bound ≤ true depth ≤ upper_bound`.
    Stalled,
    /// The polytope's capacity ([`MAX_VERTICES`](crate::epa::MAX_VERTICES) by default) was used before converging
    /// (curved shapes); the answer is the best
    /// found so far (see [`EpaOutput`]), with `lower_bound ≤ true depth ≤ upper_bound`.
    OutOfCapacity,
    /// A support point was not finite; the answer carries no information.
    Degenerate,
}

/// The result of [`epa`](crate::epa::epa()). Points and normal are in shape A's local frame.
///
/// Every answer is a direction `normal` with the overlap of the shapes along it: moving B
/// by `depth · normal` makes them touch, to the tolerance when `Converged`.
///
/// - `Converged` (and `Flat`): the nearest face of the polytope, whose support point
///   gains nothing over it; `depth` is its distance, exact to the relative tolerance.
///   When the run converged at the rounding floor, the answer is the best upper bound's,
///   as for the next two statuses, and `lower_bound` the last face distance before the
///   noise.
/// - `Stalled` and `OutOfCapacity`: the direction of the best upper bound found, the
///   expanded face normal `n` with the smallest support value `h(n)`: `depth = h(n) =
///   upper_bound` is exactly the overlap along `normal`, and the points are the two
///   support points along it. The nearest face's distance is kept as `lower_bound`; as an
///   answer it can be far off: on a curved pair (cylinder against cone) run out of
///   capacity, the nearest face was 4.9e-3 from the origin but the support value along
///   its normal was 0.26, while `h = 5.8e-3` had been seen along another normal — moving
///   B by the face's depth along its normal left the shapes 0.26 deep.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpaOutput {
    /// How the run ended.
    pub status: EpaStatus,
    /// Support queries made.
    pub iterations: u32,
    /// Penetration depth along `normal` (≥ 0 up to rounding), between `lower_bound` and
    /// `upper_bound`.
    pub depth: f64,
    /// The nearest face's distance: a lower bound on the true depth (the polytope lies
    /// inside A − B).
    pub lower_bound: f64,
    /// The smallest support value `h(n)` seen: an upper bound on the true depth (moving B
    /// by `h(n) n` separates the shapes).
    pub upper_bound: f64,
    /// Unit contact normal from A towards B: moving B by `depth · normal` makes the
    /// shapes touch (see the type's docs).
    pub normal: Vector3<f64>,
    /// Deepest point of A inside B along `normal` (`(point_a − point_b) · normal =
    /// depth`; for a face answer `point_a − point_b = depth · normal`).
    pub point_a: Point3<f64>,
    /// Deepest point of B inside A along `normal`.
    pub point_b: Point3<f64>,
}
