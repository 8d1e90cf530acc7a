//! Every public GJK query: the algorithm's full outputs ([`gjk`], [`gjk_intersection`])
//! and the simple queries (world poses in, world answers out, failures as errors).
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
//!
//! Every query's loop asks first whether both shapes are hulls
//! ([`FastPaths::as_hull`](crate::FastPaths::as_hull), in `world_frame::run_on_cores`):
//! a pair of [`Shape`](crate::Shape)s holding hulls then runs the loop made for two
//! hulls, since matching on the enum at each support query costs a distance between
//! 16-vertex hulls 13 % more instructions; the rest of the query matches once.

use super::ball_start::NoInscribedBalls;
use super::closed_form::{point_core_distance, point_core_pair};
use super::options::QueryOptions;
use super::run::{LoopEnd, StopReason};
use super::working_simplex::WorkingSimplex;
use super::world_frame::{Posed, answer, degenerate, finish, run_on_cores};
use super::{
    ClosestPoints, GjkCache, GjkConfig, GjkError, GjkOutput, IntersectionOutput,
    IntersectionStatus, Simplex,
};
use crate::observer::Observer;
use crate::shape::SupportMap;
use nalgebra::{Isometry3, Vector3};

/// The GJK algorithm's full answer for `a` at `pose_a` and `b` at `pose_b`: status,
/// iteration count, both distance bounds, witness points, normal and the final simplex
/// (which EPA grows). [`distance_with`](super::distance_with()) and
/// [`closest_points_with`](super::closest_points_with()) are the same run with their
/// answer checked into a `Result`.
///
/// GJK runs on the shapes' cores ([`SupportMap::core_radius`]: a ball is a point, a
/// capsule a segment, a [`Rounded`](crate::Rounded) shape its inner shape's core), and the
/// radii are accounted for exactly. The support function of a Minkowski sum with a ball
/// is `h(n) = h_core(n) + r`, so the distance is the cores' distance minus `r_A + r_B`
/// along the same normal (van den Bergen 2004, §4.3.3): curved shapes end in a few exact
/// iterations instead of converging linearly on their surface. The duality-gap test is
/// applied to the rounded shapes' distance, so the relative tolerance keeps its
/// meaning. `distance`, `lower_bound`, the witness points (on the shapes' surfaces) and
/// `normal` describe the shapes; `simplex` and the observer's steps are the cores'.
/// (Wrap a shape in [`WholeShape`](crate::shape::WholeShape) to run GJK on its whole surface.)
///
/// Never panics and never returns NaN. Only `Converged` (separated, exact distance) and
/// `Overlapping` (touching or overlapping) are answers; see [`GjkOutput`] for frames.
#[must_use]
pub fn gjk<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    options: QueryOptions<'_, GjkConfig, O>,
) -> GjkOutput
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let (config, cache, mut observer) = options.into_parts();
    let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
    let mut work = WorkingSimplex::default();
    let run = run_on_cores::<_, _, _, _, false>(
        (a, pose_a),
        (b, pose_b),
        &config,
        cache,
        NoInscribedBalls,
        &mut observer,
        &mut work,
    );
    // One return value per path, so that each is built in the caller's slot: merged
    // by a `match`, the output (420 bytes) was built apart and copied.
    let Some(r) = &run else {
        let out = degenerate();
        observer.gjk_done(&out);
        return out;
    };
    let out = finish(r, &work, pose_a, radius_a, radius_b);
    observer.gjk_done(&out);
    out
}

/// The GJK intersection test's full answer: stops as soon as a separating axis is found
/// or the origin is enclosed, which is cheaper than a full distance query. Runs on the
/// cores, as [`gjk`]: separated once `v·w > (r_A + r_B) |v|`, overlapping once
/// `|v| ≤ r_A + r_B`. [`intersects_with`](super::intersects_with()) is the same test
/// with its answer checked into a `Result`.
#[must_use]
pub fn gjk_intersection<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    options: QueryOptions<'_, GjkConfig, O>,
) -> IntersectionOutput
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let (config, cache, mut observer) = options.into_parts();
    let mut work = WorkingSimplex::default();
    let Some(r) = run_on_cores::<_, _, _, _, true>(
        (a, pose_a),
        (b, pose_b),
        &config,
        cache,
        NoInscribedBalls,
        &mut observer,
        &mut work,
    ) else {
        return IntersectionOutput {
            status: IntersectionStatus::Degenerate,
            iterations: 0,
            separating_axis: Vector3::zeros(),
            simplex: Simplex::default(),
        };
    };
    let status = r.stop.intersection_status();
    // The direction that proved the separation: the run's last `v`, or the search
    // direction of a cold start's first query (see `run.rs`).
    let separating_axis = match crate::shape::unit(&-r.lower_direction) {
        Some(n) if status == IntersectionStatus::Separated => pose_a.rotation * n,
        _ => Vector3::zeros(),
    };
    IntersectionOutput {
        status,
        iterations: r.iterations,
        separating_axis,
        simplex: work.simplex(),
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
    let (config, cache, mut observer) = options.into_parts();
    if let Some(c) = point_core_pair(a, pose_a, b, pose_b, &mut observer) {
        return Ok(c == ClosestPoints::Overlapping);
    }
    let mut work = WorkingSimplex::default();
    let balls = inscribed_balls(a, b, &cache);
    let run = run_on_cores::<_, _, _, _, true>(
        (a, pose_a),
        (b, pose_b),
        &config,
        cache,
        balls,
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
/// Pairs where one core is a point and the other's nearest point has a closed form (a
/// ball against a ball, capsule or box, rounded ones included) take the closed form and
/// leave the cache as it was. With a cache the inscribed-ball shortcut is not used (it would end runs
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
    let (config, cache, mut observer) = options.into_parts();
    if let Some(d) = point_core_distance(a, pose_a, b, pose_b, &mut observer) {
        return Ok(d);
    }
    let mut work = WorkingSimplex::default();
    let (r, _) = run_closest(
        (a, pose_a),
        (b, pose_b),
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
    let (config, cache, mut observer) = options.into_parts();
    if let Some(c) = point_core_pair(a, pose_a, b, pose_b, &mut observer) {
        return c.is_finite().then_some(c).ok_or(GjkError::Degenerate);
    }
    let mut work = WorkingSimplex::default();
    let (r, out) = run_closest(
        (a, pose_a),
        (b, pose_b),
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

/// The shapes whose inscribed balls may prove an overlap: both, on a cold run (no
/// `cache`), so that it may end as soon as they do; none on a warm one, which must run
/// to the end to leave its simplex in the cache.
#[inline(always)]
fn inscribed_balls<'a, A: ?Sized, B: ?Sized>(
    a: &'a A,
    b: &'a B,
    cache: &Option<&mut GjkCache>,
) -> Option<(&'a A, &'a B)> {
    cache.is_none().then_some((a, b))
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
        Some(r) if r.stop == StopReason::MaxIterations => {
            let radii = [a.core_radius(), b.core_radius()];
            Err(max_iterations(&r, work, pose_a, radii))
        }
        _ => Err(GjkError::Degenerate),
    }
}

/// [`GjkError::MaxIterations`] with the bounds of a run that ran out of iterations.
#[cold]
fn max_iterations(
    r: &LoopEnd,
    work: &WorkingSimplex,
    pose_a: &Isometry3<f64>,
    [radius_a, radius_b]: [f64; 2],
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
#[inline(always)]
fn run_closest<A, B, O>(
    (a, pose_a): Posed<'_, A>,
    (b, pose_b): Posed<'_, B>,
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
    let balls = inscribed_balls(a, b, &cache);
    let run = run_on_cores::<_, _, _, _, false>(
        (a, pose_a),
        (b, pose_b),
        config,
        cache,
        balls,
        observer,
        work,
    );
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
