//! What follows an EPA run that ran out of capacity or stalled: the closed-form bound of
//! a witness point (`witness.rs`), then a second EPA run with a polytope eight times
//! larger, its vertices gathered round the best direction the first found; the answer is
//! converged when the proven bounds are within the tolerance derived below.
//!
//! EPA's lower bound is the nearest face of its polytope, and on curved pairs the
//! polytope has to fit `A − B` closely round the deepest direction before that face
//! comes within the tolerance. A run that starts from GJK's simplex spends most of its
//! vertices shaping the rest of the polytope, in the order its nearest faces ask,
//! and on a pair whose deepest direction sits on a crease of the support function (a
//! cylinder's rim against a cone's side) can stop with bounds a few `1e-10` apart. The
//! second run starts from the same simplex with the support points along the best
//! direction `n` found and along 24 directions round it, on four rings at angles
//! `0.2 · 5⁻ᵏ` (`k = 0..3`, six directions each, turned by 30° from ring to ring): the
//! faces near `n` then start small, at every scale down to `1.6e-3` rad, and the
//! expansions go where the bracket is still open.
//!
//! The witness bound comes first since it costs a few support queries where a run costs
//! a hundred, and closes the bracket outright when the deepest direction is a corner
//! against a face. Every bound is proven (a face of a polytope inside `A − B` or a point's
//! depth below the true depth, a support value above it), so the answer keeps the
//! highest lower bound and the best upper bound.
//!
//! # When the bounds are close enough
//!
//! A stopped-short answer is converged when `upper − lower ≤ ε · upper + f · s`, `ε` the
//! relative tolerance, `s` the largest coordinate of `A − B` in A's frame (its support
//! points along the six axes) and `f` = [`FLOOR_RELATIVE`](crate::epa::FLOOR_RELATIVE) =
//! `16 · 2¹⁴ u / 2 ≈ 2.9e-11`, the allowance EPA's own `Converged` already carries for a
//! run stopped at the rounding floor. The test scales with the input (the same case at
//! 1e-6, 1 or 1e6, or offset by 1e6, since everything is in A's frame) and cannot be met
//! by any polytope's proof much below it on a curved boundary:
//!
//! - every support point, moved into A's frame, carries an error of a few `u · s`;
//! - to prove a depth `D` to a gap `t` where `A − B` curves with radius `R` (at most
//!   about `s`), the faces round the deepest direction must be narrower than
//!   `w ≈ √(8 R t)` (the sagitta of a chord `w` is `w² / 8R`);
//! - the plane of such a face, through three points known to `u · s` and `w` apart, is
//!   known to an angle `u · s / w`, so its distance from the origin (up to `s` from its
//!   vertices) only to `u · s² / w`.
//!
//! The bound proven is off by the larger of `t` and `u s² / w`; with `w = √(8 s t)` they
//! balance at `t ≈ u^{2/3} s / 2 ≈ 1.8e-11 s`. So the gap cannot be proven much below a
//! few `1e-11` of the size, whatever the depth: a near contact 1e-12 of its size deep
//! (the query fuzzer's `--near-contact`) has a relative tolerance of `1e-22` of the size,
//! which EPA chased until its 512 vertices were spent (239 of 100,000 fuzzed cases) or
//! rounding stopped it (113); its bounds were 1e-14 to 4e-11 of the size apart. A gap
//! above the allowance keeps its status (`EpaOutOfCapacity` or `EpaStalled`) and its
//! bounds in [`Contact::separation_bounds`](crate::Contact::separation_bounds).
//!
//! # Why a second, larger run
//!
//! The first run's polytope holds 512 vertices (see [`crate::epa::MAX_VERTICES`] for
//! why that many), enough for every crease measured; the second has room for
//! [`crate::epa::MAX_REFINED_VERTICES`], 4,096. Nearly coaxial solids of revolution (a cone,
//! cylinder or capsule turned 1e-3 rad off another's axis) have a circle of directions
//! whose support values differ from the depth by less than the tilt times the size, and
//! the polytope must fit all of it: `revolution.rs` proves such pairs only to the tilt
//! times B's reach, and 37 of 3,000 seeded pairs (`collision/tests/toi/curved.rs`) stopped at 512
//! vertices with bounds up to 7.3e-5 apart; with a second run of 4,096, none. The
//! alternatives were weighed: a Newton step on the sphere of directions sharpens only the
//! upper bound, and every lower bound built from support points is a polytope's, so the
//! polytope has to grow; a second-order closed form for tilted frustums has no exact
//! section to work on (the tilt mixes radial and axial directions). Neither the witness
//! bound nor the second run costs a run that converges.

use super::revolution::{Bracket, settled};
use crate::cso::StartSimplex;
use crate::epa::{EpaConfig, EpaInput, EpaOutput, EpaStatus};
use crate::observer::Observer;
use crate::shape::{MinkowskiDifference, SupportHints, SupportMap};
use nalgebra::Vector3;

/// How many rings of directions seed the second run.
const RINGS: usize = 4;

/// `first`, or when it did not converge the joined answer of it, the `witness` bracket
/// from its normal (`contact/witness.rs`) and, if that is not enough, a second run
/// seeded round its normal (see the module docs).
pub(super) fn refine<A, B, S, O, W>(
    first: EpaOutput,
    input: &EpaInput<'_, A, B, S>,
    observer: &mut O,
    witness: W,
) -> EpaOutput
where
    A: SupportMap,
    B: SupportMap,
    S: StartSimplex + ?Sized,
    O: Observer + ?Sized,
    W: Fn(&Vector3<f64>) -> Option<Bracket>,
{
    if !matches!(first.status, EpaStatus::OutOfCapacity | EpaStatus::Stalled) {
        return first;
    }
    let (md, config) = (input.md, input.config);
    let size = extent(md);
    let first = join(first, witness(&first.normal), size, config);
    if first.status == EpaStatus::Converged {
        return first;
    }
    let directions = rings(&first.normal);
    // No memory for a second workspace (only asked for when the thread's own is in use):
    // the first run's answer, with its status.
    let Some(second) = super::with_refined_polytope(|polytope| {
        let seeded = EpaInput {
            directions: &directions,
            ..*input
        };
        seeded.run(polytope, observer)
    }) else {
        return first;
    };
    if second.status == EpaStatus::Converged {
        return second;
    }
    if second.status == EpaStatus::Degenerate {
        return first;
    }
    let second = join(second, witness(&second.normal), size, config);
    let best = if second.upper_bound < first.upper_bound {
        second
    } else {
        first
    };
    let lower = first.lower_bound.max(second.lower_bound);
    let proven = settled(best.upper_bound, lower, size, config);
    EpaOutput {
        status: if proven {
            EpaStatus::Converged
        } else {
            best.status
        },
        iterations: first.iterations + second.iterations,
        lower_bound: lower.min(best.upper_bound),
        ..best
    }
}

/// `out` joined with the proven bounds of `bracket`: the higher lower bound, the answer
/// along the better upper bound, converged when they are within the tolerance.
fn join(out: EpaOutput, bracket: Option<Bracket>, size: f64, config: &EpaConfig) -> EpaOutput {
    let Some(k) = bracket else {
        let mut out = out;
        if settled(out.upper_bound, out.lower_bound, size, config) {
            out.status = EpaStatus::Converged;
        }
        return out;
    };
    let lower = out.lower_bound.max(k.lower);
    let mut joined = if k.upper < out.upper_bound {
        EpaOutput {
            depth: k.upper,
            upper_bound: k.upper,
            normal: k.normal,
            point_a: k.vertex.a,
            point_b: k.vertex.b,
            ..out
        }
    } else {
        out
    };
    joined.lower_bound = lower.min(joined.upper_bound);
    if settled(joined.upper_bound, joined.lower_bound, size, config) {
        joined.status = EpaStatus::Converged;
    }
    joined
}

/// The size of `A − B` as EPA measures it (the largest coordinate of its points, A's
/// frame), from its support points along the six axes: the scale of the rounding floor.
fn extent<A: SupportMap, B: SupportMap>(md: &MinkowskiDifference<A, B>) -> f64 {
    let mut size: f64 = 0.0;
    let mut hints = SupportHints::NONE;
    for k in 0..6 {
        let mut axis = Vector3::zeros();
        axis[k / 2] = if k % 2 == 0 { 1.0 } else { -1.0 };
        let w = md.support_vertex(&axis, &mut hints).w.coords;
        size = size.max(w.amax());
    }
    size
}

/// `n` and 24 unit directions round it: four rings at angles `0.2 · 5⁻ᵏ`, six
/// directions each, turned by 30° from one ring to the next.
fn rings(n: &Vector3<f64>) -> [Vector3<f64>; 1 + 6 * RINGS] {
    let [u, v] = crate::shape::orthonormal_basis(n);
    std::array::from_fn(|i| {
        if i == 0 {
            return *n;
        }
        let (ring, k) = ((i - 1) / 6, (i - 1) % 6);
        let angle = 0.2 / 5f64.powi(ring as i32);
        let turn =
            std::f64::consts::FRAC_PI_3 * k as f64 + std::f64::consts::FRAC_PI_6 * ring as f64;
        *n * angle.cos() + (u * turn.cos() + v * turn.sin()) * angle.sin()
    })
}
