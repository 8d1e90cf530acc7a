//! Projection of the origin onto a segment (the 1-simplex).

use nalgebra::Point3;

use crate::{Projection, place};

/// Projects the origin onto the segment `ab`.
///
/// Weights are in the order `[a, b]`; a repeated point (`a == b`) returns vertex `a`.
///
/// # Derivation
///
/// With `e = b - a`, the origin `o` projects onto the line at `a + λ_b e`, where the
/// signed lengths (1-D signed volumes, scaled by `|e|²`) of the two sub-segments are
///
/// ```text
/// u_b = (o - a)·e = -a·e      (length of a→o', the weight of b)
/// u_a = (b - o)·e =  b·e      (length of o'→b, the weight of a)
/// u_a + u_b = e·e
/// ```
///
/// Montanari et al. (2017, §3.2) project onto the coordinate axis of largest extent and
/// take 1-D cofactors there; `x·e = Σ_k x_k e_k` weights every axis by its extent, which
/// gives the same signs and ratios without choosing an axis or forming the projected
/// point. If `u_b ≤ 0` the origin lies beyond `a`, if `u_a ≤ 0` beyond `b`; otherwise
/// `λ = u / (u_a + u_b)`. Each `u` is a dot product of a vertex with the edge, so its
/// rounding error is relative to `|vertex||e|`: a segment of length `1e-12` or one offset
/// by `1e8` keeps full relative accuracy. A zero-length segment has `u_b = 0` and is
/// vertex `a`, so the division never sees `0 / 0`.
#[must_use]
#[inline]
pub fn project_segment(a: &Point3<f64>, b: &Point3<f64>) -> Projection {
    segment::<0, 1>(a, b)
}

/// [`project_segment`] for an edge of a larger simplex, in which `a` and `b` are
/// vertices `I` and `J` (constants, so the weights are placed without runtime indexing).
#[inline]
pub(crate) fn segment<const I: usize, const J: usize>(
    a: &Point3<f64>,
    b: &Point3<f64>,
) -> Projection {
    let e = b - a;
    let u_b = -a.coords.dot(&e);
    let u_a = b.coords.dot(&e);
    let beyond_a = u_b <= 0.0;
    if beyond_a | (u_a <= 0.0) {
        // A vertex: `a` when the origin is beyond it (also for `a == b`), else `b`.
        // Chosen by selection: which end is unpredictable, that it is an end often is
        // not (GJK's segments, the bench's batches).
        return Projection {
            point: Point3::new(
                select(beyond_a, a.x, b.x),
                select(beyond_a, a.y, b.y),
                select(beyond_a, a.z, b.z),
            ),
            weights: place(
                [select(beyond_a, 1.0, 0.0), select(beyond_a, 0.0, 1.0)],
                [I, J],
            ),
            support: u8::from(beyond_a) << I | u8::from(!beyond_a) << J,
        };
    }
    let inv = 1.0 / (u_a + u_b);
    let (lambda_a, lambda_b) = (u_a * inv, u_b * inv);
    Projection {
        point: a + e * lambda_b,
        weights: place([lambda_a, lambda_b], [I, J]),
        support: (1 << I) | (1 << J),
    }
}

/// `if condition { yes } else { no }`, meant to compile to a blend, not a branch.
#[inline(always)]
fn select(condition: bool, yes: f64, no: f64) -> f64 {
    if condition { yes } else { no }
}
