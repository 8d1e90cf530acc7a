//! What follows an EPA run that ran out of capacity or stalled: the closed-form bound of
//! a witness point (`witness.rs`), then a second EPA run, its vertices gathered round the
//! best direction the first found.
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
//! highest lower bound and the best upper bound, and is converged when they are within
//! the tolerance of each other.
//!
//! # Why a second run at all
//!
//! The polytope holds 512 vertices (see [`crate::epa::MAX_VERTICES`] for why that many),
//! enough for every crease measured but one; the witness bound and the second run are
//! for what is left, and neither costs a run that converges.

use super::revolution::{Bracket, settled};
use crate::epa::{EpaConfig, EpaOutput, EpaStatus, Start, epa_seeded};
use crate::observer::Observer;
use crate::shape::{MinkowskiDifference, SupportMap};
use nalgebra::{Isometry3, Vector3};

/// How many rings of directions seed the second run.
const RINGS: usize = 4;

/// `first`, or when it did not converge the joined answer of it, the `witness` bracket
/// from its normal (`contact/witness.rs`) and, if that is not enough, a second run
/// seeded round its normal (see the module docs).
#[allow(clippy::too_many_arguments)]
pub(super) fn refine<A, B, S, O, W>(
    first: EpaOutput,
    md: &MinkowskiDifference<A, B>,
    start: &S,
    config: &EpaConfig,
    pose_a: &Isometry3<f64>,
    observer: &mut O,
    witness: W,
) -> EpaOutput
where
    A: SupportMap,
    B: SupportMap,
    S: Start + ?Sized,
    O: Observer + ?Sized,
    W: Fn(&Vector3<f64>) -> Option<Bracket>,
{
    if !matches!(first.status, EpaStatus::OutOfCapacity | EpaStatus::Stalled) {
        return first;
    }
    let first = join(first, witness(&first.normal), config);
    if first.status == EpaStatus::Converged {
        return first;
    }
    let directions = rings(&first.normal);
    let second = super::with_refined_polytope(|polytope| {
        epa_seeded(md, start, &directions, config, polytope, pose_a, observer)
    });
    if second.status == EpaStatus::Converged {
        return second;
    }
    if second.status == EpaStatus::Degenerate {
        return first;
    }
    let second = join(second, witness(&second.normal), config);
    let best = if second.upper_bound < first.upper_bound {
        second
    } else {
        first
    };
    let lower = first.lower_bound.max(second.lower_bound);
    let proven = settled(best.upper_bound, lower, scale_of(&best), config);
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
fn join(out: EpaOutput, bracket: Option<Bracket>, config: &EpaConfig) -> EpaOutput {
    let Some(k) = bracket else {
        let mut out = out;
        if settled(out.upper_bound, out.lower_bound, scale_of(&out), config) {
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
    let scale = k.scale.max(scale_of(&joined));
    if settled(joined.upper_bound, joined.lower_bound, scale, config) {
        joined.status = EpaStatus::Converged;
    }
    joined
}

/// The size of the coordinates of `out`'s witness points (A's frame), for the rounding
/// floor.
fn scale_of(out: &EpaOutput) -> f64 {
    out.point_a.coords.amax().max(out.point_b.coords.amax())
}

/// `n` and 24 unit directions round it: four rings at angles `0.2 · 5⁻ᵏ`, six
/// directions each, turned by 30° from one ring to the next.
fn rings(n: &Vector3<f64>) -> [Vector3<f64>; 1 + 6 * RINGS] {
    let helper = if n.x.abs() < 0.6 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let u = n.cross(&helper).normalize();
    let v = n.cross(&u);
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
