//! The draws of the contact, EPA, time of impact and ray tests: rotations of spread 3.2,
//! unit vectors from draws of norm above 0.1, and hulls of ellipsoidal
//! [`shell`](crate::clouds::shell) clouds; with the separating-axis references they are
//! checked against.

use collision::{Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Shape, SupportMap};
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

pub use crate::polytope::{Poly, overlap_along, sat_depth};
pub use crate::sample::{rng, v3};

/// A uniformly distributed unit vector (from draws of norm in `(0.1, 1]`).
pub fn unit(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    crate::sample::unit_vector(rng, 0.1)
}

/// A random rotation of spread 3.2 ([`sample::rotation`](crate::sample::rotation)).
pub fn rotation(rng: &mut ChaCha8Rng) -> UnitQuaternion<f64> {
    crate::sample::rotation(rng, 3.2)
}

/// `n` random points in an ellipsoid with radii `radii`, centred at the origin
/// ([`shell`](crate::clouds::shell)).
pub fn cloud(rng: &mut ChaCha8Rng, n: usize, radii: Vector3<f64>) -> Vec<Point3<f64>> {
    crate::clouds::shell(rng, n, radii)
}

/// A solid random hull of `n` points: radii uniform in `[0.3, 1.5)`, then a [`cloud`].
pub fn hull(rng: &mut ChaCha8Rng, n: usize) -> ConvexHull {
    let radii = Vector3::new(
        rng.random_range(0.3..1.5),
        rng.random_range(0.3..1.5),
        rng.random_range(0.3..1.5),
    );
    ConvexHull::new(&cloud(rng, n, radii)).expect("valid hull")
}

/// `h_A(n) + h_B(−n)` in world coordinates, from the shapes' own support functions: how
/// far B must move along the unit world direction `n` (from A to B) for the shapes to
/// touch, `max n·a − min n·b` (their overlap along `n`).
pub fn support_overlap(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
    n: &Vector3<f64>,
) -> f64 {
    let ha = pa
        .transform_point(&a.support(&pa.rotation.inverse_transform_vector(n)))
        .coords
        .dot(n);
    let lb = pb
        .transform_point(&b.support(&pb.rotation.inverse_transform_vector(&-n)))
        .coords
        .dot(n);
    ha - lb
}

/// A ball (`kind` 0, radius `d.x`), box (1, half extents `d`), capsule (2), cylinder (3)
/// or cone (4) (half height `d.x`, radius `d.y`): the shapes with a closed form for most
/// queries. Panics on another kind or on dimensions a shape refuses.
pub fn closed_form_shape(kind: usize, d: &Vector3<f64>) -> Shape {
    match kind {
        0 => Ball::new(d.x).unwrap().into(),
        1 => Cuboid::new(*d).unwrap().into(),
        2 => Capsule::new(d.x, d.y).unwrap().into(),
        3 => Cylinder::new(d.x, d.y).unwrap().into(),
        4 => Cone::new(d.x, d.y).unwrap().into(),
        _ => panic!("kind {kind} has no closed form"),
    }
}
