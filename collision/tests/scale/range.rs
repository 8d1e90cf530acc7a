//! The same scenes at scales from 1e-20 to 1e20 give the same answers, scaled: distance,
//! intersection, contact, closest points and time of impact for every pair of nine shape
//! kinds, and ray casts on each (the invariance tests elsewhere cover 1e-6 to 1e6 on
//! random pairs; this sweeps farther, on fixed ones).

use collision::{
    Ball, Capsule, ClosestPoints, Cone, ConvexHull, Cuboid, Cylinder, Motion, Ray, Rounded,
    Segment, Shape, Triangle, cast_ray, closest_points, contact, distance, intersects,
    time_of_impact,
};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

/// Nine shapes about 1 across, scaled by `s`.
fn shapes(s: f64) -> Vec<Shape> {
    let p = |x: f64, y: f64, z: f64| Point3::new(x * s, y * s, z * s);
    let hull = [
        p(0.0, 0.0, 0.0),
        p(0.6, 0.0, 0.1),
        p(0.0, 0.5, 0.0),
        p(0.1, 0.2, 0.7),
        p(0.3, 0.3, 0.3),
    ];
    vec![
        Shape::from(Ball::new(0.5 * s).unwrap()),
        Shape::from(Cuboid::new(Vector3::new(0.5, 0.3, 0.4) * s).unwrap()),
        Shape::from(Capsule::new(0.4 * s, 0.2 * s).unwrap()),
        Shape::from(Cylinder::new(0.4 * s, 0.3 * s).unwrap()),
        Shape::from(Cone::new(0.4 * s, 0.3 * s).unwrap()),
        Shape::from(ConvexHull::new(&hull).unwrap()),
        Shape::from(Segment::new(p(-0.3, 0.0, 0.0), p(0.3, 0.1, 0.0)).unwrap()),
        Shape::from(Triangle::new(p(0.0, 0.0, 0.0), p(0.5, 0.0, 0.0), p(0.0, 0.5, 0.1)).unwrap()),
        Shape::from(
            Rounded::new(
                Shape::from(Cuboid::new(Vector3::new(0.3, 0.2, 0.2) * s).unwrap()),
                0.1 * s,
            )
            .unwrap(),
        ),
    ]
}

/// B's pose in the scenes: offset by `x` along X (and a little along Y and Z), turned, all
/// scaled by `s`.
fn place(x: f64, s: f64) -> Isometry3<f64> {
    let rotation = UnitQuaternion::from_euler_angles(0.3, 0.2, 0.1);
    Isometry3::from_parts(Translation3::new(x * s, 0.1 * s, 0.05 * s), rotation)
}

#[test]
fn every_query_scales_from_1e_minus_20_to_1e20() {
    let unit = shapes(1.0);
    let id = Isometry3::identity();
    let mut compared = 0;
    for s in [1e-20, 1e-10, 1e-3, 1e3, 1e10, 1e20] {
        let scaled = shapes(s);
        for (i, (a1, a)) in unit.iter().zip(&scaled).enumerate() {
            for (j, (b1, b)) in unit.iter().zip(&scaled).enumerate() {
                // Apart, near contact and overlapping.
                for x in [0.9, 0.5, 0.2] {
                    let what = format!("shapes {i}, {j} at x = {x}, scale {s:e}");
                    let (p1, ps) = (place(x, 1.0), place(x, s));
                    let d1 = distance(a1, &id, b1, &p1).unwrap();
                    let ds = distance(a, &id, b, &ps).unwrap();
                    assert!(
                        (ds / s - d1).abs() <= 1e-9 * d1.max(1e-3),
                        "{what}: distance"
                    );
                    let touching = d1 <= 1e-9;
                    if !touching {
                        assert!(!intersects(a, &id, b, &ps).unwrap(), "{what}");
                    }
                    let sep = |c: Option<collision::Contact>, k: f64| c.map(|c| c.separation / k);
                    let c1 = sep(contact(a1, &id, b1, &p1, 0.0).unwrap(), 1.0);
                    let cs = sep(contact(a, &id, b, &ps, 0.0).unwrap(), s);
                    match (c1, cs) {
                        (Some(u), Some(v)) => {
                            assert!(
                                (u - v).abs() <= 1e-7 * u.abs().max(1e-3),
                                "{what}: {u} vs {v}"
                            )
                        }
                        // A contact found at one scale and not the other is a touch
                        // decided by rounding.
                        (Some(u), None) | (None, Some(u)) => assert!(u.abs() <= 1e-12, "{what}"),
                        (None, None) => {}
                    }
                    compared += 1;
                }
            }
            let ray = |k: f64| {
                Ray::new(
                    Point3::new(-2.0 * k, 0.05 * k, 0.02 * k),
                    Vector3::new(1.0, 0.0, 0.0),
                )
            };
            let h1 = cast_ray(a1, &id, &ray(1.0), 10.0).unwrap().map(|h| h.toi);
            let hs = cast_ray(a, &id, &ray(s), 10.0 * s)
                .unwrap()
                .map(|h| h.toi / s);
            // Curved shapes without a closed form take the GJK ray cast, which accepts a
            // hit within 16√ε of the shape's size (2.4e-7).
            match (h1, hs) {
                (Some(u), Some(v)) => {
                    assert!(
                        (u - v).abs() <= 1e-6 * u,
                        "shape {i} ray, scale {s:e}: {u} vs {v}"
                    )
                }
                (u, v) => assert_eq!(u, v, "shape {i} ray, scale {s:e}"),
            }
        }
    }
    assert_eq!(compared, 6 * 9 * 9 * 3);
}

/// Closest points and time of impact on the same scenes: the points of the pairs apart
/// are their distance apart at every scale, and the unit direction between them (unique:
/// the nearest point of `A − B` to the origin is) is the same; a motion of B towards A
/// whose velocity scales with the scene (the angular one does not) hits at the same time,
/// or misses at every scale.
#[test]
fn closest_points_and_time_of_impact_scale_from_1e_minus_20_to_1e20() {
    // GJK stops once its bounds are within ε = 1e-10 of the distance (relative); a
    // direction θ off the true one certifies about θ²/2 of the distance less, so the
    // direction between the points is known to about √(2ε) = 1.4e-5 at each scale.
    const MAX_TURN: f64 = 2e-5;
    let unit = shapes(1.0);
    let id = Isometry3::identity();
    let (mut separated, mut impacts) = (0, 0);
    for s in [1e-20, 1e-10, 1e-3, 1e3, 1e10, 1e20] {
        let scaled = shapes(s);
        for (i, (a1, a)) in unit.iter().zip(&scaled).enumerate() {
            for (j, (b1, b)) in unit.iter().zip(&scaled).enumerate() {
                let what = format!("shapes {i}, {j}, scale {s:e}");
                let (p1, ps) = (place(1.6, 1.0), place(1.6, s));
                let c1 = closest_points(a1, &id, b1, &p1).unwrap();
                let cs = closest_points(a, &id, b, &ps).unwrap();
                if let (
                    ClosestPoints::Separated {
                        point_a: a1p,
                        point_b: b1p,
                        distance: d1,
                    },
                    ClosestPoints::Separated {
                        point_a: asp,
                        point_b: bsp,
                        distance: ds,
                    },
                ) = (c1, cs)
                {
                    assert!((ds / s - d1).abs() <= 1e-9 * d1, "{what}: distance");
                    let gap = (bsp - asp) / s;
                    assert!((gap.norm() - d1).abs() <= 1e-9 * d1, "{what}: points");
                    let turn = (gap.normalize() - (b1p - a1p).normalize()).norm();
                    assert!(turn <= MAX_TURN, "{what}: direction turned by {turn:e}");
                    separated += 1;
                } else {
                    panic!("{what}: {c1:?} and {cs:?}, apart at x = 1.6");
                }
                // B from x = 3 towards A at 4 scene units a unit of time, turning.
                let motion = |k: f64| {
                    Motion::new(
                        place(3.0, k),
                        Vector3::new(-4.0 * k, 0.0, 0.0),
                        Vector3::new(0.0, 0.5, 0.3),
                    )
                };
                let rest = Motion::new(id, Vector3::zeros(), Vector3::zeros());
                let t1 = time_of_impact(a1, &rest, b1, &motion(1.0), 1.0).unwrap();
                let ts = time_of_impact(a, &rest, b, &motion(s), 1.0).unwrap();
                match (t1, ts) {
                    (Some(t1), Some(ts)) => {
                        let change = (ts.time - t1.time).abs();
                        assert!(
                            change <= 1e-7,
                            "{what}: impact at {} and {}",
                            t1.time,
                            ts.time
                        );
                        impacts += 1;
                    }
                    // A thin shape the turning one passes by, at every scale.
                    (None, None) => {}
                    (t1, ts) => panic!("{what}: impact {t1:?} and {ts:?}"),
                }
            }
        }
    }
    assert_eq!(separated, 6 * 81);
    assert!(impacts >= 6 * 70, "{impacts} impacts");
}

/// Past the input range the polytope queries refuse instead of answering wrongly: at 1e80
/// a ball–box contact came out 5 % off (products of four coordinates overflow near 1e77);
/// support points beyond 1e60 are now an error. At 1e50 the answers are still exact.
#[test]
fn coordinates_beyond_1e60_are_an_error_not_a_wrong_answer() {
    use collision::{ContactError, GjkError};
    let unit = shapes(1.0);
    let id = Isometry3::identity();
    let (ball, cuboid) = (0, 1);
    let place = |s: f64| place(0.2, s);
    let want = contact(&unit[ball], &id, &unit[cuboid], &place(1.0), 0.0)
        .unwrap()
        .unwrap()
        .separation;
    let s = 1e50;
    let big = shapes(s);
    let got = contact(&big[ball], &id, &big[cuboid], &place(s), 0.0)
        .unwrap()
        .unwrap()
        .separation;
    assert!((got / s - want).abs() <= 1e-9 * want.abs());
    let s = 1e80;
    let huge = shapes(s);
    assert_eq!(
        contact(&huge[ball], &id, &huge[cuboid], &place(s), 0.0),
        Err(ContactError::NonFinite)
    );
    for (i, j) in [(5, 1), (2, 4), (3, 5)] {
        assert_eq!(
            distance(&huge[i], &id, &huge[j], &place(s)),
            Err(GjkError::Degenerate),
            "shapes {i}, {j}"
        );
    }
}

/// Ray casts on balls keep their closed form at any magnitude: the start point is taken
/// in units of the larger of its distance and the radius before anything is squared (a
/// ray 2e-200 from a ball of radius 5e-201 used to read as starting inside).
#[test]
fn ball_rays_keep_their_closed_form_from_1e_minus_300_to_1e300() {
    for s in [1e-300, 1e-200, 1e-120, 1.0, 1e120, 1e200, 1e300] {
        let ball = Ball::new(0.5 * s).unwrap();
        // Through the centre (enters at x = −0.5, after 1.5), and through a chord at
        // y = 0.3 (enters at x = −0.4, after 1.6).
        for (y, toi) in [(0.0, 1.5), (0.3, 1.6)] {
            let ray = Ray::new(
                Point3::new(-2.0 * s, y * s, 0.0),
                Vector3::new(1.0, 0.0, 0.0),
            );
            let hit = cast_ray(&ball, &Isometry3::identity(), &ray, 10.0 * s)
                .unwrap()
                .unwrap_or_else(|| panic!("scale {s:e}: miss"));
            assert!(
                (hit.toi / s - toi).abs() <= 1e-15,
                "scale {s:e}: toi {:e}",
                hit.toi
            );
            // The entry point (−√(0.25 − y²), y, 0) over the radius 0.5.
            let normal = Vector3::new(-(0.25 - y * y).sqrt(), y, 0.0) * 2.0;
            assert!((hit.normal - normal).norm() <= 1e-15, "scale {s:e}");
        }
    }
}

/// Below the input range too: a scene 1e-80 across, whose final simplex lies within 1e-60
/// of A's origin, is refused rather than answered from underflowed products (a
/// capsule–cone distance came out 10x too small there). At 1e-50 it is still exact.
#[test]
fn coordinates_below_1e_minus_60_are_an_error_not_a_wrong_answer() {
    use collision::GjkError;
    let unit = shapes(1.0);
    let id = Isometry3::identity();
    let (capsule, cone) = (2, 4);
    let place = |s: f64| place(0.9, s);
    let want = distance(&unit[capsule], &id, &unit[cone], &place(1.0)).unwrap();
    let s = 1e-50;
    let small = shapes(s);
    let got = distance(&small[capsule], &id, &small[cone], &place(s)).unwrap();
    assert!((got / s - want).abs() <= 1e-9 * want);
    let s = 1e-80;
    let tiny = shapes(s);
    assert_eq!(
        distance(&tiny[capsule], &id, &tiny[cone], &place(s)),
        Err(GjkError::Degenerate)
    );
}

/// Capsule, cylinder and cone rays keep their closed forms at any magnitude too (the
/// start was read as inside at 1e±200: its squared distance to the axis under- or
/// overflowed; the cone's fourth-degree terms are rescaled by powers of two).
#[test]
fn capsule_cylinder_and_cone_rays_keep_their_closed_forms_from_1e_minus_300_to_1e300() {
    use collision::{Capsule, Cone, Cylinder};
    for s in [1e-300, 1e-200, 1e-120, 1.0, 1e120, 1e200, 1e300] {
        let capsule = Capsule::new(0.5 * s, 0.25 * s).unwrap();
        let cylinder = Cylinder::new(0.5 * s, 0.25 * s).unwrap();
        let cone = Cone::new(0.5 * s, 0.25 * s).unwrap();
        let bottom = Ray::new(
            Point3::new(0.05 * s, -3.0 * s, 0.0),
            Vector3::new(0.0, 1.0, 0.0),
        );
        let side = Ray::new(
            Point3::new(-2.0 * s, 0.1 * s, 0.0),
            Vector3::new(1.0, 0.0, 0.0),
        );
        let top = Ray::new(
            Point3::new(0.05 * s, 3.0 * s, 0.0),
            Vector3::new(0.0, -1.0, 0.0),
        );
        // Side walls at x = −0.25 (after 1.75); the cylinder's cap at y = 0.5 (after 2.5),
        // the capsule's cap ball of radius 0.25 centred at y = 0.5, met at
        // y = 0.5 + √(0.25² − 0.05²).
        let cap_ball = 3.0 - 0.5 - (0.0625f64 - 0.0025).sqrt();
        // The cone's radius at height y is 0.25 (0.5 − y): 0.1 at y = 0.1 (side, after
        // 1.9), 0.05 at y = 0.3 (top, after 2.7); its base at y = −0.5 (after 2.5).
        for (shape, ray, toi) in [
            (Shape::from(capsule), side, 1.75),
            (Shape::from(cylinder), side, 1.75),
            (Shape::from(capsule), top, cap_ball),
            (Shape::from(cylinder), top, 2.5),
            (Shape::from(cone), side, 1.9),
            (Shape::from(cone), top, 2.7),
            (Shape::from(cone), bottom, 2.5),
        ] {
            let hit = cast_ray(&shape, &Isometry3::identity(), &ray, 10.0 * s)
                .unwrap()
                .unwrap_or_else(|| panic!("scale {s:e}: miss"));
            assert!(
                (hit.toi / s - toi).abs() <= 1e-15 * toi,
                "scale {s:e}: toi {:e}, want {toi}",
                hit.toi / s
            );
        }
    }
}
