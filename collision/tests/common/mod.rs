//! Shared test support: independent brute-force references and random hulls.
#![allow(dead_code)]

use collision::ConvexHull;
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A vector with components uniform in `[-r, r)`.
pub fn v3(rng: &mut ChaCha8Rng, r: f64) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-r..r),
        rng.random_range(-r..r),
        rng.random_range(-r..r),
    )
}

/// A random rotation.
pub fn rotation(rng: &mut ChaCha8Rng) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(v3(rng, 3.0))
}

/// A random pose with translation in `[-r, r)³`.
pub fn pose(rng: &mut ChaCha8Rng, r: f64) -> Isometry3<f64> {
    Isometry3::from_parts(v3(rng, r).into(), rotation(rng))
}

/// `n` random points in an ellipsoid-ish blob of random aspect, around the origin.
pub fn cloud(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    let axes = Vector3::new(
        rng.random_range(0.2..1.5),
        rng.random_range(0.2..1.5),
        rng.random_range(0.2..1.5),
    );
    (0..n)
        .map(|_| {
            loop {
                let p = v3(rng, 1.0);
                if p.norm_squared() <= 1.0 {
                    break Point3::from(p.component_mul(&axes));
                }
            }
        })
        .collect()
}

/// A random solid hull from `n` points.
pub fn hull(rng: &mut ChaCha8Rng, n: usize) -> ConvexHull {
    ConvexHull::new(&cloud(rng, n)).expect("random cloud makes a hull")
}

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
    pub vertices: Vec<Point3<f64>>,
    pub triangles: Vec<[Point3<f64>; 3]>,
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

/// nalgebra pose → parry pose.
pub fn to_parry(p: &Isometry3<f64>) -> parry3d_f64::math::Pose {
    let t = p.translation.vector;
    let q = p.rotation.coords;
    parry3d_f64::math::Pose::from_parts(
        parry3d_f64::math::Vector::new(t.x, t.y, t.z),
        parry3d_f64::math::Rotation::from_xyzw(q[0], q[1], q[2], q[3]),
    )
}

/// The hull's vertices as a parry convex polyhedron.
pub fn parry_hull(hull: &ConvexHull) -> parry3d_f64::shape::ConvexPolyhedron {
    let pts: Vec<parry3d_f64::math::Vector> = hull
        .vertices()
        .iter()
        .map(|p| parry3d_f64::math::Vector::new(p.x, p.y, p.z))
        .collect();
    parry3d_f64::shape::ConvexPolyhedron::from_convex_hull(&pts).expect("parry builds the hull")
}

/// The number of shape kinds [`shape_of_kind`] makes: every variant of `Shape`.
pub const SHAPE_KINDS: usize = 11;

/// A random shape of kind `kind % SHAPE_KINDS`, about 0.05 to 1.5 across: ball, box,
/// hull (4 to 64 points), capsule, cylinder, cone, triangle, segment, point, a rounded
/// hull and a transformed box.
pub fn shape_of_kind(rng: &mut ChaCha8Rng, kind: usize) -> collision::Shape {
    use collision::{
        Ball, Capsule, Cone, Cuboid, Cylinder, Point, Rounded, Segment, Shape, Transformed,
        Triangle,
    };
    let mut len = || rng.random_range(0.05..0.7);
    let (a, b, c) = (len(), len(), len());
    match kind % SHAPE_KINDS {
        0 => Ball::new(a).unwrap().into(),
        1 => Cuboid::new(Vector3::new(a, b, c)).unwrap().into(),
        2 => {
            let n = rng.random_range(4..64);
            hull(rng, n).into()
        }
        3 => Capsule::new(a, b).unwrap().into(),
        4 => Cylinder::new(a, b).unwrap().into(),
        5 => Cone::new(a, b).unwrap().into(),
        6 => Triangle::new(
            Point3::new(-a, 0.0, 0.0),
            Point3::new(a, b, 0.0),
            Point3::new(0.0, -b, c),
        )
        .unwrap()
        .into(),
        7 => Segment::new(Point3::new(-a, 0.0, 0.0), Point3::new(a, b, c))
            .unwrap()
            .into(),
        8 => Point::new(Point3::from(v3(rng, 0.3))).unwrap().into(),
        9 => Rounded::new(Shape::from(hull(rng, 12)), 0.2 * a)
            .unwrap()
            .into(),
        _ => {
            let inner = Shape::from(Cuboid::new(Vector3::new(a, b, c)).unwrap());
            Transformed::new(inner, pose(rng, 0.5)).unwrap().into()
        }
    }
}
