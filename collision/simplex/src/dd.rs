//! Double-double arithmetic (about 106 significant bits): the unevaluated sum `hi + lo`
//! of two `f64`, built from the error-free transformations `two_sum` (Knuth) and
//! `two_prod` (a fused multiply-add); Hida, Li and Bailey, "Library for double-double
//! and quad-double arithmetic" (2000). The flat tetrahedra's cofactors (`exact.rs`) and
//! the `collision` crate's near-tangent cone rays use it.

/// A double-double number `hi + lo`, `|lo| ≤ ulp(hi) / 2`.
#[derive(Clone, Copy, Debug)]
pub struct Dd {
    hi: f64,
    lo: f64,
}

/// `a + b` exactly.
#[inline]
#[must_use]
pub fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd {
        hi: s,
        lo: (a - (s - bb)) + (b - bb),
    }
}

/// `a + b` exactly, given `|a| ≥ |b|`.
#[inline]
fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd {
        hi: s,
        lo: b - (s - a),
    }
}

/// `a · b` exactly.
#[inline]
#[must_use]
pub fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    Dd {
        hi: p,
        lo: a.mul_add(b, -p),
    }
}

impl Dd {
    /// The exact `f64` value `x`.
    #[inline]
    #[must_use]
    pub fn new(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    /// `self · x` for an `f64` `x`.
    #[inline]
    #[must_use]
    pub fn scale(self, x: f64) -> Dd {
        self * Dd::new(x)
    }

    /// The nearest `f64`.
    #[inline]
    #[must_use]
    pub fn value(self) -> f64 {
        self.hi + self.lo
    }
}

impl std::ops::Add for Dd {
    type Output = Dd;

    /// `self + y`, with a relative error of about `2⁻¹⁰⁶`.
    #[inline]
    fn add(self, y: Dd) -> Dd {
        let s = two_sum(self.hi, y.hi);
        let t = two_sum(self.lo, y.lo);
        let s = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(s.hi, s.lo + t.lo)
    }
}

impl std::ops::Neg for Dd {
    type Output = Dd;

    /// `−self`, exactly.
    #[inline]
    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl std::ops::Sub for Dd {
    type Output = Dd;

    /// `self − y`.
    #[inline]
    fn sub(self, y: Dd) -> Dd {
        self + -y
    }
}

impl std::ops::Mul for Dd {
    type Output = Dd;

    /// `self · y`, with a relative error of about `2⁻¹⁰⁴`.
    #[inline]
    fn mul(self, y: Dd) -> Dd {
        let p = two_prod(self.hi, y.hi);
        fast_two_sum(p.hi, p.lo + (self.hi * y.lo + self.lo * y.hi))
    }
}
