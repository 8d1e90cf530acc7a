//! Projection of the origin onto a triangle (the 2-simplex).
//!
//! Tried and dropped: a branch-free Voronoi classification (nine sign bits indexing a
//! 512-entry region table and one jump), whose single indirect jump the predictor learns
//! far worse than the chain of conditional branches it would replace.

use nalgebra::{Point3, Vector3};

use crate::segment::segment;
use crate::{Projection, place};

/// Below this sine of the angle at the anchor vertex, the computed normal is dominated
/// by rounding and the triangle is treated as a segment.
const COLLINEAR_SINE: f64 = 1e-13;

/// Below this sine of the angle at the anchor vertex, the weights get iterative
/// refinement, up to [`MAX_REFINEMENTS`] steps (Cramer's rule alone leaves a residual of
/// `ε / sine`).
pub(crate) const THIN_SINE: f64 = 1e-2;

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
    triangle::<0, 1, 2>(a, b, c)
}

/// [`project_triangle`] for a face of a larger simplex, in which `a`, `b`, `c` are
/// vertices `I`, `J`, `K` (constants, so the weights are placed without runtime
/// indexing).
#[inline]
pub(crate) fn triangle<const I: usize, const J: usize, const K: usize>(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
) -> Projection {
    match classify(a, b, c) {
        Face::Inside { point, lambda } => Projection {
            point,
            weights: place(lambda, [I, J, K]),
            support: (1 << I) | (1 << J) | (1 << K),
        },
        // Bit `i` of `visible`: the edge opposite vertex `i`. The coordinates sum to
        // `n·n > 0`, so at most two edges are visible, and two visible edges share a
        // vertex. One jump on the mask rather than a chain of unpredictable branches.
        Face::Outside { visible } => match visible {
            0b100 => segment::<I, J>(a, b),
            0b010 => segment::<I, K>(a, c),
            0b001 => segment::<J, K>(b, c),
            0b110 => wedge::<I>(a, b, c, || segment::<I, J>(a, b), || segment::<I, K>(a, c)),
            0b101 => wedge::<J>(b, a, c, || segment::<I, J>(a, b), || segment::<J, K>(b, c)),
            0b011 => wedge::<K>(c, a, b, || segment::<I, K>(a, c), || segment::<J, K>(b, c)),
            _ => collinear::<I, J, K>(a, b, c),
        },
    }
}

/// Collinear points (or NaN): the nearest of the three edges, ties to the lowest indices
/// (three equal points give the first vertex). Out of line: rare, and three more edge
/// projections would bloat every face kernel.
#[cold]
#[inline(never)]
fn collinear<const I: usize, const J: usize, const K: usize>(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
) -> Projection {
    segment::<I, J>(a, b)
        .nearer(segment::<I, K>(a, c))
        .nearer(segment::<J, K>(b, c))
}

/// Where the origin projects relative to a triangle's plane.
pub(crate) enum Face {
    /// Strictly inside: the foot of the origin and its barycentric coordinates.
    Inside {
        point: Point3<f64>,
        lambda: [f64; 3],
    },
    /// Outside (or on the boundary): bit `i` is set when the origin sees the edge
    /// opposite vertex `i` from outside. All three for a collinear triangle.
    Outside { visible: u8 },
}

/// The signed-area classification of the derivation above, with refinement for thin
/// triangles; shared by [`project_triangle`] and the faces of a tetrahedron.
#[inline(always)]
pub(crate) fn classify(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>) -> Face {
    let e1 = b - a;
    let e2 = c - a;
    let n = e1.cross(&e2);
    let nn = n.norm_squared();
    let g = n.cross(&a.coords);
    let mut u_c = e1.dot(&g);
    let mut u_b = -e2.dot(&g);
    let mut u_a = nn - u_b - u_c;
    let bound = e1.norm_squared() * e2.norm_squared();
    if nn < THIN_SINE * THIN_SINE * bound {
        if nn <= COLLINEAR_SINE * COLLINEAR_SINE * bound {
            return Face::Outside { visible: 0b111 };
        }
        [u_a, u_b, u_c] = refine(a, &e1, &e2, &n, nn, [u_a, u_b, u_c]);
    }
    if (u_a > 0.0) & (u_b > 0.0) & (u_c > 0.0) {
        let inv = 1.0 / nn;
        let lambda = [u_a * inv, u_b * inv, u_c * inv];
        return Face::Inside {
            point: a + e1 * lambda[1] + e2 * lambda[2],
            lambda,
        };
    }
    // A NaN fails every comparison: then all three edges are searched.
    let visible = u8::from(u_a <= 0.0) | u8::from(u_b <= 0.0) << 1 | u8::from(u_c <= 0.0) << 2;
    Face::Outside {
        visible: if visible == 0 { 0b111 } else { visible },
    }
}

/// Iterative refinement of the coordinates `[u_a, u_b, u_c]` of a thin triangle:
/// re-anchor at the computed foot `x` and add the coordinates of the true foot relative
/// to `x`, until the step stops shrinking.
#[cold]
#[inline(never)]
fn refine(
    a: &Point3<f64>,
    e1: &Vector3<f64>,
    e2: &Vector3<f64>,
    n: &Vector3<f64>,
    nn: f64,
    [mut u_a, mut u_b, mut u_c]: [f64; 3],
) -> [f64; 3] {
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
    [u_a, u_b, u_c]
}

/// The answer when the origin sees the two edges `vp` and `vq` that meet at vertex `v`
/// (vertex `V` of the caller).
///
/// The vertex is the answer when the origin is beyond it along both edges
/// (`(p - v)·v ≥ 0`, its Voronoi region). Otherwise, if the projection on the first edge
/// lands inside it, the foot of the origin on the plane lies in that edge's Voronoi
/// region (beyond the edge's line, between the normals at its ends), so the second edge
/// need not be visited.
#[inline]
fn wedge<const V: usize>(
    v: &Point3<f64>,
    p: &Point3<f64>,
    q: &Point3<f64>,
    first: impl FnOnce() -> Projection,
    second: impl FnOnce() -> Projection,
) -> Projection {
    if ((p - v).dot(&v.coords) >= 0.0) & ((q - v).dot(&v.coords) >= 0.0) {
        return Projection::vertex(v, V);
    }
    let first = first();
    if first.support_len() == 2 {
        first
    } else {
        first.nearer(second())
    }
}
