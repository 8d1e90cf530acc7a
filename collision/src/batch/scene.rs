//! The scene: shapes and their poses listed once, pairs named by index.

use super::drive::{self, fill, fill_with, same_length};
use super::{BatchError, PairError, Side};
use crate::shape::FastPaths;
use crate::toi::Motion;
use nalgebra::Isometry3;

/// Shapes and their poses (or motions, for time of impact), listed once; the batch
/// queries name pairs of them by index.
///
/// `shapes[k]` is at `poses[k]`. `S` is [`Shape`](crate::Shape) for scenes built at run
/// time, or any one concrete [`SupportMap`](crate::SupportMap) type. `P` is
/// `Isometry3<f64>` for the static queries and [`Motion`] for time of impact.
///
/// With the `parallel` feature the queries run on the current rayon thread pool (the
/// caller's, inside `ThreadPool::install`; rayon's global pool otherwise), unless the
/// scene was made [`sequential`](Scene::sequential).
#[derive(Debug)]
pub struct Scene<'a, S, P = Isometry3<f64>> {
    shapes: &'a [S],
    poses: &'a [P],
    parallel: bool,
}

impl<S, P> Clone for Scene<'_, S, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S, P> Copy for Scene<'_, S, P> {}

impl<'a, S, P> Scene<'a, S, P> {
    /// The scene of `shapes` at `poses`.
    ///
    /// Poses are not checked here: a pair that uses a non-finite one gets
    /// [`PairError::NonFinitePose`], and the other pairs their answers.
    ///
    /// # Errors
    /// [`BatchError::LengthMismatch`] when `poses` is not as long as `shapes`.
    pub fn new(shapes: &'a [S], poses: &'a [P]) -> Result<Self, BatchError> {
        same_length("poses", shapes.len(), poses.len())?;
        Ok(Scene {
            shapes,
            poses,
            parallel: true,
        })
    }

    /// The same scene, whose queries run on the calling thread even with the `parallel`
    /// feature (without it they always do).
    #[must_use]
    pub fn sequential(self) -> Self {
        Scene {
            parallel: false,
            ..self
        }
    }

    /// The shapes.
    #[must_use]
    pub fn shapes(&self) -> &'a [S] {
        self.shapes
    }

    /// The poses (or motions), one per shape.
    #[must_use]
    pub fn poses(&self) -> &'a [P] {
        self.poses
    }

    /// The number of shapes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Whether the scene has no shapes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// Whether the queries may run in parallel (see [`Scene::sequential`]).
    pub(super) fn parallel(&self) -> bool {
        self.parallel
    }
}

impl<'a, S: Sync, P: Placement> Scene<'a, S, P> {
    /// Runs `query` on every pair `[i, j]` of `pairs`, into `out` in the same order.
    pub(super) fn each_pair<T: Send, E: Send>(
        &self,
        pairs: &[[u32; 2]],
        out: &mut [Result<T, PairError<E>>],
        query: impl Fn(&'a S, &'a P, &'a S, &'a P) -> Result<T, E> + Sync,
    ) -> Result<(), BatchError>
    where
        S: FastPaths,
    {
        same_length("out", pairs.len(), out.len())?;
        fill(out, self.parallel, |k| {
            self.prefetch_ahead(k, pairs, |pair| pair);
            let (a, pose_a, b, pose_b) = self.pair(k, pairs[k])?;
            query(a, pose_a, b, pose_b).map_err(PairError::Query)
        });
        Ok(())
    }

    /// As [`Scene::each_pair`], with the caller's cache for each pair.
    pub(super) fn each_pair_with<T: Send, E: Send, C: Send>(
        &self,
        pairs: &[[u32; 2]],
        caches: &mut [C],
        out: &mut [Result<T, PairError<E>>],
        query: impl Fn(&'a S, &'a P, &'a S, &'a P, &mut C) -> Result<T, E> + Sync,
    ) -> Result<(), BatchError>
    where
        S: FastPaths,
    {
        same_length("out", pairs.len(), out.len())?;
        same_length("caches", pairs.len(), caches.len())?;
        fill_with(out, caches, self.parallel, |k, cache| {
            self.prefetch_ahead(k, pairs, |pair| pair);
            let (a, pose_a, b, pose_b) = self.pair(k, pairs[k])?;
            query(a, pose_a, b, pose_b, cache).map_err(PairError::Query)
        });
        Ok(())
    }

    /// Asks for the memory of the queries after `k` ([`drive::prefetch_ahead`]), whose
    /// shape indices `shapes` picks from each index pair.
    #[inline(always)]
    pub(super) fn prefetch_ahead<const N: usize>(
        &self,
        k: usize,
        pairs: &[[u32; 2]],
        shapes: impl Fn([u32; 2]) -> [u32; N],
    ) where
        S: FastPaths,
    {
        drive::prefetch_ahead(k, |j| {
            // Filled with any shape, then every slot overwritten (or `None` for a bad index).
            let mut found = [self.shapes.first()?; N];
            for (slot, i) in found.iter_mut().zip(shapes(*pairs.get(j)?)) {
                *slot = self.shapes.get(i as usize)?;
            }
            Some(found)
        });
    }

    /// The shapes and poses of pair `k`, `[i, j]`; the first problem found, in the order
    /// index A, index B, pose A, pose B.
    #[inline]
    fn pair<E>(
        &self,
        k: usize,
        [i, j]: [u32; 2],
    ) -> Result<(&'a S, &'a P, &'a S, &'a P), PairError<E>> {
        let (a, pose_a) = self.entry(k, Side::A, i)?;
        let (b, pose_b) = self.entry(k, Side::B, j)?;
        finite(k, Side::A, pose_a)?;
        finite(k, Side::B, pose_b)?;
        Ok((a, pose_a, b, pose_b))
    }

    /// Shape `index` and its pose, for side `side` of pair `k`.
    #[inline]
    pub(super) fn entry<E>(
        &self,
        k: usize,
        side: Side,
        index: u32,
    ) -> Result<(&'a S, &'a P), PairError<E>> {
        let i = index as usize;
        match (self.shapes.get(i), self.poses.get(i)) {
            (Some(shape), Some(pose)) => Ok((shape, pose)),
            _ => Err(PairError::IndexOutOfRange {
                pair: k,
                side,
                index,
                len: self.shapes.len(),
            }),
        }
    }
}

/// [`PairError::NonFinitePose`] unless `pose` is finite.
#[inline]
pub(super) fn finite<P: Placement, E>(k: usize, side: Side, pose: &P) -> Result<(), PairError<E>> {
    if pose.is_finite() {
        Ok(())
    } else {
        Err(PairError::NonFinitePose { pair: k, side })
    }
}

/// Where a shape is: a pose, or a motion for time of impact.
pub trait Placement: Sync + private::Sealed {
    /// Whether every component is finite.
    fn is_finite(&self) -> bool;
}

impl Placement for Isometry3<f64> {
    #[inline]
    fn is_finite(&self) -> bool {
        self.translation.vector.iter().all(|x| x.is_finite())
            && self.rotation.coords.iter().all(|x| x.is_finite())
    }
}

impl Placement for Motion {
    #[inline]
    fn is_finite(&self) -> bool {
        Motion::is_finite(self)
    }
}

mod private {
    /// Only this crate's placements.
    pub trait Sealed {}
    impl Sealed for nalgebra::Isometry3<f64> {}
    impl Sealed for crate::toi::Motion {}
}
