//! Exact, filtered orientation predicate and exact cross products.
//!
//! The hull's topology (which faces a new point sees) is decided with the
//! *exact* sign of an orientation determinant, so the visible region is always
//! a topological disk and the horizon a simple cycle, whatever the rounding.
//!
//! # Derivation
//! For a triangle `a, b, c` and a query `q`, put `A = a − q`, `B = b − q`,
//! `C = c − q`. Then
//!
//! ```text
//! det = ((b − a) × (c − a)) · (q − a) = −A · (B × C)
//! ```
//!
//! is `2·area·distance` of `q` above the plane of `a, b, c` (counter-clockwise
//! seen from outside). The floating-point value of `A · (B × C)` is within
//! `(7 + 56u)·u·P` of the exact one, where `P` is the permanent (the same sum
//! with absolute values) and `u = 2⁻⁵³` (Shewchuk 1997, "Adaptive Precision
//! Floating-Point Arithmetic and Fast Robust Geometric Predicates", bound
//! `o3derrboundA`, which covers the rounding of the differences too). When the
//! filter cannot decide, the determinant is evaluated exactly as a
//! non-overlapping expansion (Shewchuk's `Two-Sum`, `Two-Product`,
//! `Grow-Expansion`, `Scale-Expansion`), whose sign is the sign of its largest
//! component.
//!
//! The exact stage has two shortcuts, both exact: a difference that is exactly zero
//! (points sharing a coordinate, as on a box's faces) skips its products, and when all
//! nine differences are exact in `f64` (points on a common grid) the determinant of the
//! float differences is expanded directly (Shewchuk's stage B), beside the full
//! expansion it is tested against. The stage-B shortcut alone did not help clouds on a
//! box's surface (their free coordinates differ in exponent, so their differences are
//! rarely exact); the zero skip does.
//!
//! Expansions live in fixed stack arrays sized for their stage: a difference
//! has 2 components, a product of two differences at most 8, a cross
//! component at most 16, a difference times that at most 64, and the
//! determinant at most `3·64 + 1 = 193` (capacity 200).

use nalgebra::{Point3, Vector3};

/// Half an ulp of 1: the unit roundoff `u = 2⁻⁵³`.
const U: f64 = f64::EPSILON * 0.5;

/// Shewchuk's `o3derrboundA = (7 + 56u)·u`.
const ORIENT_BOUND: f64 = (7.0 + 56.0 * U) * U;

/// A non-overlapping expansion of at most `N` components, in increasing
/// magnitude.
struct Expansion<const N: usize> {
    len: usize,
    c: [f64; N],
}

impl<const N: usize> Expansion<N> {
    fn new() -> Self {
        Self {
            len: 0,
            c: [0.0; N],
        }
    }

    fn from_two(hi: f64, lo: f64) -> Self {
        let mut e = Self::new();
        if lo != 0.0 {
            e.c[0] = lo;
            e.len = 1;
        }
        e.c[e.len] = hi;
        e.len += 1;
        e
    }

    /// The value rounded to within `2u` of itself: the sum of the components from
    /// the smallest up. In a non-overlapping expansion every partial sum is below
    /// the next component's lowest bit, so only the last addition's rounding
    /// (`u`) and the one before it (below `u` of the largest component) matter.
    fn estimate(&self) -> f64 {
        self.c[..self.len].iter().sum()
    }

    /// Whether the value is zero (no component, or only zeros).
    fn is_zero(&self) -> bool {
        self.c[..self.len].iter().all(|&x| x == 0.0)
    }

    fn sign(&self) -> f64 {
        self.c[..self.len]
            .iter()
            .rev()
            .copied()
            .find(|&x| x != 0.0)
            .map_or(0.0, f64::signum)
    }

    /// `self += b` (Shewchuk's Grow-Expansion with zero elimination).
    fn grow(&mut self, b: f64) {
        let mut q = b;
        let mut h = 0;
        for i in 0..self.len {
            let (sum, err) = two_sum(q, self.c[i]);
            q = sum;
            if err != 0.0 {
                self.c[h] = err;
                h += 1;
            }
        }
        if q != 0.0 || h == 0 {
            self.c[h] = q;
            h += 1;
        }
        self.len = h;
    }

    /// `self += f`, by growing with each component of `f`.
    fn add<const K: usize>(&mut self, f: &Expansion<K>) {
        for &x in &f.c[..f.len] {
            self.grow(x);
        }
    }

    fn negate(&mut self) {
        for x in &mut self.c[..self.len] {
            *x = -*x;
        }
    }

    /// `self · b` (Shewchuk's Scale-Expansion with zero elimination).
    fn scale<const M: usize>(&self, b: f64) -> Expansion<M> {
        let mut out = Expansion::<M>::new();
        let (mut q, lo) = two_product(self.c[0], b);
        if lo != 0.0 {
            out.c[0] = lo;
            out.len = 1;
        }
        for i in 1..self.len {
            let (p1, p0) = two_product(self.c[i], b);
            let (sum, err) = two_sum(q, p0);
            if err != 0.0 {
                out.c[out.len] = err;
                out.len += 1;
            }
            let (nq, err2) = fast_two_sum(p1, sum);
            q = nq;
            if err2 != 0.0 {
                out.c[out.len] = err2;
                out.len += 1;
            }
        }
        if q != 0.0 || out.len == 0 {
            out.c[out.len] = q;
            out.len += 1;
        }
        out
    }

    /// `self · f` for a short `f`.
    fn mul<const K: usize, const M: usize>(&self, f: &Expansion<K>) -> Expansion<M> {
        let mut out = self.scale::<M>(f.c[0]);
        for &x in &f.c[1..f.len] {
            out.add(&self.scale::<M>(x));
        }
        out
    }
}

/// `a + b = x + y` exactly (Knuth's Two-Sum).
#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let bv = x - a;
    let av = x - bv;
    (x, (a - av) + (b - bv))
}

/// `a + b = x + y` exactly, given `|a| ≥ |b|` (Dekker's Fast-Two-Sum).
#[inline]
fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    (x, b - (x - a))
}

/// `a − b` as an exact two-component expansion.
#[inline]
fn two_diff(a: f64, b: f64) -> Expansion<2> {
    let x = a - b;
    let bv = a - x;
    let av = x + bv;
    Expansion::from_two(x, (a - av) + (bv - b))
}

/// Veltkamp's splitter `2²⁷ + 1`.
const SPLITTER: f64 = 134_217_729.0;

/// `a = hi + lo` with both halves of at most 26 significant bits (Veltkamp).
#[inline]
fn split(a: f64) -> (f64, f64) {
    let c = SPLITTER * a;
    let hi = c - (c - a);
    (hi, a - hi)
}

/// `a·b = x + y` exactly (Dekker's Two-Product; no fused multiply-add is
/// assumed, so this stays fast on targets without one). Exact while
/// `|a|, |b| < 2⁹⁹⁶`, which the input rescaling guarantees.
#[inline]
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let err = x - ah * bh - al * bh - ah * bl;
    (x, al * bl - err)
}

/// Exact `p·s − q·r` for two-component differences.
fn cross_term(
    p: &Expansion<2>,
    s: &Expansion<2>,
    q: &Expansion<2>,
    r: &Expansion<2>,
) -> Expansion<16> {
    // Differences of points that share a coordinate (points on a box's face) are
    // exactly zero: their products are skipped.
    let mut out: Expansion<16> = if p.is_zero() || s.is_zero() {
        Expansion::new()
    } else {
        p.mul(s)
    };
    if !(q.is_zero() || r.is_zero()) {
        let mut neg: Expansion<8> = q.mul(r);
        neg.negate();
        out.add(&neg);
    }
    out
}

/// Sign of the exact `det − t`, where `det = ((b − a) × (c − a)) · (q − a)`, from the
/// rows `d` of [`exact_differences`].
///
/// When the nine differences `a − q`, `b − q`, `c − q` are exact in `f64` (each
/// Two-Diff has no tail), as for points sharing coordinates or on a common grid
/// (a box's faces, where every point of a face has the same coordinate), the
/// determinant of those doubles is evaluated directly
/// ([`det_minus_of_exact_differences`]: products of 2 components, cross terms of
/// 4, a determinant of at most 25): Shewchuk's stage B, exact here because the
/// differences are. Otherwise the full expansion ([`det_minus_exact_full`]).
fn det_minus_exact(d: &[[Expansion<2>; 3]; 3], t: f64) -> f64 {
    // A Two-Diff without a tail (one component) is exact, its one component the
    // difference itself.
    if d.iter().flatten().all(|x| x.len == 1) {
        let rows = std::array::from_fn(|i| Vector3::from(std::array::from_fn(|k| d[i][k].c[0])));
        det_minus_of_exact_differences(&rows, t)
    } else {
        det_minus_exact_full(d, t)
    }
}

/// The nine differences `a − q`, `b − q`, `c − q` (rows), each exact as a Two-Diff.
fn exact_differences(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    q: &Point3<f64>,
) -> [[Expansion<2>; 3]; 3] {
    [a, b, c].map(|p| [0, 1, 2].map(|k| two_diff(p[k], q[k])))
}

/// `p·s − q·r` exactly, as an expansion of at most 4 components.
fn cross_of_doubles(p: f64, s: f64, q: f64, r: f64) -> Expansion<4> {
    let (ps, ps_lo) = two_product(p, s);
    let (qr, qr_lo) = two_product(q, r);
    let mut out = Expansion::<4>::from_two(ps, ps_lo);
    out.grow(-qr_lo);
    out.grow(-qr);
    out
}

/// Sign of the exact `−A · (B × C) − t` for the rows `[A, B, C]` of `d`, each an
/// exact difference `a − q`, `b − q`, `c − q` (so the result is the sign of
/// `det − t`; see [`det_minus_exact`]).
fn det_minus_of_exact_differences(d: &[Vector3<f64>; 3], t: f64) -> f64 {
    let [a, b, c] = d;
    let mut sum = Expansion::<32>::new();
    sum.add(&cross_of_doubles(b.y, c.z, b.z, c.y).scale::<8>(a.x));
    sum.add(&cross_of_doubles(b.z, c.x, b.x, c.z).scale::<8>(a.y));
    sum.add(&cross_of_doubles(b.x, c.y, b.y, c.x).scale::<8>(a.z));
    sum.negate();
    sum.grow(-t);
    sum.sign()
}

/// Sign of the exact `det − t` from the rows of [`exact_differences`], each difference
/// a two-component expansion (the reference for [`det_minus_of_exact_differences`],
/// and the general case).
fn det_minus_exact_full(d: &[[Expansion<2>; 3]; 3], t: f64) -> f64 {
    let [[ax, ay, az], [bx, by, bz], [cx, cy, cz]] = d;
    // A · (B × C), then negate; a zero factor's term is skipped.
    let mut sum = Expansion::<200>::new();
    for (a, b1, c2, b2, c1) in [
        (ax, by, cz, bz, cy),
        (ay, bz, cx, bx, cz),
        (az, bx, cy, by, cx),
    ] {
        if !a.is_zero() {
            let cross = cross_term(b1, c2, b2, c1);
            if !cross.is_zero() {
                sum.add(&a.mul::<16, 64>(&cross));
            }
        }
    }
    sum.negate();
    sum.grow(-t);
    sum.sign()
}

/// Sign (−1, 0 or +1) of `det(a, b, c, q) − t`, where
/// `det = ((b − a) × (c − a)) · (q − a)` is twice the triangle area times the
/// height of `q` above the triangle's plane. Exact for finite inputs whose
/// products neither overflow nor underflow.
#[must_use]
pub(crate) fn height_sign(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    q: &Point3<f64>,
    t: f64,
) -> f64 {
    let (adx, ady, adz) = (a.x - q.x, a.y - q.y, a.z - q.z);
    let (bdx, bdy, bdz) = (b.x - q.x, b.y - q.y, b.z - q.z);
    let (cdx, cdy, cdz) = (c.x - q.x, c.y - q.y, c.z - q.z);
    let bdxcdy = bdx * cdy;
    let cdxbdy = cdx * bdy;
    let cdxady = cdx * ady;
    let adxcdy = adx * cdy;
    let adxbdy = adx * bdy;
    let bdxady = bdx * ady;
    let orient = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
    let permanent = (bdxcdy.abs() + cdxbdy.abs()) * adz.abs()
        + (cdxady.abs() + adxcdy.abs()) * bdz.abs()
        + (adxbdy.abs() + bdxady.abs()) * cdz.abs();
    let v = -orient - t;
    // Filter: the orientation error bound, plus the rounding of `−orient − t`.
    let bound = ORIENT_BOUND * permanent + 2.0 * f64::EPSILON * (orient.abs() + t.abs());
    if v > bound {
        1.0
    } else if v < -bound {
        -1.0
    } else {
        det_minus_exact(&exact_differences(a, b, c, q), t)
    }
}

/// `(b − a) × (c − a)`, each component the exact value rounded to within `2u` of
/// itself, so the direction is right for every triangle with a nonzero exact cross
/// product, however thin (the float evaluation of a sliver can be wrong in every
/// digit, its sign included).
///
/// Each difference is an exact pair `hi + lo` (Two-Diff), each component
/// `uᵢvⱼ − uⱼvᵢ` an exact expansion ([`cross_term`]), rounded by
/// [`Expansion::estimate`].
///
/// Dropping the `lo·lo` products instead, as this function once did, leaves an
/// error of `u²|u||v|`: relative to `|n|` that is unbounded for slivers. On a
/// grid cloud from the hull fuzzer, a triangle whose three
/// vertices are collinear up to `|n| = 5.3e-46` (edges near `5e-7`, so
/// `u²|u||v| ≈ 1e-44`) came out with its normal flipped and a tight error bound:
/// every point below it then read as far above it, and the builder added input
/// points that were already vertices.
#[must_use]
pub(crate) fn cross_accurate(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>) -> [f64; 3] {
    let u = [two_diff(b.x, a.x), two_diff(b.y, a.y), two_diff(b.z, a.z)];
    let v = [two_diff(c.x, a.x), two_diff(c.y, a.y), two_diff(c.z, a.z)];
    let component = |i: usize, j: usize| cross_term(&u[i], &v[j], &u[j], &v[i]).estimate();
    [component(1, 2), component(2, 0), component(0, 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts `height_sign` for the triangle `[a, b, c]` on each `(q, threshold, sign)`.
    fn assert_height_signs([a, b, c]: [Point3<f64>; 3], cases: &[(Point3<f64>, f64, f64)]) {
        for &(q, threshold, sign) in cases {
            assert_eq!(
                height_sign(&a, &b, &c, &q, threshold),
                sign,
                "{q} against {threshold}"
            );
        }
    }

    #[test]
    fn exact_sign_of_nearly_coplanar_points() {
        let abc = [[0.1, 0.2, 0.3], [1.1, 0.2, 0.3], [0.1, 1.2, 0.3]].map(Point3::from);
        // Exactly on the plane z = 0.3: the filter cannot decide; the exact
        // stage must return 0. One ulp above or below gives the sign.
        let at = |z| Point3::new(0.7, 0.9, z);
        assert_height_signs(
            abc,
            &[
                (at(0.3), 0.0, 0.0),
                (at(0.3f64.next_up()), 0.0, 1.0),
                (at(0.3f64.next_down()), 0.0, -1.0),
            ],
        );
    }

    /// The stage for exact differences and the full expansion give the same sign
    /// on points of a coarse grid (exact differences) at scales 2⁻³⁰ to 2³⁰, offset
    /// or not, many of them coplanar, with thresholds 0 and near the determinant.
    #[test]
    fn exact_differences_stage_agrees_with_full_expansion() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut zero, mut checked) = (0, 0);
        for case in 0..200_000u32 {
            let scale = 2f64.powi((case % 61) as i32 - 30);
            let offset = if case % 2 == 0 { 0.0 } else { 1e3 * scale };
            let mut point = || {
                let mut p = [0.0; 3];
                for x in &mut p {
                    // Coordinates on a grid of 8 steps, so many points share one.
                    *x = ((next() % 8) as f64 - 3.5) * scale + offset;
                }
                Point3::from(p)
            };
            let (a, b, c, q) = (point(), point(), point(), point());
            let d = [a - q, b - q, c - q];
            let exact = [a, b, c]
                .iter()
                .all(|p| (0..3).all(|k| two_diff(p[k], q[k]).len == 1));
            assert!(exact, "grid differences are exact");
            let det = -d[0].dot(&d[1].cross(&d[2]));
            for t in [0.0, det, det.next_up(), det.next_down(), 0.5 * scale] {
                let fast = det_minus_of_exact_differences(&d, t);
                let full = det_minus_exact_full(&exact_differences(&a, &b, &c, &q), t);
                assert_eq!(fast, full, "case {case}: {a} {b} {c} {q} t = {t}");
                zero += usize::from(full == 0.0);
                checked += 1;
            }
        }
        // Both signs and zero occur (the comparison is not vacuous).
        assert!(
            zero > checked / 10 && zero < checked / 2,
            "{zero} of {checked}"
        );
    }

    #[test]
    fn exact_threshold_comparison() {
        // det = 2·area·height = 1·1·h for this right triangle with legs 1.
        let abc = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]].map(Point3::from);
        let q = Point3::new(0.25, 0.25, 0.5);
        assert_height_signs(
            abc,
            &[
                (q, 0.5, 0.0),
                (q, 0.5f64.next_down(), 1.0),
                (q, 0.5f64.next_up(), -1.0),
            ],
        );
    }

    #[test]
    fn accurate_cross_of_a_sliver() {
        let a = Point3::new(1.0, 1.0, 1.0);
        let b = Point3::new(1.0 + 1e-9, 1.0, 1.0);
        let c = Point3::new(0.0, 1.0 + 1e-9, 1.0);
        let n = cross_accurate(&a, &b, &c);
        let ux = b.x - a.x; // exact by Sterbenz
        let vy = c.y - a.y; // exact by Sterbenz
        assert_eq!(n[0], 0.0);
        assert_eq!(n[1], 0.0);
        assert!((n[2] - ux * vy).abs() <= 1e-30, "{n:?}");
    }

    /// Three grid points on the plane `z = 1.677e-7`, collinear up to an exact cross
    /// product of `+5.2549e-46 ẑ` (computed with rationals), with edges near 5e-7: the
    /// dropped `lo·lo` terms (about 1e-44) used to flip the normal to `−ẑ`.
    #[test]
    fn exact_direction_of_a_nearly_collinear_triangle() {
        let a = Point3::new(
            9.643889440583586e-8,
            3.116541038121994e-7,
            1.676997350729761e-7,
        );
        let b = Point3::new(
            6.427913708503878e-7,
            5.848303420344754e-7,
            1.676997350729761e-7,
        );
        let c = Point3::new(
            -4.499135820387161e-7,
            3.8477865589923384e-8,
            1.676997350729761e-7,
        );
        let n = cross_accurate(&a, &b, &c);
        assert_eq!((n[0], n[1]), (0.0, 0.0));
        let exact = 5.254869241218064e-46;
        assert!((n[2] - exact).abs() <= 4.0 * U * exact, "{n:?}");
        // Every rotation of the vertices gives the same vector.
        for m in [cross_accurate(&b, &c, &a), cross_accurate(&c, &a, &b)] {
            assert!((m[2] - exact).abs() <= 4.0 * U * exact, "{m:?}");
        }
    }
}
