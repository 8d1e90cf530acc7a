//! Support sets for flat point sets: polygon, segment, point.
//!
//! The hull builder rejects point sets without volume; a support map does not need one,
//! so we keep the extreme points ourselves. The kept vertices are input points (never
//! projected copies), so no coordinate is rounded.

use super::{ConvexHull, HullKind};
use crate::kernels::hull_climb::{NoRoom, room};
use nalgebra::{Point3, Vector3};

/// Index of the point farthest from `from`.
fn farthest_from(points: &[Point3<f64>], from: &Point3<f64>) -> usize {
    let mut best = 0;
    let mut best_d = -1.0;
    for (i, p) in points.iter().enumerate() {
        let d = (p - from).norm_squared();
        if d > best_d {
            best_d = d;
            best = i;
        }
    }
    best
}

/// A single point (the first input point; all coincide within the hull tolerance).
pub(super) fn point(points: &[Point3<f64>]) -> Result<ConvexHull, NoRoom> {
    ConvexHull::from_parts(kept(&[points[0]])?, Vec::new(), Vec::new(), HullKind::Point)
}

/// The few `extremes` as the vertex list ([`NoRoom`] when even that does not fit).
fn kept(extremes: &[Point3<f64>]) -> Result<Vec<Point3<f64>>, NoRoom> {
    let mut vertices = room(extremes.len())?;
    vertices.extend_from_slice(extremes);
    Ok(vertices)
}

/// The two extreme points of a collinear set: `a` farthest from an arbitrary point,
/// then `b` farthest from `a` (exact for points on a line).
pub(super) fn segment(points: &[Point3<f64>]) -> Result<ConvexHull, NoRoom> {
    let a = points[farthest_from(points, &points[0])];
    let b = points[farthest_from(points, &a)];
    if a == b {
        return point(points);
    }
    ConvexHull::from_parts(kept(&[a, b])?, Vec::new(), Vec::new(), HullKind::Segment)
}

/// Fewer than four points: the points themselves, classified.
pub(super) fn few(points: &[Point3<f64>]) -> Result<ConvexHull, NoRoom> {
    match points.len() {
        1 => point(points),
        2 => segment(points),
        _ => polygon(points),
    }
}

/// The convex polygon of a coplanar set.
///
/// The plane comes from the widest triangle found greedily: `p1` farthest from `p0`,
/// `p2` farthest from the line `p0 p1` (largest `|(p − p0) × (p1 − p0)|`). Points are
/// projected on the orthonormal basis `u = (p1 − p0)/|p1 − p0|`, `w = n̂ × u` and
/// Andrew's monotone chain (Andrew 1979) keeps the counter-clockwise extreme points,
/// dropping collinear ones. Adjacency is the polygon's cycle, so hill-climbing works
/// for large polygons as it does for polyhedra.
///
/// Every array in proportion to the points is reserved before it is filled ([`NoRoom`]
/// when one does not fit), and the sort allocates nothing: points with equal projections
/// keep their input order through the index, as a stable sort would keep them.
pub(super) fn polygon(points: &[Point3<f64>]) -> Result<ConvexHull, NoRoom> {
    let p0 = points[0];
    let p1 = points[farthest_from(points, &p0)];
    let e = p1 - p0;
    let mut n = Vector3::zeros();
    for p in points {
        let c = (p - p0).cross(&e);
        if c.norm_squared() > n.norm_squared() {
            n = c;
        }
    }
    let (Some(u), Some(n_hat)) = (crate::shape::unit(&e), crate::shape::unit(&n)) else {
        return segment(points);
    };
    let w = n_hat.cross(&u);
    let mut planar: Vec<(f64, f64, usize)> = room(points.len())?;
    planar.extend(
        points
            .iter()
            .enumerate()
            .map(|(i, p)| ((p - p0).dot(&u), (p - p0).dot(&w), i)),
    );
    planar.sort_unstable_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.cmp(&b.2))
    });
    planar.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    let extent = planar
        .iter()
        .fold(0.0f64, |m, p| m.max(p.0.abs()).max(p.1.abs()));
    let ring = monotone_chain(&planar, extent)?;
    drop(planar);
    if ring.len() < 3 {
        return segment(points);
    }
    let m = ring.len() as u32;
    let mut vertices = room(ring.len())?;
    vertices.extend(ring.iter().map(|&i| points[i]));
    let mut offsets = room(ring.len() + 1)?;
    offsets.extend((0..=m).map(|k| 2 * k));
    let mut neighbors = room(2 * ring.len())?;
    neighbors.extend((0..m).flat_map(|k| [(k + m - 1) % m, (k + 1) % m]));
    ConvexHull::from_parts(vertices, offsets, neighbors, HullKind::Polygon)
}

/// Andrew's monotone chain on points sorted by `(x, y)`: returns the input indices of
/// the counter-clockwise hull, without collinear points.
///
/// Projected coordinates carry rounding errors of about `ε · extent`, so a turn
/// `(a − o) × (b − o)` counts as left only above `64 ε · extent · (|a − o| + |b − o|)`.
///
/// # Errors
/// [`NoRoom`] when its arrays (in proportion to the points) do not fit in memory.
fn monotone_chain(sorted: &[(f64, f64, usize)], extent: f64) -> Result<Vec<usize>, NoRoom> {
    // Each half's chain holds at most every point: `2 len` never needs to grow.
    let mut hull: Vec<(f64, f64, usize)> = room(2 * sorted.len())?;
    let tol = 64.0 * f64::EPSILON * extent;
    half_chain(&mut hull, sorted.iter(), tol);
    half_chain(&mut hull, sorted.iter().rev(), tol);
    let mut ring = room(hull.len())?;
    ring.extend(hull.iter().map(|p| p.2));
    Ok(ring)
}

/// Appends one monotone half of the hull (lower for increasing x, upper for decreasing),
/// popping points that do not turn left; drops the half's last point, which starts the
/// other half.
fn half_chain<'a>(
    hull: &mut Vec<(f64, f64, usize)>,
    points: impl Iterator<Item = &'a (f64, f64, usize)>,
    tol: f64,
) {
    // left(o, a, b) when o → a → b turns left by more than rounding.
    let left = |o: &(f64, f64, usize), a: &(f64, f64, usize), b: &(f64, f64, usize)| {
        let (ax, ay, bx, by) = (a.0 - o.0, a.1 - o.1, b.0 - o.0, b.1 - o.1);
        let len = ax.abs() + ay.abs() + bx.abs() + by.abs();
        ax * by - ay * bx > tol * len
    };
    let start = hull.len();
    for p in points {
        while hull.len() >= start + 2 && !left(&hull[hull.len() - 2], &hull[hull.len() - 1], p) {
            hull.pop();
        }
        hull.push(*p);
    }
    hull.pop();
}
