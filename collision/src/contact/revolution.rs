//! Penetration of solids of revolution in closed form: a cylinder, cone or capsule core
//! ([`FastPaths::core_frustum`](crate::FastPaths::core_frustum)) against a point core (a ball), or against another such
//! core on nearly the same axis.
//!
//! # Why not EPA alone
//!
//! EPA's lower bound is the nearest face of a polytope inside `A − B`, so it proves the
//! depth only once the polytope fits the boundary of `A − B` to the tolerance wherever
//! that boundary is nearly as close as the answer. When the deepest direction is one of a
//! circle of ties (a ball on a cylinder's axis, two coaxial cylinders or cones), the
//! polytope must fit a whole circle of radius `D`: a sagitta `D (1 − cos(π/N)) ≈ D π² /
//! 2N²` below `ε D` takes `N ≈ π / √(2ε)` vertices round it, 2.2e5 for `ε = 1e-10`,
//! against the polytope's 512 (4,096 when a contact runs again). Near ties (nearly coincident centres) are as bad. No
//! refinement of the upper bound helps there: every lower bound from support points is a
//! polytope's, so it needs the shapes' structure instead, and for these shapes it is
//! exact.
//!
//! # Derivation
//!
//! The depth is `D = min over unit n of h(n)`, `h(n) = h_A(n) + h_B(−n)` the support
//! function of `A − B` (B moved by `h(n) n` just touches A). A solid of revolution `F`
//! about the Y axis whose section through the axis is the polygon `S` (symmetric about
//! the axis) has `h_F(n) = h_S(|n_⊥|, n_y)`: the farthest point along `n` lies in the
//! half-plane through the axis that contains `n`.
//!
//! - **A point core `q`** (B a ball) inside the frustum A: `D` is the distance from `q`
//!   to A's boundary. A is symmetric about the plane through its axis and `q`, and the
//!   nearest boundary point lies in the half-plane through `q` (turning any boundary
//!   point about the axis into it brings it no further), so `D` is the distance from
//!   `(ρ, q_y)` (`ρ = |q_⊥|`) to the boundary of the section `S_A`, the 2D depth of the
//!   origin in `S_A − {(ρ, q_y)}`.
//! - **Two frustums on one axis** (B's axis is A's, up or down, offset along it): `A −
//!   B` is a solid of revolution whose section is `S_A − S_B`, with `S_B` B's section in
//!   A's coordinates, so `D` is the 2D depth of the origin in `S_A − S_B`. Both sections
//!   are symmetric, so the minimum over `|n_⊥| ≥ 0` is the minimum over all 2D directions.
//!
//! The 2D depth of the origin in a convex polygon sum `P ⊕ Q` (inside it) is the least
//! support value over the edge normals of `P ⊕ Q`, which are those of `P` and of `Q`:
//! `D₂ = min over those m of h_P(m) + h_Q(m)`. Any other direction gives a support value
//! at least `D₂`, so the candidate set may hold extra directions (both signs of each
//! normal). The 3D normal is `n = m_⊥ e + m_y ŷ`, `e` the unit radial direction towards
//! `q` (any one on the axis, or for coaxial frustums: every direction of the circle
//! ties).
//!
//! **Nearly coaxial** frustums are answered from the coaxial pair nearest to them. Turn B
//! about its own origin `c` by the angle `θ` between the axes and slide it by `c_⊥` onto
//! A's axis: no point of B moves more than `δ = |c_⊥| + θ · reach(B)`, so no support
//! value `h(n)` changes by more than `δ`, and the depth `D'` of the coaxial pair gives
//! `D ≥ D' − δ`.
//!
//! # Bounds
//!
//! The answer is always the support value `h(n) = n · w` along the chosen normal, with
//! `w` the support point of `A − B` queried there: exactly the overlap along `n`, an
//! upper bound on `D`. The lower bound is `D₂ − δ` (`δ = 0` for a point core). The
//! answer is converged when the two are within EPA's relative tolerance of the depth,
//! plus the same rounding allowance as EPA's test (`64 u` of the size of `A − B`); else
//! the caller runs EPA and keeps the better of each bound.

use crate::cso::SimplexVertex;
use crate::epa::{EpaConfig, FLOOR_RELATIVE};
use crate::shape::{Frustum, MinkowskiDifference, SupportHints, SupportMap, unit};
use nalgebra::Vector3;

/// A penetration answer with its proven bounds, in A's frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bracket {
    /// Unit normal from A towards B.
    pub normal: Vector3<f64>,
    /// The support vertex of `A − B` along `normal` (the witness points).
    pub vertex: SimplexVertex,
    /// `normal · vertex.w`: the overlap along `normal`, an upper bound on the depth.
    pub upper: f64,
    /// A lower bound on the depth.
    pub lower: f64,
    /// The size of the coordinates involved, for the rounding allowance.
    pub scale: f64,
}

impl Bracket {
    /// Whether the bounds prove the depth to `config`'s relative tolerance (plus
    /// rounding, as EPA's own test).
    pub fn converged(&self, config: &EpaConfig) -> bool {
        self.upper - self.lower
            <= config.relative_tolerance * self.upper.max(0.0) + ROUNDING_RELATIVE * self.scale
    }

    /// Whether the bounds are within the tolerance allowed an answer whose EPA run stopped
    /// short: the relative tolerance times the depth plus the rounding floor of a
    /// polytope's proof, [`FLOOR_RELATIVE`] of the size (see `contact/refine.rs`).
    pub fn settled(&self, config: &EpaConfig) -> bool {
        settled(self.upper, self.lower, self.scale, config)
    }
}

/// Whether `lower ≤ depth ≤ upper` pins the depth down as far as a stopped-short run can
/// (see [`Bracket::settled`]); `scale` is the size of the coordinates involved. The depth
/// of cores that GJK found overlapping is at least zero, so a lower bound that rounding
/// pushed below zero (a polytope face through the origin) counts as zero.
pub(super) fn settled(upper: f64, lower: f64, scale: f64, config: &EpaConfig) -> bool {
    upper - lower.max(0.0) <= config.relative_tolerance * upper.max(0.0) + FLOOR_RELATIVE * scale
}

/// Support gains below this times the size of `A − B` are rounding noise (as EPA's).
const ROUNDING_RELATIVE: f64 = 64.0 * f64::EPSILON;

/// The closed-form bracket of the penetration of the cores of `a` and `b`, whose
/// difference (in A's frame) is `md`, when one is a frustum and the other a point core
/// or a frustum: `None` for any other pair.
pub(super) fn bracket<A, B, MA, MB>(
    a: &A,
    b: &B,
    md: &MinkowskiDifference<MA, MB>,
) -> Option<Bracket>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    MA: SupportMap,
    MB: SupportMap,
{
    let rel = md.b_to_a();
    let (normal, lower) = match (a.core_frustum(), b.core_frustum()) {
        (Some(fa), _) if b.core_point().is_some() => {
            let q = md.b_point_in_a(&b.core_point()?);
            let (e, rho) = radial(&q.coords);
            let (m, depth) = deepest(&fa.section(), &[[rho, q.y]]);
            (e * m[0] + Vector3::y() * m[1], depth)
        }
        (_, Some(fb)) if a.core_point().is_some() => {
            // The same in B's frame, with B's frustum against A's point: the normal from
            // B towards A found there is minus ours.
            let p = rel.inverse_transform_point(&a.core_point()?);
            let (e, rho) = radial(&p.coords);
            let (m, depth) = deepest(&fb.section(), &[[rho, p.y]]);
            (-(rel.rotation * (e * m[0] + Vector3::y() * m[1])), depth)
        }
        (Some(fa), Some(fb)) => parallel(&fa, &fb, rel)?,
        _ => return None,
    };
    let vertex = md.support_vertex(&normal, &mut SupportHints::default());
    let upper = normal.dot(&vertex.w.coords);
    let scale = vertex
        .a
        .coords
        .amax()
        .max(vertex.b.coords.amax())
        .max(rel.translation.vector.amax());
    (upper.is_finite() && lower.is_finite()).then_some(Bracket {
        normal,
        vertex,
        upper,
        lower,
        scale,
    })
}

/// The normal and lower bound of two frustums on nearly parallel axes (see the module
/// docs): the depth of the parallel pair nearest to them, less how far B turned to
/// reach it.
fn parallel(
    fa: &Frustum,
    fb: &Frustum,
    rel: &nalgebra::Isometry3<f64>,
) -> Option<(Vector3<f64>, f64)> {
    let axis = rel.rotation * Vector3::y();
    let c = rel.translation.vector;
    let up = if axis.y >= 0.0 { 1.0 } else { -1.0 };
    let tilt = axis.x.hypot(axis.z).atan2(axis.y.abs());
    let (e, offset) = radial(&c);
    let moved = tilt * fb.reach();
    let sb = fb.section().map(|[r, y]| [r + offset, c.y + up * y]);
    let (m, depth) = deepest(&fa.section(), &sb);
    let normal = e * m[0] + Vector3::y() * m[1];
    (moved.is_finite() && normal.iter().all(|x| x.is_finite())).then_some((normal, depth - moved))
}

/// The unit radial direction of `v` (its part normal to the Y axis), `x` when `v` is on
/// the axis, and its distance from the axis.
pub(super) fn radial(v: &Vector3<f64>) -> (Vector3<f64>, f64) {
    let perp = Vector3::new(v.x, 0.0, v.z);
    match unit(&perp) {
        Some(e) => (e, v.x.hypot(v.z)),
        None => (Vector3::x(), 0.0),
    }
}

/// The 2D depth of the origin in `P − Q` for convex polygons `P` and `Q` (corners in
/// order; `Q` may be a single point), and the unit direction `m` that attains it: the
/// least `h_P(m) + h_{−Q}(m)` over both signs of every edge normal of `P` and `Q` (see
/// the module docs). Negative when the origin lies outside.
pub(super) fn deepest(p: &[[f64; 2]], q: &[[f64; 2]]) -> ([f64; 2], f64) {
    let support = |poly: &[[f64; 2]], m: [f64; 2]| {
        poly.iter()
            .fold(f64::NEG_INFINITY, |s, v| s.max(m[0] * v[0] + m[1] * v[1]))
    };
    let value = |m: [f64; 2]| support(p, m) + support(q, [-m[0], -m[1]]);
    // The axes always: a polygon of one or two points has no edge normal across it.
    let mut best = ([0.0, 1.0], value([0.0, 1.0]));
    let mut consider = |m: [f64; 2]| {
        let v = value(m);
        if v < best.1 {
            best = (m, v);
        }
    };
    for m in [[0.0, -1.0], [1.0, 0.0], [-1.0, 0.0]] {
        consider(m);
    }
    for poly in [p, q] {
        for (k, u) in poly.iter().enumerate() {
            let v = poly[(k + 1) % poly.len()];
            let edge = Vector3::new(v[1] - u[1], u[0] - v[0], 0.0);
            if let Some(n) = unit(&edge) {
                consider([n.x, n.y]);
                consider([-n.x, -n.y]);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A point at `(ρ, y)` in the rectangle `[−1, 1] × [−2, 2]` (a cylinder's section):
    /// the distance to the nearest side.
    #[test]
    fn point_in_rectangle() {
        let rect = [[-1.0, -2.0], [1.0, -2.0], [1.0, 2.0], [-1.0, 2.0]];
        let (m, d) = deepest(&rect, &[[0.3, 1.5]]);
        assert!((d - 0.5).abs() < 1e-15 && m == [0.0, 1.0], "{m:?} {d}");
        let (m, d) = deepest(&rect, &[[0.7, 0.0]]);
        assert!((d - 0.3).abs() < 1e-15 && m == [1.0, 0.0], "{m:?} {d}");
    }

    /// A triangle against itself (two coincident cones of half height 2, radius 1): the
    /// shortest altitude of their difference, a hexagon, is `8 / √17`.
    #[test]
    fn coincident_triangles() {
        let cone = Frustum {
            bottom: -2.0,
            bottom_radius: 1.0,
            top: 2.0,
            top_radius: 0.0,
        };
        let (_, d) = deepest(&cone.section(), &cone.section());
        assert!((d - 8.0 / 17f64.sqrt()).abs() < 1e-15, "{d}");
    }
}
