//! Growing GJK's final simplex into a tetrahedron around the origin (the seed book's
//! chapter 10 method; van den Bergen 2004, §4.3.8).
//!
//! When GJK reports an overlap its simplex contains the origin, but it may be a point,
//! segment or triangle (the origin landed on it). Support points along directions that
//! add a dimension complete it to a tetrahedron that still contains the origin (on its
//! boundary, which EPA handles: the face through the origin is simply the first one
//! expanded). When A − B itself has no volume, no direction adds a dimension: the shapes
//! overlap only in a plane, a line or a point, and the depth is zero.
//!
//! Tried and dropped: contacts proving deep overlaps with the inscribed balls (no GJK
//! iteration) and growing the seed from nothing, from `+x` or along the centre line
//! (callgrind, contact bench: hull16 16,481 → 17,275 or 17,804 instructions, hull64 the
//! same or 8 % more, hull1000 2 % fewer or 5 % more).

use crate::cso::{SimplexVertex, StartSimplex};
use crate::shape::{MinkowskiDifference, SupportHints, SupportMap, unit};
use nalgebra::{Point3, Vector3};

/// A point counts as off a line or plane when its distance exceeds this times the size
/// of A − B: about a thousand ulps of the coordinates, well above the rounding of the
/// distance itself and far below any real thickness.
const FLAT_RELATIVE: f64 = 1024.0 * f64::EPSILON;

/// The result of growing the simplex (a short-lived stack value, so the size difference
/// between the variants does not matter).
#[allow(clippy::large_enum_variant)]
pub(crate) enum Seed {
    /// The start simplex itself is a tetrahedron around the origin (GJK's usual end).
    StartIsTetrahedron,
    /// A tetrahedron of A − B containing the origin, grown from the start simplex.
    GrownTetrahedron([SimplexVertex; 4]),
    /// A − B is flat (no volume) around the origin; `normal` is a unit direction in which
    /// it has no extent (zero depth), from A towards B.
    Flat { normal: Vector3<f64> },
    /// No tetrahedron could be formed in `f64`: a triangle of support points off each
    /// other's lines still has no normal (coordinates beyond the exact range).
    Degenerate,
}

/// Grows `start` (A's frame of `md`) into a [`Seed`].
pub(crate) fn grow<A: SupportMap, B: SupportMap, S: StartSimplex + ?Sized>(
    md: &MinkowskiDifference<A, B>,
    start: &S,
    hints: &mut SupportHints,
) -> Seed {
    if start.len() == 4 {
        // Four plain reads: an array `map` here went out of line and read its result
        // back across mismatched stores (a store-forwarding stall).
        let (p0, p1, p2, p3) = (start.w(0), start.w(1), start.w(2), start.w(3));
        let det = (p1 - p0).dot(&(p2 - p0).cross(&(p3 - p0)));
        let amax = |p: &Point3<f64>| p.coords.amax();
        let scale = amax(&p0).max(amax(&p1)).max(amax(&p2)).max(amax(&p3));
        // |det| ≤ 6 · volume; a tetrahedron this flat is re-grown from a triangle.
        if det.abs() > FLAT_RELATIVE * scale * scale * scale {
            return Seed::StartIsTetrahedron;
        }
    }
    let first = match start.len() {
        0 => md.support_vertex(&Vector3::x(), hints),
        _ => start.vertex(0),
    };
    let mut pts = [first; 4];
    let len = start.len().clamp(1, 3);
    for (k, slot) in pts.iter_mut().enumerate().take(start.len().min(4)) {
        *slot = start.vertex(k);
    }
    grow_from(md, pts, len, hints)
}

/// [`grow`] from the first `len` (1 to 3) of `pts`: a triangle gains a fourth point off
/// its plane ([`from_triangle`]); a triangle with no normal drops to its longest edge, a
/// point gains a second, and a segment gains a third off its line, whose triangle then
/// gets its fourth point the same way. That triangle is grown once: when it too has no
/// normal (its cross product overflowing, for coordinates near 1e300, or underflowing),
/// the seed is [`Seed::Degenerate`] rather than another round of the same two steps.
fn grow_from<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    mut pts: [SimplexVertex; 4],
    len: usize,
    hints: &mut SupportHints,
) -> Seed {
    let towards_b = md.b_to_a().translation.vector;
    if len == 3 {
        if let Some(seed) = from_triangle(md, &mut pts, hints) {
            return seed;
        }
        // Collinear triangle: keep its two farthest-apart vertices.
        let d = |i: usize, j: usize| (pts[i].w - pts[j].w).norm_squared();
        pts = if d(0, 1) >= d(0, 2).max(d(1, 2)) {
            [pts[0], pts[1], pts[0], pts[0]]
        } else if d(0, 2) >= d(1, 2) {
            [pts[0], pts[2], pts[0], pts[0]]
        } else {
            [pts[1], pts[2], pts[0], pts[0]]
        };
    }
    if len == 1 {
        // Any support point away from p₀ makes a segment.
        let p0 = pts[0].w;
        let mut found = false;
        for dir in [
            Vector3::x(),
            -Vector3::x(),
            Vector3::y(),
            -Vector3::y(),
            Vector3::z(),
            -Vector3::z(),
        ] {
            let w = md.support_vertex(&dir, hints);
            let scale = p0.coords.amax().max(w.w.coords.amax());
            if (w.w - p0).amax() > FLAT_RELATIVE * scale {
                pts[1] = w;
                found = true;
                break;
            }
        }
        if !found {
            // A − B is a single point (the origin): point shapes touching.
            let normal = unit(&towards_b).unwrap_or_else(Vector3::x);
            return Seed::Flat { normal };
        }
    }
    // Segment p₀p₁: search perpendicular to it, in four directions 90° apart.
    let (p0, p1) = (pts[0].w, pts[1].w);
    let axis = unit(&(p1 - p0)).unwrap_or_else(Vector3::x);
    let u = unit(&axis.cross(&least_aligned(&axis))).unwrap_or_else(Vector3::y);
    let v = axis.cross(&u);
    let mut best = (0.0, pts[0]);
    for dir in [u, -u, v, -v] {
        let w = md.support_vertex(&dir, hints);
        let off = (w.w - p0).cross(&axis).norm();
        if off > best.0 {
            best = (off, w);
        }
    }
    let scale = size(&pts[..2]).max(best.1.w.coords.amax());
    if best.0 <= FLAT_RELATIVE * scale {
        // A − B is a segment: any direction perpendicular to it has zero depth.
        let perp = towards_b - axis * axis.dot(&towards_b);
        return Seed::Flat {
            normal: unit(&perp).unwrap_or(u),
        };
    }
    pts[2] = best.1;
    from_triangle(md, &mut pts, hints).unwrap_or(Seed::Degenerate)
}

/// The triangle `pts[..3]` grown by the support point farther from its plane (into
/// `pts[3]`), or [`Seed::Flat`] when neither side's support point leaves the plane;
/// `None` when the triangle has no normal.
fn from_triangle<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    pts: &mut [SimplexVertex; 4],
    hints: &mut SupportHints,
) -> Option<Seed> {
    let [p0, p1, p2, _] = pts.map(|v| v.w);
    let n = unit(&(p1 - p0).cross(&(p2 - p0)))?;
    let up = md.support_vertex(&n, hints);
    let down = md.support_vertex(&-n, hints);
    let (h_up, h_down) = (n.dot(&(up.w - p0)), -n.dot(&(down.w - p0)));
    let scale = size(&pts[..3])
        .max(up.w.coords.amax())
        .max(down.w.coords.amax());
    if h_up.max(h_down) <= FLAT_RELATIVE * scale {
        let towards_b = md.b_to_a().translation.vector;
        return Some(Seed::Flat {
            normal: orient(n, &towards_b),
        });
    }
    pts[3] = if h_up >= h_down { up } else { down };
    Some(Seed::GrownTetrahedron(*pts))
}

/// The largest coordinate magnitude of the points: the scale of A − B seen so far.
fn size(pts: &[SimplexVertex]) -> f64 {
    pts.iter().fold(0.0, |m: f64, p| m.max(p.w.coords.amax()))
}

/// The coordinate axis least aligned with `d`, so that `d × axis` is well conditioned.
fn least_aligned(d: &Vector3<f64>) -> Vector3<f64> {
    let a = d.abs();
    if a.x <= a.y && a.x <= a.z {
        Vector3::x()
    } else if a.y <= a.z {
        Vector3::y()
    } else {
        Vector3::z()
    }
}

/// `n` or `−n`, whichever points along `towards` (B's origin seen from A's).
fn orient(n: Vector3<f64>, towards: &Vector3<f64>) -> Vector3<f64> {
    if n.dot(towards) < 0.0 { -n } else { n }
}
