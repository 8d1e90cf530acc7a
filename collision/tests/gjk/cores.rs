//! GJK on a core plus a radius (`SupportMap::core_radius`) against GJK on the full
//! shapes, and the split's Minkowski-sum identity.

use test_support::gjk as common;

use collision::QueryOptions;
use collision::gjk::{GjkConfig, GjkStatus};
use collision::observer::Trace;
use collision::shape::{CoreOf, WholeShape};
use collision::{
    Ball, Capsule, ClosestPoints, Cuboid, Cylinder, Rounded, Shape, SupportMap, Transformed,
    closest_points, closest_points_with, intersects,
};
use common::{cold_gjk, hull, pose, rng, v3};
use nalgebra::Vector3;
use rand::RngExt;

/// A random shape with a non-zero radius, or a sharp one.
fn random_shape(rng: &mut rand_chacha::ChaCha8Rng) -> Shape {
    let r = rng.random_range(0.05..0.8);
    match rng.random_range(0..5) {
        0 => Ball::new(r).unwrap().into(),
        1 => Capsule::new(rng.random_range(0.0..1.0), r).unwrap().into(),
        2 => Rounded::new(Shape::from(hull(rng, 12)), r).unwrap().into(),
        3 => {
            let inner = Shape::from(Capsule::new(0.4, r).unwrap());
            Rounded::new(inner, 0.1).unwrap().into()
        }
        _ => Cuboid::new(Vector3::new(0.3, 0.5, r)).unwrap().into(),
    }
}

/// The Minkowski-sum identity `h(d) = h_core(d) + r|d|` holds for every shape.
#[test]
fn core_split_is_minkowski_sum() {
    let mut rng = rng(41);
    let mut shapes: Vec<Shape> = (0..200).map(|_| random_shape(&mut rng)).collect();
    shapes.push(Cylinder::new(0.5, 0.3).unwrap().into());
    for k in 0..20 {
        let inner = shapes[k].clone();
        shapes.push(Transformed::new(inner, pose(&mut rng, 1.0)).unwrap().into());
    }
    let mut rounded = 0;
    for (i, s) in shapes.iter().enumerate() {
        let r = s.core_radius();
        rounded += usize::from(r > 0.0);
        for _ in 0..20 {
            let d = v3(&mut rng, 1.0);
            let core_dot = d.dot(&CoreOf(s).support(&d).coords);
            let full = d.dot(&s.support(&d).coords);
            assert!(
                (full - core_dot - r * d.norm()).abs() <= 1e-12,
                "shape {i}: h(d) = {full}, core {core_dot} + r|d| {}",
                r * d.norm()
            );
        }
    }
    assert!(rounded > 150, "{rounded}");
}

/// The free functions (cores + radii) agree with `gjk` on the full shapes on 3,000
/// random pairs: same distance to 1e-9 relative, witnesses `distance` apart, and
/// `intersects` consistent.
#[test]
fn core_path_matches_full_shape_gjk() {
    let mut rng = rng(42);
    let config = GjkConfig {
        max_iterations: 1000,
        ..GjkConfig::default()
    };
    let (mut apart, mut overlapping) = (0, 0);
    for case in 0..3000 {
        let (a, b) = (random_shape(&mut rng), random_shape(&mut rng));
        let (pa, pb) = (pose(&mut rng, 1.5), pose(&mut rng, 1.5));
        // On the full shapes (`WholeShape`): the free functions run on the cores.
        let full = cold_gjk(&WholeShape(&a), &pa, &WholeShape(&b), &pb, &config, ());
        let cored = closest_points(&a, &pa, &b, &pb).unwrap();
        let hit = intersects(&a, &pa, &b, &pb).unwrap();
        match (full.status, cored) {
            (
                GjkStatus::Converged,
                ClosestPoints::Separated {
                    point_a,
                    point_b,
                    distance,
                },
            ) => {
                apart += 1;
                let want = full.distance;
                assert!(
                    (distance - want).abs() <= 1e-9 * want + 1e-12,
                    "case {case}: {distance} vs full GJK {want}"
                );
                let witness = (point_b - point_a).norm();
                assert!(
                    (witness - distance).abs() <= 1e-9,
                    "case {case}: witnesses {witness} apart, distance {distance}"
                );
                assert!(!hit, "case {case}: intersects at distance {distance}");
            }
            (GjkStatus::Overlapping, ClosestPoints::Overlapping) => {
                overlapping += 1;
                assert!(hit, "case {case}: overlapping but not intersecting");
            }
            (GjkStatus::Converged, ClosestPoints::Overlapping) if full.distance < 1e-9 => {}
            (GjkStatus::Overlapping, ClosestPoints::Separated { distance, .. })
                if distance < 1e-9 => {}
            (s, c) => panic!("case {case}: full {s:?} {}, cores {c:?}", full.distance),
        }
    }
    assert!(apart > 500 && overlapping > 500, "{apart} {overlapping}");
}

/// Pairs with a ball's point core against a ball, capsule or cuboid core are answered
/// in closed form when nothing observes the query; with a `Trace` GJK runs on the cores.
/// Both agree on 4,000 random pairs (1e-9 relative), including rounded and swapped ones.
#[test]
fn point_core_closed_form_matches_gjk() {
    let mut rng = rng(43);
    let (mut apart, mut overlapping) = (0, 0);
    for case in 0..4000 {
        let r = rng.random_range(0.0..0.6);
        let ball: Shape = if case % 3 == 0 {
            Rounded::new(Shape::from(Ball::new(r).unwrap()), 0.1)
                .unwrap()
                .into()
        } else {
            Ball::new(r).unwrap().into()
        };
        let other: Shape = match case % 4 {
            0 => Ball::new(rng.random_range(0.0..1.0)).unwrap().into(),
            1 => Capsule::new(rng.random_range(0.0..1.0), rng.random_range(0.0..0.5))
                .unwrap()
                .into(),
            2 => Rounded::new(
                Shape::from(Cuboid::new(v3(&mut rng, 1.0).abs()).unwrap()),
                0.05,
            )
            .unwrap()
            .into(),
            _ => Cuboid::new(v3(&mut rng, 1.0).abs()).unwrap().into(),
        };
        let (a, b) = if case % 2 == 0 {
            (&ball, &other)
        } else {
            (&other, &ball)
        };
        let offset = if case % 5 == 0 { 1e6 } else { 0.0 };
        let (mut pa, mut pb) = (pose(&mut rng, 0.9), pose(&mut rng, 0.9));
        pa.translation.vector.x += offset;
        pb.translation.vector.x += offset;
        let closed = closest_points(a, &pa, b, &pb).unwrap();
        let traced = closest_points_with(
            a,
            &pa,
            b,
            &pb,
            QueryOptions::default().observer(&mut Trace::new()),
        )
        .unwrap();
        let scale = 1.0 + offset;
        match (closed, traced) {
            (
                ClosestPoints::Separated {
                    point_a,
                    point_b,
                    distance,
                },
                ClosestPoints::Separated {
                    point_a: ga,
                    point_b: gb,
                    distance: gd,
                },
            ) => {
                apart += 1;
                assert!(
                    (distance - gd).abs() <= 1e-9 * gd + 1e-12,
                    "case {case}: closed form {distance}, GJK {gd}"
                );
                // Witnesses agree to the rounding of world points (ulps of the offset).
                let tol = 1e-9 + 1e-15 * scale;
                assert!(
                    (point_a - ga).norm() <= tol && (point_b - gb).norm() <= tol,
                    "case {case}: witnesses {point_a} {point_b} vs {ga} {gb}"
                );
                assert!(!intersects(a, &pa, b, &pb).unwrap(), "case {case}");
            }
            (ClosestPoints::Overlapping, ClosestPoints::Overlapping) => {
                overlapping += 1;
                assert!(intersects(a, &pa, b, &pb).unwrap(), "case {case}");
            }
            (c, g) => panic!("case {case}: closed form {c:?}, GJK {g:?}"),
        }
    }
    assert!(apart > 1000 && overlapping > 1000, "{apart} {overlapping}");
}
