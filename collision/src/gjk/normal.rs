//! A lower bound along the final simplex's own normal, for runs that f64 stalled near
//! contact (see [`sharper_lower_bound`]).

use super::work::Work;
use crate::shape::{MinkowskiDifference, SupportHints, SupportMap, unit};
use nalgebra::{Point3, Vector3};

/// The separation certified along the normal the final simplex's shape gives, with that
/// normal (unit, pointing from the origin towards the simplex, like `v`); `None` when the
/// simplex is a point or a tetrahedron, has no such normal, or the support is not finite.
///
/// **Why.** `v = Σ λᵢ wᵢ` sums vertices of size up to `S` that cancel to `|v| ≪ S`, so
/// each of its coordinates carries an absolute error of about `u S`, and its direction an
/// error of about `θ = u S / |v|` (2e-6 rad at `|v|` = 1e-10 `S`). Along a flat direction
/// of the shapes (a cone's generator, a segment, a box's face or edge) a direction off by
/// `θ` certifies a separation lower by `θ` times the flat extent, so the lower bound, and
/// a contact normal taken from it, stall far below `|v|` (query fuzzer, seed 3344, case
/// 44210: a cone's apex 1.1e-10 from a capsule's core, the overlap along the contact's
/// normal 5.4e-7 larger than its depth).
///
/// **Derivation.** The reduced simplex's closest point is interior, so `v` is
/// perpendicular to the simplex's edges, and those edges, of size `S`, are known to
/// rounding:
/// - a triangle: `v = (n̂·w₀) n̂` with the plane normal `n = (w₁ − w₀) × (w₂ − w₀)`, whose
///   direction error is about `u / sin α` (`α` the smallest angle) whatever `|v|` is;
///   its sign is `v`'s (reliable even where `v`'s direction is not);
/// - a segment `e = w₁ − w₀`: `n = v − ê (ê·v)` drops `v`'s error along the edge, the
///   flat direction there. The error left across the edge moves the support along a
///   curved surface or within the edge's normal cone, which costs the bound only second
///   order.
///
/// The support `w = s(−n̂)` of A − B certifies the separation `n̂·w` along `n̂`, a true
/// lower bound like every other: the caller keeps it only when it beats the loop's, so
/// the answer can only get better.
#[cold]
#[inline(never)]
pub(super) fn sharper_lower_bound<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    work: &Work,
    v: &Vector3<f64>,
    hints: &mut SupportHints,
) -> Option<(f64, Vector3<f64>)> {
    let w0 = work.w(0);
    let n = match work.len() {
        2 => {
            let e = unit(&(work.w(1) - w0))?;
            v - e * e.dot(v)
        }
        3 => {
            let n = (work.w(1) - w0).cross(&(work.w(2) - w0));
            if n.dot(v) < 0.0 { -n } else { n }
        }
        _ => return None,
    };
    let n = unit(&n)?;
    let (a, b) = md.support_pair(&-n, hints);
    let lower = n.dot(&Point3::from(a - b).coords);
    lower.is_finite().then_some((lower, n))
}
