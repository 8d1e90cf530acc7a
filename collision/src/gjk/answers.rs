//! What the simple GJK queries answer: [`ClosestPoints`], or a [`GjkError`] saying why
//! there is no answer.

use crate::shape::all_finite;
use nalgebra::Point3;

/// Why a simple GJK query has no answer.
///
/// A run that did not converge is never turned into a distance or a "touching": the
/// caller gets the bounds and decides (retry with a larger
/// [`GjkConfig::max_iterations`](super::GjkConfig::max_iterations) through
/// [`gjk`](super::gjk()), or use `upper_bound` as a conservative distance).
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum GjkError {
    /// The iteration cap was reached; the true distance lies in `[lower_bound, upper_bound]`.
    #[error(
        "GJK did not converge within {iterations} iterations: the distance lies in [{lower_bound}, {upper_bound}]"
    )]
    MaxIterations {
        /// Iterations made.
        iterations: u32,
        /// Lower bound on the distance.
        lower_bound: f64,
        /// Upper bound on the distance.
        upper_bound: f64,
    },
    /// A pose or a support point was NaN or infinite, or beyond the input range (support
    /// points outside about 1e±60, see the crate docs), or the answer overflowed `f64`
    /// (closest points of shapes or offsets near `f64::MAX`).
    #[error(
        "GJK met a non-finite pose or support point, coordinates outside 1e±60, or an answer that overflowed"
    )]
    Degenerate,
}

/// The closest points of two shapes, or the fact that they touch or overlap.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ClosestPoints {
    /// The shapes are apart; points in world coordinates.
    Separated {
        /// The point of A closest to B.
        point_a: Point3<f64>,
        /// The point of B closest to A.
        point_b: Point3<f64>,
        /// `|point_b − point_a|`, computed in A's frame (more precise than from the world
        /// points when the poses are far from the origin).
        distance: f64,
    },
    /// The shapes touch or overlap (use EPA for the penetration).
    Overlapping,
}

impl ClosestPoints {
    /// Whether every number is finite (always for `Overlapping`). [`closest_points`](super::closest_points())
    /// never returns points that are not: a scene whose answer overflows `f64` (shapes
    /// or offsets near `f64::MAX`) is [`GjkError::Degenerate`] instead.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        match self {
            ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            } => all_finite([&point_a.coords, &point_b.coords], [*distance]),
            ClosestPoints::Overlapping => true,
        }
    }
}
