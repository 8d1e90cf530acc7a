//! The simple GJK queries: world poses in, world answers out, failures as errors.
//!
//! Each runs GJK on the shapes' cores ([`SupportMap::core_radius`]; the same split as
//! contact queries) and accounts for the radii exactly
//! ([`super::gjk_rounded`]): a
//! ball is a point and a capsule a segment, so curved shapes cost a few exact
//! iterations. Observers see the cores' steps.
//!
//! Two shortcuts apply, both exact: pairs with a point core get their closed form
//! (`closed_form.rs`), and a cold run ends as soon as the shapes' inscribed balls prove
//! an overlap (`ball_start.rs`; deep overlaps then cost one support query or none). An
//! observed query takes them too, and the observer sees each as a
//! [`Shortcut`](crate::observer::Shortcut): the answer is the unobserved one, bit for
//! bit.

use super::ball_start::NoBalls;
use super::closed_form::{point_core_distance, point_core_pair};
use super::entry::{answer, degenerate, finish, run_rounded};
use super::run::{Run, Stop};
use super::work::Work;
use super::{GjkCache, GjkConfig, GjkOutput, GjkStatus};
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
    if let Some(c) = point_core_pair(a, pose_a, b, pose_b, observer) {
        return Ok(c == ClosestPoints::Overlapping);
    }
    let run = run_rounded::<_, _, _, _, true>(
        &Core(a),
        a.core_radius(),
        pose_a,
        &Core(b),
        b.core_radius(),
        pose_b,
        &GjkConfig::default(),
        None,
        // The shapes whose inscribed balls may prove an overlap.
        Some((a, b)),
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
    if let Some(d) = point_core_distance(a, pose_a, b, pose_b, observer) {
        return Ok(d);
    }
    let (r, radius, _) = run_closest(a, pose_a, b, pose_b, observer, &mut Work::default())?;
    Ok(match r.stop {
        Stop::Overlapping => 0.0,
        _ => (r.v_norm - radius).max(0.0),
    })
}

/// [`distance`] warm-started from and updating a caller-owned `cache` (one per ordered
/// pair of shapes, see [`GjkCache`]), with explicit tolerances: for pairs queried frame
/// after frame, where the last frame's simplex is a few iterations from this one's.
///
/// Pairs whose cores are both points (two balls) take the closed form and leave the cache
/// as it was. The inscribed-ball shortcut of [`distance`] is not used (it would end runs
/// before anything could be cached), so deep overlaps cost a GJK run here.
///
/// # Errors
/// As [`distance`].
pub fn distance_with<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    config: &GjkConfig,
    cache: &mut GjkCache,
) -> Result<f64, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    if let Some(d) = point_core_distance(a, pose_a, b, pose_b, &mut ()) {
        return Ok(d);
    }
    let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
    let mut work = Work::default();
    let run = run_rounded::<_, _, _, _, false>(
        &Core(a),
        radius_a,
        pose_a,
        &Core(b),
        radius_b,
        pose_b,
        config,
        Some(cache),
        NoBalls,
        &mut (),
        &mut work,
    );
    let Some(r) = run else {
        return Err(GjkError::Degenerate);
    };
    match r.stop {
        Stop::Overlapping => Ok(0.0),
        Stop::Converged | Stop::Separated => Ok((r.v_norm - (radius_a + radius_b)).max(0.0)),
        Stop::MaxIterations => {
            let out = answer(&r, &work, pose_a, radius_a, radius_b);
            Err(GjkError::MaxIterations {
                iterations: r.iterations,
                lower_bound: out.lower_bound,
                upper_bound: out.distance,
            })
        }
        Stop::Degenerate => Err(GjkError::Degenerate),
    }
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
    if let Some(c) = point_core_pair(a, pose_a, b, pose_b, observer) {
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
    let run = run_rounded::<_, _, _, _, false>(
        &Core(a),
        radius_a,
        pose_a,
        &Core(b),
        radius_b,
        pose_b,
        &GjkConfig::default(),
        None,
        // The shapes whose inscribed balls may prove an overlap.
        Some((a, b)),
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
