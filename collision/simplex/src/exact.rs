//! Double-double cofactors for tetrahedra too flat for `f64` to orient.
//!
//! A double-double is the unevaluated sum `hi + lo` of two `f64` (about 106 significant
//! bits), built from the error-free transformations `two_sum` (Knuth) and `two_prod`
//! (a fused multiply-add): Hida, Li and Bailey, "Library for double-double and
//! quad-double arithmetic" (2000), and Shewchuk, "Adaptive precision floating-point
//! arithmetic and fast robust geometric predicates" (1997) for the adaptive use.
//! This path runs only when the `f64` volume is below `1e-12` of its scale (`EXACT_VOLUME`
//! in `thin.rs`, about a hundred times its rounding bound: a pencil or sliver that thin),
//! so its cost does not matter.

use crate::dd::{Dd, two_sum};
use nalgebra::Point3;
use std::ops::{Add, Mul, Neg, Sub};

/// A 3-vector of double-doubles.
type V3 = [Dd; 3];

fn dot(x: &V3, y: &V3) -> Dd {
    x[0].mul(y[0]).add(x[1].mul(y[1])).add(x[2].mul(y[2]))
}

fn cross(x: &V3, y: &V3) -> V3 {
    [
        x[1].mul(y[2]).sub(x[2].mul(y[1])),
        x[2].mul(y[0]).sub(x[0].mul(y[2])),
        x[0].mul(y[1]).sub(x[1].mul(y[0])),
    ]
}

/// `q - p`, exactly.
fn edge(p: &Point3<f64>, q: &Point3<f64>) -> V3 {
    [0, 1, 2].map(|i| two_sum(q[i], -p[i]))
}

/// The volume `V` and cofactors `[V_a, V_b, V_c, V_d]` of the tetrahedron `abcd`, as in
/// [`crate::project_tetrahedron`], evaluated in double-double on exact edge vectors and
/// rounded to `f64` (relative error `ε`, exact signs). `None` when `|V|` is below the
/// double-double rounding bound `1e-29 |e₁|∞ |e₂|∞ |e₃|∞`: the tetrahedron is flat to
/// within `1e-29` of its size as far as any arithmetic can tell.
pub(crate) fn cofactors(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
    scale: f64,
) -> Option<(f64, [f64; 4])> {
    let (e1, e2, e3) = (edge(a, b), edge(a, c), edge(a, d));
    let anchor: V3 = [0, 1, 2].map(|i| Dd::new(a[i]));
    let n_b = cross(&e2, &e3);
    let volume = dot(&e1, &n_b);
    if volume.value().abs() <= 1e-29 * scale {
        return None;
    }
    let p = cross(&anchor, &e1);
    let v_b = dot(&anchor, &n_b).neg();
    let v_c = dot(&e3, &p);
    let v_d = dot(&e2, &p).neg();
    let v_a = volume.sub(v_b).sub(v_c).sub(v_d);
    Some((
        volume.value(),
        [v_a.value(), v_b.value(), v_c.value(), v_d.value()],
    ))
}
