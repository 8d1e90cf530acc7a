//! Support maps, AABBs and constructors of every shape, against closed forms.

use collision::FastPaths;
use collision::shape::aabb_from_support;
use collision::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, HullKind, Point, Rounded, Segment, Shape,
    ShapeError, SupportMap, Transformed, Triangle,
};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_dir(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    ) * 10f64.powf(rng.random_range(-3.0..3.0))
}

fn random_pose(rng: &mut ChaCha8Rng) -> Isometry3<f64> {
    Isometry3::new(
        Vector3::new(
            rng.random_range(-5.0..5.0),
            rng.random_range(-5.0..5.0),
            rng.random_range(-5.0..5.0),
        ),
        Vector3::new(
            rng.random_range(-3.0..3.0),
            rng.random_range(-3.0..3.0),
            rng.random_range(-3.0..3.0),
        ),
    )
}

/// Checks `d · s(d) = h(d)` (the closed-form support function) within `1e-12` relative.
fn check_support<S: SupportMap>(shape: &S, h: impl Fn(&Vector3<f64>) -> f64, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..2000 {
        let d = random_dir(&mut rng);
        let got = d.dot(&shape.support(&d).coords);
        let want = h(&d);
        let scale = d.norm() * 10.0;
        assert!(
            (got - want).abs() <= 1e-12 * scale,
            "dir {d:?}: support gives {got}, closed form {want}"
        );
    }
}

fn radial(d: &Vector3<f64>) -> f64 {
    (d.x * d.x + d.z * d.z).sqrt()
}

#[test]
fn closed_form_support_functions() {
    let ball = Ball::new(1.5).unwrap();
    check_support(&ball, |d| 1.5 * d.norm(), 1);
    let cuboid = Cuboid::new(Vector3::new(1.0, 2.0, 0.5)).unwrap();
    check_support(
        &cuboid,
        |d| d.x.abs() + 2.0 * d.y.abs() + 0.5 * d.z.abs(),
        2,
    );
    let capsule = Capsule::new(2.0, 0.5).unwrap();
    check_support(&capsule, |d| 2.0 * d.y.abs() + 0.5 * d.norm(), 3);
    let cylinder = Cylinder::new(1.0, 3.0).unwrap();
    check_support(&cylinder, |d| d.y.abs() + 3.0 * radial(d), 4);
    let cone = Cone::new(1.0, 2.0).unwrap();
    check_support(&cone, |d| (d.y).max(-d.y + 2.0 * radial(d)), 5);
    let (a, b, c) = (
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 2.0, 0.0),
        Point3::new(0.0, 0.0, -3.0),
    );
    let tri = Triangle::new(a, b, c).unwrap();
    check_support(
        &tri,
        |d| d.dot(&a.coords).max(d.dot(&b.coords)).max(d.dot(&c.coords)),
        6,
    );
    let seg = Segment::new(a, c).unwrap();
    check_support(&seg, |d| d.dot(&a.coords).max(d.dot(&c.coords)), 7);
    let pt = Point::new(b).unwrap();
    check_support(&pt, |d| d.dot(&b.coords), 8);
    let rounded = Rounded::new(cuboid, 0.25).unwrap();
    check_support(
        &rounded,
        |d| d.x.abs() + 2.0 * d.y.abs() + 0.5 * d.z.abs() + 0.25 * d.norm(),
        9,
    );
    let pose = Isometry3::new(Vector3::new(1.0, -2.0, 3.0), Vector3::new(0.3, 0.2, -0.7));
    let moved = Transformed::new(capsule, pose).unwrap();
    check_support(
        &moved,
        |d| {
            let l = pose.rotation.inverse_transform_vector(d);
            2.0 * l.y.abs() + 0.5 * l.norm() + d.dot(&pose.translation.vector)
        },
        10,
    );
    // The enum dispatches to the same maps.
    let dynamic = Shape::from(cylinder);
    check_support(&dynamic, |d| d.y.abs() + 3.0 * radial(d), 4);
}

#[test]
fn zero_and_non_finite_directions_give_points_of_the_shape() {
    let shapes: Vec<Shape> = vec![
        Ball::new(1.0).unwrap().into(),
        Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap().into(),
        Capsule::new(1.0, 0.5).unwrap().into(),
        Cylinder::new(1.0, 0.5).unwrap().into(),
        Cone::new(1.0, 0.5).unwrap().into(),
        Rounded::new(Shape::from(Ball::new(1.0).unwrap()), 0.5)
            .unwrap()
            .into(),
    ];
    let dirs = [
        Vector3::zeros(),
        Vector3::new(f64::NAN, 1.0, 0.0),
        Vector3::new(f64::INFINITY, 0.0, 0.0),
        Vector3::new(1e-300, 0.0, 0.0),
        Vector3::new(1e300, 1e300, 0.0),
    ];
    for s in &shapes {
        // Every support point lies within the shape's AABB at the identity.
        let aabb = s.aabb(&Isometry3::identity());
        for d in &dirs {
            let p = s.support(d);
            assert!(
                p.iter().all(|c| c.is_finite()),
                "{s:?} along {d:?} gave {p:?}"
            );
            assert!(
                aabb.contains_point(&p),
                "{s:?} along {d:?} gave {p:?} outside {aabb:?}"
            );
        }
    }
    // Tiny and huge directions still give the exact support.
    let ball = Ball::new(2.0).unwrap();
    assert_eq!(
        ball.support(&Vector3::new(1e-300, 0.0, 0.0)),
        Point3::new(2.0, 0.0, 0.0)
    );
    assert_eq!(
        ball.support(&Vector3::new(0.0, 0.0, -1e300)),
        Point3::new(0.0, 0.0, -2.0)
    );
}

#[test]
fn aabbs_match_the_support_based_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let shapes: Vec<Shape> = vec![
        Ball::new(1.0).unwrap().into(),
        Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap().into(),
        Capsule::new(1.0, 0.5).unwrap().into(),
        Point::new(Point3::new(1.0, 2.0, 3.0)).unwrap().into(),
        Rounded::new(
            Shape::from(Cuboid::new(Vector3::new(1.0, 0.2, 0.3)).unwrap()),
            0.5,
        )
        .unwrap()
        .into(),
    ];
    for _ in 0..200 {
        let pose = random_pose(&mut rng);
        for s in &shapes {
            let got = s.aabb(&pose);
            let want = aabb_from_support(s, &pose);
            let err = (got.mins - want.mins)
                .amax()
                .max((got.maxs - want.maxs).amax());
            assert!(err <= 1e-12, "{s:?} at {pose:?}: {got:?} vs {want:?}");
        }
    }
    // Closed form: a box rotated 45° about Z.
    let cuboid = Cuboid::new(Vector3::new(1.0, 1.0, 0.5)).unwrap();
    let pose = Isometry3::new(Vector3::zeros(), Vector3::z() * std::f64::consts::FRAC_PI_4);
    let aabb = cuboid.aabb(&pose);
    assert!((aabb.maxs.x - 2f64.sqrt()).abs() < 1e-15 && (aabb.maxs.z - 0.5).abs() < 1e-15);
}

/// The support-based AABB of turned cylinders against the closed form (world half-extent
/// `|a_i| h + r √(1 − a_i²)` along axis `i`, `a` the unit axis), and, for cylinders,
/// cones, capsules and points near `f64`'s limit, bounds that are never NaN and contain
/// every support point that is finite (turned, such shapes once gave NaN bounds).
#[test]
fn support_aabbs_match_closed_forms_and_never_give_nan() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for _ in 0..2_000 {
        let pose = random_pose(&mut rng);
        let (h, r) = (rng.random_range(0.1..3.0), rng.random_range(0.1..3.0));
        let axis = pose.rotation * Vector3::y();
        let cylinder = Cylinder::new(h, r).unwrap();
        let aabb = aabb_from_support(&cylinder, &pose);
        for i in 0..3 {
            let half = axis[i].abs() * h + r * (1.0 - axis[i] * axis[i]).max(0.0).sqrt();
            let t = pose.translation.vector[i];
            assert!((aabb.maxs[i] - (t + half)).abs() <= 1e-12 * (1.0 + t.abs()));
            assert!((aabb.mins[i] - (t - half)).abs() <= 1e-12 * (1.0 + t.abs()));
        }
    }
    let huge = [f64::MAX, 1e308, 5e-324, 2.96];
    let mut checked = 0;
    for _ in 0..2_000 {
        let pose = random_pose(&mut rng);
        let (h, r) = (huge[rng.random_range(0..4)], huge[rng.random_range(0..4)]);
        let shapes: [Shape; 4] = [
            Cylinder::new(h, r).unwrap().into(),
            Cone::new(h, r).unwrap().into(),
            Capsule::new(h, r).unwrap().into(),
            Point::new(Point3::new(h, r, -h)).unwrap().into(),
        ];
        for s in &shapes {
            let aabb = s.aabb(&pose);
            let all = aabb.mins.iter().chain(aabb.maxs.iter());
            assert!(
                all.clone().all(|c| !c.is_nan()),
                "{s:?} at {pose:?}: {aabb:?}"
            );
            for _ in 0..8 {
                let d = random_dir(&mut rng);
                let p = pose * s.support(&pose.rotation.inverse_transform_vector(&d));
                if p.iter().all(|c| c.is_finite()) {
                    checked += 1;
                    let slack = 1e-12 * p.coords.amax();
                    for i in 0..3 {
                        assert!(
                            aabb.mins[i] - slack <= p[i] && p[i] <= aabb.maxs[i] + slack,
                            "{s:?} at {pose:?}: {p:?} outside {aabb:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
}

#[test]
fn constructors_reject_bad_lengths_and_points() {
    let bad = |e: Result<(), ShapeError>, what: &str| match e {
        Err(ShapeError::InvalidLength { what: w, .. }) => assert_eq!(w, what),
        other => panic!("expected InvalidLength for {what}, got {other:?}"),
    };
    bad(Ball::new(-1.0).map(|_| ()), "radius");
    bad(Ball::new(f64::NAN).map(|_| ()), "radius");
    bad(Ball::new(f64::INFINITY).map(|_| ()), "radius");
    bad(
        Cuboid::new(Vector3::new(1.0, -0.0 - 1.0, 1.0)).map(|_| ()),
        "half_extents.y",
    );
    bad(
        Cuboid::new(Vector3::new(1.0, 1.0, f64::NAN)).map(|_| ()),
        "half_extents.z",
    );
    bad(Capsule::new(f64::NAN, 1.0).map(|_| ()), "half_height");
    bad(Cylinder::new(1.0, -2.0).map(|_| ()), "radius");
    bad(Cone::new(-1.0, 1.0).map(|_| ()), "half_height");
    bad(
        Rounded::new(Ball::new(1.0).unwrap(), -0.1).map(|_| ()),
        "margin",
    );
    let p = Point3::origin();
    let nan = Point3::new(0.0, f64::NAN, 0.0);
    assert!(matches!(
        Triangle::new(p, p, nan),
        Err(ShapeError::NonFinitePoint { index: 2, .. })
    ));
    assert!(matches!(
        Segment::new(nan, p),
        Err(ShapeError::NonFinitePoint { index: 0, .. })
    ));
    assert!(Point::new(nan).is_err());
    assert!(matches!(
        ConvexHull::new(&[]),
        Err(ShapeError::EmptyPointSet { .. })
    ));
    assert!(matches!(
        ConvexHull::new(&[p, p, Point3::new(1.0, f64::INFINITY, 0.0)]),
        Err(ShapeError::NonFinitePoint { index: 2, .. })
    ));
    let pose = Isometry3::translation(f64::NAN, 0.0, 0.0);
    assert!(matches!(
        Transformed::new(Ball::new(1.0).unwrap(), pose),
        Err(ShapeError::NonFinitePose { .. })
    ));
    // Zero lengths are valid degenerate shapes.
    assert!(Ball::new(0.0).is_ok() && Capsule::new(0.0, 0.0).is_ok());
    // Messages say what is wrong.
    let msg = Ball::new(-2.0).unwrap_err().to_string();
    assert!(msg.contains("radius") && msg.contains("-2"), "{msg}");
}

fn random_cloud(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    (0..n)
        .map(|_| {
            Point3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            )
        })
        .collect()
}

#[test]
fn hull_support_is_the_maximum_over_the_input_points() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for &n in &[5usize, 16, 40, 200, 1000] {
        let points = random_cloud(&mut rng, n);
        let hull = ConvexHull::new(&points).unwrap();
        assert_eq!(hull.kind(), HullKind::Solid);
        let mut hint = 0;
        for _ in 0..500 {
            let d = random_dir(&mut rng);
            let want = points
                .iter()
                .map(|p| d.dot(&p.coords))
                .fold(f64::MIN, f64::max);
            let s = hull.support_hinted(&d, hint);
            hint = s.id;
            let cold = hull.support_climb(&d, 0);
            let scan = hull.support_scan(&d);
            for (what, got) in [
                ("hinted", d.dot(&s.point.coords)),
                ("climb", d.dot(&hull.vertices()[cold].coords)),
                ("scan", d.dot(&hull.vertices()[scan].coords)),
            ] {
                assert!(
                    (got - want).abs() <= 1e-12 * d.norm(),
                    "n={n} {what}: {got} vs brute force {want}"
                );
            }
        }
    }
}

#[test]
fn flat_point_sets_make_flat_hulls() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let tilt = Isometry3::new(Vector3::new(1.0, 2.0, 3.0), Vector3::new(0.4, -0.3, 0.9));
    // A 10 x 10 grid in a tilted plane: a square polygon with the 4 corners.
    let grid: Vec<Point3<f64>> = (0..100)
        .map(|k| tilt * Point3::new(f64::from(k % 10), f64::from(k / 10), 0.0))
        .collect();
    let square = ConvexHull::new(&grid).unwrap();
    assert_eq!(square.kind(), HullKind::Polygon);
    assert_eq!(square.vertices().len(), 4);
    // Collinear points: a segment between the extremes.
    let line: Vec<Point3<f64>> = (0..20)
        .map(|k| tilt * Point3::new(f64::from((k * 7) % 20), 0.0, 0.0))
        .collect();
    let seg = ConvexHull::new(&line).unwrap();
    assert_eq!(seg.kind(), HullKind::Segment);
    let mut ends = seg.vertices().to_vec();
    ends.sort_by(|a, b| a.x.total_cmp(&b.x));
    let mut want = [tilt * Point3::origin(), tilt * Point3::new(19.0, 0.0, 0.0)];
    want.sort_by(|a, b| a.x.total_cmp(&b.x));
    assert_eq!(ends, want);
    // Coincident points and single points.
    let same = ConvexHull::new(&[Point3::new(1.0, 2.0, 3.0); 7]).unwrap();
    assert_eq!(same.kind(), HullKind::Point);
    assert_eq!(same.support(&Vector3::x()), Point3::new(1.0, 2.0, 3.0));
    let two = ConvexHull::new(&[Point3::origin(), Point3::new(1.0, 0.0, 0.0)]).unwrap();
    assert_eq!(two.kind(), HullKind::Segment);
    let three = ConvexHull::new(&grid[..3]).unwrap();
    assert_eq!(
        three.vertices().len(),
        2,
        "three collinear grid points make a segment"
    );
    // A random disk of 2000 points: support equals the brute-force maximum (hill-climbing
    // runs on the polygon's cycle).
    let disk: Vec<Point3<f64>> = (0..2000)
        .map(|_| {
            let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
            let r: f64 = rng.random_range(0.0..1.0f64).sqrt();
            tilt * Point3::new(r * a.cos(), r * a.sin(), 0.0)
        })
        .collect();
    let poly = ConvexHull::new(&disk).unwrap();
    assert_eq!(poly.kind(), HullKind::Polygon);
    for _ in 0..500 {
        let d = random_dir(&mut rng);
        let want = disk
            .iter()
            .map(|p| d.dot(&p.coords))
            .fold(f64::MIN, f64::max);
        let got = d.dot(&poly.support_hinted(&d, 0).point.coords);
        assert!(
            (got - want).abs() <= 1e-12 * d.norm() * 10.0,
            "{got} vs {want}"
        );
    }
}

#[cfg(feature = "serde")]
#[test]
fn shapes_round_trip_through_json_and_are_validated_on_load() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let hull = ConvexHull::new(&random_cloud(&mut rng, 50)).unwrap();
    let shapes: Vec<Shape> = vec![
        Ball::new(1.0).unwrap().into(),
        Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap().into(),
        hull.clone().into(),
        Capsule::new(1.0, 0.5).unwrap().into(),
        Cylinder::new(1.0, 0.5).unwrap().into(),
        Cone::new(1.0, 0.5).unwrap().into(),
        Triangle::new(
            Point3::origin(),
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
        )
        .unwrap()
        .into(),
        Segment::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0))
            .unwrap()
            .into(),
        Point::new(Point3::new(1.0, 2.0, 3.0)).unwrap().into(),
        Rounded::new(Shape::from(hull), 0.1).unwrap().into(),
        Transformed::new(Shape::from(Ball::new(2.0).unwrap()), random_pose(&mut rng))
            .unwrap()
            .into(),
    ];
    // serde_json's default float parsing may be off by one ulp, so compare the shapes
    // through their support functions.
    for s in &shapes {
        let json = serde_json::to_string(s).unwrap();
        let back: Shape = serde_json::from_str(&json).unwrap();
        assert_eq!(std::mem::discriminant(&back), std::mem::discriminant(s));
        for _ in 0..100 {
            let d = random_dir(&mut rng);
            let (x, y) = (
                d.dot(&back.support(&d).coords),
                d.dot(&s.support(&d).coords),
            );
            assert!(
                (x - y).abs() <= 1e-14 * d.norm() * 10.0,
                "{json}: {x} vs {y}"
            );
        }
    }
    for bad in [
        r#"{"Ball":{"radius":-1.0}}"#,
        r#"{"Capsule":{"half_height":1.0,"radius":-0.5}}"#,
        r#"{"ConvexHull":{"points":[]}}"#,
        r#"{"Rounded":{"shape":{"Ball":{"radius":1.0}},"margin":-1.0}}"#,
    ] {
        let err = serde_json::from_str::<Shape>(bad).unwrap_err().to_string();
        assert!(
            err.contains("must be") || err.contains("empty"),
            "{bad}: {err}"
        );
    }
}

/// `is_polytope` and `core_is_polytope` for every shape, directly and through the
/// `Shape` enum, references, boxes, `CoreOf`, `Rounded` and `Transformed`: GJK skips its
/// near-contact reseed only when both answers it reads are true, so a curved shape
/// claiming to be a polytope would lose accuracy near contact.
#[test]
fn polytope_flags_of_every_shape() {
    use collision::shape::CoreOf;
    let p = |x: f64| Point3::new(x, 0.3 * x, -x);
    let hull = ConvexHull::new(&[
        p(0.0),
        p(1.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
    ]);
    // (shape, is_polytope, core_is_polytope)
    let cases: Vec<(Shape, bool, bool)> = vec![
        (Ball::new(1.0).unwrap().into(), false, true),
        (Capsule::new(1.0, 0.5).unwrap().into(), false, true),
        (Cylinder::new(1.0, 0.5).unwrap().into(), false, false),
        (Cone::new(1.0, 0.5).unwrap().into(), false, false),
        (
            Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap().into(),
            true,
            true,
        ),
        (hull.unwrap().into(), true, true),
        (
            Triangle::new(p(0.0), p(1.0), Point3::new(0.0, 1.0, 0.0))
                .unwrap()
                .into(),
            true,
            true,
        ),
        (Segment::new(p(0.0), p(1.0)).unwrap().into(), true, true),
        (Point::new(p(1.0)).unwrap().into(), true, true),
    ];
    for (shape, polytope, core) in cases {
        let name = format!("{shape:?}");
        assert_eq!(shape.is_polytope(), polytope, "{name}");
        assert_eq!(shape.core_is_polytope(), core, "{name}");
        assert_eq!(
            <&Shape as FastPaths>::is_polytope(&&shape),
            polytope,
            "&{name}"
        );
        assert_eq!(
            Box::new(shape.clone()).core_is_polytope(),
            core,
            "Box {name}"
        );
        assert_eq!(CoreOf(&shape).is_polytope(), core, "CoreOf {name}");
        let rounded: Shape = Rounded::new(shape.clone(), 0.1).unwrap().into();
        assert!(!rounded.is_polytope(), "Rounded {name}");
        assert_eq!(rounded.core_is_polytope(), core, "Rounded {name}");
        let pose = Isometry3::translation(1.0, 2.0, 3.0);
        let moved: Shape = Transformed::new(shape, pose).unwrap().into();
        assert_eq!(moved.is_polytope(), polytope, "Transformed {name}");
        assert_eq!(moved.core_is_polytope(), core, "Transformed {name}");
    }
}
