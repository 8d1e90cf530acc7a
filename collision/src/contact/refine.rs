//! A second EPA run for a first one that ran out of capacity or stalled, its vertices
//! gathered round the best direction the first found.
//!
//! EPA's lower bound is the nearest face of its polytope, and on curved pairs the
//! polytope has to fit `A − B` closely round the deepest direction before that face
//! comes within the tolerance. A run that starts from GJK's simplex spends most of its
//! 128 vertices shaping the rest of the polytope, in the order its nearest faces ask,
//! and on a pair whose deepest direction sits on a crease of the support function (a
//! cylinder's rim against a cone's side) can stop with bounds a few `1e-10` apart. The
//! second run starts from the same simplex with the support points along the best
//! direction `n` found and along 24 directions round it, on four rings at angles
//! `0.2 · 5⁻ᵏ` (`k = 0..3`, six directions each, turned by 30° from ring to ring): the
//! faces near `n` then start small, at every scale down to `1.6e-3` rad, and the
//! expansions go where the bracket is still open.
//!
//! Both runs' bounds are proven (a face of a polytope inside `A − B` below the depth, a
//! support value above it), so the answer keeps the higher lower bound and the better
//! upper bound, and is converged when they are within the tolerance of each other.

use crate::epa::{EpaConfig, EpaOutput, EpaStatus, Polytope, Start, epa_seeded};
use crate::observer::Observer;
use crate::shape::{MinkowskiDifference, SupportMap};
use nalgebra::{Isometry3, Vector3};

/// How many rings of directions seed the second run.
const RINGS: usize = 4;

/// Gains below this times the size of the points involved are rounding (as EPA's).
const ROUNDING_RELATIVE: f64 = 64.0 * f64::EPSILON;

/// `first`, or the joined answer of it and a second run seeded round its normal when
/// `first` did not converge (see the module docs).
pub(super) fn refine<A, B, S, O>(
    first: EpaOutput,
    md: &MinkowskiDifference<A, B>,
    start: &S,
    config: &EpaConfig,
    polytope: &mut Polytope,
    pose_a: &Isometry3<f64>,
    observer: &mut O,
) -> EpaOutput
where
    A: SupportMap,
    B: SupportMap,
    S: Start + ?Sized,
    O: Observer + ?Sized,
{
    if !matches!(first.status, EpaStatus::OutOfCapacity | EpaStatus::Stalled) {
        return first;
    }
    let directions = rings(&first.normal);
    let second = epa_seeded(md, start, &directions, config, polytope, pose_a, observer);
    if second.status == EpaStatus::Converged {
        return second;
    }
    if second.status == EpaStatus::Degenerate {
        return first;
    }
    let best = if second.upper_bound < first.upper_bound {
        second
    } else {
        first
    };
    let lower = first.lower_bound.max(second.lower_bound);
    let scale = best.point_a.coords.amax().max(best.point_b.coords.amax());
    let proven = best.upper_bound - lower
        <= config.relative_tolerance * best.upper_bound.max(0.0) + ROUNDING_RELATIVE * scale;
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
