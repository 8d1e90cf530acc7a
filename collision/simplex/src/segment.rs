//! Projection of the origin onto a segment (the 1-simplex).

use nalgebra::Point3;

use crate::Projection;

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
/// by `1e8` keeps full relative accuracy, and a zero-length segment lands in the first
/// branch (no division by zero).
#[must_use]
#[inline]
pub fn project_segment(a: &Point3<f64>, b: &Point3<f64>) -> Projection {
    let e = b - a;
    let u_b = -a.coords.dot(&e);
    if u_b <= 0.0 {
        return Projection::vertex(a, 0);
    }
    let u_a = b.coords.dot(&e);
    if u_a <= 0.0 {
        return Projection::vertex(b, 1);
    }
    // Both are positive, so the sum is too and the weights are in (0, 1].
    let sum = u_a + u_b;
    let lambda_a = u_a / sum;
    let lambda_b = u_b / sum;
    // Anchor at the vertex with the larger weight: the correction term is then at most
    // half the segment, which halves its rounding error.
    let point = if lambda_b <= lambda_a {
        a + e * lambda_b
    } else {
        b - e * lambda_a
    };
    Projection {
        point,
        weights: [lambda_a, lambda_b, 0.0, 0.0],
        support: 0b11,
    }
}
