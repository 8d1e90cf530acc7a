//! The simple GJK queries: world poses in, world answers out, failures as errors.
//!
//! Each runs GJK on the shapes' cores ([`SupportMap::core_radius`]; the same split as
//! contact queries) and accounts for the radii exactly
//! ([`super::gjk_rounded`]): a
//! ball is a point and a capsule a segment, so curved shapes cost a few exact
//! iterations. Observers see the cores' steps.

use super::entry::{answer, degenerate, finish, run_rounded};
use super::run::{Run, Stop, is_finite_pose};
use super::work::Work;
use super::{GjkConfig, GjkOutput, GjkStatus};
use crate::observer::Observer;
use crate::shape::{Core, SupportMap, all_finite};
use nalgebra::{Isometry3, Point3};

/// Why a simple GJK query has no answer.
///
/// A run that did not converge is never turned into a distance or a "touching": the
/// caller gets the bounds and decides (retry with a larger [`GjkConfig::max_iterations`]
/// through [`gjk`](super::gjk()), or use `upper_bound` as a conservative distance).
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
    /// Whether every number is finite (always for `Overlapping`). [`closest_points`]
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

/// Whether `a` at `pose_a` and `b` at `pose_b` touch or overlap.
///
/// # Errors
/// [`GjkError`] when the test ran out of iterations before proving either answer, or met
/// non-finite input.
pub fn intersects<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
) -> Result<bool, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    intersects_observed(a, pose_a, b, pose_b, &mut ())
}

/// [`intersects`], reporting each GJK iteration to `observer`.
///
/// # Errors
/// As [`intersects`].
pub fn intersects_observed<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    observer: &mut O,
) -> Result<bool, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    if !observer.is_active()
        && let Some(c) = point_core_pair(a, pose_a, b, pose_b)
    {
        return Ok(c == ClosestPoints::Overlapping);
    }
    let run = run_rounded::<_, _, _, true>(
        &Core(a),
        a.core_radius(),
        pose_a,
        &Core(b),
        b.core_radius(),
        pose_b,
        &GjkConfig::default(),
        None,
        observer,
        &mut Work::default(),
    );
    match run.map(|r| (r.stop, r.iterations)) {
        Some((Stop::Separated | Stop::Converged, _)) => Ok(false),
        Some((Stop::Overlapping, _)) => Ok(true),
        Some((Stop::MaxIterations, iterations)) => Err(GjkError::MaxIterations {
            iterations,
            lower_bound: 0.0,
            upper_bound: f64::INFINITY,
        }),
        Some((Stop::Degenerate, _)) | None => Err(GjkError::Degenerate),
    }
}

/// The distance between `a` at `pose_a` and `b` at `pose_b`: 0 when they touch or
/// overlap.
///
/// # Errors
/// [`GjkError`] when GJK did not converge (with the distance bounds) or met non-finite
/// input; a run that did not converge is never reported as a distance.
pub fn distance<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
) -> Result<f64, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    distance_observed(a, pose_a, b, pose_b, &mut ())
}

/// [`distance`], reporting each GJK iteration to `observer`.
///
/// # Errors
/// As [`distance`].
pub fn distance_observed<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    observer: &mut O,
) -> Result<f64, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    if !observer.is_active()
        && let Some(d) = point_core_distance(a, pose_a, b, pose_b)
    {
        return Ok(d);
    }
    let (r, radius, _) = run_closest(a, pose_a, b, pose_b, observer, &mut Work::default())?;
    Ok(match r.stop {
        Stop::Overlapping => 0.0,
        _ => (r.v_norm - radius).max(0.0),
    })
}

/// The closest points of `a` at `pose_a` and `b` at `pose_b`, in world coordinates.
///
/// # Errors
/// As [`distance`].
pub fn closest_points<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
) -> Result<ClosestPoints, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    closest_points_observed(a, pose_a, b, pose_b, &mut ())
}

/// [`closest_points`], reporting each GJK iteration to `observer`.
///
/// # Errors
/// As [`distance`].
pub fn closest_points_observed<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    observer: &mut O,
) -> Result<ClosestPoints, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    if !observer.is_active()
        && let Some(c) = point_core_pair(a, pose_a, b, pose_b)
    {
        return c.is_finite().then_some(c).ok_or(GjkError::Degenerate);
    }
    let mut work = Work::default();
    let (r, _, out) = run_closest(a, pose_a, b, pose_b, observer, &mut work)?;
    let c = match r.stop {
        Stop::Overlapping => ClosestPoints::Overlapping,
        _ => {
            // An observer's output has them; otherwise the answer, without the simplex.
            let (point_a, point_b, distance) = match out {
                Some(o) => (o.point_a, o.point_b, o.distance),
                None => {
                    let o = answer(&r, &work, pose_a, a.core_radius(), b.core_radius());
                    (o.point_a, o.point_b, o.distance)
                }
            };
            ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            }
        }
    };
    c.is_finite().then_some(c).ok_or(GjkError::Degenerate)
}

/// The distance run on the cores, cold and without storing a cache: the loop's state,
/// the total radius, and the world output if the observer was given one; the final
/// simplex is left in `work`. Runs that did not converge become errors here.
fn run_closest<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    observer: &mut O,
    work: &mut Work,
) -> Result<(Run, f64, Option<GjkOutput>), GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
    let run = run_rounded::<_, _, _, false>(
        &Core(a),
        radius_a,
        pose_a,
        &Core(b),
        radius_b,
        pose_b,
        &GjkConfig::default(),
        None,
        observer,
        work,
    );
    // Only an active observer (or a failure, below) needs the full world output.
    let failed = run
        .as_ref()
        .is_none_or(|r| matches!(r.stop, Stop::MaxIterations | Stop::Degenerate));
    let out = (observer.is_active() || failed).then(|| match &run {
        Some(r) => finish(r, work, pose_a, radius_a, radius_b),
        None => degenerate(),
    });
    if let Some(out) = &out {
        observer.gjk_done(out);
    }
    match (run, &out) {
        (Some(r), _) if !failed => Ok((r, radius_a + radius_b, out)),
        (_, Some(out)) if out.status == GjkStatus::MaxIterations => Err(GjkError::MaxIterations {
            iterations: out.iterations,
            lower_bound: out.lower_bound,
            upper_bound: out.distance,
        }),
        _ => Err(GjkError::Degenerate),
    }
}

/// The closed form for a pair where one core is a single point ([`SupportMap::core_point`],
/// a ball's centre) and the other core has a nearest-point formula
/// ([`SupportMap::core_closest_point`]: ball, capsule, cuboid and their rounded versions);
/// `None` for other pairs and for non-finite poses (GJK then runs and reports them).
///
/// With `p` the point core and `q` the nearest point of the other core (both in the other
/// shape's frame), the distance is `|p − q| − r_A − r_B` along `n = (q − p)/|q − p|`,
/// exactly as GJK on the cores would find it, without iterating. Used only when no
/// observer is listening, so that observed runs still show their GJK steps.
fn point_core_pair<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
) -> Option<ClosestPoints>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (p, q, frame) = point_core_points(a, pose_a, b, pose_b)?;
    let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
    let d = q - p;
    // Scaled where `|d|²` would overflow (centres 1e154 apart and more); a non-finite
    // `d` (poses beyond f64) leaves the pair to GJK, which reports it.
    let length = crate::shape::norm(&d)?;
    if length <= radius_a + radius_b {
        return Some(ClosestPoints::Overlapping);
    }
    let n = d / length;
    Some(ClosestPoints::Separated {
        point_a: frame * (p + n * radius_a),
        point_b: frame * (q - n * radius_b),
        distance: length - (radius_a + radius_b),
    })
}

/// [`point_core_pair`]'s distance alone (0 when touching or overlapping): no witness
/// points, so nothing is mapped back to world coordinates.
fn point_core_distance<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
) -> Option<f64>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (p, q, _) = point_core_points(a, pose_a, b, pose_b)?;
    let length = crate::shape::norm(&(q - p))?;
    Some((length - (a.core_radius() + b.core_radius())).max(0.0))
}

/// For [`point_core_pair`]: the point core `p` and the nearest point `q` of the other
/// core, both in the other shape's frame (returned too), A's before B's.
fn point_core_points<'f, A, B>(
    a: &A,
    pose_a: &'f Isometry3<f64>,
    b: &B,
    pose_b: &'f Isometry3<f64>,
) -> Option<(Point3<f64>, Point3<f64>, &'f Isometry3<f64>)>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let points = (a.core_point().is_some() || b.core_point().is_some())
        && is_finite_pose(pose_a)
        && is_finite_pose(pose_b);
    if !points {
        return None;
    }
    // A's point core in B's frame, against B's core...
    let in_b = || {
        let p = point_in(pose_b, pose_a, &a.core_point()?);
        let q = b.core_closest_point(&p)?;
        Some((p, q, pose_b))
    };
    // ... or B's point core in A's frame, against A's core.
    let in_a = || {
        let q = point_in(pose_a, pose_b, &b.core_point()?);
        let p = a.core_closest_point(&q)?;
        Some((p, q, pose_a))
    };
    in_b().or_else(in_a)
}

/// The point `p` of a shape at `pose` in `frame`'s coordinates, `frame⁻¹ · pose · p`,
/// with the translations subtracted first (as [`super::relative_pose`] does) so that equal large
/// offsets cancel exactly; one rotation each way, no composed pose.
#[inline]
fn point_in(frame: &Isometry3<f64>, pose: &Isometry3<f64>, p: &Point3<f64>) -> Point3<f64> {
    let offset = (pose.translation.vector - frame.translation.vector) + pose.rotation * p.coords;
    Point3::from(frame.rotation.inverse_transform_vector(&offset))
}
