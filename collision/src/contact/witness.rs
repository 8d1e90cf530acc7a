//! A lower bound on the depth from one witness point, for curved pairs that EPA leaves
//! unproven: a point of A (or of B) against a cylinder, cone, capsule or box core, whose
//! depth has a closed form.
//!
//! # Why
//!
//! EPA's lower bound is the nearest face of a polytope inside `A − B`, and on a curved
//! pair the polytope must fit the boundary of `A − B` to the tolerance wherever it is
//! nearly as close as the answer. A run that reaches the polytope's capacity first (see
//! [`crate::epa::MAX_VERTICES`]) can still be closed from below when its deepest
//! direction is a corner against a face, by the closed form of one point's depth; this
//! costs a few support queries, on the runs that need it only.
//!
//! # Derivation
//!
//! The depth of the origin in `A − B` is `D(A, B) = min over unit n of h_A(n) + h_B(−n)`,
//! and it only grows with either set: for any point `a` of A, `h_A(n) ≥ n · a`, so
//! `D(A, B) ≥ D({a}, B)`, the depth of the point `a` inside B (its distance to B's
//! boundary); likewise `D(A, B) ≥ D(A, {b})` for a point `b` of B. Both have closed forms
//! when the other shape's core is a solid of revolution (the 2D depth of the point's
//! `(ρ, y)` in the section, as for a ball in `revolution.rs`) or a box (the least of
//! `e_i − |p_i|`).
//!
//! The bound is tight at the answer whenever the contact is a point against a face: the
//! witness `a = s_A(n*)` of the deepest direction `n*` (a box corner, a rim point, a
//! capsule's end) escapes B along `n*` over exactly `D`, and for the point alone that is
//! the shortest way out when `n*` is B's outward normal there and B's boundary curves
//! away from the point no faster than a sphere of radius `D` round it (always for a box
//! face or a cylinder's side at `D` below its radius). Near `n*` the witness moves along
//! the face to first order, so a direction off by `δ` costs the bound `O(δ²)`, as it
//! costs the upper bound.
//!
//! # The iteration
//!
//! From EPA's best direction `n`: query the support vertex `(a, b)` along `n` (its value
//! `n · (a − b)` is an upper bound), take the closed-form depth of `a` in B and of `b` in
//! A (lower bounds), and move `n` to the direction of the larger one (the direction in
//! which that point leaves the other shape, the contact normal if the witness is the
//! contact point). A point-face contact settles in one or two rounds: the next support
//! vertex is the same corner, and the bracket closes to rounding. While the bracket is
//! open, chords between support points of one shape near `n` are searched for their
//! deepest point in the other (a chord of a convex shape lies in it, so this is as much a
//! lower bound as a corner's depth): an edge across a cylinder's side has no deep corner
//! but a deep middle. Where the contact is an edge against a rim (two creases crossing)
//! neither is tight, and EPA's bounds stay.

use super::revolution::{Bracket, deepest, radial};
use crate::cso::SimplexVertex;
use crate::epa::EpaConfig;
use crate::shape::{Cuboid, Frustum, MinkowskiDifference, SupportHints, SupportMap};
use nalgebra::{Point3, Vector3};

/// Most rounds of the iteration (each a support query and two closed forms).
const ROUNDS: usize = 8;

/// A core whose depth at a point has a closed form.
#[derive(Clone, Copy)]
enum Body {
    Frustum(Frustum),
    Cuboid(Vector3<f64>),
}

impl Body {
    fn of<S: SupportMap + ?Sized>(s: &S) -> Option<Body> {
        s.core_frustum().map(Body::Frustum).or_else(|| {
            s.core_cuboid()
                .map(|c: &Cuboid| Body::Cuboid(c.half_extents()))
        })
    }

    /// The depth of `p` (the body's frame) inside the body, its distance to the boundary
    /// (negative outside, where it is a lower bound only), and the outward unit normal
    /// along which `p` leaves it over that distance.
    fn depth(&self, p: &Point3<f64>) -> (Vector3<f64>, f64) {
        match self {
            Body::Frustum(f) => {
                let (e, rho) = radial(&p.coords);
                let (m, depth) = deepest(&f.section(), &[[rho, p.y]]);
                (e * m[0] + Vector3::y() * m[1], depth)
            }
            Body::Cuboid(half) => {
                let mut best = (Vector3::x(), f64::INFINITY);
                for i in 0..3 {
                    let depth = half[i] - p[i].abs();
                    if depth < best.1 {
                        let mut n = Vector3::zeros();
                        n[i] = if p[i] < 0.0 { -1.0 } else { 1.0 };
                        best = (n, depth);
                    }
                }
                best
            }
        }
    }
}

/// The cores of a pair whose depth at a point has a closed form: at least one of them.
#[derive(Clone, Copy)]
pub(super) struct Bodies {
    a: Option<Body>,
    b: Option<Body>,
}

impl Bodies {
    /// The closed-form cores of `a` and `b`, or `None` when neither has one (then there
    /// is no witness bracket).
    pub(super) fn of<A, B>(a: &A, b: &B) -> Option<Bodies>
    where
        A: SupportMap + ?Sized,
        B: SupportMap + ?Sized,
    {
        let (a, b) = (Body::of(a), Body::of(b));
        (a.is_some() || b.is_some()).then_some(Bodies { a, b })
    }
}

/// The bracket of the depth of the cores `bodies` (difference `md`, A's frame) found by
/// the iteration from the unit direction `start` (see the module docs); `None` when
/// nothing finite came out.
pub(super) fn bracket<MA: SupportMap, MB: SupportMap>(
    bodies: &Bodies,
    md: &MinkowskiDifference<MA, MB>,
    start: &Vector3<f64>,
    config: &EpaConfig,
) -> Option<Bracket> {
    let Bodies {
        a: body_a,
        b: body_b,
    } = *bodies;
    let rel = md.b_to_a();
    let mut n = *start;
    let mut best: Option<Bracket> = None;
    let mut lower = f64::NEG_INFINITY;
    for _ in 0..ROUNDS {
        let vertex: SimplexVertex = md.support_vertex(&n, &mut SupportHints::default());
        let upper = n.dot(&vertex.w.coords);
        if !upper.is_finite() {
            break;
        }
        let scale = vertex
            .a
            .coords
            .amax()
            .max(vertex.b.coords.amax())
            .max(rel.translation.vector.amax());
        if best.is_none_or(|k| upper < k.upper) {
            best = Some(Bracket {
                normal: n,
                vertex,
                upper,
                lower,
                scale,
            });
        }
        // The depth of A's witness in B (its escape direction turned into A's frame,
        // where B moves the other way) and of B's witness in A.
        let mut next = (Vector3::zeros(), f64::NEG_INFINITY);
        if let Some(body) = body_b {
            let (m, depth) = body.depth(&md.a_point_in_b(&vertex.a));
            next = (-(rel.rotation * m), depth);
        }
        if let Some(body) = body_a {
            let (m, depth) = body.depth(&vertex.b);
            if depth > next.1 {
                next = (m, depth);
            }
        }
        // Still open: the deepest point of a chord of the other shape (an edge across a
        // cylinder's side or rim has no single deep corner).
        if best.is_some_and(|k| next.1 < k.upper - config.relative_tolerance * k.upper) {
            let chord = deepest_chord(md, &n, body_a, body_b);
            if chord.1 > next.1 {
                next = chord;
            }
        }
        if next.1.is_finite() {
            lower = lower.max(next.1);
        }
        let k = best.as_mut()?;
        k.lower = lower.min(k.upper);
        k.scale = k.scale.max(scale);
        if k.converged(config) || !next.1.is_finite() || next.0 == n {
            break;
        }
        n = next.0;
    }
    best.filter(|k| k.lower.is_finite())
}

/// How many golden-section steps maximise a point's depth along a chord: the interval
/// shrinks by `0.618` each, to `1e-10` of the chord after 48. Near the maximum the depth
/// falls off with the square of the distance (or linearly with a slope that the search
/// follows), so a point `1e-10` of the chord off costs the bound about `1e-20` of it.
const CHORD_STEPS: usize = 48;

/// The deepest point, in the other shape, of a chord between support points of one shape
/// along `n` and along twelve directions round it, six at 1e-3 rad and six at 0.1 (any
/// chord of a convex shape lies in it, so its points' depths are lower bounds as a
/// corner's; an edge that crosses a curved side is one), with the direction it leaves by
/// (as for the corner).
///
/// A point's depth is concave along a chord (the least of `e_i − |p_i|` for a box, of
/// `offset − m · (ρ, y)` over a section's edges with `m_ρ ≥ 0` for a frustum, each
/// concave since `|p_i|` and `ρ = |p_⊥|` are convex), so a golden-section search finds
/// its maximum.
fn deepest_chord<MA: SupportMap, MB: SupportMap>(
    md: &MinkowskiDifference<MA, MB>,
    n: &Vector3<f64>,
    body_a: Option<Body>,
    body_b: Option<Body>,
) -> (Vector3<f64>, f64) {
    let [u, v] = crate::shape::orthonormal_basis(n);
    // The distinct support points of each shape (a polytope's few vertices near `n`).
    let (mut points_a, mut points_b) = ([Point3::origin(); 13], [Point3::origin(); 13]);
    let (mut count_a, mut count_b) = (0, 0);
    for k in 0..13 {
        let turn = std::f64::consts::FRAC_PI_3 * (k % 6) as f64;
        let tilt = if k < 6 { 1e-3 } else { 0.1 };
        let d = if k == 12 {
            *n
        } else {
            *n + (u * turn.cos() + v * turn.sin()) * tilt
        };
        let w = md.support_vertex(&d, &mut SupportHints::default());
        if !points_a[..count_a].contains(&w.a) {
            points_a[count_a] = w.a;
            count_a += 1;
        }
        if !points_b[..count_b].contains(&w.b) {
            points_b[count_b] = w.b;
            count_b += 1;
        }
    }
    let rel = md.b_to_a();
    let mut best = (Vector3::zeros(), f64::NEG_INFINITY);
    if let Some(body) = body_b {
        // A's chords in B, the escape direction turned into A's frame.
        for (i, p) in points_a[..count_a].iter().enumerate() {
            for q in &points_a[i + 1..count_a] {
                let (m, d) = golden(|t: f64| body.depth(&md.a_point_in_b(&(p + (q - p) * t))));
                if d > best.1 {
                    best = (-(rel.rotation * m), d);
                }
            }
        }
    }
    if let Some(body) = body_a {
        for (i, p) in points_b[..count_b].iter().enumerate() {
            for q in &points_b[i + 1..count_b] {
                let (m, d) = golden(|t: f64| body.depth(&(p + (q - p) * t)));
                if d > best.1 {
                    best = (m, d);
                }
            }
        }
    }
    best
}

/// The largest `f(t).1` over `t ∈ [0, 1]` for `f` concave in its second value, by
/// golden-section search (and the ends), with its first value.
fn golden(f: impl Fn(f64) -> (Vector3<f64>, f64)) -> (Vector3<f64>, f64) {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0, 1.0);
    let mut best = f(0.0);
    let end = f(1.0);
    if end.1 > best.1 {
        best = end;
    }
    let (mut x1, mut x2) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..CHORD_STEPS {
        if f1.1 >= f2.1 {
            hi = x2;
            (x2, f2) = (x1, f1);
            x1 = hi - ratio * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            (x1, f1) = (x2, f2);
            x2 = lo + ratio * (hi - lo);
            f2 = f(x2);
        }
    }
    for c in [f1, f2] {
        if c.1 > best.1 {
            best = c;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Ball, Cylinder, Segment};
    use nalgebra::{Isometry3, Translation3, UnitQuaternion};

    /// A box whose corner pokes 0.1 into the side of a cylinder of radius 1, its body
    /// diagonal along the cylinder's radius: the corner's depth, `1 − 0.9`, is the depth
    /// of the pair (the box lies beyond the plane `x = 0.9` otherwise), and the bracket
    /// closes on it from a direction 0.02 rad off.
    #[test]
    fn box_corner_in_a_cylinder_side() {
        let cylinder = Cylinder::new(2.0, 1.0).unwrap();
        let cuboid = Cuboid::new(Vector3::new(0.3, 0.3, 0.3)).unwrap();
        let diagonal = -Vector3::new(1.0, 1.0, 1.0).normalize();
        let turn = UnitQuaternion::rotation_between(&diagonal, &-Vector3::x()).unwrap();
        let centre = Vector3::new(0.9 + 0.3 * 3f64.sqrt(), 0.1, 0.0);
        let pose_b = Isometry3::from_parts(Translation3::from(centre), turn);
        let md = MinkowskiDifference::new(cylinder, &Isometry3::identity(), cuboid, &pose_b);
        let start = Vector3::new(1.0, 0.01, 0.02).normalize();
        let bodies = Bodies::of(&cylinder, &cuboid).unwrap();
        let k = bracket(&bodies, &md, &start, &EpaConfig::default()).unwrap();
        assert!((k.lower - 0.1).abs() < 1e-15, "lower {}", k.lower);
        assert!((k.upper - 0.1).abs() < 1e-15, "upper {}", k.upper);
        assert!((k.normal - Vector3::x()).norm() < 1e-15, "{}", k.normal);
        assert!(k.converged(&EpaConfig::default()));
    }

    /// A segment along Z at `x = 0.9` across a cylinder of radius 1 (axis Y): neither end
    /// is inside, its middle is 0.1 deep, and moving it 0.1 along X frees it (the
    /// cylinder lies in `x ≤ 1`), so the depth is 0.1. The chord between its ends proves
    /// it from below, from a direction 0.02 rad off.
    #[test]
    fn segment_across_a_cylinder_side() {
        let cylinder = Cylinder::new(2.0, 1.0).unwrap();
        let segment =
            Segment::new(Point3::new(0.0, 0.0, -2.0), Point3::new(0.0, 0.0, 2.0)).unwrap();
        let pose_b = Isometry3::translation(0.9, 0.0, 0.0);
        let md = MinkowskiDifference::new(cylinder, &Isometry3::identity(), segment, &pose_b);
        let start = Vector3::new(1.0, 0.01, 0.02).normalize();
        let bodies = Bodies::of(&cylinder, &segment).unwrap();
        let k = bracket(&bodies, &md, &start, &EpaConfig::default()).unwrap();
        assert!((k.lower - 0.1).abs() < 1e-15, "lower {}", k.lower);
        // The upper bound is the support value along the middle's escape direction, which
        // the search finds only to about √u of the chord (the depth is flat at its
        // maximum), and a segment's support value grows linearly off its normal: the
        // closing bound here is the lower one (EPA's faces give the upper).
        assert!(
            k.upper >= 0.1 - 1e-15 && k.upper < 0.1 + 1e-7,
            "upper {}",
            k.upper
        );
    }

    /// Two balls have no closed-form body: no bracket.
    #[test]
    fn no_body_no_bracket() {
        let ball = Ball::new(1.0).unwrap();
        assert!(Bodies::of(&ball, &ball).is_none());
    }
}
