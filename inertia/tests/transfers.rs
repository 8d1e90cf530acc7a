//! Principal axes (case 14), parallel axis round trips, rigid motions and compounds,
//! each over thousands of seeded random cases.

// Indexing the three axes by k reads closer to the maths than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{assert_matrix, assert_point, box_mesh, random_rotation, random_vector};
use inertia::{Amount, MassProperties, parallel_axis_term};
use nalgebra::{Isometry3, Matrix3, Point3, Translation3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random half extents spanning a factor 100, at a random overall scale 1e-6..1e6.
fn random_box(rng: &mut ChaCha8Rng) -> (Vector3<f64>, f64) {
    let scale = 10f64.powf(rng.random_range(-6.0..6.0));
    let h = Vector3::from_fn(|_, _| 10f64.powf(rng.random_range(-1.0..1.0))) * scale;
    (h, scale)
}

/// Case 14: principal axes of random rotated boxes: sorted non-negative moments equal to
/// the box's, a right-handed frame whose axes are the box axes (when moments differ), and
/// R · diag · Rᵀ reproducing the tensor.
#[test]
fn case_14_principal_axes_of_rotated_boxes() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut distinct = 0;
    for case in 0..5000 {
        let (h, _) = random_box(&mut rng);
        let mass = 10f64.powf(rng.random_range(-3.0..3.0));
        let q = random_rotation(&mut rng);
        let body = MassProperties::cuboid(&h, Amount::Mass(mass)).unwrap();
        let turned = body.rotated(&q).unwrap();
        let p = turned.principal();
        let diagonal = body.inertia().diagonal();
        let mut sorted: Vec<f64> = diagonal.iter().copied().collect();
        sorted.sort_by(f64::total_cmp);
        let trace = diagonal.sum();
        for k in 0..3 {
            let err = (p.moments[k] - sorted[k]).abs();
            assert!(err <= 1e-12 * trace, "case {case}: moment {k} err {err:e}");
            assert!(p.moments[k] >= 0.0);
        }
        assert!(p.moments[0] <= p.moments[1] && p.moments[1] <= p.moments[2]);
        let r = p.frame.to_rotation_matrix().into_inner();
        assert!(
            (r.determinant() - 1.0).abs() < 1e-12,
            "case {case}: not a rotation"
        );
        assert!((r.transpose() * r - Matrix3::identity()).amax() < 1e-12);
        assert_matrix(
            &format!("case {case}: R diag Rᵀ"),
            &p.tensor(),
            &turned.inertia(),
            1e-12 * trace,
        );
        // Axis k of the frame is the rotated box axis carrying moment k, when that moment
        // is well separated from the others.
        let gap = (sorted[1] - sorted[0]).min(sorted[2] - sorted[1]);
        if gap > 1e-3 * trace {
            distinct += 1;
            let box_axes = q.to_rotation_matrix().into_inner();
            for k in 0..3 {
                let j = (0..3).find(|&j| diagonal[j] == sorted[k]).unwrap();
                let cos = r.column(k).dot(&box_axes.column(j)).abs();
                assert!(cos > 1.0 - 1e-9, "case {case}: axis {k} off by cos {cos}");
            }
        }
    }
    assert!(
        distinct > 3000,
        "only {distinct} cases had distinct moments"
    );
}

/// Degenerate spectra (ball, cube, rods) still give a valid frame reproducing the tensor.
#[test]
fn principal_with_repeated_moments() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for _ in 0..1000 {
        let q = random_rotation(&mut rng);
        for body in [
            MassProperties::ball(2.0, Amount::Mass(1.0)).unwrap(),
            MassProperties::cuboid(&Vector3::repeat(3.0), Amount::Mass(1.0)).unwrap(),
            MassProperties::cylinder(5.0, 0.1, Amount::Mass(1.0)).unwrap(),
        ] {
            let turned = body.rotated(&q).unwrap();
            let p = turned.principal();
            let trace = turned.inertia().trace();
            assert_matrix("R diag Rᵀ", &p.tensor(), &turned.inertia(), 1e-13 * trace);
            let r = p.frame.to_rotation_matrix().into_inner();
            assert!((r.determinant() - 1.0).abs() < 1e-12);
        }
    }
}

/// Parallel axis round trip: I_C → I_P → I_C, at random points and offsets.
#[test]
fn parallel_axis_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..5000 {
        let (h, scale) = random_box(&mut rng);
        let body = MassProperties::cuboid(&h, Amount::Density(2.5))
            .unwrap()
            .rotated(&random_rotation(&mut rng))
            .unwrap()
            .translated(&random_vector(&mut rng, scale))
            .unwrap();
        let point = Point3::from(random_vector(&mut rng, 3.0 * scale));
        let about = body.inertia_about(&point);
        let d = body.center_of_mass() - point;
        assert_matrix(
            "Steiner",
            &(about - body.inertia()),
            &parallel_axis_term(body.mass(), &d),
            1e-14 * about.trace(),
        );
        let back =
            MassProperties::from_inertia_about(body.mass(), body.center_of_mass(), point, about)
                .unwrap();
        let tol = 1e-12 * about.trace();
        assert_matrix(
            &format!("case {case}: round trip"),
            &back.inertia(),
            &body.inertia(),
            tol,
        );
    }
}

/// The tensor about the origin, integrated directly over a random box (Fubini), equals
/// `inertia_about(origin)` of the box's mesh result: an independent check of the shift.
#[test]
fn inertia_about_matches_direct_integral() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..2000 {
        let lo = Point3::from(random_vector(&mut rng, 5.0));
        let hi = lo + Vector3::from_fn(|_, _| rng.random_range(0.1..4.0));
        let mesh = box_mesh(lo, hi);
        let body =
            MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, Amount::Density(1.0))
                .unwrap();
        // ∫ (|x|² E − x xᵀ) dV over the box, about the origin, by Fubini.
        let moment = |k: usize, p: u32| {
            (hi[k].powi(p as i32 + 1) - lo[k].powi(p as i32 + 1)) / f64::from(p + 1)
        };
        let m0 = [moment(0, 0), moment(1, 0), moment(2, 0)];
        let m1 = [moment(0, 1), moment(1, 1), moment(2, 1)];
        let m2 = [moment(0, 2), moment(1, 2), moment(2, 2)];
        let second = |i: usize, j: usize| -> f64 {
            (0..3)
                .map(|k| {
                    if k == i && k == j {
                        m2[k]
                    } else if k == i || k == j {
                        m1[k]
                    } else {
                        m0[k]
                    }
                })
                .product()
        };
        let c = Matrix3::from_fn(second);
        let direct = Matrix3::from_diagonal_element(c.trace()) - c;
        let about = body.inertia_about(&Point3::origin());
        assert_matrix("about origin", &about, &direct, 1e-11 * direct.trace());
    }
}

/// Rigid motions: the mass properties of a moved mesh are the moved mass properties.
#[test]
fn transformed_matches_moved_mesh() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for case in 0..3000 {
        let lo = Point3::from(random_vector(&mut rng, 2.0));
        let hi = lo + Vector3::from_fn(|_, _| rng.random_range(0.1..3.0));
        let mesh = box_mesh(lo, hi);
        let pose = Isometry3::from_parts(
            Translation3::from(random_vector(&mut rng, 100.0)),
            random_rotation(&mut rng),
        );
        let body =
            MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, Amount::Mass(2.0))
                .unwrap();
        let moved_mesh = mesh.map(|p| pose * p);
        let direct = MassProperties::from_convex_mesh(
            &moved_mesh.vertices,
            &moved_mesh.triangles,
            Amount::Mass(2.0),
        )
        .unwrap();
        let moved = body.transformed(&pose).unwrap();
        let tol = 1e-12 * direct.inertia().trace();
        assert_matrix(
            &format!("case {case}"),
            &moved.inertia(),
            &direct.inertia(),
            tol,
        );
        assert_point(
            "centre",
            &moved.center_of_mass(),
            &direct.center_of_mass(),
            1e-12,
        );
    }
}

/// Compound = sum of parts: a box cut into two boxes at a random plane, moved by a common
/// random pose; and a capsule assembled from a cylinder and two hemispheres, against
/// `MassProperties::capsule`.
#[test]
fn compound_equals_sum_of_parts() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for case in 0..3000 {
        let lo = Point3::from(random_vector(&mut rng, 3.0));
        let hi = lo + Vector3::from_fn(|_, _| rng.random_range(0.5..3.0));
        let axis = rng.random_range(0..3);
        let cut = lo[axis] + rng.random_range(0.1..0.9) * (hi[axis] - lo[axis]);
        let (mut hi_a, mut lo_b) = (hi, lo);
        hi_a[axis] = cut;
        lo_b[axis] = cut;
        let density = Amount::Density(rng.random_range(0.5..5.0));
        let of = |lo, hi| {
            let m = box_mesh(lo, hi);
            MassProperties::from_convex_mesh(&m.vertices, &m.triangles, density).unwrap()
        };
        let whole = of(lo, hi);
        let pose = Isometry3::from_parts(
            Translation3::from(random_vector(&mut rng, 10.0)),
            random_rotation(&mut rng),
        );
        let sum =
            of(lo, hi_a).transformed(&pose).unwrap() + of(lo_b, hi).transformed(&pose).unwrap();
        let whole = whole.transformed(&pose).unwrap();
        let tol = 1e-12 * whole.inertia().trace();
        assert!((sum.mass() - whole.mass()).abs() <= 1e-13 * whole.mass());
        assert_point(
            "centre",
            &sum.center_of_mass(),
            &whole.center_of_mass(),
            1e-12,
        );
        assert_matrix(
            &format!("case {case}"),
            &sum.inertia(),
            &whole.inertia(),
            tol,
        );
    }
    // Capsule = cylinder + two hemispheres, assembled by hand.
    let (h, r) = (1.3, 0.4);
    let rho = Amount::Density(2.0);
    let cap = MassProperties::hemisphere(r, rho).unwrap();
    let flip = nalgebra::UnitQuaternion::from_axis_angle(&Vector3::z_axis(), std::f64::consts::PI);
    let by_hand = MassProperties::cylinder(h, r, rho).unwrap()
        + cap.translated(&Vector3::new(0.0, h, 0.0)).unwrap()
        + cap
            .rotated(&flip)
            .unwrap()
            .translated(&Vector3::new(0.0, -h, 0.0))
            .unwrap();
    let capsule = MassProperties::capsule(h, r, rho).unwrap();
    assert_matrix("capsule", &by_hand.inertia(), &capsule.inertia(), 1e-14);
    assert!((by_hand.mass() - capsule.mass()).abs() < 1e-14);
}
