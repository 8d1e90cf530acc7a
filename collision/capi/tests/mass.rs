//! `coll_mass_properties` through the C functions, against closed forms: every supported
//! kind (ball, box, capsule, cylinder, cone, rounded ball, point and segment, solid
//! hull) at density 2.5, and the principal axes of rotated boxes and seeded hulls, which
//! must diagonalise the inertia tensor with the ascending moments.

// The test reads the library's C string.
#![allow(unsafe_code)]

mod common;

use collision_capi::*;
use common::Lcg;
use nalgebra::{Matrix3, Quaternion, UnitQuaternion, Vector3};
use std::f64::consts::PI;

const DENSITY: f64 = 2.5;

fn ok(status: CollStatus) {
    assert_eq!(status, CollStatus::Ok, "{:?}", unsafe {
        std::ffi::CStr::from_ptr(coll_last_error_message())
    });
}

/// The mass properties of `shape` (destroyed after), at [`DENSITY`].
fn mass_of(shape: *mut CollShape) -> CollMassProperties {
    let mut out = std::mem::MaybeUninit::uninit();
    ok(coll_mass_properties(shape, DENSITY, out.as_mut_ptr()));
    ok(coll_shape_destroy(shape));
    // SAFETY: written whole by a call that returned `COLL_STATUS_OK`.
    unsafe { out.assume_init() }
}

fn made(create: impl FnOnce(*mut *mut CollShape) -> CollStatus) -> *mut CollShape {
    let mut shape = std::ptr::null_mut();
    ok(create(&mut shape));
    shape
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-12 * want.abs().max(1.0),
        "{what}: {got} against {want}"
    );
}

/// Checks mass, centre of mass (on the y axis at `center_y`) and a diagonal inertia.
fn check(m: &CollMassProperties, mass: f64, center_y: f64, diagonal: [f64; 3], what: &str) {
    close(m.mass, mass, &format!("{what} mass"));
    for (k, want) in [0.0, center_y, 0.0].into_iter().enumerate() {
        close(m.center_of_mass[k], want, &format!("{what} centre[{k}]"));
    }
    for r in 0..3 {
        for c in 0..3 {
            let want = if r == c { diagonal[r] } else { 0.0 };
            let scale = diagonal.iter().fold(0.0f64, |a, &b| a.max(b));
            assert!(
                (m.inertia[3 * r + c] - want).abs() <= 1e-12 * scale,
                "{what} inertia[{r}][{c}]: {} against {want}",
                m.inertia[3 * r + c]
            );
        }
    }
    let mut sorted = diagonal;
    sorted.sort_by(f64::total_cmp);
    for (k, (&got, &want)) in m.principal_moments.iter().zip(&sorted).enumerate() {
        close(got, want, &format!("{what} moment {k}"));
    }
}

#[test]
fn every_supported_kind_matches_its_closed_form() {
    let (r, h) = (0.7, 1.3);
    let ball = |r: f64| {
        let m = DENSITY * 4.0 / 3.0 * PI * r.powi(3);
        (m, 0.4 * m * r * r)
    };
    let (m, i) = ball(r);
    check(
        &mass_of(made(|o| coll_ball_create(r, o))),
        m,
        0.0,
        [i; 3],
        "ball",
    );
    let (m, i) = ball(r + 0.2);
    let inner = made(|o| coll_ball_create(r, o));
    let rounded = made(|o| coll_rounded_create(inner, 0.2, o));
    ok(coll_shape_destroy(inner));
    check(&mass_of(rounded), m, 0.0, [i; 3], "rounded ball");
    let (m, i) = ball(0.2);
    let point = made(|o| coll_point_create([0.0; 3].as_ptr(), o));
    let rounded = made(|o| coll_rounded_create(point, 0.2, o));
    ok(coll_shape_destroy(point));
    check(&mass_of(rounded), m, 0.0, [i; 3], "rounded point");

    // The 2a x 2b x 2c box: I_xx = m (b² + c²) / 3.
    let (a, b, c) = (0.5, 1.5, 2.0);
    let m = DENSITY * 8.0 * a * b * c;
    let diagonal = [
        m * (b * b + c * c) / 3.0,
        m * (a * a + c * c) / 3.0,
        m * (a * a + b * b) / 3.0,
    ];
    let cuboid = made(|o| coll_cuboid_create([a, b, c].as_ptr(), o));
    check(&mass_of(cuboid), m, 0.0, diagonal, "box");
    // The same box as the hull of its corners.
    let corners: Vec<f64> = (0..8)
        .flat_map(|i| {
            let s = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
            [s(1) * a, s(2) * b, s(4) * c]
        })
        .collect();
    let hull = made(|o| coll_hull_create(corners.as_ptr(), 8, o));
    check(&mass_of(hull), m, 0.0, diagonal, "box hull");

    // Cylinder of height H = 2h along y: I_yy = m r² / 2, I_xx = m (3 r² + H²) / 12.
    let m = DENSITY * PI * r * r * 2.0 * h;
    let side = m * (3.0 * r * r + 4.0 * h * h) / 12.0;
    let cylinder = made(|o| coll_cylinder_create(h, r, o));
    check(
        &mass_of(cylinder),
        m,
        0.0,
        [side, m * r * r / 2.0, side],
        "cylinder",
    );

    // Cone of height H = 2h, base at y = -h: centre at y = -h + H / 4, I_yy = 3 m r² / 10,
    // I_xx = m (3 r² / 20 + 3 H² / 80) about the centre.
    let big_h = 2.0 * h;
    let m = DENSITY * PI * r * r * big_h / 3.0;
    let side = m * (3.0 * r * r / 20.0 + 3.0 * big_h * big_h / 80.0);
    let cone = made(|o| coll_cone_create(h, r, o));
    check(
        &mass_of(cone),
        m,
        -h + big_h / 4.0,
        [side, 0.3 * m * r * r, side],
        "cone",
    );

    // Capsule: the cylinder plus two hemispheres (mass m_s together), each of centre
    // 3r/8 beyond its end: I_xx adds m_s (2r²/5 + h² + 3hr/4).
    let m_c = DENSITY * PI * r * r * 2.0 * h;
    let m_s = DENSITY * 4.0 / 3.0 * PI * r.powi(3);
    let axial = m_c * r * r / 2.0 + m_s * 0.4 * r * r;
    let side =
        m_c * (3.0 * r * r + 4.0 * h * h) / 12.0 + m_s * (0.4 * r * r + h * h + 0.75 * h * r);
    let diagonal = [side, axial, side];
    let capsule = made(|o| coll_capsule_create(h, r, o));
    check(&mass_of(capsule), m_c + m_s, 0.0, diagonal, "capsule");
    let segment = made(|o| coll_segment_create([0.0, -h, 0.0].as_ptr(), [0.0, h, 0.0].as_ptr(), o));
    let rounded = made(|o| coll_rounded_create(segment, r, o));
    ok(coll_shape_destroy(segment));
    check(
        &mass_of(rounded),
        m_c + m_s,
        0.0,
        diagonal,
        "rounded segment",
    );
}

/// The principal axes of `m`: the columns of its rotation, checked to be unit.
fn axes(m: &CollMassProperties) -> Matrix3<f64> {
    let [x, y, z, w] = m.principal_axes;
    let q = Quaternion::new(w, x, y, z);
    assert!((q.norm() - 1.0).abs() <= 1e-12, "axes quaternion {q:?}");
    UnitQuaternion::from_quaternion(q)
        .to_rotation_matrix()
        .into_inner()
}

/// `I a_k = λ_k a_k` for each principal axis `a_k` and ascending moment `λ_k`.
fn diagonalises(m: &CollMassProperties, what: &str) {
    let inertia = Matrix3::from_row_slice(&m.inertia);
    let frame = axes(m);
    let scale = inertia.norm();
    assert!(
        m.principal_moments.windows(2).all(|w| w[0] <= w[1]),
        "{what}: ascending"
    );
    for k in 0..3 {
        let a: Vector3<f64> = frame.column(k).into();
        let residual = inertia * a - a * m.principal_moments[k];
        assert!(
            residual.norm() <= 1e-10 * scale,
            "{what}: axis {k} {a:?} leaves {residual:?}"
        );
    }
}

#[test]
fn principal_axes_diagonalise_the_inertia_of_rotated_boxes_and_hulls() {
    let mut rng = Lcg(11);
    for case in 0..200 {
        let rotation = UnitQuaternion::from_quaternion(Quaternion::new(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ));
        let half = [0.5, 1.5, 2.5];
        let points: Vec<f64> = if case % 2 == 0 {
            // A box with distinct moments, rotated: its principal axes are the rotated
            // box axes, its moments the box's.
            (0..8)
                .flat_map(|i| {
                    let s = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
                    let p = Vector3::new(s(1) * half[0], s(2) * half[1], s(4) * half[2]);
                    let q = rotation * p;
                    [q.x, q.y, q.z]
                })
                .collect()
        } else {
            (0..40)
                .flat_map(|_| {
                    [
                        rng.range(-1.0, 1.0),
                        rng.range(-2.0, 2.0),
                        rng.range(-0.5, 0.5),
                    ]
                })
                .collect()
        };
        let hull = made(|o| coll_hull_create(points.as_ptr(), points.len() / 3, o));
        let m = mass_of(hull);
        diagonalises(&m, &format!("case {case}"));
        if case % 2 == 0 {
            let v = DENSITY * 8.0 * half[0] * half[1] * half[2];
            let [a, b, c] = half;
            let want = [
                v * (b * b + c * c) / 3.0,
                v * (a * a + c * c) / 3.0,
                v * (a * a + b * b) / 3.0,
            ];
            // Ascending: the x axis has the largest moment, z the smallest.
            for (k, w) in [want[2], want[1], want[0]].into_iter().enumerate() {
                close(
                    m.principal_moments[k],
                    w,
                    &format!("case {case} moment {k}"),
                );
            }
            // Each principal axis is a rotated box axis (up to sign).
            let frame = axes(&m);
            for (k, box_axis) in [2, 1, 0].into_iter().enumerate() {
                let want = rotation * Vector3::ith(box_axis, 1.0);
                let dot = frame.column(k).dot(&want).abs();
                assert!((dot - 1.0).abs() <= 1e-9, "case {case}: axis {k} dot {dot}");
            }
        }
    }
}
