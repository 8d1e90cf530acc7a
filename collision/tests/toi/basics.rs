//! Time of impact: sphere–sphere against the quadratic, conservative advancement against
//! the same answers and against fine-stepped references (the seed book's spinning
//! diamond scene, pure rotation), overlap at the start, and reported non-convergence.

use test_support::contact as contact_common;

use collision::QueryOptions;
use collision::shape::WholeShape;
use collision::{
    Ball, ConvexHull, Cuboid, Cylinder, Motion, ToiConfig, ToiError, Trace, Triangle, contact,
    distance, time_of_impact, time_of_impact_with,
};
use contact_common::{rng, v3};
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Two balls on a mostly closing course: radii, centres, velocities and motions of A
/// and B.
type Course = (
    f64,
    f64,
    Vector3<f64>,
    Vector3<f64>,
    Vector3<f64>,
    Vector3<f64>,
    Motion,
    Motion,
);

/// Radii in `[0.1, 1)`, centres in `[-5, 5)³`, A's velocity in `[-10, 10)³`; B heads back
/// towards A (A's velocity minus a factor in `[closing, 3)` times the offset between
/// them) with sideways noise in `[-noise, noise)³`. Angular velocities in
/// `[-spin, spin)³`, or none.
fn course(r: &mut ChaCha8Rng, closing: f64, noise: f64, spin: Option<f64>) -> Course {
    let (ra, rb) = (r.random_range(0.1..1.0), r.random_range(0.1..1.0));
    let (ca, cb) = (v3(r, 5.0), v3(r, 5.0));
    let va = v3(r, 10.0);
    let vb = va - (cb - ca) * r.random_range(closing..3.0) + v3(r, noise);
    let mut angular = || spin.map_or_else(Vector3::zeros, |s| v3(r, s));
    let ma = Motion::new(Isometry3::translation(ca.x, ca.y, ca.z), va, angular());
    let mb = Motion::new(Isometry3::translation(cb.x, cb.y, cb.z), vb, angular());
    (ra, rb, ca, cb, va, vb, ma, mb)
}

#[test]
fn sphere_sphere_matches_the_quadratic_and_conservative_advancement() {
    let mut r = rng(90);
    let mut hits = 0;
    for case in 0..2000 {
        let (ra, rb, ca, cb, va, vb, ma, mb) = course(&mut r, 0.0, 3.0, Some(5.0));
        let (a, b) = (Ball::new(ra).unwrap(), Ball::new(rb).unwrap());
        let got = time_of_impact(&a, &ma, &b, &mb, 1.0).unwrap();
        // Textbook root of |d + v t| = R.
        let (d, v, rr) = (cb - ca, vb - va, ra + rb);
        let (qa, qb, qc) = (v.dot(&v), 2.0 * d.dot(&v), d.dot(&d) - rr * rr);
        let disc = qb * qb - 4.0 * qa * qc;
        let want = if qc <= 0.0 {
            Some(0.0)
        } else if disc < 0.0 || qb >= 0.0 {
            None
        } else {
            Some((-qb - disc.sqrt()) / (2.0 * qa)).filter(|&t| t <= 1.0)
        };
        match (want, got) {
            (None, None) => {}
            (Some(t), Some(hit)) => {
                hits += 1;
                assert!((hit.time - t).abs() <= 1e-10 * t.max(1e-3), "case {case}");
                assert!(hit.normal.iter().all(|c| c.is_finite()));
                if t > 0.0 {
                    let n = (d + v * t).normalize();
                    assert!((hit.normal - n).norm() <= 1e-9);
                    assert!((hit.point_a - (Point3::from(ca + va * t) + n * ra)).norm() <= 1e-9);
                }
                // The same balls through conservative advancement (no analytic path).
                let ca_hit = time_of_impact(&WholeShape(a), &ma, &WholeShape(b), &mb, 1.0)
                    .unwrap()
                    .unwrap_or_else(|| panic!("case {case}: CA missed at {t}"));
                assert!(
                    (ca_hit.time - t).abs() <= 1e-8,
                    "case {case}: CA {} vs {t}",
                    ca_hit.time
                );
            }
            (w, g) => panic!("case {case}: {w:?} vs {g:?}"),
        }
    }
    assert!(hits > 500, "{hits}");
}

/// A traced conservative-advancement run of two balls (forced onto CA by `WholeShape`):
/// times strictly increase by each step's advance and end at the impact time; the
/// separations strictly decrease, only the last within the tolerance, and each step's
/// separation is the closed-form gap `|Δ(t)| − R` there.
#[test]
fn traced_sphere_sphere_advancement_closes_the_gap_step_by_step() {
    let mut r = rng(91);
    let mut traced = 0;
    for case in 0..300 {
        let (ra, rb, ca, cb, va, vb, ma, mb) = course(&mut r, 0.5, 1.0, None);
        let (a, b) = (
            WholeShape(Ball::new(ra).unwrap()),
            WholeShape(Ball::new(rb).unwrap()),
        );
        let config = ToiConfig::default();
        let mut trace = Trace::new();
        let got = time_of_impact_with(
            &a,
            &ma,
            &b,
            &mb,
            1.0,
            QueryOptions::default().config(config).observer(&mut trace),
        )
        .unwrap();
        let plain = time_of_impact(&a, &ma, &b, &mb, 1.0).unwrap();
        assert_eq!(got, plain, "case {case}: observing changed the answer");
        let Some(hit) = got.filter(|h| h.time > 0.0) else {
            continue;
        };
        traced += 1;
        // The impact normal is the closed-form centre direction at the impact time, also
        // when the advance lands exactly on touching balls (where GJK has no normal).
        let n = ((cb - ca) + (vb - va) * hit.time).normalize();
        assert!(
            (hit.normal - n).norm() <= 1e-6,
            "case {case}: normal {:?}, want {n:?}",
            hit.normal
        );
        let steps: Vec<_> = trace.toi_steps().collect();
        assert_eq!(steps.len(), hit.iterations as usize, "case {case}");
        let last = steps.last().unwrap();
        assert_eq!(last.time, hit.time, "case {case}");
        assert_eq!(last.advance, 0.0);
        // Balls as whole shapes: the tolerance is relative_tolerance × the bounding radii, which
        // bound each ball by its box corner (√3 r).
        let tol = last.tolerance;
        let want = config.relative_tolerance * 3f64.sqrt() * (ra + rb);
        assert!((tol - want).abs() <= 1e-12 * want, "{tol} vs {want}");
        assert!(last.separation <= tol, "case {case}: {}", last.separation);
        for (i, s) in steps.iter().enumerate() {
            assert_eq!(s.iteration as usize, i + 1);
            let gap = ((cb - ca) + (vb - va) * s.time).norm() - (ra + rb);
            assert!((s.separation - gap).abs() <= 1e-9, "case {case} step {i}");
            // GJK gives no normal when the cores touch exactly (separation 0).
            let nn = s.normal.norm();
            assert!(
                s.separation <= 0.0 || (nn - 1.0).abs() <= 1e-9,
                "case {case} step {i}: |n| = {nn}"
            );
        }
        for w in steps.windows(2) {
            assert!(w[1].time > w[0].time, "case {case}: times not increasing");
            assert_eq!(w[1].time, w[0].time + w[0].advance);
            assert!(w[1].separation < w[0].separation, "case {case}");
            assert!(w[0].separation > tol, "case {case}: stopped late");
        }
    }
    assert!(traced > 100, "{traced}");
}

/// The first time the shapes touch, by stepping `dt` until they overlap and then
/// bisecting to 1e-13.
fn stepped_reference<A: collision::SupportMap, B: collision::SupportMap>(
    a: &A,
    ma: &Motion,
    b: &B,
    mb: &Motion,
    t_max: f64,
    dt: f64,
) -> Option<f64> {
    let apart = |t: f64| distance(a, &ma.pose_at(t), b, &mb.pose_at(t)).unwrap() > 0.0;
    let mut t = 0.0;
    while t < t_max {
        let next = (t + dt).min(t_max);
        if !apart(next) {
            let (mut lo, mut hi) = (t, next);
            while hi - lo > 1e-13 {
                let mid = 0.5 * (lo + hi);
                if apart(mid) { lo = mid } else { hi = mid }
            }
            return Some(hi);
        }
        t = next;
    }
    None
}

/// The seed's `FillDiamond` hull: seven points revolved in eight 45° steps about z.
fn diamond() -> ConvexHull {
    let half = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), std::f64::consts::PI * 0.125);
    let mut pts = vec![
        Point3::new(0.1, 0.0, -1.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.1),
        Point3::new(0.4, 0.0, 0.4),
        half * Point3::new(0.8, 0.0, 0.3),
    ];
    pts.push(half * pts[1]);
    pts.push(half * pts[2]);
    let mut all = Vec::new();
    for k in 0..8 {
        let q = UnitQuaternion::from_axis_angle(
            &Vector3::z_axis(),
            std::f64::consts::PI * 0.25 * k as f64,
        );
        all.extend(pts.iter().map(|p| q * p));
    }
    ConvexHull::new(&all).unwrap()
}

/// The seed book's chapter 13 scene: a ball (r 0.5) at (10, 0, 3) moving at −100 x and the
/// diamond at (−10, 0, 3) moving at +100 x while spinning at 10 rad/s about y. The impact
/// must be found (no tunnelling) at the fine-stepped time.
#[test]
fn spinning_diamond_meets_the_ball_at_the_stepped_time() {
    let d = diamond();
    let com = d.hull().unwrap().centroid();
    let ball = Ball::new(0.5).unwrap();
    let md = Motion::new(
        Isometry3::translation(-10.0, 0.0, 3.0),
        Vector3::new(100.0, 0.0, 0.0),
        Vector3::new(0.0, 10.0, 0.0),
    )
    .with_local_center(com);
    let mb = Motion::new(
        Isometry3::translation(10.0, 0.0, 3.0),
        Vector3::new(-100.0, 0.0, 0.0),
        Vector3::zeros(),
    );
    let t_max = 0.2;
    let want = stepped_reference(&d, &md, &ball, &mb, t_max, 1e-5).expect("they collide");
    for (x, y, swap) in [(&md, &mb, false), (&mb, &md, true)] {
        let hit = if swap {
            time_of_impact(&ball, x, &d, y, t_max)
        } else {
            time_of_impact(&d, x, &ball, y, t_max)
        }
        .unwrap()
        .expect("no tunnelling");
        assert!(
            (hit.time - want).abs() <= 1e-8,
            "toi {} vs stepped {want}",
            hit.time
        );
        assert!(hit.separation.abs() <= 1e-8);
        assert!((hit.normal.norm() - 1.0).abs() < 1e-12);
    }
    // Before the impact time they are apart, just after it they overlap.
    let gap = distance(
        &d,
        &md.pose_at(want - 1e-6),
        &ball,
        &mb.pose_at(want - 1e-6),
    )
    .unwrap();
    assert!(gap > 0.0);
    // A frame that ends before the impact reports none.
    assert!(
        time_of_impact(&d, &md, &ball, &mb, want * 0.99)
            .unwrap()
            .is_none()
    );
}

/// A long box spinning about z towards a resting ball, with no translation at all.
/// Its top face reaches the ball when 1.5 cos θ − 0.1 = 0.25, at θ = 3 t.
#[test]
fn pure_rotation_hits_at_the_closed_form_angle() {
    let bar = Cuboid::new(Vector3::new(2.0, 0.1, 0.1)).unwrap();
    let ball = Ball::new(0.25).unwrap();
    let mbar = Motion::new(
        Isometry3::identity(),
        Vector3::zeros(),
        Vector3::new(0.0, 0.0, 3.0),
    );
    let mball = Motion::stationary(Isometry3::translation(0.0, 1.5, 0.0));
    let want = (0.35f64 / 1.5).acos() / 3.0;
    let hit = time_of_impact(&bar, &mbar, &ball, &mball, 1.0)
        .unwrap()
        .unwrap();
    assert!((hit.time - want).abs() <= 1e-8, "{} vs {want}", hit.time);
    let stepped = stepped_reference(&bar, &mbar, &ball, &mball, 1.0, 1e-4).unwrap();
    assert!((stepped - want).abs() <= 1e-10);
    // Spinning where it cannot reach: no impact, and no false "did not converge".
    let far = Motion::stationary(Isometry3::translation(0.0, 2.5, 0.0));
    assert!(
        time_of_impact(&bar, &mbar, &ball, &far, 1.0)
            .unwrap()
            .is_none()
    );
    // Too few iterations: a typed error with a valid lower bound, never a wrong answer.
    let cfg = ToiConfig {
        max_iterations: 3,
        ..ToiConfig::default()
    };
    match time_of_impact_with(
        &bar,
        &mbar,
        &ball,
        &mball,
        1.0,
        QueryOptions::default().config(cfg),
    ) {
        Err(ToiError::DidNotConverge {
            iterations,
            time,
            separation,
        }) => {
            assert_eq!(iterations, 3);
            assert!(time < want && separation > 0.0);
        }
        other => panic!("{other:?}"),
    }
}

/// Small shapes (1e-3) far from the origin (1e6), moving: positions there round at
/// ~1e-10 each time a pose is evaluated, far above a size-relative tolerance (~4e-12).
/// The advancement still converges (its tolerance never drops below the positions'
/// rounding), for balls forced onto conservative advancement (`WholeShape`), to the
/// quadratic's time within what that rounding allows.
#[test]
fn small_shapes_far_from_the_origin_converge() {
    let mut r = rng(94);
    let k = 1e-3;
    for case in 0..200 {
        let offset = v3(&mut r, 1e6);
        let (ra, rb) = (r.random_range(0.1..1.0) * k, r.random_range(0.1..1.0) * k);
        let (ca, cb) = (offset + v3(&mut r, 3.0 * k), offset + v3(&mut r, 3.0 * k));
        let va = v3(&mut r, 10.0 * k);
        let vb = va - (cb - ca) * r.random_range(1.0..3.0);
        let ma = Motion::new(
            Isometry3::translation(ca.x, ca.y, ca.z),
            va,
            v3(&mut r, 5.0),
        );
        let mb = Motion::new(
            Isometry3::translation(cb.x, cb.y, cb.z),
            vb,
            v3(&mut r, 5.0),
        );
        let (a, b) = (Ball::new(ra).unwrap(), Ball::new(rb).unwrap());
        let exact = time_of_impact(&a, &ma, &b, &mb, 1.0).unwrap();
        let ca_hit = time_of_impact(&WholeShape(a), &ma, &WholeShape(b), &mb, 1.0)
            .unwrap_or_else(|e| panic!("case {case}: {e}"));
        match (exact, ca_hit) {
            (None, None) => {}
            (Some(w), Some(g)) => {
                // The gap's rounding (~1e-10) over the closing speed (≥ |Δc| ≥ ~1e-3).
                assert!(
                    (w.time - g.time).abs() <= 1e-6,
                    "case {case}: {} vs {}",
                    g.time,
                    w.time
                );
            }
            (w, g) => panic!("case {case}: {w:?} vs {g:?}"),
        }
    }
}

#[test]
fn overlap_at_start_is_time_zero_and_bad_input_is_an_error() {
    let a = Cuboid::new(Vector3::repeat(1.0)).unwrap();
    let ma = Motion::new(Isometry3::identity(), Vector3::x(), Vector3::y());
    let mb = Motion::stationary(Isometry3::translation(1.5, 0.0, 0.0));
    let hit = time_of_impact(&a, &ma, &a, &mb, 1.0).unwrap().unwrap();
    assert_eq!(hit.time, 0.0);
    assert!((hit.separation + 0.5).abs() <= 1e-12);
    assert!((hit.normal - Vector3::x()).norm() <= 1e-12);
    // Moving apart: none.
    let away = Motion::new(
        Isometry3::translation(3.0, 0.0, 0.0),
        Vector3::x(),
        Vector3::zeros(),
    );
    assert!(
        time_of_impact(
            &a,
            &Motion::stationary(Isometry3::identity()),
            &a,
            &away,
            10.0
        )
        .unwrap()
        .is_none()
    );
    let bad = Motion::new(
        Isometry3::identity(),
        Vector3::new(f64::NAN, 0.0, 0.0),
        Vector3::zeros(),
    );
    assert!(time_of_impact(&a, &bad, &a, &mb, 1.0).is_err());
    // Offsets of 1e6 change nothing: boxes 1 apart closing at 2 meet at t = 0.5.
    for o in [0.0, 1e6] {
        let ma = Motion::new(
            Isometry3::translation(o, o, 0.0),
            Vector3::x(),
            Vector3::zeros(),
        );
        let mb = Motion::new(
            Isometry3::translation(o + 3.0, o + 0.5, 0.0),
            -Vector3::x(),
            Vector3::zeros(),
        );
        let hit = time_of_impact(&a, &ma, &a, &mb, 1.0).unwrap().unwrap();
        assert!((hit.time - 0.5).abs() <= 1e-9, "offset {o}: {}", hit.time);
    }
}

/// Two balls far outside the range where the quadratic's squares are finite: the
/// closed form works in units of the gap and the closing speed, so the answers keep
/// their exact values, and nothing comes out NaN or infinite. (Squared directly, 1e-200
/// lengths underflowed to "touching at the start", and 1e200 lengths against 1e-200
/// speeds gave `0 · ∞`, a NaN time.)
#[test]
fn balls_at_extreme_magnitudes_keep_their_closed_form() {
    let still = |x: f64, v: f64| {
        Motion::new(
            Isometry3::translation(x, 0.0, 0.0),
            Vector3::new(v, 0.0, 0.0),
            Vector3::zeros(),
        )
    };
    // (scale of lengths L, scale of speeds V): radii 1 and centres 6 apart in length
    // units, closing at V: the gap of 4 L closes at t = 4 L / V.
    for (l, v) in [
        (1e-200, 1e-200),
        (1e-200, 1.0),
        (1e200, 1e200),
        (1e200, 1e100),
        (1e100, 1e-100),
        (1.0, 1e-300),
        (1e10, 1e-300),
    ] {
        let (a, b) = (Ball::new(l).unwrap(), Ball::new(l).unwrap());
        let want = 4.0 * (l / v);
        let hit = time_of_impact(&a, &still(0.0, 0.0), &b, &still(6.0 * l, -v), f64::MAX);
        let what = format!("lengths {l:e}, speeds {v:e}");
        if !want.is_finite() {
            assert_eq!(hit, Ok(None), "{what}: the impact time is beyond f64");
            continue;
        }
        let hit = hit
            .unwrap_or_else(|e| panic!("{what}: {e}"))
            .unwrap_or_else(|| panic!("{what}: no impact"));
        assert!(
            (hit.time - want).abs() <= 1e-15 * want,
            "{what}: time {:e}",
            hit.time
        );
        assert_eq!(hit.normal, Vector3::x(), "{what}");
        assert!((hit.point_a.x - l).abs() <= 1e-15 * l, "{what}");
        assert!(
            hit.separation.abs() <= 1e-14 * l,
            "{what}: separation {:e}",
            hit.separation
        );
    }
    // Positions that overflow at the impact are an error, not infinities: B 1e308 ahead
    // and running at 1e308, A chasing at 1.5e308 catches it at t = 2, at x = 3e308.
    let (a, b) = (Ball::new(1.0).unwrap(), Ball::new(1.0).unwrap());
    let chase = time_of_impact(&a, &still(0.0, 1.5e308), &b, &still(1e308, 1e308), 10.0);
    assert_eq!(chase, Err(ToiError::NonFinite));
}

/// Spin that moves no point of a core: a ball spinning about its centre, and a capsule
/// rolling about its own axis, meet a box at the closed-form time of the same motion
/// without spin. The advancement bound counts only the cores' points and their support
/// across the spin, so the ball takes exactly the steps it takes without spin, and the
/// capsule (whose segment core has no extent across the spin at the start) few.
#[test]
fn spin_that_moves_no_core_point_does_not_slow_advancement() {
    let slab = Cuboid::new(Vector3::new(0.5, 5.0, 5.0)).unwrap();
    let at_rest = Motion::stationary(Isometry3::translation(5.0, 0.0, 0.0));
    let ball = Ball::new(0.75).unwrap();
    let moving = |spin: Vector3<f64>| {
        Motion::new(
            Isometry3::translation(0.0, 0.3, -0.2),
            Vector3::x() * 2.0,
            spin,
        )
    };
    // Gap 5 − 0.5 − 0.75 = 3.75 closed at 2 per unit time.
    let still = time_of_impact(&ball, &moving(Vector3::zeros()), &slab, &at_rest, 10.0)
        .unwrap()
        .unwrap();
    assert!((still.time - 1.875).abs() <= 1e-8, "{still:?}");
    for spin in [
        Vector3::new(0.0, 0.0, 1000.0),
        Vector3::new(300.0, -200.0, 500.0),
    ] {
        let hit = time_of_impact(&ball, &moving(spin), &slab, &at_rest, 10.0)
            .unwrap()
            .unwrap();
        assert_eq!(hit.iterations, still.iterations, "spin {spin:?}");
        assert!(
            (hit.time - still.time).abs() <= 1e-12,
            "{hit:?} vs {still:?}"
        );
    }
    // A capsule lying along z (its axis turned from y), rolling about that axis at 50
    // rad per unit time: the gap 5 − 0.5 − 0.75 = 3.75 again.
    let capsule = collision::Capsule::new(1.0, 0.75).unwrap();
    let lying = Isometry3::from_parts(
        nalgebra::Translation3::new(0.0, 0.3, -0.2),
        UnitQuaternion::from_axis_angle(&Vector3::x_axis(), std::f64::consts::FRAC_PI_2),
    );
    let rolling = Motion::new(lying, Vector3::x() * 2.0, Vector3::z() * 50.0);
    let hit = time_of_impact(&capsule, &rolling, &slab, &at_rest, 10.0)
        .unwrap()
        .unwrap();
    assert!((hit.time - 1.875).abs() <= 1e-8, "{hit:?}");
    // 72 when written. (The earlier bound, the spin times the whole radius, did not
    // converge within 1,000 iterations on the spinning ball: 2 here.)
    assert!(hit.iterations <= 100, "{} iterations", hit.iterations);
}

/// Shapes that GJK finds touching to rounding at time 0 and that then close on each
/// other have an impact at time 0 (cast fuzzer, near-contact mode, seed 1, case 3970: a
/// triangle 1e-13 from a cylinder, 1e6 from the origin; the contact query at margin 0
/// called them apart and the time of impact reported none, though at t = 0.31 they were
/// 3.7e-2 deep).
#[test]
fn touching_to_rounding_at_the_start_and_closing_is_an_impact_at_time_zero() {
    let quat = |w, x, y, z| UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(w, x, y, z));
    let cylinder = Cylinder::new(0.710495678660885, 0.7179167193088632).unwrap();
    let triangle = Triangle::new(
        Point3::new(-0.558534203974274, -0.2670512304077972, 0.8741806168845597),
        Point3::new(0.37753345139880634, 0.9527586716629135, 0.3592663338992552),
        Point3::new(-1.1839361724817736, 0.6164602270292383, 0.8760513325936266),
    )
    .unwrap();
    let pose_a = Isometry3::from_parts(
        Vector3::new(465230.4236086935, -594986.5907245586, -655401.8689375565).into(),
        quat(
            -0.015183429438800251,
            0.899565948798796,
            0.2012028146425033,
            0.3873861053421168,
        ),
    );
    let pose_b = Isometry3::from_parts(
        Vector3::new(465230.8447409225, -594987.5872288457, -655401.7077164525).into(),
        quat(
            0.27051757390736314,
            -0.11267154591989423,
            -0.36978850318544026,
            -0.8816925926076316,
        ),
    );
    let motion_a = Motion::new(
        pose_a,
        Vector3::new(
            0.2188323196294995,
            -0.028609723806537368,
            0.05362131231219784,
        ),
        Vector3::new(
            0.30922362502493667,
            -0.23432481195362947,
            -0.49510802054800895,
        ),
    );
    let motion_b = Motion::new(
        pose_b,
        Vector3::new(-3.1744167154405445, 4.14181780113257, 3.706679874408576),
        Vector3::new(3.6807826585534267, 2.115935625249081, -4.23672253667834),
    );
    let gap = distance(&cylinder, &pose_a, &triangle, &pose_b).unwrap();
    assert!(gap < 1e-12, "{gap:e}");
    // Later the shapes are deep in each other: an impact must come first.
    let later = contact(
        &cylinder,
        &motion_a.pose_at(0.3125),
        &triangle,
        &motion_b.pose_at(0.3125),
        0.0,
    )
    .unwrap()
    .expect("overlapping at t = 0.3125");
    assert!(later.separation < -0.03, "{}", later.separation);
    let impact = time_of_impact(&cylinder, &motion_a, &triangle, &motion_b, 1.0)
        .unwrap()
        .expect("an impact");
    assert_eq!(impact.time, 0.0);
    // Touching to rounding: GJK finds them overlapping in both orders (with two reseeds
    // the cylinder-first order stalled 1e-13 apart), and EPA's depth, 7.6e-12,
    // is within its rounding floor (about 3e-11 of the size, `epa::rounding_floor`),
    // far inside the time of impact's own tolerance (1e-9 of the shapes' radius).
    assert!(impact.separation.abs() < 3e-11, "{}", impact.separation);
}
