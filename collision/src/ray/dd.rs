//! Double-double arithmetic (about 106 significant bits) for the cone's near-tangent
//! rays: the unevaluated sum `hi + lo` of two `f64`, built from the error-free
//! transformations `two_sum` (Knuth) and `two_prod` (a fused multiply-add); Hida, Li
//! and Bailey, "Library for double-double and quad-double arithmetic" (2000).

/// A double-double number `hi + lo`, `|lo| ≤ ulp(hi) / 2`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dd {
    hi: f64,
    lo: f64,
}

/// `a + b` exactly.
#[inline]
pub(super) fn two_sum(a: f64, b: f64) -> Dd {
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
pub(super) fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    Dd {
        hi: p,
        lo: a.mul_add(b, -p),
    }
}

impl Dd {
    /// The exact `f64` value `x`.
    pub(super) fn new(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    /// `self + y`, with a relative error of about `2⁻¹⁰⁶`.
    pub(super) fn add(self, y: Dd) -> Dd {
        let s = two_sum(self.hi, y.hi);
        let t = two_sum(self.lo, y.lo);
        let s = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(s.hi, s.lo + t.lo)
    }

    /// `self − y`.
    pub(super) fn sub(self, y: Dd) -> Dd {
        self.add(Dd {
            hi: -y.hi,
            lo: -y.lo,
        })
    }

    /// `self · y`, with a relative error of about `2⁻¹⁰⁴`.
    pub(super) fn mul(self, y: Dd) -> Dd {
        let p = two_prod(self.hi, y.hi);
        fast_two_sum(p.hi, p.lo + (self.hi * y.lo + self.lo * y.hi))
    }

    /// `self · x` for an `f64` `x`.
    pub(super) fn scale(self, x: f64) -> Dd {
        self.mul(Dd::new(x))
    }

    /// The nearest `f64`.
    pub(super) fn value(self) -> f64 {
        self.hi + self.lo
    }
}
