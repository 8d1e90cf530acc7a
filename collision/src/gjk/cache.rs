//! The caller-owned warm-start cache.

use super::working_simplex::WorkingSimplex;
use crate::shape::{MinkowskiDifference, SupportHints, SupportMap};
use nalgebra::Point3;

/// What one GJK run leaves for the next on the same pair of shapes.
///
/// `GjkCache::default()` is a cold start. After a run the cache holds the final simplex
/// as points in each shape's *local* frame (so it stays valid however the shapes move:
/// every cached point is still a point of its shape) plus the support hints from which
/// large hulls resume hill-climbing. Like Box2D's `b2SimplexCache`; unlike it, storing
/// points rather than indices also works for curved shapes.
///
/// # Validity
///
/// The caller keeps one cache per ordered pair of shapes. The cache also checks that
/// contract without looking at addresses: it remembers the pair's
/// [`FastPaths::fingerprint`](crate::FastPaths::fingerprint)s, and a run on shapes with other fingerprints (another
/// pair, or the same pair swapped) starts cold instead of from points that are not on
/// its shapes, which could make GJK report a wrong distance or an overlap. Shapes of this
/// crate derive their fingerprints from their dimensions, so a cache stays valid for
/// equal shapes wherever they live (moved, cloned, rebuilt from the same data). A shape
/// without a fingerprint (the trait's default, `None`: foreign shapes that do not opt
/// in) is never warm-started: runs on it start cold and leave the cache cold.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GjkCache {
    len: usize,
    local_a: [[f64; 3]; 4],
    local_b: [[f64; 3]; 4],
    ids: [[u32; 2]; 4],
    hints: SupportHints,
    /// Fingerprints of the shapes the cache was filled on, `[A, B]`; `None` when cold.
    shapes: [Option<u64>; 2],
}

impl GjkCache {
    /// A cold cache (same as `default()`).
    #[must_use]
    pub fn new() -> GjkCache {
        GjkCache::default()
    }

    /// Forgets everything: the next run starts cold.
    pub fn clear(&mut self) {
        *self = GjkCache::default();
    }

    /// Number of cached simplex vertices (0 for a cold cache).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the cache is cold.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The support hints.
    #[must_use]
    pub fn hints(&self) -> SupportHints {
        self.hints
    }

    /// Whether the cache was filled on the shapes of `md`, in that order (never for a
    /// shape without a fingerprint).
    pub(super) fn fits<A: SupportMap, B: SupportMap>(
        &self,
        md: &MinkowskiDifference<A, B>,
    ) -> bool {
        let shapes = [md.a().fingerprint(), md.b().fingerprint()];
        shapes[0].is_some() && shapes[1].is_some() && self.shapes == shapes
    }

    /// Appends the cached simplex, in A's frame of `md`, to `work`.
    pub(super) fn load<A: SupportMap, B: SupportMap>(
        &self,
        md: &MinkowskiDifference<A, B>,
        work: &mut WorkingSimplex,
    ) {
        for k in 0..self.len.min(4) {
            let a = Point3::from(self.local_a[k]);
            let b = md.b_point_in_a(&Point3::from(self.local_b[k]));
            work.push(a, b, Point3::from(a - b), self.ids[k]);
        }
    }

    /// Stores the simplex of `work` (A's frame of `md`) and the hints.
    pub(super) fn store<A: SupportMap, B: SupportMap>(
        &mut self,
        md: &MinkowskiDifference<A, B>,
        work: &WorkingSimplex,
        hints: SupportHints,
    ) {
        let shapes = [md.a().fingerprint(), md.b().fingerprint()];
        if shapes[0].is_none() || shapes[1].is_none() {
            // No identity to check the next run against: stay cold.
            *self = GjkCache::default();
            return;
        }
        self.len = work.len().min(4);
        for k in 0..self.len {
            let v = work.vertex(k);
            self.local_a[k] = v.a.coords.into();
            self.local_b[k] = md.a_point_in_b(&v.b).coords.into();
            self.ids[k] = [v.id_a, v.id_b];
        }
        self.hints = hints;
        self.shapes = shapes;
    }
}
