//! What a time-of-impact query reports to an [`Observer`](crate::Observer) at each
//! conservative-advancement iteration.

use nalgebra::{Isometry3, Point3, Vector3};

/// One conservative-advancement iteration, in world coordinates at time `time`.
///
/// Each iteration measures the gap at `time` and advances by `advance`, over which the
/// gap provably stays above half the tolerance; the last one (separation within the tolerance) has
/// `advance = 0`. The analytic ball–ball path reports one step with `iteration = 0` at
/// the impact time.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ToiStep {
    /// Iteration number, from 1 (0 for the analytic ball–ball answer).
    pub iteration: u32,
    /// The time the gap is measured at.
    pub time: f64,
    /// World pose of shape A at `time`.
    pub pose_a: Isometry3<f64>,
    /// World pose of shape B at `time`.
    pub pose_b: Isometry3<f64>,
    /// Conservative separation of the full shapes (GJK's lower bound minus the convex
    /// radii; minus the radii when the cores overlap): the gap the advance is based on.
    pub separation: f64,
    /// Separation of the full shapes from GJK's distance estimate (at least
    /// `separation`).
    pub distance: f64,
    /// Unit normal from A towards B.
    pub normal: Vector3<f64>,
    /// Point of A nearest B (world).
    pub point_a: Point3<f64>,
    /// Point of B nearest A (world).
    pub point_b: Point3<f64>,
    /// Bound on the average speed at which the gap along `normal` can close over the
    /// step: `(separation − tolerance / 2) / advance`, from the relative linear velocity
    /// plus the spin of the cores (`collision/src/toi/advance.rs`), or lower when a
    /// longer step was proved (`collision/src/toi/certify.rs`); 0 when it cannot close
    /// or the query ends here; for the analytic path, the closing speed at impact.
    pub approach: f64,
    /// Time advanced by this iteration: one over which the gap provably stays above half
    /// the tolerance (each advance aims there), or 0 when the step ends the query
    /// (converged, no approach, or overlap at the start).
    pub advance: f64,
    /// Separation at which advancement stops.
    pub tolerance: f64,
    /// What proved `advance` safe.
    pub bound: StepBound,
}

/// What proved a time-of-impact step safe: over the step the shapes provably stay more
/// than half the tolerance apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StepBound {
    /// No step: the query ends here (converged, no approach, overlap at the start, or
    /// the analytic ball–ball answer).
    Ends,
    /// A bound on how fast any point of either core can close the gap along the normal
    /// (`collision/src/toi/advance.rs`).
    ClosingSpeed,
    /// A concave lower bound on the gap along the normal held fixed, checked at the
    /// step's two ends (`collision/src/toi/certify.rs`).
    FixedNormal,
    /// The same bound along the normal turning with A.
    NormalTurningWithA,
    /// The same bound along the normal turning with B.
    NormalTurningWithB,
}
