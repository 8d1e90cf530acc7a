//! The simple GJK queries: world poses in, world answers out, failures as errors.
//!
//! Each runs GJK on the shapes' cores ([`SupportMap::core_radius`]; the same split as
//! contact queries) and accounts for the radii exactly (see [`super::gjk`]): a
//! ball is a point and a capsule a segment, so curved shapes cost a few exact
//! iterations. Observers see the cores' steps. Each has a short call and one full form
//! taking [`QueryOptions`].
//!
//! Two shortcuts apply, both exact: pairs with a point core get their closed form
//! (`closed_form.rs`), and a cold run ends as soon as the shapes' inscribed balls prove
//! an overlap (`ball_start.rs`; deep overlaps then cost one support query or none). An
//! observed query takes them too, and the observer sees each as a
//! [`Shortcut`](crate::observer::Shortcut): the answer is the unobserved one, bit for
//! bit.

use super::closed_form::{point_core_distance, point_core_pair};
use super::entry::{answer, degenerate, finish, run_rounded};
use super::options::QueryOptions;
use super::run::{LoopEnd, StopReason};
use super::working_simplex::WorkingSimplex;
use super::{GjkCache, GjkConfig, GjkOutput};
use crate::observer::Observer;
use crate::shape::{CoreOf, SupportMap, all_finite};
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
    intersects_with(a, pose_a, b, pose_b, QueryOptions::default())
}

/// [`intersects`] with its options: tolerances, a warm-start cache (one per ordered pair
/// of shapes, see [`GjkCache`]) and an observer that sees each GJK iteration.
///
/// # Errors
/// As [`intersects`].
// Always inlined: the short call then runs with the cache known absent at compile time
// (taken at run time, the cache checks and the inscribed-ball choice cost a hull16
// distance 2 % more instructions).
#[inline(always)]
pub fn intersects_with<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    options: QueryOptions<'_, GjkConfig, O>,
) -> Result<bool, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let QueryOptions {
        config,
        cache,
        mut observer,
    } = options;
    if let Some(c) = point_core_pair(a, pose_a, b, pose_b, &mut observer) {
        return Ok(c == ClosestPoints::Overlapping);
    }
    let mut work = WorkingSimplex::default();
    let run = run_cores::<_, _, _, true>(
        a,
        pose_a,
        b,
        pose_b,
        &config,
        cache,
        &mut observer,
        &mut work,
    );
    let r = checked(run, &work, pose_a, a, b)?;
    Ok(r.stop == StopReason::Overlapping)
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
    distance_with(a, pose_a, b, pose_b, QueryOptions::default())
}

/// [`distance`] with its options: tolerances, a warm-start cache (one per ordered pair of
/// shapes, see [`GjkCache`]; for pairs queried frame after frame, where the last frame's
/// simplex is a few iterations from this one's) and an observer that sees each GJK
/// iteration and the output ([`Observer::gjk_done`]).
///
/// Pairs whose cores are both points (two balls) take the closed form and leave the cache
/// as it was. With a cache the inscribed-ball shortcut is not used (it would end runs
/// before anything could be cached), so deep overlaps cost a GJK run.
///
/// # Errors
/// As [`distance`].
#[inline(always)]
pub fn distance_with<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    options: QueryOptions<'_, GjkConfig, O>,
) -> Result<f64, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let QueryOptions {
        config,
        cache,
        mut observer,
    } = options;
    if let Some(d) = point_core_distance(a, pose_a, b, pose_b, &mut observer) {
        return Ok(d);
    }
    let mut work = WorkingSimplex::default();
    let (r, _) = run_closest(
        a,
        pose_a,
        b,
        pose_b,
        &config,
        cache,
        &mut observer,
        &mut work,
    )?;
    Ok(match r.stop {
        StopReason::Overlapping => 0.0,
        _ => (r.v_norm - (a.core_radius() + b.core_radius())).max(0.0),
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
    closest_points_with(a, pose_a, b, pose_b, QueryOptions::default())
}

/// [`closest_points`] with its options, as [`distance_with`].
///
/// # Errors
/// As [`distance`].
#[inline(always)]
pub fn closest_points_with<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    options: QueryOptions<'_, GjkConfig, O>,
) -> Result<ClosestPoints, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let QueryOptions {
        config,
        cache,
        mut observer,
    } = options;
    if let Some(c) = point_core_pair(a, pose_a, b, pose_b, &mut observer) {
        return c.is_finite().then_some(c).ok_or(GjkError::Degenerate);
    }
    let mut work = WorkingSimplex::default();
    let (r, out) = run_closest(
        a,
        pose_a,
        b,
        pose_b,
        &config,
        cache,
        &mut observer,
        &mut work,
    )?;
    let c = match r.stop {
        StopReason::Overlapping => ClosestPoints::Overlapping,
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

/// The run on the cores of `a` and `b` behind every query here, leaving the final
/// simplex in `work`; `None` for a non-finite pose. A cold run (no `cache`) may end as
/// soon as the shapes' inscribed balls prove an overlap.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn run_cores<A, B, O, const SEPARATION_ONLY: bool>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    config: &GjkConfig,
    cache: Option<&mut GjkCache>,
    observer: &mut O,
    work: &mut WorkingSimplex,
) -> Option<LoopEnd>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    // The shapes whose inscribed balls may prove an overlap.
    let balls = cache.is_none().then_some((a, b));
    run_rounded::<_, _, _, _, SEPARATION_ONLY>(
        &CoreOf(a),
        a.core_radius(),
        pose_a,
        &CoreOf(b),
        b.core_radius(),
        pose_b,
        config,
        cache,
        balls,
        observer,
        work,
    )
}

/// The one place a run becomes a query's error: `MaxIterations` with the run's distance
/// bounds, `Degenerate` for a refused input or a degenerate run; the run otherwise.
#[inline]
fn checked<A, B>(
    run: Option<LoopEnd>,
    work: &WorkingSimplex,
    pose_a: &Isometry3<f64>,
    a: &A,
    b: &B,
) -> Result<LoopEnd, GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    match run {
        Some(r) if !matches!(r.stop, StopReason::MaxIterations | StopReason::Degenerate) => Ok(r),
        Some(r) if r.stop == StopReason::MaxIterations => Err(max_iterations(
            &r,
            work,
            pose_a,
            a.core_radius(),
            b.core_radius(),
        )),
        _ => Err(GjkError::Degenerate),
    }
}

/// [`GjkError::MaxIterations`] with the bounds of a run that ran out of iterations.
#[cold]
fn max_iterations(
    r: &LoopEnd,
    work: &WorkingSimplex,
    pose_a: &Isometry3<f64>,
    radius_a: f64,
    radius_b: f64,
) -> GjkError {
    let out = answer(r, work, pose_a, radius_a, radius_b);
    GjkError::MaxIterations {
        iterations: r.iterations,
        lower_bound: out.lower_bound,
        upper_bound: out.distance,
    }
}

/// The distance run on the cores: the loop's state and the world output if the observer
/// was given one ([`Observer::gjk_done`]); the final simplex is left in `work`. Runs that
/// did not converge become errors here.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn run_closest<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    config: &GjkConfig,
    cache: Option<&mut GjkCache>,
    observer: &mut O,
    work: &mut WorkingSimplex,
) -> Result<(LoopEnd, Option<GjkOutput>), GjkError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let run = run_cores::<_, _, _, false>(a, pose_a, b, pose_b, config, cache, observer, work);
    // Only an active observer needs the full world output.
    let out = observer.is_active().then(|| match &run {
        Some(r) => finish(r, work, pose_a, a.core_radius(), b.core_radius()),
        None => degenerate(),
    });
    if let Some(out) = &out {
        observer.gjk_done(out);
    }
    Ok((checked(run, work, pose_a, a, b)?, out))
}
