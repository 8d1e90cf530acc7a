//! The Minkowski difference A − B of two posed shapes, in A's frame.

use super::{FastPaths, SupportMap, SupportPoint};
use crate::cso::SimplexVertex;
use nalgebra::{Isometry3, Matrix3, Point3, Vector3};

/// Feature hints for the two shapes of a [`MinkowskiDifference`]: the ids of the last
/// support points, from which large hulls start hill-climbing.
///
/// The default is [`SupportHints::NONE`]: no hint, so large hulls start from their best
/// precomputed extreme vertex instead of an arbitrary one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SupportHints {
    /// Feature id on shape A.
    pub a: u32,
    /// Feature id on shape B.
    pub b: u32,
}

/// The configuration-space obstacle `A − B = { a − b }`, expressed in A's local frame.
///
/// Its support map is `s(d) = s_A(d) − X s_B(−Rᵀ d)`, where `X = (R, t)` is B's pose in
/// A's frame (van den Bergen 2004, §4.3.2). Working in A's frame means large world
/// offsets cancel once, in the relative pose, and never in the support points.
///
/// Tried and dropped: a scanned hull B's vertex blocks turned into A's frame once per
/// query, so that each support query skips turning the direction into B's frame and
/// the point back (Box2D's distance proxies do this in 2D). On hull16 distances (AMD
/// EPYC Zen 5) the shorter chain saved about 14 ns a query, and the per-query copy of
/// the blocks cost more than that: 239 ns a query against 222 ns.
#[derive(Clone, Copy, Debug)]
pub struct MinkowskiDifference<A, B> {
    a: A,
    b: B,
    b_to_a: Isometry3<f64>,
    r: Matrix3<f64>,
    /// `−Rᵀ`: maps a direction of A's frame to the opposite direction in B's frame.
    neg_r_t: Matrix3<f64>,
}

impl SupportHints {
    /// No hint on either shape (`u32::MAX`, which no shape uses as a feature id).
    pub const NONE: SupportHints = SupportHints {
        a: u32::MAX,
        b: u32::MAX,
    };
}

impl Default for SupportHints {
    fn default() -> SupportHints {
        SupportHints::NONE
    }
}

impl<A: SupportMap, B: SupportMap> MinkowskiDifference<A, B> {
    /// `A − B` for `a` at `pose_a` and `b` at `pose_b` (world poses), in A's frame.
    #[must_use]
    pub fn new(a: A, pose_a: &Isometry3<f64>, b: B, pose_b: &Isometry3<f64>) -> Self {
        Self::from_relative(a, b, pose_a.inv_mul(pose_b))
    }

    /// `A − B` with B's pose given directly in A's frame.
    #[must_use]
    #[inline]
    pub fn from_relative(a: A, b: B, b_to_a: Isometry3<f64>) -> Self {
        let r = b_to_a.rotation.to_rotation_matrix().into_inner();
        MinkowskiDifference {
            a,
            b,
            b_to_a,
            r,
            neg_r_t: -r.transpose(),
        }
    }

    /// Shape A.
    #[must_use]
    pub fn a(&self) -> &A {
        &self.a
    }

    /// Shape B.
    #[must_use]
    pub fn b(&self) -> &B {
        &self.b
    }

    /// B's pose in A's frame.
    #[must_use]
    pub fn b_to_a(&self) -> &Isometry3<f64> {
        &self.b_to_a
    }

    /// Maps a point of A's frame into B's local frame: `Rᵀ (p − t)`, computed as
    /// `(−Rᵀ)(t − p)` (the same bits: negation is exact).
    #[must_use]
    #[inline]
    pub(crate) fn a_point_in_b(&self, p: &Point3<f64>) -> Point3<f64> {
        Point3::from(self.neg_r_t * (self.b_to_a.translation.vector - p.coords))
    }

    /// Maps a point of B's local frame into A's frame.
    #[must_use]
    pub fn b_point_in_a(&self, p: &Point3<f64>) -> Point3<f64> {
        Point3::from(self.r * p.coords + self.b_to_a.translation.vector)
    }

    /// The support vertex of `A − B` along `dir` (A's frame), with both witness points,
    /// starting from and updating the feature `hints`. The weight is left at zero.
    ///
    /// Always inlined: out of line, the 88-byte vertex came back through memory and EPA
    /// read `w` with a load spanning two of its stores (a failed store forward per
    /// iteration).
    #[must_use]
    #[inline(always)]
    pub fn support_vertex(&self, dir: &Vector3<f64>, hints: &mut SupportHints) -> SimplexVertex {
        let (a, b, [id_a, id_b]) = self.support_pair(dir, hints);
        SimplexVertex::new(a, b, id_a, id_b)
    }

    /// The support points `s_A(d)` and `X s_B(−Rᵀ d)` (both in A's frame) whose
    /// difference is the support point of `A − B` along `dir`, and their feature ids, which
    /// are also left in `hints`. `(−Rᵀ) d` equals `Rᵀ(−d)` bit for bit (negation is exact).
    ///
    /// The ids come back as values: read back from `hints`, the two 4-byte stores were
    /// loaded as one 8-byte word, which the store buffer cannot forward (a stalled load
    /// per support query).
    #[inline(always)]
    pub(crate) fn support_pair(
        &self,
        dir: &Vector3<f64>,
        hints: &mut SupportHints,
    ) -> (Point3<f64>, Point3<f64>, [u32; 2]) {
        let sa: SupportPoint = self.a.support_hinted(dir, hints.a);
        let sb: SupportPoint = self.b.support_hinted(&(self.neg_r_t * dir), hints.b);
        hints.a = sa.id;
        hints.b = sb.id;
        (sa.point, self.b_point_in_a(&sb.point), [sa.id, sb.id])
    }
}

impl<A: SupportMap, B: SupportMap> SupportMap for MinkowskiDifference<A, B> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_vertex(dir, &mut SupportHints::default()).w
    }
}

impl<A: SupportMap, B: SupportMap> FastPaths for MinkowskiDifference<A, B> {
    /// Both shapes are: the difference of two polytopes is one.
    #[inline]
    fn is_polytope(&self) -> bool {
        self.a.is_polytope() && self.b.is_polytope()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ball;
    use nalgebra::UnitQuaternion;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `a_point_in_b` inverts `b_point_in_a` and agrees with the pose's own inverse
    /// transform, on 10,000 seeded poses and points (to a few ulps of the offsets).
    #[test]
    fn a_point_in_b_inverts_b_point_in_a() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let ball = Ball::new(1.0).expect("ball");
        let mut v = || {
            Vector3::new(
                rng.random_range(-5.0..5.0),
                rng.random_range(-5.0..5.0),
                rng.random_range(-5.0..5.0),
            )
        };
        for _ in 0..10_000 {
            let pose = Isometry3::from_parts(v().into(), UnitQuaternion::from_scaled_axis(v()));
            let md = MinkowskiDifference::from_relative(&ball, &ball, pose);
            let p = Point3::from(v());
            let back = md.a_point_in_b(&md.b_point_in_a(&p));
            assert!((back - p).amax() <= 1e-13, "{back} vs {p}");
            let q = Point3::from(v());
            let reference = pose.inverse_transform_point(&q);
            assert!((md.a_point_in_b(&q) - reference).amax() <= 1e-13);
        }
    }
}
