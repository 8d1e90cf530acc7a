//! Projection of the origin onto a tetrahedron (the 3-simplex).
//!
//! Tried and dropped: testing the nearest vertex's Voronoi region early (vertex answers
//! get cheaper, every other answer pays one more unpredictable branch); one face kernel
//! taking the vertex indices as data instead of four instantiations (placing the
//! weights by selection costs more than the jump).

use nalgebra::{Point3, Vector3};

use crate::Projection;
use crate::place;
use crate::thin::{all_faces, thin};
use crate::triangle::{THIN_SINE, triangle};

/// Relative size of the volume determinant below which the weights get iterative
/// refinement (Cramer's rule alone leaves a residual growing as `1 / volume`) or, much
/// thinner, double-double cofactors (`thin.rs`).
const THIN_VOLUME: f64 = 1e-2;

/// Projects the origin onto the (solid) tetrahedron `abcd`.
///
/// Weights are in the order `[a, b, c, d]`. When the origin is inside, the point is the
/// origin itself and the support is `0b1111`. Flat or repeated-point tetrahedra fall back
/// to the nearest of their four faces.
///
/// # Derivation
///
/// The barycentric coordinates of the origin `o` are the cofactors of the last row of
///
/// ```text
///     | a  b  c  d |
/// M = | 1  1  1  1 |       (a..d as columns of coordinates)
/// ```
///
/// over `det M`: each is the signed volume (times six) of the tetrahedron with one vertex
/// replaced by `o`. Anchored at `a` with `e₁ = b - a`, `e₂ = c - a`, `e₃ = d - a`
/// (Montanari et al. 2017, §3.1, written with triple products):
///
/// ```text
/// V   = det[e₁, e₂, e₃]     =  e₁·(e₂ × e₃)
/// V_b = det[o - a, e₂, e₃]  = -a·(e₂ × e₃)
/// V_c = det[e₁, o - a, e₃]  =  e₃·(a × e₁)
/// V_d = det[e₁, e₂, o - a]  = -e₂·(a × e₁)
/// V_a = V - V_b - V_c - V_d
/// ```
///
/// so two cross products, `e₂ × e₃` and `a × e₁`, give all five. If every `V_i` has the
/// sign of `V`, the origin is inside and `λ = V_i / V`. Otherwise the closest point lies
/// on a face whose cofactor has the other sign or is zero (the origin sees that face from
/// outside, or lies in its plane), and only those faces are projected.
///
/// Unlike the book, the sign pattern is also used to try the likely answer first. Two
/// visible faces share an edge, three share a vertex; the Voronoi region of that edge
/// (or of its end points) or of that vertex is tested with a few dot and cross products
/// (`edge_region`) before any face is projected; a failed test names the face to project
/// first. A single visible face holds the answer. Otherwise a face's answer ends the
/// search when it is conclusive for the tetrahedron (`settles`): inside the face, inside
/// an edge whose Voronoi region holds the origin (the other face at the edge hidden; on
/// flat tetrahedra, whose faces may be degenerate, the edge's own region test), or a
/// vertex the origin is ahead of along all three of its edges.
///
/// # Accuracy
///
/// Cramer's rule leaves a residual `Σ λ_i p_i` of about `ε |p| / r`, where `r = |V| /
/// (|e₁|∞ |e₂|∞ |e₃|∞)` is the relative volume. Below `r = 1e-2` the cofactors are
/// refined iteratively (re-anchored at the computed point), which restores a residual of
/// a few `ε |p|`. The rounding error of `V` itself is about `48 ε` relative, so below
/// `r = 1e-12` its sign is not trusted and the cofactors are recomputed in
/// double-double arithmetic on exact edge vectors (`exact.rs`). Only when even that
/// volume is below its rounding bound (`r ≤ 1e-29`) is the tetrahedron flat, and the
/// nearest of its four faces (which cover it) is returned.
#[must_use]
#[inline]
pub fn project_tetrahedron(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
) -> Projection {
    let e1 = b - a;
    let e2 = c - a;
    let e3 = d - a;
    let n_b = e2.cross(&e3);
    let volume = e1.dot(&n_b);
    let scale = max_abs(&e1) * max_abs(&e2) * max_abs(&e3);
    // Thin, flat or non-finite (NaN fails the test): out of line, so that the common
    // path keeps its cofactors in registers (a join with the rare paths would pass
    // them through memory, and their reload would stall on store forwarding).
    let regular = volume.abs() > THIN_VOLUME * scale;
    if !regular {
        return thin(a, b, c, d, [e1, e2, e3, n_b], volume, scale);
    }
    let (v_b, v_c, v_d) = cofactors(&a.coords, &e1, &e2, &e3, &n_b);
    classified(
        a,
        b,
        c,
        d,
        volume,
        [volume - v_b - v_c - v_d, v_b, v_c, v_d],
        false,
    )
}

/// The answer from the volume `V` and the cofactors `[V_a, V_b, V_c, V_d]` (see
/// [`project_tetrahedron`]). `flat`: the volume is below `1e-12` of the scale (oriented
/// in double-double), so a face may be degenerate (see [`settles`]).
#[inline(always)]
pub(crate) fn classified(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
    volume: f64,
    [v_a, v_b, v_c, v_d]: [f64; 4],
    flat: bool,
) -> Projection {
    // Orient so that "inside" means positive.
    let sign = 1f64.copysign(volume);
    let (s_a, s_b, s_c, s_d) = (sign * v_a, sign * v_b, sign * v_c, sign * v_d);
    // Bit `i`: the origin sees the face opposite vertex `i` (or lies in its plane).
    // Built without short-circuiting: one branch on the mask instead of a chain of
    // unpredictable ones.
    let visible = u8::from(s_a <= 0.0)
        | u8::from(s_b <= 0.0) << 1
        | u8::from(s_c <= 0.0) << 2
        | u8::from(s_d <= 0.0) << 3;
    // NaN cofactors (only from non-finite input) compare false both ways: treat them as
    // outside so that every face is searched.
    let inside = (s_a > 0.0) & (s_b > 0.0) & (s_c > 0.0) & (s_d > 0.0);
    if inside {
        let inv = 1.0 / volume;
        return Projection {
            point: Point3::origin(),
            weights: [v_a * inv, v_b * inv, v_c * inv, v_d * inv],
            support: 0b1111,
        };
    }
    let points = [a, b, c, d];
    let hidden = !visible & 0b1111;
    let count = VISIBLE_COUNT[usize::from(visible)];
    // Two visible faces share the edge between the two vertices whose faces are hidden;
    // the answer is usually on that edge or at one of its ends. The most common case,
    // so tested first.
    if count == 2 {
        let (k, l) = (lowest_bit(hidden), highest_bit(hidden));
        let (i, j) = (lowest_bit(visible), highest_bit(visible));
        return match edge_region_at(&points, [k, l, i, j]) {
            Ok(q) => q,
            // The face the failed test names, then the other visible one.
            Err(first) => {
                let m = lowest_bit(first);
                let q = face(&points, m);
                if settles(&q, m, visible, &points, flat) {
                    return q;
                }
                let m = lowest_bit(visible & !first);
                let r = face(&points, m);
                if settles(&r, m, visible, &points, flat) {
                    r
                } else {
                    q.nearer(r)
                }
            }
        };
    }
    // The closest point lies on a visible face: with one, its answer is final.
    if count == 1 {
        return face(&points, lowest_bit(visible));
    }
    // Three visible faces meet at the vertex whose opposite face is hidden; the answer
    // is often that vertex (its Voronoi region: beyond it along all three of its edges).
    if count == 3 {
        let v = lowest_bit(hidden);
        let p = points[v];
        let [x, y, z] = OTHERS[v];
        let behind = |m: usize| (points[m] - p).dot(&p.coords) >= 0.0;
        let behind = [behind(x), behind(y), behind(z)];
        if behind == [true; 3] {
            return Projection::vertex(p, v);
        }
        // Otherwise try the edges from `v` along which the origin lies ahead of it;
        // both faces at such an edge are visible.
        for (m, others) in [(x, [y, z]), (y, [x, z]), (z, [x, y])]
            .into_iter()
            .zip(behind)
            .filter_map(|(edge, behind)| (!behind).then_some(edge))
        {
            if let Ok(q) = edge_region(&points, [v, m, others[0], others[1]]) {
                return q;
            }
        }
    }
    visible_faces(a, b, c, d, visible, 0, flat)
}

/// The general outside case: visit the faces the origin sees (bit `i` of `visible`: the
/// face opposite vertex `i`), those of `first` before the others. A face answer that
/// [`settles`] the question ends the search; otherwise the nearest of the faces'
/// answers. Kept out of line so the common paths above stay small.
#[inline(never)]
fn visible_faces(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
    visible: u8,
    first: u8,
    flat: bool,
) -> Projection {
    let points = [a, b, c, d];
    // The face of `first` (at most one bit), then the others from the highest bit.
    let mut todo = visible & !first;
    let mut m = lowest_bit(first);
    if first & visible == 0 {
        // Some face is visible unless the input held a NaN; never assume it.
        if todo == 0 {
            return all_faces(a, b, c, d);
        }
        m = highest_bit(todo);
        todo &= !(1 << m);
    }
    let mut best = face(&points, m);
    if settles(&best, m, visible, &points, flat) {
        return best;
    }
    while todo != 0 {
        m = highest_bit(todo);
        todo &= !(1 << m);
        let q = face(&points, m);
        if settles(&q, m, visible, &points, flat) {
            return q;
        }
        best = best.nearer(q);
    }
    best
}

/// The projection onto the face opposite vertex `m`, with the weights in the
/// tetrahedron's numbering.
#[inline(never)]
fn face([a, b, c, d]: &[&Point3<f64>; 4], m: usize) -> Projection {
    match m {
        3 => triangle::<0, 1, 2>(a, b, c),
        2 => triangle::<0, 1, 3>(a, b, d),
        1 => triangle::<0, 2, 3>(a, c, d),
        _ => triangle::<1, 2, 3>(b, c, d),
    }
}

/// Whether `q`, the answer for the face opposite vertex `m`, is the tetrahedron's answer.
///
/// A point inside the face is (the origin lies in the face's Voronoi region). A vertex
/// `v` is when the origin lies ahead of `v` along its three edges, i.e. in the vertex's
/// Voronoi region (see [`ahead_of`]).
///
/// A point inside an edge `uv` is when the origin lies in the edge's Voronoi region. On a
/// tetrahedron of relative volume above `1e-12` no face is degenerate (the sine of each
/// face's angles is at least the relative volume over `3√3`, about twice the triangle
/// kernel's collinearity threshold of `1e-13`), so the face's answer means that the
/// origin lies beyond the edge within the face; the edge is then the answer when the
/// other face at that edge (opposite the face's third vertex `w`) is hidden: in the plane
/// across the edge, the origin lies beyond the visible face's plane and beyond the edge
/// within that face, and on the inner side of the hidden face's plane; since the two
/// faces meet at an angle below π, it then lies beyond the edge within the hidden face
/// too.
///
/// On a `flat` one (oriented in double-double) a face may be collinear to `f64`, and its
/// answer is then the nearest of its edges, which says nothing about which side of that
/// edge the origin is on. Taking it as above put the answer of flat tetrahedra with three
/// collinear points (`c = a + 0.37 (b − a)`, relative volume about 1e-16) on an edge up to
/// 51 % farther than the true one, on the face across it. There the edge is tested on its
/// own: the origin beyond it within both faces that meet there ([`edge_region`], which
/// declines when either face is thin). Declining costs nothing in accuracy: the search
/// goes on, and the nearest of the visible faces' answers is the closest point.
#[inline(always)]
fn settles(q: &Projection, m: usize, visible: u8, points: &[&Point3<f64>; 4], flat: bool) -> bool {
    match q.support_len() {
        3 => true,
        2 if flat => {
            let (k, l) = (lowest_bit(q.support), highest_bit(q.support));
            let rest = 0b1111 & !q.support;
            matches!(
                edge_region(points, [k, l, lowest_bit(rest), highest_bit(rest)]),
                Ok(r) if r.support == q.support
            )
        }
        2 => {
            let w = lowest_bit(0b1111 & !(1 << m) & !q.support);
            visible & (1 << w) == 0
        }
        _ => {
            let v = lowest_bit(q.support);
            ahead_of(points, v, OTHERS[v])
        }
    }
}

/// Whether the origin lies ahead of vertex `v` along its edges to the vertices
/// `others`: `(p_x - p_v)·p_v ≥ 0`, i.e. `(o - p_v)·(p_x - p_v) ≤ 0`. For all three
/// edges, every point `p_v + Σ μ_x (p_x - p_v)` (`μ ≥ 0`) of the tetrahedron is then no
/// nearer than `p_v`: the origin is in the vertex's Voronoi region (Ericson 2005,
/// §5.1.6), whatever the volume.
#[inline(always)]
fn ahead_of(points: &[&Point3<f64>; 4], v: usize, others: [usize; 3]) -> bool {
    let p = points[v];
    others
        .iter()
        .all(|&x| (points[x] - p).dot(&p.coords) >= 0.0)
}

/// The projection onto edge `kl` if the origin lies in the edge's Voronoi region, or
/// onto vertex `k` or `l` if it lies in one of theirs, given the other two vertices `i`
/// and `j` (`edge` is `[k, l, i, j]`). When neither test succeeds, the face (as a mask: opposite `i` or `j`) in
/// which a test failed, where the answer most likely lies.
///
/// # Derivation
///
/// With `E = p_l - p_k`, the foot of the origin on the edge's line is inside the edge
/// when `u_l = -p_k·E > 0` and `u_k = p_l·E > 0` (the segment's signed lengths). The
/// origin is beyond the edge within face `klx` (`x` = `i` or `j`) when that face's
/// signed area for `x`, exactly as [`crate::project_triangle`] computes it, is `≤ 0`:
///
/// ```text
/// u_x = n_x·(p_k × E),   n_x = E × (p_x - p_k)
/// ```
///
/// Beyond the edge in both adjacent faces and with its foot inside, the origin lies in
/// the edge's Voronoi region (the normal cone spanned by the two faces' outward
/// normals), so the edge holds the closest point. A thin face (sine below `THIN_SINE`)
/// needs the triangle kernel's refinement, so then no shortcut is taken.
#[inline(never)]
fn edge_region(points: &[&Point3<f64>; 4], edge: [usize; 4]) -> Result<Projection, u8> {
    edge_region_at(points, edge)
}

/// [`edge_region`], inlined into the two-visible-faces path.
#[inline(always)]
fn edge_region_at(points: &[&Point3<f64>; 4], [k, l, i, j]: [usize; 4]) -> Result<Projection, u8> {
    let (p_k, p_l) = (points[k], points[l]);
    let e = p_l - p_k;
    let u_l = -p_k.coords.dot(&e);
    let u_k = p_l.coords.dot(&e);
    if (u_l <= 0.0) | (u_k <= 0.0) {
        // The foot is beyond `k` (or `l`): that vertex is the answer when the origin
        // is beyond it along its other two edges as well (its Voronoi region).
        let (v, p_v) = if u_l <= 0.0 { (k, p_k) } else { (l, p_l) };
        let behind = |x: usize| (points[x] - p_v).dot(&p_v.coords) >= 0.0;
        // Not ahead of `v` towards `i`: the answer is likely in face `vi·`, which is
        // the one opposite `j`.
        return match (behind(i), behind(j)) {
            (true, true) => Ok(Projection::vertex(p_v, v)),
            (false, _) => Err(1 << j),
            (true, false) => Err(1 << i),
        };
    }
    let moment = p_k.coords.cross(&e);
    let ee = e.norm_squared();
    let beyond = |x: usize| {
        let d = points[x] - p_k;
        let n = e.cross(&d);
        let nn = n.norm_squared();
        (nn >= THIN_SINE * THIN_SINE * ee * d.norm_squared()) & (n.dot(&moment) <= 0.0)
    };
    // Not beyond the edge within face `kli` (opposite `j`): the answer is likely in it.
    match (beyond(i), beyond(j)) {
        (false, _) => return Err(1 << j),
        (true, false) => return Err(1 << i),
        (true, true) => {}
    }
    let inv = 1.0 / (u_k + u_l);
    let (lambda_k, lambda_l) = (u_k * inv, u_l * inv);
    let weights = place([lambda_k, lambda_l], [k, l]);
    Ok(Projection {
        point: if lambda_l <= lambda_k {
            p_k + e * lambda_l
        } else {
            p_l - e * lambda_k
        },
        weights,
        support: (1 << k) | (1 << l),
    })
}

/// Largest absolute coordinate (plain comparisons: inputs are finite).
#[inline]
fn max_abs(v: &Vector3<f64>) -> f64 {
    let max = |p: f64, q: f64| if p > q { p } else { q };
    max(max(v.x.abs(), v.y.abs()), v.z.abs())
}

/// Number of set bits of a 4-bit mask.
const VISIBLE_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// For each vertex, the other three.
const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];

/// Index of the lowest set bit of a non-zero 4-bit mask.
#[inline]
fn lowest_bit(mask: u8) -> usize {
    mask.trailing_zeros() as usize & 3
}

/// Index of the highest set bit of a non-zero 4-bit mask.
#[inline]
fn highest_bit(mask: u8) -> usize {
    (7 - mask.leading_zeros() as usize) & 3
}

/// The cofactors `V_b, V_c, V_d` of the derivation for an anchor `a` (the vector from
/// the origin to the anchor), with `n_b = e₂ × e₃`.
#[inline]
pub(crate) fn cofactors(
    a: &Vector3<f64>,
    e1: &Vector3<f64>,
    e2: &Vector3<f64>,
    e3: &Vector3<f64>,
    n_b: &Vector3<f64>,
) -> (f64, f64, f64) {
    let p = a.cross(e1);
    (-a.dot(n_b), e3.dot(&p), -e2.dot(&p))
}
