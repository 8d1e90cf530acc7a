//! The draws of the GJK, shape, batch and interop tests: rotations of spread 3, hulls of
//! [`blob`] clouds, and a random shape of every kind; with the
//! brute-force polytope references and parry's copies they are checked against.

use crate::clouds::blob;
use collision::gjk::{GjkConfig, GjkOutput, gjk};
use collision::observer::Observer;
use collision::{ConvexHull, QueryOptions, SupportMap};
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

pub use crate::parry::{parry_hull, to_parry};
pub use crate::placement::moved_to_gap;
pub use crate::polytope::{
    Placed, brute_force_distance, closest_on_segment, place, point_triangle, sat_separation,
    segment_segment,
};
pub use crate::sample::{pose, rng, v3};

/// A random rotation of spread 3 ([`sample::rotation`](crate::sample::rotation)).
pub fn rotation(rng: &mut ChaCha8Rng) -> UnitQuaternion<f64> {
    crate::sample::rotation(rng, 3.0)
}

/// `n` random points in an ellipsoid-ish blob of random aspect, around the origin
/// ([`blob`]).
pub fn cloud(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    blob(rng, n)
}

/// A random solid hull from `n` points of a [`cloud`].
pub fn hull(rng: &mut ChaCha8Rng, n: usize) -> ConvexHull {
    ConvexHull::new(&cloud(rng, n)).expect("random cloud makes a hull")
}

/// GJK from a cold start (no cache) with `config`, observed by `observer`: on the
/// shapes' cores, their radii added (wrap a shape in `WholeShape` for GJK on its whole surface).
pub fn cold_gjk(
    a: &(impl SupportMap + ?Sized),
    pose_a: &Isometry3<f64>,
    b: &(impl SupportMap + ?Sized),
    pose_b: &Isometry3<f64>,
    config: &GjkConfig,
    observer: impl Observer,
) -> GjkOutput {
    let options = QueryOptions::default().config(*config).observer(observer);
    gjk(a, pose_a, b, pose_b, options)
}

/// The number of shape kinds [`shape_of_kind`] makes: every variant of `Shape`.
pub const SHAPE_KINDS: usize = 11;

/// A random shape of kind `kind % SHAPE_KINDS`, about 0.1 to 3 across: ball, box,
/// hull (4 to 63 points), capsule, cylinder, cone, triangle, segment, point, a rounded
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
