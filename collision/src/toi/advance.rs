//! How far conservative advancement may step: a bound on how fast the gap along a fixed
//! normal can close.
//!
//! # Derivation
//!
//! Fix the unit normal `n` (A towards B) at the step's start. For any time `τ`,
//! `g(τ) = min_b n·b(τ) − max_a n·a(τ)` is at most the distance between the shapes (a
//! slab of width `g` separates them when `g > 0`), and `g(0)` is the measured gap. A
//! point of A at `r` from its centre of mass moves at `v_a + ω_a × r`, and along `n` at
//! `n·v_a + n·(ω_a × r) = n·v_a + r·(n × ω_a)`. So `max_a n·a` rises at most at
//! `n·v_a + h_A(u_a)` with `u_a = n × ω_a` and `h_A(u) = max_r r·u` the support value of
//! A about its centre of mass; likewise `min_b n·b` falls at most at
//! `−n·v_b + h_B(−u_b)`, `u_b = n × ω_b`.
//!
//! - **Radii do not spin.** For `S ⊕ ball(ρ)`, `h(u) = h_S(u) + ρ|u|` at every orientation,
//!   and `g` is the cores' gap minus the radii, so only the cores' points count: a ball
//!   spinning about its centre closes no gap (the seed book's bound, and the one here
//!   before, used the whole radius).
//! - **Support, not radius.** `h_S(u) ≤ e|u|` with `e` the core's largest distance from the
//!   centre of mass; the support value itself is often far smaller (the body's extent
//!   across the spin, not its farthest point).
//! - **The step rotates the body.** After a time `τ` the core has turned by `|ω| τ` about
//!   `ω`, and `h_{R S}(u) = h_S(Rᵀu)` with `|Rᵀu − u| ≤ |ω| τ |u|`; `h_S` is
//!   `e`-Lipschitz, so the rate at `τ` is at most `a + k τ` with
//!   `a = (v_a − v_b)·n + h_A(u_a) + h_B(−u_b)` (at the start) and
//!   `k = e_A |u_a| |ω_a| + e_B |u_b| |ω_b|`. The gap closes by at most `a t + k t²/2`
//!   over `[0, t]`.
//! - **Never worse than the plain bound** `c = (v_a − v_b)·n + e_A|u_a| + e_B|u_b|`,
//!   which holds at every orientation: the gap closes by at most `c t` too.
//!
//! To close at most `G` (the gap minus the target), the step is the larger of `G / c`
//! and the positive root of `k t²/2 + a t = G`, computed without cancellation:
//! `2G / (a + √(a² + 2kG))` when `a > 0`, `(√(a² + 2kG) − a) / k` otherwise.

use super::Motion;
use crate::shape::SupportMap;
use nalgebra::{Isometry3, Vector3};

/// One body's part of the closing speed along `n` (see the module docs).
pub(super) struct Spin {
    /// `h(u)`: the fastest rate, over the core's points, at which spin moves a point
    /// along `n` (towards the other body), at the step's start.
    pub(super) rate: f64,
    /// `e |u|`: the same rate bounded for every orientation.
    pub(super) bound: f64,
    /// `e |u| |ω|`: how fast the rate can grow as the body turns.
    pub(super) growth: f64,
}

impl Spin {
    /// The spin part of a body with core `core` at `pose`, moving by `motion`, whose
    /// core lies within `extent` of its centre of mass; `towards` is the unit direction
    /// it closes along (`n` for A, `−n` for B).
    pub(super) fn of<S: SupportMap + ?Sized>(
        core: &S,
        pose: &Isometry3<f64>,
        motion: &Motion,
        extent: f64,
        towards: &Vector3<f64>,
    ) -> Spin {
        let u = towards.cross(&motion.angular_velocity);
        let u_norm = u.norm();
        if u_norm == 0.0 {
            return Spin {
                rate: 0.0,
                bound: 0.0,
                growth: 0.0,
            };
        }
        let rate = motion.support_value(core, pose, &u);
        let bound = extent * u_norm;
        Spin {
            // `h ≤ e|u|` in exact arithmetic; rounding may not break the cap.
            rate: rate.min(bound),
            bound,
            growth: bound * motion.angular_velocity.norm(),
        }
    }
}

/// The time the gap `gap` (> 0) takes at least to close, given the linear closing speed
/// `linear = (v_a − v_b)·n` and both bodies' spin parts; `None` when it never closes
/// (no point can approach along `n`).
pub(super) fn safe_step(gap: f64, linear: f64, a: &Spin, b: &Spin) -> Option<f64> {
    let plain = linear + a.bound + b.bound;
    if plain <= 0.0 {
        return None;
    }
    let start = linear + a.rate + b.rate;
    let growth = a.growth + b.growth;
    let tight = if start > 0.0 {
        2.0 * gap / (start + (start * start + 2.0 * growth * gap).sqrt())
    } else if growth > 0.0 {
        ((start * start + 2.0 * growth * gap).sqrt() - start) / growth
    } else {
        return None;
    };
    // NaN-safe: a NaN `tight` (overflowed squares) leaves the plain step.
    let step = gap / plain;
    Some(if tight > step { tight } else { step })
}

#[cfg(test)]
mod tests;
