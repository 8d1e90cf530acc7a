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

impl Scale {
    /// Measures `points` (assumed finite and non-empty).
    #[must_use]
    pub fn of(points: &[Point3<f64>]) -> Self {
        let mut lo = points[0];
        let mut hi = points[0];
        for p in points {
            lo = lo.inf(p);
            hi = hi.sup(p);
        }
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
/// `points` into `[2⁻²⁵⁰, 2²⁵⁰]`, or `None` if it already is there (or all
/// coordinates are zero). Multiplying by `s` is exact.
#[must_use]
pub(crate) fn rescale_factor(points: &[Point3<f64>]) -> Option<f64> {
    let max = points
        .iter()
        .flat_map(|p| p.coords.iter().map(|x| x.abs()))
        .fold(0.0f64, f64::max);
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
