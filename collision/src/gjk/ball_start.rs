//! Overlap proofs from the shapes' inscribed balls ([`FastPaths::inscribed_ball`](crate::FastPaths::inscribed_ball)) at
//! the start of a cold run, for the free functions: most deep
//! overlaps are proved with one support query or none, where GJK needs four for a
//! tetrahedron around the origin.
//!
//! In A's frame, `D = A − B` contains the ball of centre `c = c_A − c_B` and radius
//! `r = r_A + r_B`, so the shapes overlap when `|c| < r` (the origin is in that ball).
//! Otherwise GJK's first vertex `w` (a support point of the cores' `A − B`, which lies
//! inside the full shapes' `D`: GJK runs on cores, `SupportMap::core_radius`) is in `D`
//! too, and so is
//! `K = conv(ball(c, r) ∪ {w})`, an "ice-cream cone": the ball, and the cone of apex `w`
//! tangent to it, cut at the circle where it touches. Relative to `c`, with apex
//! `a = w − c`, `L = |a| > r`, and a point `x` (the origin: `x = −c`), take `y = x − a`
//! and `s = −y·a` (`s / L` is the depth of `x` below the apex along the axis). The
//! cone's half angle `α` has `cos² α = (L² − r²)/L²` and the tangent circle lies at
//! depth `L cos² α`, so `x` is in the cut cone when
//!
//! ```text
//! 0 ≤ s ≤ L² − r²   and   s² ≥ |y|² (L² − r²)      (depth, and angle: s/L ≥ |y| cos α)
//! ```
//!
//! with no square root. Either test proves `0 ∈ D`: the shapes overlap.
//!
//! The first vertex is GJK's own (along B's origin as seen from A's), so a run the tests
//! do not end goes on exactly as without them. Observed runs make the same tests; a
//! proof is reported as a [`Shortcut::InscribedBalls`](crate::observer::Shortcut) with
//! both balls. The ball test needs no
//! support query and does not hold up the first one, which does not depend on it. On
//! the benchmark's pairs of 1000-point hulls the ball proves 14 of the 17 overlapping
//! pairs and the cone 2 more (hull64: 11 and 4 of 17; hull16: 5 and 2 of 7). Rounding
//! in these tests is a few ulps of the scene's size, where GJK calls the shapes touching
//! anyway (`TOUCH_RELATIVE` in `run.rs`).
//!
//! Tried and dropped: a ball test in world coordinates before GJK (two rotations more
//! than the relative pose GJK forms anyway); the first support along the balls' centre
//! line (it waits for the balls, costs separated pairs what it gains overlapping ones,
//! and would make observed runs differ); two more supports in the first step (more
//! time, no fewer iterations); the cone's apex pushed out by the cores' radii (a square
//! root and a division for a slightly larger cone).

use super::run::{MAX_COORDINATE, MIN_COORDINATE};
use crate::shape::{InscribedBall, MinkowskiDifference, SupportMap};
use nalgebra::{Point3, Vector3};

/// The inscribed balls of shapes A and B, each in its own shape's local frame.
pub(super) type Balls = (InscribedBall, InscribedBall);

/// Where a run's inscribed balls come from. The run asks for them only when it starts
/// cold, right where it uses them: built there, inlined, they stay in registers (passed
/// in from the query as an `Option` of both balls, they were copied through the stack
/// with loads spanning two stores, which store forwarding cannot serve).
pub(super) trait InscribedBallSource {
    /// The balls of A and B, when the run is to use them.
    fn balls(&self) -> Option<Balls>;
}

/// No balls: a plain run.
pub(super) struct NoInscribedBalls;

impl InscribedBallSource for NoInscribedBalls {
    #[inline(always)]
    fn balls(&self) -> Option<Balls> {
        None
    }
}

/// The balls of both shapes, when there are shapes and both have one.
impl<A, B> InscribedBallSource for Option<(&A, &B)>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    #[inline(always)]
    fn balls(&self) -> Option<Balls> {
        let (a, b) = (*self)?;
        Some((a.inscribed_ball()?, b.inscribed_ball()?))
    }
}

/// The ball `(c, r)` inside `D = A − B`, in A's frame.
pub(super) struct BallProof {
    c: Vector3<f64>,
    cc: f64,
    r: f64,
}

impl BallProof {
    /// The ball in `D` for `md`, or `None` for balls outside GJK's input range (radii
    /// below 1e-60, centres beyond 1e60), which are left to GJK to be refused the same
    /// way.
    #[inline]
    pub(super) fn new<A: SupportMap, B: SupportMap>(
        md: &MinkowskiDifference<A, B>,
        (ball_a, ball_b): Balls,
    ) -> Option<BallProof> {
        let c = ball_a.center() - md.b_point_in_a(ball_b.center());
        let r = ball_a.radius() + ball_b.radius();
        let cc = c.norm_squared();
        let in_range =
            (MIN_COORDINATE..=MAX_COORDINATE).contains(&r) && cc <= MAX_COORDINATE * MAX_COORDINATE;
        in_range.then_some(BallProof { c, cc, r })
    }

    /// Whether the ball holds the origin.
    #[inline]
    pub(super) fn holds_origin(&self) -> bool {
        self.cc < self.r * self.r
    }

    /// Whether the cut cone of the ball and `w`, GJK's first vertex (the cores' support
    /// point along `direction`), holds the origin. Call only when [`Self::holds_origin`]
    /// is false.
    ///
    /// `w` is a point of the cores' `D`, which lies inside the full shapes' `D` the ball
    /// is in, so the cone is inside it too. (Pushing `w` out by the radii along the unit
    /// direction would give a slightly larger cone, for a square root and a division.)
    /// When `direction · w < 0` the plane through `w` normal to `direction` separates the
    /// cores' `D` from the origin, and the test is skipped: most separated pairs end it
    /// there. (With sharp cores the cone cannot hold the origin then; with rounded ones
    /// it rarely does, and skipping can only lose a proof, never give a wrong one.)
    ///
    /// Out of line: inlined, the code of GJK's loop around it got worse, and queries that
    /// never proved anything with it paid.
    #[inline(never)]
    pub(super) fn cone_holds_origin(&self, w: &Point3<f64>, direction: &Vector3<f64>) -> bool {
        direction.dot(&w.coords) >= 0.0 && in_cone(&w.coords, &self.c, self.r)
    }
}

/// Whether the origin lies in the cone of apex `w` tangent to the ball of centre `c` and
/// radius `r`, cut at the tangent circle (module docs, with `a = w − c`, and `y = −w`
/// from the apex to the origin, so `s = w·a`).
#[inline]
fn in_cone(w: &Vector3<f64>, c: &Vector3<f64>, r: f64) -> bool {
    let a = w - c;
    let room = a.norm_squared() - r * r;
    let s = w.dot(&a);
    room > 0.0 && s >= 0.0 && s <= room && s * s >= w.norm_squared() * room
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cut cone of apex (0, 0, 2) around the unit ball at the origin (half angle
    /// 30°, tangent circle at height 1/2, depth 3/2 below the apex, radius √3/2), tested
    /// at points `p` by moving the scene so that `p` is the origin.
    #[test]
    fn cut_cone_membership() {
        let at = |x: f64, z: f64| {
            let p = Vector3::new(x, 0.0, z);
            in_cone(&(Vector3::new(0.0, 0.0, 2.0) - p), &-p, 1.0)
        };
        // On the axis, from just below the apex down to the tangent plane.
        assert!(at(0.0, 1.99) && at(0.0, 0.51));
        assert!(!at(0.0, 2.01));
        // Past the tangent plane the cone is cut (the ball covers its inside).
        assert!(!at(0.0, 0.49));
        // Half angle 30°: at depth 1 (z = 1) the cone's radius is tan 30° = 0.577.
        assert!(at(0.57, 1.0) && !at(0.58, 1.0));
        // The tangent circle itself, just inside and outside.
        let rim = 3f64.sqrt() / 2.0;
        assert!(at(rim - 1e-9, 0.5 + 1e-9) && !at(rim + 1e-6, 0.5));
        // An apex inside the ball spans no cone.
        assert!(!in_cone(
            &Vector3::new(0.0, 0.0, 0.5),
            &Vector3::zeros(),
            1.0
        ));
    }
}
