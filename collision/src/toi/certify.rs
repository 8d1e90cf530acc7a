//! Longer advancement steps, each proved by a concave lower bound on the gap.
//!
//! [`safe_step`](super::advance::safe_step) bounds how fast the gap along the fixed
//! normal `n` can close from two separate maxima: the body's extent along `n`, and the
//! fastest speed along `n` of any of its points. A body spinning in resting contact has
//! its far points moving fast, while the points that touch only slide; the bound then
//! allows steps of about `gap / (|ω| e)`. Near contact that is a tiny step, and one that
//! stays tiny while the bodies drift apart slowly. This module proves much longer steps
//! by bounding position and speed together.
//!
//! # Derivation
//!
//! Take a step starting at time 0. A core point of A at offset `r` from A's centre of
//! mass `c_A` is at `c_A + v_A τ + exp(ω_A τ) r` at time `τ`. In the plane normal to
//! `ω_A`, the rotation moves `r` by `(e^{iθ} − 1) r⊥`, with `θ = |ω_A| τ`. The rotation's
//! first-order part is `τ ω_A × r`. The rest is `(e^{iθ} − 1 − iθ) r⊥`, a vector normal to
//! `ω_A` of length at most `|r⊥| θ²/2`, because `|e^{iθ} − 1 − iθ| = |∫₀^θ (e^{is} − 1) ds|
//! ≤ ∫₀^θ s ds`. Its component along `n` is at most `|n × ω̂_A|` times that. With
//! `n·(ω × r) = r·(n × ω)`:
//!
//! ```text
//! n·a(τ) ≤ n·(c_A + v_A τ) + r·(n + τ u_A) + k_A τ²/2,   u_A = n × ω_A,
//!                                                          k_A = e_A |u_A| |ω_A|,
//! ```
//!
//! where `e_A` bounds `|r|` over the core. The maximum over the core replaces
//! `r·(n + τ u_A)` by the support value `h_A(n + τ u_A)` about the centre of mass, at the
//! step's start orientation. B is the same with `−n` for `n`. So the gap along `n`,
//! `g(τ) = min_b n·b(τ) − max_a n·a(τ)` less the radii, is at least
//!
//! ```text
//! L(τ) = n·(c_B − c_A) + τ n·(v_B − v_A) − h_A(n + τ u_A) − h_B(−n + τ u_B)
//!        − (k_A + k_B) τ²/2 − ρ_A − ρ_B,                    u_B = (−n) × ω_B.
//! ```
//!
//! A support function is convex, and so is its composition with the affine map
//! `τ ↦ n + τ u`. So `L` is a linear function minus convex ones: **`L` is concave**. On
//! `[0, τ₁]` it is therefore at least `min(L(0), L(τ₁))`. If both ends clear the target,
//! the slab along `n` keeps the shapes at least that far apart over the whole step. Each
//! value of `L` takes one support query per body. This differs from the plain bound:
//! there, a far point's speed counts even while it is far from the contact. Here it only
//! counts once the tilted direction `n + τ u` makes that point the extreme one.
//!
//! `c_B − c_A` is taken from the poses' translation difference first (exact for nearby
//! bodies far from the origin, as GJK's relative pose is), so the bound's rounding scales
//! with the shapes and their distance, not with the offset.

use super::Motion;
use crate::shape::SupportMap;
use nalgebra::{Isometry3, Vector3};

/// Rounding allowance of one evaluation of `L`, relative to the sum of its terms'
/// magnitudes: a dozen products and sums, each off by half an ulp.
const ROUNDING: f64 = 64.0 * f64::EPSILON;

/// Rounds of bisection (on a log scale) between the shortest step that failed and the
/// longest that passed. Each round costs one support query per body.
const BISECTIONS: u32 = 5;

/// One body's part of `L` (see the module docs).
pub(super) struct Reach<'c, S: ?Sized> {
    core: &'c S,
    pose: Isometry3<f64>,
    motion: &'c Motion,
    /// `n` for A, `−n` for B.
    towards: Vector3<f64>,
    /// `towards × ω`.
    tilt: Vector3<f64>,
    /// `e |u| |ω|`: the curvature allowance `k`.
    curvature: f64,
    /// `e`, for the rounding allowance.
    extent: f64,
}

impl<'c, S: SupportMap + ?Sized> Reach<'c, S> {
    /// The part of a body with core `core` at `pose` (the step's start), moving by
    /// `motion`, whose core lies within `extent` of its centre of mass, facing `towards`.
    pub(super) fn new(
        core: &'c S,
        pose: &Isometry3<f64>,
        motion: &'c Motion,
        extent: f64,
        towards: &Vector3<f64>,
    ) -> Self {
        let tilt = towards.cross(&motion.angular_velocity);
        Reach {
            core,
            pose: *pose,
            motion,
            towards: *towards,
            tilt,
            curvature: extent * tilt.norm() * motion.angular_velocity.norm(),
            extent,
        }
    }

    /// `h(towards + τ u) + k τ²/2 − τ towards·v`: how far the core reaches along
    /// `towards` from the centre of mass's start position at time `τ`, at most.
    fn at(&self, tau: f64) -> f64 {
        let m = self.towards + self.tilt * tau;
        let local = self.pose.rotation.inverse_transform_vector(&m);
        let h = (self.core.support(&local) - self.motion.local_center).dot(&local);
        h + 0.5 * self.curvature * tau * tau + tau * self.towards.dot(&self.motion.linear_velocity)
    }

    /// Magnitude of the terms of [`Self::at`], for the rounding allowance.
    fn size(&self, tau: f64) -> f64 {
        self.extent * (1.0 + tau * self.tilt.norm())
            + 0.5 * self.curvature * tau * tau
            + tau * self.motion.linear_velocity.norm()
    }
}

/// The lower bound `L(τ)` on the gap along `n` of two bodies, from their [`Reach`]es.
pub(super) struct Slab<'c, A: ?Sized, B: ?Sized> {
    /// A's part, facing `n`.
    pub(super) a: Reach<'c, A>,
    /// B's part, facing `−n`.
    pub(super) b: Reach<'c, B>,
    /// `n·(c_B − c_A) − ρ_A − ρ_B` at the step's start.
    offset: f64,
    /// Magnitude of `offset`'s terms.
    offset_size: f64,
}

impl<'c, A: SupportMap + ?Sized, B: SupportMap + ?Sized> Slab<'c, A, B> {
    /// The bound for `a` and `b` (see [`Reach::new`]); `radius` is `ρ_A + ρ_B`.
    pub(super) fn new(a: Reach<'c, A>, b: Reach<'c, B>, radius: f64) -> Self {
        let (pa, pb) = (&a.pose, &b.pose);
        // Translations first: their difference is exact for nearby bodies far out.
        let d = (pb.translation.vector - pa.translation.vector)
            + (pb.rotation * b.motion.local_center.coords
                - pa.rotation * a.motion.local_center.coords);
        let n = a.towards;
        Slab {
            offset: n.dot(&d) - radius,
            offset_size: d.norm() + radius,
            a,
            b,
        }
    }

    /// `L(τ)` less its rounding allowance: the gap along `n` stays above it at `τ`, and
    /// (by concavity) above the smaller of two such values between their times.
    pub(super) fn lower(&self, tau: f64) -> f64 {
        let value = self.offset - self.a.at(tau) - self.b.at(tau);
        let size = self.offset_size + self.a.size(tau) + self.b.size(tau);
        value - ROUNDING * size
    }

    /// The longest step in `[step, remaining]` over which the gap provably stays at
    /// least `target`, given that `step` already does (by the plain bound). Returns
    /// `step` when no longer one is proved, `remaining` when the whole rest is clear.
    ///
    /// Tries `2 step` first, so that an approach the plain bound already times well
    /// costs two evaluations; then the whole rest; then bisects on a log scale.
    pub(super) fn stretch(&self, step: f64, remaining: f64, target: f64) -> f64 {
        let clears = |tau: f64| self.lower(tau) >= target;
        let twice = 2.0 * step;
        if !(remaining > twice && clears(0.0) && clears(twice)) {
            return step;
        }
        if clears(remaining) {
            return remaining;
        }
        let (mut good, mut bad) = (twice, remaining);
        for _ in 0..BISECTIONS {
            let mid = (good * bad).sqrt();
            if !(mid > good && mid < bad) {
                break;
            }
            if clears(mid) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        good
    }
}

#[cfg(test)]
mod tests;
