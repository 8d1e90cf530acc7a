//! The closest point of a simplex to the origin in exact rational arithmetic.
//!
//! Every `f64` is a dyadic rational, so the input is represented exactly, and every
//! step below (edge vectors, Gram matrices, their solution, squared distances and their
//! comparison) is exact: the answer is the true one for the given `f64` points, with no
//! rounding and no threshold. It is slow (big integers) and meant for thousands of
//! cases, not millions.

use nalgebra::Point3;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// An exact rational number.
pub type Q = BigRational;

/// An exact 3-vector.
type V = [Q; 3];

fn exact(x: f64) -> Q {
    Q::from_float(x).expect("finite coordinates")
}

fn point(p: &Point3<f64>) -> V {
    [exact(p.x), exact(p.y), exact(p.z)]
}

fn sub(x: &V, y: &V) -> V {
    [&x[0] - &y[0], &x[1] - &y[1], &x[2] - &y[2]]
}

fn dot(x: &V, y: &V) -> Q {
    &x[0] * &y[0] + &x[1] * &y[1] + &x[2] * &y[2]
}

/// Solves `g t = r` (`n ≤ 3`) by Gaussian elimination; `None` when `g` is singular.
fn solve(mut g: Vec<Vec<Q>>, mut r: Vec<Q>) -> Option<Vec<Q>> {
    let n = r.len();
    for col in 0..n {
        let pivot = (col..n).find(|&row| !g[row][col].is_zero())?;
        g.swap(col, pivot);
        r.swap(col, pivot);
        for row in col + 1..n {
            if g[row][col].is_zero() {
                continue;
            }
            let f = &g[row][col] / &g[col][col];
            let (above, below) = g.split_at_mut(row);
            for (x, p) in below[0][col..].iter_mut().zip(&above[col][col..]) {
                *x -= &f * p;
            }
            let v = &f * &r[col];
            r[row] -= v;
        }
    }
    let mut t = vec![Q::zero(); n];
    for row in (0..n).rev() {
        let mut acc = r[row].clone();
        for k in row + 1..n {
            acc -= &g[row][k] * &t[k];
        }
        t[row] = acc / &g[row][row];
    }
    Some(t)
}

/// The exact squared distance from the origin to the simplex spanned by `points` (1 to 4).
///
/// Brute force over every vertex subset: the projection of the origin onto the subset's
/// affine hull (the Gram system `Σ_j (e_i·e_j) t_j = −e_i·p₀`, `e_j = p_j − p₀`), kept
/// when its barycentric weights are all non-negative; the least squared norm wins.
/// Subsets that are affinely dependent (singular Gram matrix) are skipped: by
/// Carathéodory's theorem the closest point lies in the relative interior of an affinely
/// independent subset, whose system is regular.
pub fn distance_squared(points: &[Point3<f64>]) -> Q {
    let p: Vec<V> = points.iter().map(point).collect();
    let mut best: Option<Q> = None;
    for mask in 1u32..(1 << p.len()) {
        let idx: Vec<usize> = (0..p.len()).filter(|i| mask & (1 << i) != 0).collect();
        let p0 = &p[idx[0]];
        let e: Vec<V> = idx[1..].iter().map(|&j| sub(&p[j], p0)).collect();
        let g: Vec<Vec<Q>> = e
            .iter()
            .map(|ei| e.iter().map(|ej| dot(ei, ej)).collect())
            .collect();
        let r: Vec<Q> = e.iter().map(|ei| -dot(ei, p0)).collect();
        let Some(t) = solve(g, r) else { continue };
        let sum = t.iter().fold(Q::zero(), |s, x| s + x);
        if t.iter().any(Signed::is_negative) || sum > Q::one() {
            continue;
        }
        let mut x = p0.clone();
        for (tj, ej) in t.iter().zip(&e) {
            for k in 0..3 {
                x[k] += tj * &ej[k];
            }
        }
        let d2 = dot(&x, &x);
        if best.as_ref().is_none_or(|b| d2 < *b) {
            best = Some(d2);
        }
    }
    best.expect("every vertex is a candidate")
}

/// The exact distance from the origin to the simplex, rounded to `f64` (the square root
/// of the correctly rounded exact square: within an ulp).
pub fn distance(points: &[Point3<f64>]) -> f64 {
    distance_squared(points)
        .to_f64()
        .expect("representable")
        .sqrt()
}
