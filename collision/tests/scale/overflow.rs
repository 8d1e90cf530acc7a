//! Scenes whose answer `f64` cannot hold, or can hold only through a careful path: each
//! query answers with finite numbers and unit normals, or says it cannot. Found by the
//! fixture mutation test (`fixtures/tests/mutations.rs`) and the random-argument tests.

use collision::ray::cast_ray_gjk;
use collision::{
    Ball, Capsule, ClosestPoints, ContactError, Cuboid, Cylinder, Ray, RayError, Rounded, Shape,
    ShapeError, Triangle, cast_ray, closest_points, contact,
};
use nalgebra::{Isometry3, Point3, Vector3};

fn at(x: f64, y: f64, z: f64) -> Isometry3<f64> {
    Isometry3::translation(x, y, z)
}

/// A ray whose direction is the smallest subnormal reaches the unit ball 4 units away at
/// `t = 4 / 4.9e-324`, beyond `f64::MAX`: no hit can be written, so the cast says so
/// (its point would be `0 · ∞ = NaN`). With a finite cap the hit is past it: a miss.
#[test]
fn a_hit_beyond_f64_along_a_subnormal_direction_is_an_error() {
    let ball = Ball::new(1.0).unwrap();
    let ray = Ray::new(
        Point3::new(0.0, 0.0, -5.0),
        Vector3::new(0.0, 0.0, 4.9e-324),
    );
    let pose = Isometry3::identity();
    assert_eq!(
        cast_ray(&ball, &pose, &ray, f64::INFINITY),
        Err(RayError::NonFinite)
    );
    assert_eq!(
        cast_ray_gjk(&ball, &pose, &ray, f64::INFINITY).map(|h| h.map(|h| h.toi)),
        Err(RayError::NonFinite)
    );
    assert_eq!(cast_ray(&ball, &pose, &ray, 1e300), Ok(None));
    // The same ray with a direction of normal length hits at t = 4 / |dir|.
    let slow = Ray::new(ray.origin, Vector3::new(0.0, 0.0, 1e-300));
    let hit = cast_ray(&ball, &pose, &slow, f64::INFINITY)
        .unwrap()
        .unwrap();
    assert!((hit.toi / 4e300 - 1.0).abs() < 1e-15, "{}", hit.toi);
    assert_eq!(hit.normal, Vector3::new(0.0, 0.0, -1.0));
}

/// A ray from 5 units away into a ball of radius `r` far below the ray's resolution
/// (`ε · 5 ≈ 1e-15`): the hit point is not resolved on the ball, and `p / r` came out
/// NaN for a subnormal radius and `1 + 9e-5` long for `r = 1e-12`. The normal is now a
/// unit vector facing the ray; head on, exactly `−dir`.
#[test]
fn tiny_balls_far_from_the_ray_origin_get_unit_normals() {
    let origin = Point3::new(0.0, 0.0, -5.0);
    for r in [4.9e-324, 2.2e-308, 1e-150, 1e-12, 1e-9] {
        let ball = Ball::new(r).unwrap();
        for (pose, dir) in [
            (at(0.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 2.0)),
            (at(0.0, 0.0, 1.5), Vector3::new(0.0, 0.0, 1.0)),
            (at(0.0, 0.3 * r, 0.0), Vector3::new(0.0, 0.0, 1.0)),
        ] {
            let ray = Ray::new(origin, dir);
            let hit = cast_ray(&ball, &pose, &ray, f64::INFINITY)
                .unwrap()
                .unwrap_or_else(|| panic!("r = {r:e}: the ray passes through the centre"));
            assert!(hit.is_finite(), "r = {r:e}: {hit:?}");
            assert!(
                (hit.normal.norm() - 1.0).abs() < 1e-15,
                "r = {r:e}: {hit:?}"
            );
            assert!(hit.normal.dot(&dir) < 0.0, "r = {r:e}: {hit:?}");
            let (y, z) = (pose.translation.y, pose.translation.z);
            let expected = (z + 5.0 - (r * r - y * y).max(0.0).sqrt()) / dir.z;
            assert!(
                (hit.toi - expected).abs() <= 1e-14 * expected,
                "r = {r:e}: {hit:?}"
            );
        }
    }
    // A cylinder's wall takes the same path.
    let cylinder = Cylinder::new(1.0, 1e-12).unwrap();
    let ray = Ray::new(Point3::new(-5.0, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
    let hit = cast_ray(&cylinder, &Isometry3::identity(), &ray, f64::INFINITY)
        .unwrap()
        .unwrap();
    assert!(
        (hit.normal - Vector3::new(-1.0, 0.0, 0.0)).norm() < 1e-15,
        "{hit:?}"
    );
}

/// Capsules of radius 1e308 with axes 0.8 apart overlap by `2e308 − 0.8`, beyond
/// `f64::MAX`: the contact says it cannot answer instead of reporting a separation of
/// −∞. A box of half-extent 1e308 is beyond the input range (support points above
/// 1e60), an error too; a mutant fixture had reached the separating axis theorem with
/// such a box and got NaN points (∞ − ∞), which the same check now turns into an error.
#[test]
fn contacts_that_overflow_are_errors_and_closest_points_stay_finite() {
    let fat = Capsule::new(1.0, 1e308).unwrap();
    assert_eq!(
        contact(&fat, &at(0.0, 0.0, 0.0), &fat, &at(0.8, 0.5, 0.0), 0.0),
        Err(ContactError::NonFinite)
    );
    // Radius 1e307 each: the depth 2e307 − 0.8 is representable, and answered.
    let large = Capsule::new(1.0, 1e307).unwrap();
    let c = contact(&large, &at(0.0, 0.0, 0.0), &large, &at(0.8, 0.5, 0.0), 0.0)
        .unwrap()
        .unwrap();
    assert!(c.is_finite(), "{c:?}");
    assert!((c.separation / -2e307 - 1.0).abs() < 1e-15, "{c:?}");
    assert!((c.normal - Vector3::x()).norm() < 1e-15, "{c:?}");

    let long = Cuboid::new(Vector3::new(1.0, 1.0, 1e308)).unwrap();
    let unit = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    assert_eq!(
        contact(&long, &at(0.0, 0.0, 0.0), &unit, &at(0.1, 0.0, 0.0), 0.0),
        Err(ContactError::NonFinite)
    );

    // Closest points lie between the shapes, so they stay finite even near `f64::MAX`.
    let ball = Ball::new(1.0).unwrap();
    let big = Ball::new(1e308).unwrap();
    match closest_points(&ball, &at(0.0, 0.0, 0.0), &big, &at(1.7e308, 0.0, 0.0)) {
        Ok(c @ ClosestPoints::Separated { distance, .. }) => {
            assert!(c.is_finite(), "{c:?}");
            assert!((distance / 0.7e308 - 1.0).abs() < 1e-15, "{distance}");
        }
        other => panic!("{other:?}"),
    }
}

/// A cylinder of size 1.2e21 against a triangle with a vertex at 1.6e300: the inscribed
/// balls prove the overlap, EPA grows its seed from nothing, and the triangle it grows
/// from a segment has a cross product beyond `f64`, which read as collinear sent the
/// growth back to the segment: a loop until the stack overflowed (found through the
/// Python package's random-argument test). The seed is now degenerate, the contact an
/// error; with that vertex at 1.6e30 the pair has an answer.
#[test]
fn a_seed_whose_triangle_overflows_ends_as_an_error() {
    let scene = |far: f64| {
        let cylinder: Shape = Cylinder::new(1.18e21, 1.18e21).unwrap().into();
        let triangle: Shape = Triangle::new(
            Point3::new(1.61 * far, -0.0794 * far, -0.407 * far),
            Point3::new(-2.15e9, -2.15e9, -2.15e9),
            Point3::origin(),
        )
        .unwrap()
        .into();
        let pose = Isometry3::identity();
        contact(&cylinder, &pose, &triangle, &pose, 1.45)
    };
    assert_eq!(scene(1e300), Err(ContactError::NonFinite));
    let c = scene(1e30).unwrap().unwrap();
    assert!(c.separation < 0.0 && c.separation.is_finite());
    assert!((c.normal.norm() - 1.0).abs() < 1e-12, "{c:?}");
}

/// Rounding a rounded shape adds the margins, one level deep however often (nested a
/// hundred thousand levels, copying or dropping the shape overflowed the stack), and
/// answers as the core grown by the sum: a unit ball rounded 100,000 times by 1e-5 is a
/// ball of radius 2, 7 from a unit ball 10 away. A bad margin, or margins that overflow
/// together, are refused.
#[test]
fn rounding_again_adds_the_margins() {
    let mut s: Shape = Ball::new(1.0).unwrap().into();
    for _ in 0..100_000 {
        s = s.rounded(1e-5).unwrap();
    }
    let Shape::Rounded(r) = &s else {
        panic!("{s:?}")
    };
    assert!(matches!(r.shape(), Shape::Ball(_)));
    assert!((r.margin() - 1.0).abs() < 1e-9);
    let far = collision::distance(
        &s,
        &at(0.0, 0.0, 0.0),
        &Ball::new(1.0).unwrap(),
        &at(10.0, 0.0, 0.0),
    );
    assert!((far.unwrap() - 7.0).abs() < 1e-9);
    let twice = s.clone().rounded(0.5).unwrap();
    assert!(matches!(&twice, Shape::Rounded(r) if matches!(r.shape(), Shape::Ball(_))));
    assert!(matches!(
        s.clone().rounded(-0.1),
        Err(ShapeError::InvalidLength { what: "margin", .. })
    ));
    // The conversion from `Rounded<Shape>` flattens the same way.
    let mut s: Shape = Ball::new(1.0).unwrap().into();
    for _ in 0..100_000 {
        s = Shape::from(Rounded::new(s, 1e-5).unwrap());
    }
    assert!(
        matches!(&s, Shape::Rounded(r) if matches!(r.shape(), Shape::Ball(_))
        && (r.margin() - 1.0).abs() < 1e-9)
    );
    let huge: Shape = Ball::new(1.0).unwrap().into();
    let huge = huge.rounded(1e308).unwrap();
    assert!(matches!(
        huge.rounded(1e308),
        Err(ShapeError::InvalidLength {
            what: "total margin",
            ..
        })
    ));
}
