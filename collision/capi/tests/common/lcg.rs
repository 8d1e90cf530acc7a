//! The seeded generator of the tests and benches.

// Each test or bench that includes this uses some of it.
#![allow(dead_code)]

/// A small seeded generator shared by the tests and benches (64-bit LCG, Knuth's MMIX
/// constants).
pub struct Lcg(pub u64);

impl Lcg {
    /// A uniform number in `[0, 1)`.
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform number in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}
