//! The draws of the contact, EPA, time of impact and ray tests: rotations of spread 3.2,
//! unit vectors from draws of norm above 0.1, and hulls of ellipsoidal
//! [`shell`](crate::clouds::shell) clouds; with the separating-axis references they are
//! checked against.

use collision::ConvexHull;
use nalgebra::{Point3, UnitQuaternion, Vector3};
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
