//! A lower bound along the final simplex's own normal, for runs that f64 stalled near
//! contact (see [`sharper_lower_bound`]).

use super::working_simplex::WorkingSimplex;
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
/// a contact normal taken from it, stall far below `|v|` (a
/// cone's apex 1.1e-10 from a capsule's core, the overlap along the contact's
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
/// **The rejected vertex.** When the run stalled on a segment, the support point it
/// popped (no progress) spans a triangle with it, and that triangle's plane is a second
/// candidate. A segment only fixes the normal's component along itself; across it, `v`
/// can be off by far more than rounding when the closest feature is a face meeting the
/// segment's near end: the query fuzzer's near-contact mode found
/// a segment and a triangle of size 1,000 9.2e-8 apart whose final `v` was 7.6e-4 rad
/// off the face's normal, so the closest points' axis saw the shapes 0.56 deep. The
/// popped point lay on that face; its triangle's plane gives the face's normal to
/// rounding, and the projection had not kept it only because it lowered `|v|` by 3e-14,
/// below the projection's rounding.
///
/// The support `w = s(−n̂)` of A − B certifies the separation `n̂·w` along `n̂`, a true
/// lower bound like every other: the caller keeps the best one only when it beats the
/// loop's, so the answer can only get better. Returns the best bound, its normal and the
/// support queries made (one per candidate).
#[cold]
#[inline(never)]
pub(super) fn sharper_lower_bound<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    work: &WorkingSimplex,
    v: &Vector3<f64>,
    rejected: Option<&Point3<f64>>,
    hints: &mut SupportHints,
) -> Option<(f64, Vector3<f64>, u32)> {
    let w0 = work.w(0);
    // A plane normal through `w₀`, `p` and `q`, on `v`'s side.
    let plane = |p: &Point3<f64>, q: &Point3<f64>| {
        let n = (p - w0).cross(&(q - w0));
        if n.dot(v) < 0.0 { -n } else { n }
    };
    let (own, triangle) = match work.len() {
        2 => {
            let e = unit(&(work.w(1) - w0))?;
            (v - e * e.dot(v), rejected.map(|r| plane(work.w(1), r)))
        }
        3 => (plane(work.w(1), work.w(2)), None),
        _ => return None,
    };
    let mut best: Option<(f64, Vector3<f64>)> = None;
    let mut queries = 0;
    for n in [Some(own), triangle].into_iter().flatten() {
        let Some(n) = unit(&n) else {
            continue;
        };
        let (a, b, _) = md.support_pair(&-n, hints);
        queries += 1;
        let lower = n.dot(&Point3::from(a - b).coords);
        if lower.is_finite() && best.is_none_or(|(l, _)| lower > l) {
            best = Some((lower, n));
        }
    }
    best.map(|(lower, n)| (lower, n, queries))
}
