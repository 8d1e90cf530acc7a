//! Test support shared by the advancement bounds' tests: random bodies and motions, and
//! the exact extent of a body along a direction at any time, to sample steps against.

use crate::shape::{Capsule, ConvexHull, CoreOf, Cuboid, Rounded, Shape, SupportMap};
use crate::toi::Motion;
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A vector with coordinates uniform in `(−s, s)`.
pub(super) fn v3(r: &mut ChaCha8Rng, s: f64) -> Vector3<f64> {
    Vector3::new(
        r.random_range(-s..s),
        r.random_range(-s..s),
        r.random_range(-s..s),
    )
}

/// A random box, capsule, rounded 12-point hull or 40-point hull, about 1 across.
pub(super) fn body(r: &mut ChaCha8Rng) -> Shape {
    let d = v3(r, 1.0).abs() + Vector3::repeat(0.05);
    match r.random_range(0..4) {
        0 => Cuboid::new(d).unwrap().into(),
        1 => Capsule::new(d.x, d.y).unwrap().into(),
        2 => {
            let pts: Vec<Point3<f64>> = (0..12).map(|_| Point3::from(v3(r, 1.0))).collect();
            Rounded::new(Shape::from(ConvexHull::new(&pts).unwrap()), d.z)
                .unwrap()
                .into()
        }
        _ => {
            let pts: Vec<Point3<f64>> = (0..40).map(|_| Point3::from(v3(r, 1.0))).collect();
            ConvexHull::new(&pts).unwrap().into()
        }
    }
}

/// A random motion: pose within 3 of the origin, speed up to 2 per axis, spin up to
/// `spin` rad per unit time per axis, centre of mass up to 0.3 off the shape's origin.
pub(super) fn motion(r: &mut ChaCha8Rng, spin: f64) -> Motion {
    let pose = Isometry3::from_parts(
        Translation3::from(v3(r, 3.0)),
        UnitQuaternion::from_scaled_axis(v3(r, 3.0)),
    );
    Motion::new(pose, v3(r, 2.0), v3(r, spin)).with_local_center(Point3::from(v3(r, 0.3)))
}

/// The largest distance from the centre of mass to the core's bounding-box corners.
pub(super) fn extent(core: &CoreOf<'_, Shape>, m: &Motion) -> f64 {
    let bb = core.aabb(&Isometry3::identity());
    (bb.mins - m.local_center)
        .abs()
        .sup(&(bb.maxs - m.local_center).abs())
        .norm()
}

/// `max_a n · a` of a body at time `t`: the centre of mass's offset plus the support value
/// about it along `n` turned back by the body's rotation (exact, no linearisation).
pub(super) fn extent_along<S: SupportMap + ?Sized>(
    core: &S,
    m: &Motion,
    t: f64,
    n: &Vector3<f64>,
) -> f64 {
    let pose = m.pose_at(t);
    let local = pose.rotation.inverse_transform_vector(n);
    let centre = pose * m.local_center;
    n.dot(&centre.coords) + (core.support(&local) - m.local_center).dot(&local)
}
