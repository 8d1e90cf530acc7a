//! Projection of the origin onto a triangle (the 2-simplex).

use nalgebra::Point3;

use crate::{Projection, project_segment};

/// Below this sine of the angle at the anchor vertex, the computed normal is dominated
/// by rounding and the triangle is treated as a segment.
const COLLINEAR_SINE: f64 = 1e-13;

/// Below this sine of the angle at the anchor vertex, the weights get one step of
/// iterative refinement (Cramer's rule alone leaves a residual of `ε / sine`).
const THIN_SINE: f64 = 1e-2;

/// Refinement steps for thin triangles; each multiplies the residual by about
/// `ε / sine`, so six reach rounding level down to the collinearity threshold.
const MAX_REFINEMENTS: usize = 6;

/// Projects the origin onto the triangle `abc`.
///
/// Weights are in the order `[a, b, c]`. Collinear or repeated points fall back to the
/// nearest of the three edges.
///
/// # Derivation
///
/// With `e₁ = b - a`, `e₂ = c - a` and `n = e₁ × e₂`, the origin `o` projects onto the
/// plane at `o'`, and the barycentric coordinates of `o'` are the signed areas of the
/// sub-triangles with one vertex replaced by `o'`, measured along `n` (scaled by `|n|²`):
///
/// ```text
/// u_c = n·((a - o') × (b - o')) = n·(a × e₁) = e₁·(n × a)
/// u_b = n·((c - o') × (a - o')) = n·(e₂ × a) = -e₂·(n × a)
/// u_a = n·n - u_b - u_c
/// ```
///
/// (`o' - o` is parallel to `n`, so it drops out of every triple product.) Montanari et
/// al. (2017, §3.2) take these 2×2 minors on the coordinate plane of largest projected
/// area, i.e. the single largest term of `n·x = Σ_k n_k x_k`; using the whole dot product
/// gives the same signs without a branch and without forming `o'`. One cross product
/// `g = n × a` serves both `u_b` and `u_c`.
///
/// If all three are positive, `o'` is inside and `λ = u / n·n`. Otherwise the closest
/// point lies on an edge whose opposite coordinate is `≤ 0` (the origin sees that edge
/// from outside), and only those edges are projected.
///
/// The rounding error of `n` is about `ε |e₁| |e₂|`; when `|n|` is not well above it
/// (`|n| ≤ 1e-13 |e₁| |e₂|`, i.e. collinear points) the normal carries no information
/// and all three edges are projected instead. The triangle is then thinner than
/// `1e-13` times its longest edge, which bounds the error of that fallback.
#[must_use]
#[inline]
pub fn project_triangle(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>) -> Projection {
    let e1 = b - a;
    let e2 = c - a;
    let n = e1.cross(&e2);
    let nn = n.norm_squared();
    let bound = e1.norm_squared() * e2.norm_squared();
    if nn <= COLLINEAR_SINE * COLLINEAR_SINE * bound {
        return edge(b, c, [1, 2])
            .nearer(edge(c, a, [2, 0]))
            .nearer(edge(a, b, [0, 1]));
    }
    let g = n.cross(&a.coords);
    let mut u_c = e1.dot(&g);
    let mut u_b = -e2.dot(&g);
    let mut u_a = nn - u_b - u_c;
    if nn < THIN_SINE * THIN_SINE * bound {
        // Iterative refinement: re-anchor at the computed foot `x` and add the
        // coordinates of the true foot relative to `x`, until the step stops shrinking.
        let inv = 1.0 / nn;
        let mut previous = f64::INFINITY;
        for _ in 0..MAX_REFINEMENTS {
            let x = a + e1 * (u_b * inv) + e2 * (u_c * inv);
            let g = n.cross(&x.coords);
            let (du_c, du_b) = (e1.dot(&g), -e2.dot(&g));
            u_b += du_b;
            u_c += du_c;
            u_a -= du_b + du_c;
            let step = (e1 * du_b + e2 * du_c).norm_squared();
            let shrinking = step < 0.25 * previous; // false for NaN too
            if !shrinking {
                break;
            }
            previous = step;
        }
    }
    if u_a > 0.0 && u_b > 0.0 && u_c > 0.0 {
        let inv = 1.0 / nn;
        let (lambda_a, lambda_b, lambda_c) = (u_a * inv, u_b * inv, u_c * inv);
        return Projection {
            point: a + e1 * lambda_b + e2 * lambda_c,
            weights: [lambda_a, lambda_b, lambda_c, 0.0],
            support: 0b111,
        };
    }
    // At most two coordinates are non-positive (they sum to n·n > 0).
    let mut best: Option<Projection> = None;
    for (u, p, q, index) in [
        (u_a, b, c, [1, 2]),
        (u_b, c, a, [2, 0]),
        (u_c, a, b, [0, 1]),
    ] {
        if u <= 0.0 {
            let candidate = edge(p, q, index);
            best = Some(best.map_or(candidate, |best| best.nearer(candidate)));
        }
    }
    // Some coordinate is `<= 0` here unless the input held a NaN; never assume it.
    best.unwrap_or_else(|| {
        edge(b, c, [1, 2])
            .nearer(edge(c, a, [2, 0]))
            .nearer(edge(a, b, [0, 1]))
    })
}

/// The edge `pq` of a larger simplex, in which `p` and `q` are vertices `index`.
#[inline]
fn edge(p: &Point3<f64>, q: &Point3<f64>, index: [usize; 2]) -> Projection {
    project_segment(p, q).remap(index)
}
