//! The batch queries on a [`Scene`]: one result per index pair, in the pairs' order,
//! each exactly the single query's (see the module docs).

use super::drive::{fill, same_length};
use super::scene::finite;
use super::{BatchError, PairError, Scene, Side};
use crate::contact::{Contact, ContactConfig, ContactError, contact, contact_with};
use crate::gjk::{
    ClosestPoints, GjkCache, GjkConfig, GjkError, closest_points, distance, distance_with,
    intersects,
};
use crate::options::QueryOptions;
use crate::ray::{Ray, RayCast, RayError, RayHit, cast_ray};
use crate::shape::SupportMap;
use crate::toi::{Impact, Motion, ToiConfig, ToiError, time_of_impact_with};
use nalgebra::Isometry3;

/// The result of one pair of a batch query: the single query's `Result`, its error
/// wrapped in [`PairError`].
pub type PairResult<T, E> = Result<T, PairError<E>>;

impl<S: SupportMap + Sync> Scene<'_, S> {
    /// [`intersects`] for every pair `[i, j]` of `pairs`: `out[k]` is whether shapes
    /// `pairs[k][0]` and `pairs[k][1]` touch or overlap.
    ///
    /// # Errors
    /// [`BatchError::LengthMismatch`] unless `out` is as long as `pairs`; nothing runs.
    pub fn intersects(
        &self,
        pairs: &[[u32; 2]],
        out: &mut [PairResult<bool, GjkError>],
    ) -> Result<(), BatchError> {
        self.each_pair(pairs, out, |a, pa, b, pb| intersects(a, pa, b, pb))
    }

    /// [`distance`] for every pair `[i, j]` of `pairs`, into `out`.
    ///
    /// # Errors
    /// As [`Scene::intersects`].
    pub fn distance(
        &self,
        pairs: &[[u32; 2]],
        out: &mut [PairResult<f64, GjkError>],
    ) -> Result<(), BatchError> {
        self.each_pair(pairs, out, |a, pa, b, pb| distance(a, pa, b, pb))
    }

    /// [`distance_with`] for every pair `[i, j]` of `pairs`, pair `k` warm-started from and
    /// updating `caches[k]` (keep the same pair at the same position frame after frame).
    ///
    /// # Errors
    /// [`BatchError::LengthMismatch`] unless `out` and `caches` are as long as `pairs`;
    /// nothing runs.
    pub fn distance_with(
        &self,
        pairs: &[[u32; 2]],
        config: &GjkConfig,
        caches: &mut [GjkCache],
        out: &mut [PairResult<f64, GjkError>],
    ) -> Result<(), BatchError> {
        self.each_pair_with(pairs, caches, out, |a, pa, b, pb, cache| {
            distance_with(
                a,
                pa,
                b,
                pb,
                QueryOptions::default().config(*config).cache(cache),
            )
        })
    }

    /// [`closest_points`] for every pair `[i, j]` of `pairs`, into `out`.
    ///
    /// # Errors
    /// As [`Scene::intersects`].
    pub fn closest_points(
        &self,
        pairs: &[[u32; 2]],
        out: &mut [PairResult<ClosestPoints, GjkError>],
    ) -> Result<(), BatchError> {
        self.each_pair(pairs, out, |a, pa, b, pb| closest_points(a, pa, b, pb))
    }

    /// [`contact`] within `margin` for every pair `[i, j]` of `pairs`, into `out`.
    ///
    /// # Errors
    /// As [`Scene::intersects`]. (An invalid margin is each pair's
    /// [`ContactError::InvalidMargin`], as in the single query.)
    pub fn contact(
        &self,
        pairs: &[[u32; 2]],
        margin: f64,
        out: &mut [PairResult<Option<Contact>, ContactError>],
    ) -> Result<(), BatchError> {
        self.each_pair(pairs, out, |a, pa, b, pb| contact(a, pa, b, pb, margin))
    }

    /// [`contact_with`] within `margin` for every pair `[i, j]` of `pairs`, pair `k`
    /// warm-started from and updating `caches[k]`.
    ///
    /// # Errors
    /// As [`Scene::distance_with`].
    pub fn contact_with(
        &self,
        pairs: &[[u32; 2]],
        margin: f64,
        config: &ContactConfig,
        caches: &mut [GjkCache],
        out: &mut [PairResult<Option<Contact>, ContactError>],
    ) -> Result<(), BatchError> {
        self.each_pair_with(pairs, caches, out, |a, pa, b, pb, cache| {
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
}

impl<S: RayCast + Sync> Scene<'_, S> {
    /// [`cast_ray`] for every pair `[shape, ray]` of `pairs`: `out[k]` is where
    /// `rays[pairs[k][1]]` meets shape `pairs[k][0]` at its pose, if at most `max_toi`
    /// along it. (Times are in units of each ray's `dir`: with `max_toi = 1`, each ray's
    /// `dir` is its own length.)
    ///
    /// # Errors
    /// As [`Scene::intersects`].
    pub fn cast_ray(
        &self,
        rays: &[Ray],
        pairs: &[[u32; 2]],
        max_toi: f64,
        out: &mut [PairResult<Option<RayHit>, RayError>],
    ) -> Result<(), BatchError> {
        same_length("out", pairs.len(), out.len())?;
        fill(out, self.parallel(), |k| {
            self.prefetch_ahead(k, pairs, |[i, _]| [i]);
            let [i, r] = pairs[k];
            let (shape, pose) = self.entry(k, Side::A, i)?;
            let ray = rays.get(r as usize).ok_or(PairError::IndexOutOfRange {
                pair: k,
                side: Side::B,
                index: r,
                len: rays.len(),
            })?;
            finite::<Isometry3<f64>, _>(k, Side::A, pose)?;
            cast_ray(shape, pose, ray, max_toi).map_err(PairError::Query)
        });
        Ok(())
    }
}

impl<S: SupportMap + Sync> Scene<'_, S, Motion> {
    /// [`time_of_impact`](crate::time_of_impact()) in `[0, t_max]` for every pair
    /// `[i, j]` of `pairs`, each shape moving by its motion, into `out`.
    ///
    /// # Errors
    /// As [`Scene::intersects`].
    pub fn time_of_impact(
        &self,
        pairs: &[[u32; 2]],
        t_max: f64,
        out: &mut [PairResult<Option<Impact>, ToiError>],
    ) -> Result<(), BatchError> {
        self.time_of_impact_with(pairs, t_max, &ToiConfig::default(), out)
    }

    /// [`time_of_impact_with`] in `[0, t_max]` for every pair `[i, j]` of `pairs`, into
    /// `out`.
    ///
    /// # Errors
    /// As [`Scene::intersects`].
    pub fn time_of_impact_with(
        &self,
        pairs: &[[u32; 2]],
        t_max: f64,
        config: &ToiConfig,
        out: &mut [PairResult<Option<Impact>, ToiError>],
    ) -> Result<(), BatchError> {
        self.each_pair(pairs, out, |a, ma, b, mb| {
            time_of_impact_with(a, ma, b, mb, t_max, QueryOptions::default().config(*config))
        })
    }
}
