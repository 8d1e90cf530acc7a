//! GJK against closed forms: spheres, axis-aligned boxes, sphere–box, capsules.

use collision::gjk::{GjkConfig, GjkStatus};
use collision::observer::Trace;
use collision::shape::WholeShape;
use collision::{Ball, Capsule, ClosestPoints, Cuboid, closest_points, distance, intersects};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use test_support::gjk::{cold_gjk, rotation, segment_segment, v3};

/// Checks a GJK answer against the exact distance `want` (negative = overlap).
fn check(got: ClosestPoints, want: f64, scale: f64, what: &str) {
    match got {
        ClosestPoints::Separated {
            point_a,
            point_b,
            distance,
        } => {
            assert!(
                want > 0.0,
                "{what}: GJK says separated by {distance}, exact {want}"
            );
            let err = (distance - want).abs();
            assert!(
                err <= 1e-9 * want.max(1e-3 * scale),
                "{what}: {distance} vs {want}"
            );
            let witness = (point_b - point_a).norm();
            assert!(
                (witness - want).abs() <= 1e-8 * scale,
                "{what}: witnesses {witness} apart"
            );
        }
        ClosestPoints::Overlapping => {
            assert!(want <= 0.0, "{what}: GJK says overlap, exact {want}")
        }
    }
}

#[test]
fn sphere_sphere() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut apart, mut overlapping) = (0, 0);
    for i in 0..3000 {
        let (ra, rb) = (rng.random_range(0.1..2.0), rng.random_range(0.1..2.0));
        let a = Ball::new(ra).unwrap();
        let b = Ball::new(rb).unwrap();
        let pa = Isometry3::from_parts(v3(&mut rng, 5.0).into(), rotation(&mut rng));
        let pb = Isometry3::from_parts(v3(&mut rng, 5.0).into(), rotation(&mut rng));
        let want = (pb.translation.vector - pa.translation.vector).norm() - ra - rb;
        if want.abs() < 1e-6 {
            continue;
        }
        let got = closest_points(&a, &pa, &b, &pb).unwrap();
        check(got, want, 1.0, &format!("case {i}"));
        if let ClosestPoints::Separated { point_a, .. } = got {
            let on_a = (point_a - Point3::from(pa.translation.vector)).norm();
            assert!(
                (on_a - ra).abs() < 1e-9,
                "witness on A is {on_a} from the centre"
            );
            apart += 1;
        } else {
            overlapping += 1;
        }
    }
    assert!(
        apart > 1000 && overlapping > 100,
        "{apart} apart, {overlapping} overlapping"
    );
}

#[test]
fn axis_aligned_boxes() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (mut apart, mut overlapping) = (0, 0);
    for i in 0..3000 {
        let ha = v3(&mut rng, 2.0).abs() + Vector3::repeat(0.05);
        let hb = v3(&mut rng, 2.0).abs() + Vector3::repeat(0.05);
        let ca = v3(&mut rng, 4.0);
        let cb = v3(&mut rng, 4.0);
        // Gap per axis: |ca − cb| − (ha + hb); the distance is the norm of the positive gaps.
        let gap = (ca - cb).abs() - ha - hb;
        let want = if gap.max() <= 0.0 {
            gap.max()
        } else {
            gap.map(|g| g.max(0.0)).norm()
        };
        if want.abs() < 1e-6 {
            continue;
        }
        let a = Cuboid::new(ha).unwrap();
        let b = Cuboid::new(hb).unwrap();
        let got = closest_points(
            &a,
            &Isometry3::translation(ca.x, ca.y, ca.z),
            &b,
            &Isometry3::translation(cb.x, cb.y, cb.z),
        )
        .unwrap();
        check(got, want, 1.0, &format!("case {i}"));
        if want > 0.0 {
            apart += 1
        } else {
            overlapping += 1
        }
    }
    assert!(
        apart > 1000 && overlapping > 100,
        "{apart} apart, {overlapping} overlapping"
    );
}

#[test]
fn sphere_box() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut apart = 0;
    for i in 0..3000 {
        let h = v3(&mut rng, 2.0).abs() + Vector3::repeat(0.05);
        let r = rng.random_range(0.05..1.0);
        let box_pose = Isometry3::from_parts(v3(&mut rng, 3.0).into(), rotation(&mut rng));
        let c = Point3::from(v3(&mut rng, 5.0));
        // Distance from the centre to the box (in the box frame) minus the radius;
        // centres inside the box are overlaps.
        let local = box_pose.inverse_transform_point(&c);
        let clamped = local.coords.zip_map(&h, |x, hi| x.clamp(-hi, hi));
        let outside = (local.coords - clamped).norm();
        let want = if outside > 0.0 { outside - r } else { -r };
        if want.abs() < 1e-6 {
            continue;
        }
        let ball_pose = Isometry3::from_parts(c.coords.into(), rotation(&mut rng));
        let got = closest_points(
            &Ball::new(r).unwrap(),
            &ball_pose,
            &Cuboid::new(h).unwrap(),
            &box_pose,
        )
        .unwrap();
        check(got, want, 1.0, &format!("case {i}"));
        if let ClosestPoints::Separated { point_b, .. } = got {
            let want_b = box_pose * Point3::from(clamped);
            // The distance is stationary in the witness position: near a curved part of
            // A − B a 1e-10 relative distance tolerance leaves the witness good to about
            // sqrt(1e-10 · r · d) ≈ 1e-5.
            assert!(
                (point_b - want_b).norm() < 1e-4,
                "case {i}: box witness {point_b} vs {want_b}"
            );
            apart += 1;
        }
    }
    assert!(apart > 1500, "{apart} apart");
}

#[test]
fn capsule_capsule() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut apart = 0;
    for i in 0..3000 {
        let (ha, ra) = (rng.random_range(0.1..2.0), rng.random_range(0.05..0.5));
        let (hb, rb) = (rng.random_range(0.1..2.0), rng.random_range(0.05..0.5));
        let pa = Isometry3::from_parts(v3(&mut rng, 3.0).into(), rotation(&mut rng));
        let pb = Isometry3::from_parts(v3(&mut rng, 3.0).into(), rotation(&mut rng));
        let a = Capsule::new(ha, ra).unwrap();
        let b = Capsule::new(hb, rb).unwrap();
        let [a0, a1] = a.segment().map(|p| pa * p);
        let [b0, b1] = b.segment().map(|p| pb * p);
        let want = segment_segment(&a0, &a1, &b0, &b1) - ra - rb;
        if want.abs() < 1e-6 {
            continue;
        }
        check(
            closest_points(&a, &pa, &b, &pb).unwrap(),
            want,
            1.0,
            &format!("case {i}"),
        );
        assert_eq!(
            intersects(&a, &pa, &b, &pb).unwrap(),
            want < 0.0,
            "case {i}"
        );
        apart += usize::from(want > 0.0);
    }
    assert!(apart > 1000, "{apart} apart");
}

#[test]
fn parallel_capsules_and_the_trace() {
    // Two parallel capsules 3 apart along X: distance 3 − 0.5 − 0.25.
    let a = Capsule::new(1.0, 0.5).unwrap();
    let b = Capsule::new(2.0, 0.25).unwrap();
    let pa = Isometry3::identity();
    let pb = Isometry3::translation(3.0, 0.5, 0.0);
    assert!((distance(&a, &pa, &b, &pb).unwrap() - 2.25).abs() < 1e-12);
    let mut trace = Trace::new();
    // On the whole capsules (`WholeShape`), not their segment cores.
    let out = cold_gjk(
        &WholeShape(&a),
        &pa,
        &WholeShape(&b),
        &pb,
        &GjkConfig::default(),
        &mut trace,
    );
    assert_eq!(out.status, GjkStatus::Converged);
    assert!(
        (out.normal - Vector3::x()).norm() < 1e-12,
        "normal {}",
        out.normal
    );
    let steps: Vec<_> = trace.gjk_steps().collect();
    assert!(!steps.is_empty());
    // The bounds bracket the answer at every step and the upper bound never grows.
    for w in steps.windows(2) {
        assert!(w[1].upper_bound <= w[0].upper_bound);
    }
    for s in &steps {
        assert!(s.lower_bound <= 2.25 + 1e-12 && s.upper_bound >= 2.25 - 1e-12);
        let sum: f64 = s.simplex.iter().map(|v| v.weight).sum();
        assert!((sum - 1.0).abs() < 1e-12, "weights sum to {sum}");
    }
}

/// Two balls far outside the range of squared lengths: the closed form keeps the exact
/// distance (before, `|Δ|²` underflowed at 1e-200, calling balls 2e-200 apart
/// overlapping, and overflowed at 1e200, calling the distance infinite).
#[test]
fn balls_at_extreme_magnitudes_keep_their_distance() {
    for l in [1e-300, 1e-200, 1e-160, 1e160, 1e200, 1e300] {
        let ball = Ball::new(l).unwrap();
        let (pa, pb) = (
            Isometry3::translation(-3.0 * l, 0.0, 0.0),
            Isometry3::translation(l, 0.0, 0.0),
        );
        let d = distance(&ball, &pa, &ball, &pb).unwrap();
        assert!((d - 2.0 * l).abs() <= 1e-15 * l, "scale {l:e}: {d:e}");
        match closest_points(&ball, &pa, &ball, &pb).unwrap() {
            ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            } => {
                assert!((distance - 2.0 * l).abs() <= 1e-15 * l, "scale {l:e}");
                assert!((point_a.x + 2.0 * l).abs() <= 1e-15 * l, "scale {l:e}");
                assert!(point_b.x.abs() <= 1e-15 * l, "scale {l:e}");
            }
            ClosestPoints::Overlapping => panic!("scale {l:e}: overlapping"),
        }
        assert!(!intersects(&ball, &pa, &ball, &pb).unwrap(), "scale {l:e}");
    }
}
