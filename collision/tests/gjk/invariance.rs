//! GJK invariances (swap, rigid motion, 1e6 offsets, scales 1e-6..1e6), touching and
//! nearly touching shapes, flat shapes, warm starts, the observer and failure statuses.

use test_support::gjk as common;

use collision::QueryOptions;
use collision::gjk::{GjkCache, GjkConfig, GjkStatus, gjk};
use collision::shape::WholeShape;
use collision::{
    Ball, ClosestPoints, ConvexHull, Cuboid, GjkError, HullKind, Point, Segment, Trace, Triangle,
    closest_points, distance, distance_with,
};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use rand::RngExt;
use test_support::gjk::cold_gjk;

fn separated(c: ClosestPoints) -> (Point3<f64>, Point3<f64>, f64) {
    match c {
        ClosestPoints::Separated {
            point_a,
            point_b,
            distance,
        } => (point_a, point_b, distance),
        ClosestPoints::Overlapping => panic!("expected separated shapes"),
    }
}

/// Random hull pairs a little apart (about 70% separated).
fn pairs(seed: u64, n: usize) -> Vec<(ConvexHull, Isometry3<f64>, ConvexHull, Isometry3<f64>)> {
    let mut rng = common::rng(seed);
    (0..n)
        .map(|_| {
            let (na, nb) = (rng.random_range(4..=30), rng.random_range(4..=30));
            let a = common::hull(&mut rng, na);
            let b = common::hull(&mut rng, nb);
            (
                a,
                common::pose(&mut rng, 1.2),
                b,
                common::pose(&mut rng, 1.2),
            )
        })
        .collect()
}

#[test]
fn swapping_a_and_b_and_a_common_rigid_motion_change_nothing() {
    let mut rng = common::rng(7);
    let mut checked = 0;
    for (a, pa, b, pb) in pairs(1, 2000) {
        let ab = closest_points(&a, &pa, &b, &pb).unwrap();
        let ba = closest_points(&b, &pb, &a, &pa).unwrap();
        let motion = common::pose(&mut rng, 10.0);
        let moved = closest_points(&a, &(motion * pa), &b, &(motion * pb)).unwrap();
        match ab {
            ClosestPoints::Overlapping => {
                assert_eq!(ba, ClosestPoints::Overlapping);
                assert_eq!(moved, ClosestPoints::Overlapping);
            }
            ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            } => {
                let (qb, qa, d_ba) = separated(ba);
                let (ma, mb, d_m) = separated(moved);
                assert!(
                    (d_ba - distance).abs() <= 1e-12 * distance.max(1e-3),
                    "{d_ba} vs {distance}"
                );
                assert!(
                    (d_m - distance).abs() <= 1e-11 * distance.max(1e-3),
                    "{d_m} vs {distance}"
                );
                // Witnesses can differ along a parallel face or edge pair; their distance
                // cannot.
                assert!(((qb - qa).norm() - distance).abs() <= 1e-10);
                assert!(((mb - ma).norm() - distance).abs() <= 1e-10);
                let _ = (point_a, point_b);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} separated pairs");
}

#[test]
fn offsets_of_1e6_lose_no_precision() {
    let offset = Vector3::new(1e6, -1e6, 3e6);
    let mut checked = 0;
    for (a, pa, b, pb) in pairs(2, 2000) {
        let shift = |p: &Isometry3<f64>| Translation3::from(offset) * p;
        let (fa, fb) = (shift(&pa), shift(&pb));
        // The far poses are rounded; shifting them back is exact (Sterbenz), so compare
        // against the same rounded geometry near the origin.
        let back = |p: &Isometry3<f64>| Translation3::from(-offset) * p;
        let near = distance(&a, &back(&fa), &b, &back(&fb)).unwrap();
        let far = distance(&a, &fa, &b, &fb).unwrap();
        assert!(
            (far - near).abs() <= 1e-12 * near.max(1e-3),
            "far {far} vs near {near}"
        );
        checked += usize::from(near > 0.0);
    }
    assert!(checked > 1000);
}

#[test]
fn scales_from_1e_minus_6_to_1e6_scale_the_distance() {
    let mut checked = 0;
    for (k, (a, pa, b, pb)) in pairs(3, 300).into_iter().enumerate() {
        let d1 = distance(&a, &pa, &b, &pb).unwrap();
        for s in [1e-6, 1e-3, 1e3, 1e6] {
            let scaled = |h: &ConvexHull| {
                let pts: Vec<Point3<f64>> = h.vertices().iter().map(|p| p * s).collect();
                ConvexHull::new(&pts).unwrap()
            };
            let pose = |p: &Isometry3<f64>| {
                Isometry3::from_parts((p.translation.vector * s).into(), p.rotation)
            };
            let ds = distance(&scaled(&a), &pose(&pa), &scaled(&b), &pose(&pb)).unwrap();
            if d1 == 0.0 {
                assert_eq!(ds, 0.0, "pair {k} at scale {s}");
            } else {
                let err = (ds / s - d1).abs() / d1;
                assert!(err <= 1e-9, "pair {k} at scale {s}: {} vs {d1}", ds / s);
                checked += 1;
            }
        }
    }
    assert!(checked > 500);
}

#[test]
fn touching_nearly_touching_and_parallel_faces() {
    let mut rng = common::rng(4);
    let unit = Cuboid::new(Vector3::repeat(1.0)).unwrap();
    let corners: Vec<Point3<f64>> = (0..8).map(|i| unit.corner(i)).collect();
    let hull_box = ConvexHull::new(&corners).unwrap();
    for case in 0..500 {
        let scale = 10f64.powf(rng.random_range(-6.0..6.0));
        let motion = common::pose(&mut rng, 1e3 * scale);
        let a = Cuboid::new(Vector3::repeat(scale)).unwrap();
        let b_pts: Vec<Point3<f64>> = corners.iter().map(|p| p * scale).collect();
        let b = ConvexHull::new(&b_pts).unwrap();
        // Face–face parallel: B sits on A's +X face, slid sideways, at gap g.
        let slide = Vector3::new(
            0.0,
            rng.random_range(-1.5..1.5),
            rng.random_range(-1.5..1.5),
        );
        for gap in [0.0, 1e-9, 1e-6] {
            let t = (Vector3::new(2.0 + gap, 0.0, 0.0) + slide) * scale;
            let pb = motion * Isometry3::translation(t.x, t.y, t.z);
            let got = distance(&a, &motion, &b, &pb).unwrap();
            // The pose composition rounds at the scale of the offset (|motion| ≈ 1e3 s).
            let tol = 1e-12 * scale * 1e3;
            assert!(
                (got - gap * scale).abs() <= tol,
                "case {case} gap {gap}: {got} vs {}",
                gap * scale
            );
        }
    }
    // Exactly touching faces (exact binary slides, no motion): 0, never an error.
    for k in 0..64 {
        let slide = Vector3::new(
            0.0,
            f64::from(k % 8) / 4.0 - 1.0,
            f64::from(k / 8) / 4.0 - 1.0,
        );
        let t = Vector3::new(2.0, 0.0, 0.0) + slide;
        let pb = Isometry3::translation(t.x, t.y, t.z);
        assert_eq!(
            distance(&unit, &Isometry3::identity(), &hull_box, &pb).unwrap(),
            0.0
        );
        let pb = Isometry3::translation(t.x + 1e-9, t.y, t.z);
        let d = distance(&unit, &Isometry3::identity(), &hull_box, &pb).unwrap();
        assert!((d - 1e-9).abs() <= 1e-15, "slide {slide:?}: {d}");
    }
    // Exactly touching along a face, an edge and a corner at the origin: 0, never an error.
    for t in [
        Vector3::new(2.0, 0.3, 0.0),
        Vector3::new(2.0, 2.0, 0.0),
        Vector3::new(2.0, 2.0, 2.0),
    ] {
        let pb = Isometry3::translation(t.x, t.y, t.z);
        assert_eq!(
            distance(&hull_box, &Isometry3::identity(), &unit, &pb).unwrap(),
            0.0
        );
    }
}

#[test]
fn flat_hulls_segments_and_points() {
    let mut rng = common::rng(5);
    let cube = Cuboid::new(Vector3::repeat(1.0)).unwrap();
    // A square (flat hull) parallel to the cube's top face, 0.5 above it and slid: the
    // distance is 0.5 whenever they overlap in XZ, otherwise the corner distance.
    let square: Vec<Point3<f64>> = (0..16)
        .map(|k| {
            Point3::new(
                f64::from(k % 4) / 3.0 - 0.5,
                0.0,
                f64::from(k / 4) / 3.0 - 0.5,
            )
        })
        .collect();
    let flat = ConvexHull::new(&square).unwrap();
    assert_eq!(flat.kind(), HullKind::Polygon);
    let pts = ConvexHull::new(&[Point3::new(0.2, 0.3, 0.4); 5]).unwrap();
    let seg = ConvexHull::new(&[
        Point3::new(-1.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::origin(),
    ])
    .unwrap();
    for _ in 0..1000 {
        let c = common::v3(&mut rng, 3.0);
        let pose = Isometry3::translation(c.x, c.y, c.z);
        // Reference: distance from a point set's convex hull to the cube, for the point
        // and the segment in closed form (clamping), for the square by the box gap.
        let box_gap = |lo: Vector3<f64>, hi: Vector3<f64>| {
            let g = Vector3::from_fn(|i, _| (lo[i] - 1.0).max(-1.0 - hi[i]).max(0.0));
            g.norm()
        };
        let p = Vector3::new(0.2, 0.3, 0.4) + c;
        let want_point = box_gap(p, p);
        let want_seg = box_gap(c - Vector3::x(), c + Vector3::x());
        let want_square = box_gap(
            c - Vector3::new(0.5, 0.0, 0.5),
            c + Vector3::new(0.5, 0.0, 0.5),
        );
        for (name, got, want) in [
            (
                "point",
                distance(&pts, &pose, &cube, &Isometry3::identity()).unwrap(),
                want_point,
            ),
            (
                "segment",
                distance(&seg, &pose, &cube, &Isometry3::identity()).unwrap(),
                want_seg,
            ),
            (
                "square",
                distance(&flat, &pose, &cube, &Isometry3::identity()).unwrap(),
                want_square,
            ),
        ] {
            assert!(
                (got - want).abs() <= 1e-9 * want.max(1.0),
                "{name} at {c:?}: {got} vs {want}"
            );
        }
    }
    // The primitive flat shapes agree with their hull counterparts.
    let tri = Triangle::new(
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
    )
    .unwrap();
    let tri_hull = ConvexHull::new(tri.vertices()).unwrap();
    let segment = Segment::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0)).unwrap();
    let point = Point::new(Point3::new(0.2, 0.3, 0.4)).unwrap();
    for _ in 0..300 {
        let pose = common::pose(&mut rng, 3.0);
        let ball = Ball::new(0.3).unwrap();
        let id = Isometry3::identity();
        let d = |x: f64, y: f64| assert!((x - y).abs() <= 1e-9 * x.max(1.0), "{x} vs {y}");
        d(
            distance(&tri, &id, &ball, &pose).unwrap(),
            distance(&tri_hull, &id, &ball, &pose).unwrap(),
        );
        d(
            distance(&segment, &id, &ball, &pose).unwrap(),
            distance(&seg, &id, &ball, &pose).unwrap(),
        );
        d(
            distance(&point, &id, &ball, &pose).unwrap(),
            distance(&pts, &id, &ball, &pose).unwrap(),
        );
    }
}

#[test]
fn warm_starts_give_the_cold_answer_in_fewer_iterations() {
    let mut rng = common::rng(6);
    let (mut warm_iters, mut cold_iters) = (0u64, 0u64);
    for n in [16, 64, 1000] {
        let a = common::hull(&mut rng, n);
        let b = common::hull(&mut rng, n);
        let mut cache = GjkCache::default();
        let config = GjkConfig::default();
        for step in 0..300 {
            // Coherent motion: B circles A and spins slowly, passing through contact.
            let t = f64::from(step) * 0.02;
            let pa = Isometry3::new(Vector3::zeros(), Vector3::new(0.0, t * 0.3, 0.0));
            let pb = Isometry3::new(
                Vector3::new(2.2 * t.cos(), 0.5 * (3.0 * t).sin(), 2.2 * t.sin()),
                Vector3::new(t, 0.5 * t, 0.0),
            );
            let warm = gjk(
                &a,
                &pa,
                &b,
                &pb,
                QueryOptions::default().config(config).cache(&mut cache),
            );
            let cold = cold_gjk(&a, &pa, &b, &pb, &config, ());
            assert_eq!(warm.status, cold.status, "n={n} step {step}");
            assert!(matches!(
                warm.status,
                GjkStatus::Converged | GjkStatus::Overlapping
            ));
            assert!(
                (warm.distance - cold.distance).abs() <= 1e-12 * cold.distance.max(1e-3),
                "n={n} step {step}: warm {} vs cold {}",
                warm.distance,
                cold.distance
            );
            warm_iters += u64::from(warm.iterations);
            cold_iters += u64::from(cold.iterations);
        }
    }
    assert!(
        warm_iters * 2 < cold_iters,
        "warm {warm_iters} vs cold {cold_iters} iterations"
    );
}

#[test]
fn the_trace_records_every_iteration_and_changes_nothing() {
    for (a, pa, b, pb) in pairs(8, 200) {
        let mut trace = Trace::new();
        let plain = distance(&a, &pa, &b, &pb).unwrap();
        let observed = distance_with(
            &a,
            &pa,
            &b,
            &pb,
            QueryOptions::default().observer(&mut trace),
        )
        .unwrap();
        assert_eq!(plain, observed);
        // A deep overlap the inscribed balls prove ends before GJK's steps, as the plain
        // query does (`agreement/observed_path.rs` checks the proof).
        if trace.shortcuts().next().is_some() {
            assert_eq!(plain, 0.0);
            continue;
        }
        let out = cold_gjk(&a, &pa, &b, &pb, &GjkConfig::default(), &mut ());
        // Iterations count support queries, including the cold start's first one.
        assert_eq!(trace.gjk_steps().count() as u32 + 1, out.iterations);
        for s in trace.gjk_steps() {
            assert!(
                s.lower_bound <= plain * (1.0 + 1e-12) + 1e-15,
                "{} > {plain}",
                s.lower_bound
            );
            assert!(s.upper_bound >= plain * (1.0 - 1e-12));
        }
    }
}

#[test]
fn non_convergence_and_bad_input_are_errors_not_answers() {
    // Curved shapes need several iterations: with a cap of 2 the run must say so.
    let ball = Ball::new(1.0).unwrap();
    let cube = Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap();
    let pa = Isometry3::new(Vector3::zeros(), Vector3::new(0.3, 0.2, 0.1));
    let pb = Isometry3::translation(2.5, 2.9, 3.2);
    let want = distance(&ball, &pa, &cube, &pb).unwrap();
    let config = GjkConfig {
        max_iterations: 2,
        ..GjkConfig::default()
    };
    // On the whole ball (`WholeShape`), not its point core.
    let out = cold_gjk(&WholeShape(&ball), &pa, &cube, &pb, &config, ());
    assert_eq!(out.status, GjkStatus::MaxIterations);
    assert!(
        out.lower_bound <= want && want <= out.distance,
        "{} ≤ {want} ≤ {}",
        out.lower_bound,
        out.distance
    );
    assert!(out.distance > 0.0);
    // NaN poses: a typed error, never a distance.
    let nan = Isometry3::translation(f64::NAN, 0.0, 0.0);
    assert_eq!(distance(&ball, &nan, &cube, &pb), Err(GjkError::Degenerate));
    assert_eq!(
        collision::intersects(&ball, &pa, &cube, &nan),
        Err(GjkError::Degenerate)
    );
    let out = cold_gjk(&ball, &nan, &cube, &pb, &GjkConfig::default(), &mut ());
    assert_eq!(out.status, GjkStatus::Degenerate);
    assert!(!out.distance.is_nan() && !out.normal.x.is_nan());
}

/// A NaN or infinite value in any of the fourteen pose coordinates (translation and
/// quaternion, of A or of B) gives a typed error from every query, on the GJK path
/// (hulls, capsules) and on the closed-form one (ball against box).
#[test]
fn every_non_finite_pose_coordinate_is_an_error() {
    let mut r = common::rng(41);
    let (ha, hb) = (common::hull(&mut r, 16), common::hull(&mut r, 16));
    let capsule = collision::Capsule::new(0.5, 0.2).unwrap();
    let ball = Ball::new(0.5).unwrap();
    let cube = Cuboid::new(Vector3::new(0.5, 0.6, 0.7)).unwrap();
    let (pa, pb) = (common::pose(&mut r, 1.0), common::pose(&mut r, 1.0));
    // Coordinate `k` of a pose: translation x, y, z, then quaternion i, j, k, w.
    let spoil = |p: &Isometry3<f64>, k: usize, x: f64| {
        let mut p = *p;
        if k < 3 {
            p.translation.vector[k] = x;
        } else {
            p.rotation.as_mut_unchecked().coords[k - 3] = x;
        }
        p
    };
    let mut checked = 0;
    for k in 0..7 {
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            for spoil_a in [true, false] {
                let (qa, qb) = if spoil_a {
                    (spoil(&pa, k, x), pb)
                } else {
                    (pa, spoil(&pb, k, x))
                };
                let what = format!(
                    "coordinate {k} = {x} of {}",
                    if spoil_a { "A" } else { "B" }
                );
                assert_eq!(
                    distance(&ha, &qa, &hb, &qb),
                    Err(GjkError::Degenerate),
                    "{what}"
                );
                assert_eq!(
                    collision::intersects(&ha, &qa, &hb, &qb),
                    Err(GjkError::Degenerate),
                    "{what}"
                );
                assert!(closest_points(&capsule, &qa, &hb, &qb).is_err(), "{what}");
                assert_eq!(
                    distance(&ball, &qa, &cube, &qb),
                    Err(GjkError::Degenerate),
                    "{what}"
                );
                let out = cold_gjk(&ha, &qa, &hb, &qb, &GjkConfig::default(), &mut ());
                assert_eq!(out.status, GjkStatus::Degenerate, "{what}");
                assert!(!out.distance.is_nan() && !out.normal.x.is_nan(), "{what}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 42);
}
