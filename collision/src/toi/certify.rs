//! Longer advancement steps, each proved by a concave lower bound on the gap.
//!
//! [`safe_step`](super::advance::safe_step) bounds how fast the gap along the fixed
//! normal `n` can close from two separate maxima: the body's extent along `n`, and the
//! fastest speed along `n` of any of its points. A body spinning in resting contact has
//! its far points moving fast, while the points that touch only slide; the bound then
//! allows steps of about `gap / (|ω| e)`. Near contact that is a tiny step, and one that
//! stays tiny while the bodies drift apart slowly. This module proves much longer steps
//! by bounding position and speed together, along a normal that may also turn with
//! either body (so that a face spinning in contact does not tilt away from it).
//!
//! # Derivation
//!
//! Take a step starting at time 0, and let the normal turn at a constant *frame spin*
//! `ω_F`: `n(τ) = exp(ω_F τ) n` with `ω_F` one of `0`, `ω_A`, `ω_B`. If `n(τ)·b − n(τ)·a
//! > 0` for every point `a` of A and `b` of B, a plane normal to `n(τ)` separates them.
//!
//! *Rotations to first order.* A rotation by `θ = |ω| τ` about `ω` moves a vector `x` by
//! `(e^{iθ} − 1) x⊥` in the plane normal to `ω`. The first-order part is `τ ω × x`, and
//! the rest, `(e^{iθ} − 1 − iθ) x⊥`, has length at most `|x⊥| θ²/2`, because
//! `|e^{iθ} − 1 − iθ| = |∫₀^θ (e^{is} − 1) ds| ≤ ∫₀^θ s ds`. Composing two rotations,
//! `exp(−ω_X τ) exp(ω_F τ) x` is `x + τ (ω_F − ω_X) × x` up to `(|ω_X| + |ω_F|)² τ²/2 |x|`
//! (the second derivative is a sum of three terms bounded by the spins' products).
//!
//! *One body.* A core point of A at offset `r` from the centre of mass `c_A` is at
//! `c_A + v_A τ + exp(ω_A τ) r` at time `τ`, and `n(τ)·exp(ω_A τ) r = r·m_A(τ)` with
//! `m_A(τ) = exp(−ω_A τ) exp(ω_F τ) n`. So A's reach along `n(τ)` beyond its centre of
//! mass is `h_A(m_A(τ))`, the support value about the centre of mass at the step's start
//! orientation. A support function is `e_A`-Lipschitz (`e_A` bounds `|r|`), so
//!
//! ```text
//! h_A(m_A(τ)) ≤ h_A(n + τ n × (ω_A − ω_F)) + k_A τ²/2,
//!     k_A = e_A |n × ω_A| |ω_A|       for ω_F = 0 (only the part of the remainder along n counts),
//!     k_A = 0                         for ω_F = ω_A (A does not turn against the normal),
//!     k_A = e_A (|ω_A| + |ω_F|)²      otherwise.
//! ```
//!
//! B is the same with `−n` for `n`.
//!
//! *The centres.* `n(τ)·(c_B − c_A)(τ) = n(τ)·(d + τ Δv)` with `d = c_B − c_A`,
//! `Δv = v_B − v_A`, and `n(τ) = n + τ w + R`, with `w = ω_F × n` and `|R| ≤ |ω_F|² τ²/2`:
//!
//! ```text
//! n(τ)·(d + τ Δv) ≥ n·d + τ (n·Δv + w·d) − τ² (|w||Δv| + |ω_F|²|d|/2) − τ³ |ω_F|²|Δv|/2.
//! ```
//!
//! *Together.* The gap along `n(τ)`, less the radii, is at least
//!
//! ```text
//! L(τ) = [the centres' bound] − h_A(n + τ u_A) − h_B(−n + τ u_B) − (k_A + k_B) τ²/2 − ρ_A − ρ_B,
//!        u_A = n × (ω_A − ω_F),   u_B = (−n) × (ω_B − ω_F).
//! ```
//!
//! A support function is convex, and so is its composition with the affine map
//! `τ ↦ n + τ u`. The centres' bound is concave for `τ ≥ 0`. So **`L` is concave**, and on
//! `[0, τ₁]` it is at least `min(L(0), L(τ₁))`. If both ends clear the target, the shapes
//! stay at least that far apart over the whole step. Each value of `L` takes one support
//! query per body that turns against the normal (none for the body the normal turns
//! with). This differs from the plain bound, where a far point's speed counts even while
//! it is far from the contact. Here it only counts once the tilted direction
//! `n + τ u` makes that point the extreme one.
//!
//! `d` is taken from the poses' translation difference first (exact for nearby bodies
//! far from the origin, as GJK's relative pose is), so the bound's rounding scales with
//! the shapes and their distance, not with the offset.

use super::{Motion, StepBound};
use crate::shape::SupportMap;
use nalgebra::{Isometry3, Vector3};

/// Rounding allowance of one evaluation of `L`, relative to the sum of its terms'
/// magnitudes: a dozen products and sums, each off by half an ulp.
const ROUNDING: f64 = 64.0 * f64::EPSILON;

/// Rounds of bisection (on a log scale) between the shortest step that failed and the
/// longest that passed. Each round costs one support query per body that turns against
/// the normal.
const BISECTIONS: u32 = 5;

/// A body at a step's start.
pub(super) struct Body<'c, S: ?Sized> {
    /// Its core (the shape less its convex radius).
    pub(super) core: &'c S,
    /// Its pose.
    pub(super) pose: Isometry3<f64>,
    /// Its motion.
    pub(super) motion: &'c Motion,
    /// A bound on the distance from its centre of mass to a point of the core.
    pub(super) extent: f64,
}

/// The longest step in `[step, remaining]` over which the gap between `a` and `b`
/// (convex radii summing to `radius`) provably stays at least `target`, given that
/// `step` already does (by the closing-speed bound); `n` is the unit normal from A
/// towards B. Tries the normal fixed, then turning with A, then with B (each that
/// spins), each from the longest step proved so far. Returns the step and what proved
/// it.
pub(super) fn longest_step<A, B>(
    a: &Body<'_, A>,
    b: &Body<'_, B>,
    n: &Vector3<f64>,
    radius: f64,
    (step, remaining, target): (f64, f64, f64),
) -> (f64, StepBound)
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (spin_a, spin_b) = (a.motion.angular_velocity, b.motion.angular_velocity);
    let zero = Vector3::zeros();
    let frames = [
        (zero, StepBound::FixedNormal),
        (spin_a, StepBound::NormalTurningWithA),
        (spin_b, StepBound::NormalTurningWithB),
    ];
    let mut best = (step, StepBound::ClosingSpeed);
    for (k, (frame, bound)) in frames.iter().enumerate() {
        // A body that does not spin, or spins as the one before, turns no new frame.
        if k > 0 && (*frame == zero || frames[..k].iter().any(|(f, _)| f == frame)) {
            continue;
        }
        let longer = Slab::new(a, b, n, radius, frame).stretch(best.0, remaining, target);
        if longer > best.0 {
            best = (longer, *bound);
        }
    }
    best
}

/// One body's part of `L` (see the module docs).
struct Reach<'b, 'c, S: ?Sized> {
    body: &'b Body<'c, S>,
    /// `n` for A, `−n` for B.
    towards: Vector3<f64>,
    /// `u = towards × (ω − ω_F)`.
    tilt: Vector3<f64>,
    /// The curvature allowance `k`.
    curvature: f64,
    /// `h(towards)` when the body does not turn against the normal (`u = 0`).
    fixed: Option<f64>,
}

impl<'b, 'c, S: SupportMap + ?Sized> Reach<'b, 'c, S> {
    /// The part of `body` facing `towards`, with the normal turning at `frame`.
    fn new(body: &'b Body<'c, S>, towards: &Vector3<f64>, frame: &Vector3<f64>) -> Self {
        let spin = body.motion.angular_velocity;
        let tilt = towards.cross(&(spin - frame));
        let curvature = if *frame == Vector3::zeros() {
            body.extent * tilt.norm() * spin.norm()
        } else if spin == *frame {
            0.0
        } else {
            let s = spin.norm() + frame.norm();
            body.extent * s * s
        };
        let mut reach = Reach {
            body,
            towards: *towards,
            tilt,
            curvature,
            fixed: None,
        };
        if tilt == Vector3::zeros() {
            reach.fixed = Some(reach.support(towards));
        }
        reach
    }

    /// `h(m)`: the support value about the centre of mass along `m`, at the step's start.
    fn support(&self, m: &Vector3<f64>) -> f64 {
        let body = self.body;
        body.motion.support_value(body.core, &body.pose, m)
    }

    /// `h(towards + τ u) + k τ²/2 + τ towards·v`: how far the core reaches along the
    /// normal beyond the centre of mass's start position at time `τ`, at most (the
    /// centres' turn with the normal is [`Slab`]'s).
    fn at(&self, tau: f64) -> f64 {
        let h = match self.fixed {
            Some(h) => h,
            None => self.support(&(self.towards + self.tilt * tau)),
        };
        h + 0.5 * self.curvature * tau * tau
            + tau * self.towards.dot(&self.body.motion.linear_velocity)
    }

    /// Magnitude of the terms of [`Self::at`], for the rounding allowance.
    fn size(&self, tau: f64) -> f64 {
        self.body.extent * (1.0 + tau * self.tilt.norm())
            + 0.5 * self.curvature * tau * tau
            + tau * self.body.motion.linear_velocity.norm()
    }
}

/// The lower bound `L(τ)` on the gap along the (turning) normal of two bodies.
pub(super) struct Slab<'b, 'c, A: ?Sized, B: ?Sized> {
    /// A's part, facing `n`.
    a: Reach<'b, 'c, A>,
    /// B's part, facing `−n`.
    b: Reach<'b, 'c, B>,
    /// `n·(c_B − c_A) − ρ_A − ρ_B` at the step's start.
    offset: f64,
    /// Magnitude of `offset`'s terms.
    offset_size: f64,
    /// The centres' turn with the normal: `w·d`, `|w||Δv| + |ω_F|²|d|/2` and
    /// `|ω_F|²|Δv|/2`, the coefficients of `τ`, `−τ²` and `−τ³`.
    turn: [f64; 3],
}

impl<'b, 'c, A: SupportMap + ?Sized, B: SupportMap + ?Sized> Slab<'b, 'c, A, B> {
    /// The bound for `a` and `b` along the unit normal `n` from A towards B, turning at
    /// `frame` (`0`, or either body's spin); `radius` is `ρ_A + ρ_B`.
    pub(super) fn new(
        a: &'b Body<'c, A>,
        b: &'b Body<'c, B>,
        n: &Vector3<f64>,
        radius: f64,
        frame: &Vector3<f64>,
    ) -> Self {
        let (pa, pb) = (&a.pose, &b.pose);
        // Translations first: their difference is exact for nearby bodies far out.
        let d = (pb.translation.vector - pa.translation.vector)
            + (pb.rotation * b.motion.local_center.coords
                - pa.rotation * a.motion.local_center.coords);
        let w = frame.cross(n);
        let dv = (b.motion.linear_velocity - a.motion.linear_velocity).norm();
        let spin_sq = frame.norm_squared();
        Slab {
            a: Reach::new(a, n, frame),
            b: Reach::new(b, &-n, frame),
            offset: n.dot(&d) - radius,
            offset_size: d.norm() + radius,
            turn: [
                w.dot(&d),
                w.norm() * dv + 0.5 * spin_sq * d.norm(),
                0.5 * spin_sq * dv,
            ],
        }
    }

    /// `L(τ)` less its rounding allowance: the gap along the normal stays above it at
    /// `τ`, and (by concavity) above the smaller of two such values between their times.
    pub(super) fn lower(&self, tau: f64) -> f64 {
        let [t1, t2, t3] = self.turn;
        let turn = tau * (t1 - tau * (t2 + tau * t3));
        let value = self.offset + turn - self.a.at(tau) - self.b.at(tau);
        let turn_size = tau * (t1.abs() + tau * (t2 + tau * t3));
        let size = self.offset_size + turn_size + self.a.size(tau) + self.b.size(tau);
        value - ROUNDING * size
    }

    /// The longest step in `[step, remaining]` over which the gap provably stays at
    /// least `target`, given that `step` already does (by the plain bound or another
    /// frame's proof). Returns
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
