//! Double-double cofactors for tetrahedra too flat for `f64` to orient.
//!
//! A double-double is the unevaluated sum `hi + lo` of two `f64` (about 106 significant
//! bits), built from the error-free transformations `two_sum` (Knuth) and `two_prod`
//! (a fused multiply-add): Hida, Li and Bailey, "Library for double-double and
//! quad-double arithmetic" (2000), and Shewchuk, "Adaptive precision floating-point
//! arithmetic and fast robust geometric predicates" (1997) for the adaptive use.
//! This path runs only when the `f64` volume is below its own rounding bound (a pencil
//! or sliver thinner than about `1e-13` of its size), so its cost does not matter.

use nalgebra::Point3;

/// A double-double number `hi + lo`, `|lo| <= ulp(hi) / 2`.
#[derive(Clone, Copy)]
struct Dd {
    hi: f64,
    lo: f64,
}

/// `a + b = s + e` exactly (Knuth's two-sum).
#[inline]
fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd {
        hi: s,
        lo: (a - (s - bb)) + (b - bb),
    }
}

/// `a + b = s + e` exactly, given `|a| >= |b|`.
#[inline]
fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd {
        hi: s,
        lo: b - (s - a),
    }
}

impl Dd {
    #[inline]
    fn add(self, y: Dd) -> Dd {
        let s = two_sum(self.hi, y.hi);
        let t = two_sum(self.lo, y.lo);
        let s = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(s.hi, s.lo + t.lo)
    }

    #[inline]
    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    #[inline]
    fn sub(self, y: Dd) -> Dd {
        self.add(y.neg())
    }

    #[inline]
    fn mul(self, y: Dd) -> Dd {
        let p = self.hi * y.hi;
        let e = self.hi.mul_add(y.hi, -p);
        fast_two_sum(p, e + (self.hi * y.lo + self.lo * y.hi))
    }

    /// Rounds to the nearest `f64` (the sign is exact).
    #[inline]
    fn value(self) -> f64 {
        self.hi + self.lo
    }
}

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
    let anchor: V3 = [0, 1, 2].map(|i| Dd { hi: a[i], lo: 0.0 });
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
