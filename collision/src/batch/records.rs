//! The batch queries over ready-made pair records, for callers without a scene: the
//! same queries as [`Scene`](super::Scene)'s, each record carrying its shapes and poses.

use super::drive::{fill, fill_with, prefetch_ahead, same_length};
use super::queries::PairResult;
use super::scene::{Placement, finite};
use super::{BatchError, PairError, Side};
use crate::contact::{Contact, ContactConfig, ContactError};
use crate::contact::{contact, contact_with};
use crate::gjk::{ClosestPoints, GjkCache, GjkConfig, GjkError};
use crate::gjk::{closest_points, distance, distance_with, intersects};
use crate::options::QueryOptions;
use crate::ray::cast_ray;
use crate::ray::{Ray, RayCast, RayError, RayHit};
use crate::shape::{FastPaths, SupportMap};
use crate::toi::time_of_impact_with;
use crate::toi::{Impact, Motion, ToiConfig, ToiError};
use nalgebra::Isometry3;

/// Two shapes at their poses: one entry of a scene-less batch.
#[derive(Debug)]
pub struct Pair<'a, S: ?Sized> {
    /// Shape A.
    pub a: &'a S,
    /// A's pose.
    pub pose_a: Isometry3<f64>,
    /// Shape B.
    pub b: &'a S,
    /// B's pose.
    pub pose_b: Isometry3<f64>,
}

/// Two shapes and their motions: one entry of a scene-less time-of-impact batch.
#[derive(Debug)]
pub struct MovingPair<'a, S: ?Sized> {
    /// Shape A.
    pub a: &'a S,
    /// A's motion.
    pub motion_a: Motion,
    /// Shape B.
    pub b: &'a S,
    /// B's motion.
    pub motion_b: Motion,
}

/// A shape at its pose and a ray: one entry of a scene-less ray batch.
#[derive(Debug)]
pub struct RayQuery<'a, S: ?Sized> {
    /// The shape.
    pub shape: &'a S,
    /// Its pose.
    pub pose: Isometry3<f64>,
    /// The ray (world coordinates).
    pub ray: Ray,
}

/// [`PairError::NonFinitePose`] for the first non-finite of the two placements.
#[inline]
fn checked<P: Placement, E>(k: usize, pa: &P, pb: &P) -> Result<(), PairError<E>> {
    finite(k, Side::A, pa)?;
    finite(k, Side::B, pb)
}

/// Runs `query` on every pair, in parallel with the feature.
fn each_pair<S, T, E>(
    pairs: &[Pair<'_, S>],
    out: &mut [PairResult<T, E>],
    query: impl Fn(&S, &Isometry3<f64>, &S, &Isometry3<f64>) -> Result<T, E> + Sync,
) -> Result<(), BatchError>
where
    S: FastPaths + ?Sized + Sync,
    T: Send,
    E: Send,
{
    same_length("out", pairs.len(), out.len())?;
    fill(out, true, |k| {
        prefetch_ahead(k, |j| pairs.get(j).map(|p| [p.a, p.b]));
        let p = &pairs[k];
        checked(k, &p.pose_a, &p.pose_b)?;
        query(p.a, &p.pose_a, p.b, &p.pose_b).map_err(PairError::Query)
    });
    Ok(())
}

/// As [`each_pair`], with the caller's cache for each pair.
fn each_pair_with<S, T, E>(
    pairs: &[Pair<'_, S>],
    caches: &mut [GjkCache],
    out: &mut [PairResult<T, E>],
    query: impl Fn(&S, &Isometry3<f64>, &S, &Isometry3<f64>, &mut GjkCache) -> Result<T, E> + Sync,
) -> Result<(), BatchError>
where
    S: FastPaths + ?Sized + Sync,
    T: Send,
    E: Send,
{
    same_length("out", pairs.len(), out.len())?;
    same_length("caches", pairs.len(), caches.len())?;
    fill_with(out, caches, true, |k, cache| {
        prefetch_ahead(k, |j| pairs.get(j).map(|p| [p.a, p.b]));
        let p = &pairs[k];
        checked(k, &p.pose_a, &p.pose_b)?;
        query(p.a, &p.pose_a, p.b, &p.pose_b, cache).map_err(PairError::Query)
    });
    Ok(())
}

/// [`intersects`] for every pair record, into `out` in the same order.
///
/// # Errors
/// [`BatchError::LengthMismatch`] unless `out` is as long as `pairs`; nothing runs.
pub fn intersects_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[Pair<'_, S>],
    out: &mut [PairResult<bool, GjkError>],
) -> Result<(), BatchError> {
    each_pair(pairs, out, |a, pa, b, pb| intersects(a, pa, b, pb))
}

/// [`distance`] for every pair record, into `out`.
///
/// # Errors
/// As [`intersects_pairs`].
pub fn distance_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[Pair<'_, S>],
    out: &mut [PairResult<f64, GjkError>],
) -> Result<(), BatchError> {
    each_pair(pairs, out, |a, pa, b, pb| distance(a, pa, b, pb))
}

/// [`distance_with`] for every pair record, record `k` warm-started from and updating
/// `caches[k]`.
///
/// # Errors
/// [`BatchError::LengthMismatch`] unless `out` and `caches` are as long as `pairs`;
/// nothing runs.
pub fn distance_with_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[Pair<'_, S>],
    config: &GjkConfig,
    caches: &mut [GjkCache],
    out: &mut [PairResult<f64, GjkError>],
) -> Result<(), BatchError> {
    each_pair_with(pairs, caches, out, |a, pa, b, pb, cache| {
        distance_with(
            a,
            pa,
            b,
            pb,
            QueryOptions::default().config(*config).cache(cache),
        )
    })
}

/// [`closest_points`] for every pair record, into `out`.
///
/// # Errors
/// As [`intersects_pairs`].
pub fn closest_points_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[Pair<'_, S>],
    out: &mut [PairResult<ClosestPoints, GjkError>],
) -> Result<(), BatchError> {
    each_pair(pairs, out, |a, pa, b, pb| closest_points(a, pa, b, pb))
}

/// [`contact`] within `margin` for every pair record, into `out`.
///
/// # Errors
/// As [`intersects_pairs`].
pub fn contact_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[Pair<'_, S>],
    margin: f64,
    out: &mut [PairResult<Option<Contact>, ContactError>],
) -> Result<(), BatchError> {
    each_pair(pairs, out, |a, pa, b, pb| contact(a, pa, b, pb, margin))
}

/// [`contact_with`] within `margin` for every pair record, record `k` warm-started from
/// and updating `caches[k]`.
///
/// # Errors
/// As [`distance_with_pairs`].
pub fn contact_with_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[Pair<'_, S>],
    margin: f64,
    config: &ContactConfig,
    caches: &mut [GjkCache],
    out: &mut [PairResult<Option<Contact>, ContactError>],
) -> Result<(), BatchError> {
    each_pair_with(pairs, caches, out, |a, pa, b, pb, cache| {
        contact_with(
            a,
            pa,
            b,
            pb,
            margin,
            QueryOptions::default().config(*config).cache(cache),
        )
    })
}

/// [`time_of_impact_with`] in `[0, t_max]` for every moving pair record, into `out`
/// (use `ToiConfig::default()` for [`time_of_impact`](crate::time_of_impact())'s).
///
/// # Errors
/// As [`intersects_pairs`].
pub fn time_of_impact_pairs<S: SupportMap + ?Sized + Sync>(
    pairs: &[MovingPair<'_, S>],
    t_max: f64,
    config: &ToiConfig,
    out: &mut [PairResult<Option<Impact>, ToiError>],
) -> Result<(), BatchError> {
    same_length("out", pairs.len(), out.len())?;
    fill(out, true, |k| {
        prefetch_ahead(k, |j| pairs.get(j).map(|p| [p.a, p.b]));
        let p = &pairs[k];
        checked(k, &p.motion_a, &p.motion_b)?;
        time_of_impact_with(
            p.a,
            &p.motion_a,
            p.b,
            &p.motion_b,
            t_max,
            QueryOptions::default().config(*config),
        )
        .map_err(PairError::Query)
    });
    Ok(())
}

/// [`cast_ray`] for every ray record, if the hit is at most `max_toi` along the ray,
/// into `out`.
///
/// # Errors
/// As [`intersects_pairs`].
pub fn cast_ray_pairs<S: RayCast + ?Sized + Sync>(
    queries: &[RayQuery<'_, S>],
    max_toi: f64,
    out: &mut [PairResult<Option<RayHit>, RayError>],
) -> Result<(), BatchError> {
    same_length("out", queries.len(), out.len())?;
    fill(out, true, |k| {
        prefetch_ahead(k, |j| queries.get(j).map(|q| [q.shape]));
        let q = &queries[k];
        finite(k, Side::A, &q.pose)?;
        cast_ray(q.shape, &q.pose, &q.ray, max_toi).map_err(PairError::Query)
    });
    Ok(())
}
