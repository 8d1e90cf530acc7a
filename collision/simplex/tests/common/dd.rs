//! Double-double arithmetic (about 106 significant bits) for the brute-force reference.
//!
//! A value is the unevaluated sum `hi + lo` with `|lo| <= ulp(hi) / 2`. The building
//! blocks are the error-free transformations `two_sum` (Knuth) and `two_prod` (with a
//! fused multiply-add); see Hida, Li and Bailey, "Library for double-double and quad-double
//! arithmetic" (2000). Differences of two `f64` inputs are exact, so edge vectors carry no
//! rounding at all, and every later operation has a relative error near `1e-32`.

use std::ops::{Add, Div, Mul, Neg, Sub};

/// A double-double number `hi + lo`.
#[derive(Clone, Copy, Debug)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

/// `a + b = s + e` exactly.
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a + b = s + e` exactly, given `|a| >= |b|`.
fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// `a * b = p + e` exactly.
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

impl Dd {
    pub const ZERO: Dd = Dd { hi: 0.0, lo: 0.0 };

    pub fn new(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    /// `b - a`, exactly.
    pub fn diff(b: f64, a: f64) -> Dd {
        let (hi, lo) = two_sum(b, -a);
        Dd { hi, lo }
    }

    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    /// The sign of the exact value: -1, 0 or 1.
    pub fn signum(self) -> i32 {
        let x = if self.hi != 0.0 { self.hi } else { self.lo };
        if x > 0.0 {
            1
        } else if x < 0.0 {
            -1
        } else {
            0
        }
    }
}

impl Add for Dd {
    type Output = Dd;
    fn add(self, y: Dd) -> Dd {
        let (s, e) = two_sum(self.hi, y.hi);
        let (t, f) = two_sum(self.lo, y.lo);
        let (s, e) = quick_two_sum(s, e + t);
        let (hi, lo) = quick_two_sum(s, e + f);
        Dd { hi, lo }
    }
}

impl Neg for Dd {
    type Output = Dd;
    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Sub for Dd {
    type Output = Dd;
    fn sub(self, y: Dd) -> Dd {
        self + (-y)
    }
}

impl Mul for Dd {
    type Output = Dd;
    fn mul(self, y: Dd) -> Dd {
        let (p, e) = two_prod(self.hi, y.hi);
        let (hi, lo) = quick_two_sum(p, e + (self.hi * y.lo + self.lo * y.hi));
        Dd { hi, lo }
    }
}

impl Div for Dd {
    type Output = Dd;
    /// Long division with three partial quotients.
    fn div(self, y: Dd) -> Dd {
        let q1 = self.hi / y.hi;
        let r = self - y * Dd::new(q1);
        let q2 = r.hi / y.hi;
        let r = r - y * Dd::new(q2);
        let q3 = r.hi / y.hi;
        let (hi, lo) = quick_two_sum(q1, q2);
        Dd { hi, lo } + Dd::new(q3)
    }
}

/// A 3-vector of double-doubles.
#[derive(Clone, Copy, Debug)]
pub struct V3(pub [Dd; 3]);

impl V3 {
    pub fn from_f64(p: [f64; 3]) -> V3 {
        V3(p.map(Dd::new))
    }

    /// `b - a`, exactly.
    pub fn diff(b: [f64; 3], a: [f64; 3]) -> V3 {
        V3([0, 1, 2].map(|i| Dd::diff(b[i], a[i])))
    }

    pub fn dot(self, o: V3) -> Dd {
        self.0[0] * o.0[0] + self.0[1] * o.0[1] + self.0[2] * o.0[2]
    }

    pub fn cross(self, o: V3) -> V3 {
        let (a, b) = (self.0, o.0);
        V3([
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ])
    }

    pub fn scale(self, s: Dd) -> V3 {
        V3(self.0.map(|x| x * s))
    }

    pub fn add(self, o: V3) -> V3 {
        V3([0, 1, 2].map(|i| self.0[i] + o.0[i]))
    }

    pub fn neg(self) -> V3 {
        V3(self.0.map(|x| -x))
    }

    pub fn to_f64(self) -> [f64; 3] {
        self.0.map(Dd::to_f64)
    }
}

/// `det[x, y, z] = x · (y × z)`.
pub fn det3(x: V3, y: V3, z: V3) -> Dd {
    x.dot(y.cross(z))
}
