//! parry3d-f64 copies of poses, vectors and hulls, for comparing against parry.

use collision::ConvexHull;
use nalgebra::{Isometry3, Vector3};
use parry3d_f64::math::{Pose, Rotation, Vector};
use parry3d_f64::shape::ConvexPolyhedron;

/// A nalgebra pose as parry's.
pub fn to_parry(p: &Isometry3<f64>) -> Pose {
    let (t, q) = (p.translation.vector, p.rotation.coords);
    Pose::from_parts(
        Vector::new(t.x, t.y, t.z),
        Rotation::from_xyzw(q[0], q[1], q[2], q[3]),
    )
}

/// A nalgebra vector as parry's.
pub fn pv(v: &Vector3<f64>) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

/// parry's copy of a hull: parry's hull of its vertices.
pub fn parry_hull(hull: &ConvexHull) -> ConvexPolyhedron {
    let points: Vec<Vector> = hull.vertices().iter().map(|p| pv(&p.coords)).collect();
    ConvexPolyhedron::from_convex_hull(&points).expect("parry builds the hull")
}
