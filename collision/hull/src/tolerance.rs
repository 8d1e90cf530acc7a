//! The scale-relative distance tolerance.
//!
//! # Formula
//! With `u = f64::EPSILON` (2⁻⁵²), the bounding-box extents
//! `L = Σₖ (maxₖ − minₖ)` and the coordinate magnitude
//! `M = Σₖ max(|minₖ|, |maxₖ|)` over the three axes `k`,
//!
//! ```text
//! ε = 32 · u · (L + M)
//! ```
//!
//! `L` bounds the distance between any two input points (it is at least the
//! box diagonal), so it bounds the error a normal's direction error makes in a
//! height; `M` bounds the rounding of `n · p − offset` when the cloud sits far
//! from the origin. A height computed in `f64` from a face plane is within
//! `¾ε` of the truth (see `mesh::plane`, which falls back to an exact normal
//! for slivers to keep that promise); points closer than `ε` to a face count
//! as *on* it. Scaling the input by `s` scales `ε` by `s`; offsetting it by
//! `d` adds `96·u·|d|`, the unavoidable precision loss of coordinates of that
//! size.

use nalgebra::Point3;

/// Unit roundoff multiple in the tolerance formula.
const TOLERANCE_FACTOR: f64 = 32.0 * f64::EPSILON;

/// Scale facts about a point set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scale {
    /// `L`: sum of the bounding-box extents.
    pub span: f64,
    /// `M`: sum over axes of the largest coordinate magnitude.
    pub magnitude: f64,
    /// `ε`: the distance tolerance.
    pub eps: f64,
}

/// The bounding box of a point set and the indices of its extreme points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    /// Componentwise minimum.
    pub lo: Point3<f64>,
    /// Componentwise maximum.
    pub hi: Point3<f64>,
    /// Indices of the points with the least and greatest `x`, `y`, `z`.
    pub extremes: [usize; 6],
}

impl Bounds {
    /// One pass over `points` (non-empty): the bounds, or the index of the
    /// first point with a non-finite coordinate.
    ///
    /// # Errors
    /// The index of the first non-finite point.
    pub fn scan(points: &[Point3<f64>]) -> Result<Self, usize> {
        let mut b = Self {
            lo: points[0],
            hi: points[0],
            extremes: [0; 6],
        };
        for (i, p) in points.iter().enumerate() {
            if !(p.x.is_finite() && p.y.is_finite() && p.z.is_finite()) {
                return Err(i);
            }
            for k in 0..3 {
                if p[k] < b.lo[k] {
                    b.lo[k] = p[k];
                    b.extremes[2 * k] = i;
                }
                if p[k] > b.hi[k] {
                    b.hi[k] = p[k];
                    b.extremes[2 * k + 1] = i;
                }
            }
        }
        Ok(b)
    }

    /// The bounds of the points multiplied by `s > 0`.
    #[must_use]
    pub fn scaled(&self, s: f64) -> Self {
        Self {
            lo: self.lo * s,
            hi: self.hi * s,
            extremes: self.extremes,
        }
    }

    /// Largest coordinate magnitude.
    #[must_use]
    pub fn max_abs(&self) -> f64 {
        self.lo.coords.amax().max(self.hi.coords.amax())
    }
}

impl Scale {
    /// The scale of a point set with bounds `b`.
    #[must_use]
    pub fn of(b: &Bounds) -> Self {
        let (lo, hi) = (b.lo, b.hi);
        let span = (hi - lo).sum();
        let magnitude = (0..3).map(|k| lo[k].abs().max(hi[k].abs())).sum::<f64>();
        Self {
            span,
            magnitude,
            eps: TOLERANCE_FACTOR * (span + magnitude),
        }
    }
}

/// Largest coordinate magnitude we work at directly. Beyond it (or below its
/// inverse) the input is rescaled by an exact power of two, so triple
/// products of differences neither overflow nor underflow.
const SAFE_MAGNITUDE_EXP: i32 = 250;

/// The power of two `s` that brings the largest coordinate magnitude of
/// `points` into `[2⁻²⁵⁰, 2²⁵¹)` (into `[1, 2)` unless `s` would pass `2¹⁰⁰⁰`),
/// or `None` if it already lies there (or all coordinates are zero).
/// Multiplying by `s` is exact.
#[must_use]
pub(crate) fn rescale_factor(points: &[Point3<f64>]) -> Option<f64> {
    let max = points
        .iter()
        .flat_map(|p| p.coords.iter().map(|x| x.abs()))
        .fold(0.0f64, f64::max);
    rescale_factor_for(max)
}

/// [`rescale_factor`] given the largest coordinate magnitude `max`.
#[must_use]
pub(crate) fn rescale_factor_for(max: f64) -> Option<f64> {
    if max == 0.0 {
        return None;
    }
    let exp = max.log2().floor() as i32;
    if (-SAFE_MAGNITUDE_EXP..=SAFE_MAGNITUDE_EXP).contains(&exp) {
        None
    } else {
        // `−exp ≤ 1000` keeps `s` finite; the result still lands in range.
        Some(2f64.powi((-exp).min(1000)))
    }
}
