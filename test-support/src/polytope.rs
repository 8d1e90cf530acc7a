//! Exact references on convex polytopes placed in the world: brute-force distance
//! (vertex–face and edge–edge pairs in closed form), separation and penetration depth by
//! the separating axis theorem.

use collision::ConvexHull;
use nalgebra::{Isometry3, Point3, Vector3};

/// Closest point to `p` on segment `ab`.
pub fn closest_on_segment(p: &Point3<f64>, a: &Point3<f64>, b: &Point3<f64>) -> Point3<f64> {
    let ab = b - a;
    let len2 = ab.norm_squared();
    if len2 == 0.0 {
        return *a;
    }
    a + ab * ((p - a).dot(&ab) / len2).clamp(0.0, 1.0)
}

/// Distance from `p` to triangle `abc`: the plane distance when the projection of `p`
/// falls inside (all three edge tests `((b − a) × (p − a)) · n ≥ 0` pass), otherwise
/// the nearest of the three edges.
pub fn point_triangle(p: &Point3<f64>, t: &[Point3<f64>; 3]) -> f64 {
    let [a, b, c] = t;
    let n = (b - a).cross(&(c - a));
    let inside = n.norm_squared() > 0.0
        && (b - a).cross(&(p - a)).dot(&n) >= 0.0
        && (c - b).cross(&(p - b)).dot(&n) >= 0.0
        && (a - c).cross(&(p - c)).dot(&n) >= 0.0;
    if inside {
        return ((p - a).dot(&n) / n.norm()).abs();
    }
    [(a, b), (b, c), (c, a)]
        .iter()
        .map(|(u, v)| (p - closest_on_segment(p, u, v)).norm())
        .fold(f64::INFINITY, f64::min)
}

/// Exact distance between segments `p0 p1` and `q0 q1`: the minimum of the convex
/// quadratic `|p(s) − q(t)|²` over the unit square is at the interior critical point or
/// on one of the four edges (each a clamped 1D minimisation).
pub fn segment_segment(
    p0: &Point3<f64>,
    p1: &Point3<f64>,
    q0: &Point3<f64>,
    q1: &Point3<f64>,
) -> f64 {
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let mut best = (p0 - closest_on_segment(p0, q0, q1)).norm();
    best = best.min((p1 - closest_on_segment(p1, q0, q1)).norm());
    best = best.min((q0 - closest_on_segment(q0, p0, p1)).norm());
    best = best.min((q1 - closest_on_segment(q1, p0, p1)).norm());
    let (a, b, c, d, e) = (
        d1.dot(&d1),
        d1.dot(&d2),
        d2.dot(&d2),
        d1.dot(&r),
        d2.dot(&r),
    );
    let den = a * c - b * b;
    if den > 1e-14 * a * c {
        let s = (b * e - c * d) / den;
        let t = (a * e - b * d) / den;
        if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
            best = best.min((p0 + d1 * s - (q0 + d2 * t)).norm());
        }
    }
    best
}

/// A hull placed in the world: its vertices and triangles.
pub struct Placed {
    /// The vertices, in world coordinates.
    pub vertices: Vec<Point3<f64>>,
    /// The triangles, as world-space corners.
    pub triangles: Vec<[Point3<f64>; 3]>,
    /// Each edge once, as its two world-space end points.
    pub edges: Vec<(Point3<f64>, Point3<f64>)>,
}

/// `hull` at `pose`, as world vertices, triangles and (unique) edges.
pub fn place(hull: &ConvexHull, pose: &Isometry3<f64>) -> Placed {
    let h = hull.hull().expect("solid hull");
    let vertices: Vec<Point3<f64>> = h.vertices().iter().map(|p| pose * p).collect();
    let triangles = h
        .triangles()
        .iter()
        .map(|t| t.map(|i| vertices[i as usize]))
        .collect();
    let mut edges = Vec::new();
    for t in h.triangles() {
        for k in 0..3 {
            let (i, j) = (t[k], t[(k + 1) % 3]);
            if i < j {
                edges.push((vertices[i as usize], vertices[j as usize]));
            }
        }
    }
    Placed {
        vertices,
        triangles,
        edges,
    }
}

/// Separating-axis test for two convex polytopes: they are disjoint iff some face normal
/// of either, or some cross product of an edge of each, separates their projections.
/// Returns the largest separation found over those axes (negative when overlapping).
pub fn sat_separation(a: &Placed, b: &Placed) -> f64 {
    let gap = |axis: Vector3<f64>| -> f64 {
        let len = axis.norm();
        if len < 1e-12 {
            return f64::NEG_INFINITY;
        }
        let n = axis / len;
        let (mut amin, mut amax, mut bmin, mut bmax) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for p in &a.vertices {
            let d = n.dot(&p.coords);
            amin = amin.min(d);
            amax = amax.max(d);
        }
        for p in &b.vertices {
            let d = n.dot(&p.coords);
            bmin = bmin.min(d);
            bmax = bmax.max(d);
        }
        (bmin - amax).max(amin - bmax)
    };
    let mut best = f64::NEG_INFINITY;
    for t in a.triangles.iter().chain(&b.triangles) {
        best = best.max(gap((t[1] - t[0]).cross(&(t[2] - t[0]))));
    }
    for (p, q) in &a.edges {
        for (r, s) in &b.edges {
            best = best.max(gap((q - p).cross(&(s - r))));
        }
    }
    best
}

/// Exact distance between two disjoint convex polytopes: the minimum over vertex–face
/// pairs (both ways) and edge–edge pairs, each computed in closed form.
pub fn brute_force_distance(a: &Placed, b: &Placed) -> f64 {
    let mut best = f64::INFINITY;
    for p in &a.vertices {
        for t in &b.triangles {
            best = best.min(point_triangle(p, t));
        }
    }
    for p in &b.vertices {
        for t in &a.triangles {
            best = best.min(point_triangle(p, t));
        }
    }
    for (p, q) in &a.edges {
        for (r, s) in &b.edges {
            best = best.min(segment_segment(p, q, r, s));
        }
    }
    best
}

/// A world-space polytope: vertices, outward face normals, edges.
pub struct Poly {
    /// The vertices, in world coordinates.
    pub vertices: Vec<Point3<f64>>,
    /// The outward unit normal of each face.
    pub normals: Vec<Vector3<f64>>,
    /// Each edge once, as the vector between its end points.
    pub edges: Vec<Vector3<f64>>,
}

impl Poly {
    /// `hull` placed at `pose`.
    pub fn new(hull: &ConvexHull, pose: &Isometry3<f64>) -> Poly {
        let h = hull.hull().expect("solid hull");
        let vertices: Vec<_> = h.vertices().iter().map(|p| pose * p).collect();
        let normals = h
            .planes()
            .iter()
            .map(|p| pose.rotation * p.normal)
            .collect();
        let mut edges = Vec::new();
        for face in h.faces() {
            for k in 0..face.len() {
                let (i, j) = (face[k] as usize, face[(k + 1) % face.len()] as usize);
                if i < j {
                    edges.push(vertices[j] - vertices[i]);
                }
            }
        }
        Poly {
            vertices,
            normals,
            edges,
        }
    }

    /// `max over the vertices of n · v`.
    pub fn support(&self, n: &Vector3<f64>) -> f64 {
        self.vertices
            .iter()
            .map(|v| n.dot(&v.coords))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Exact penetration depth by the separating axis theorem: the minimum over the face
/// normals of both polytopes and the cross products of their edges (both signs) of
/// `h_A(n) + h_B(−n)`, the overlap along `n`. Negative when separated (then it is minus
/// the largest gap over the axes, not the distance). Returns (depth, axis from A to B).
pub fn sat_depth(a: &Poly, b: &Poly) -> (f64, Vector3<f64>) {
    let mut best = (f64::INFINITY, Vector3::zeros());
    let mut test = |n: Vector3<f64>| {
        for n in [n, -n] {
            let d = a.support(&n) + b.support(&-n);
            if d < best.0 {
                best = (d, n);
            }
        }
    };
    for n in a.normals.iter().chain(&b.normals) {
        test(*n);
    }
    for ea in &a.edges {
        for eb in &b.edges {
            let c = ea.cross(eb);
            let len = c.norm();
            if len > 1e-9 * ea.norm() * eb.norm() {
                test(c / len);
            }
        }
    }
    best
}

/// Overlap of `a` and `b` along unit `n`: `h_A(n) + h_B(−n)`.
pub fn overlap_along(a: &Poly, b: &Poly, n: &Vector3<f64>) -> f64 {
    a.support(n) + b.support(&-n)
}
