//! The numbered cases with exact expected values (density 1 unless stated).

// Indexing the three axes by k reads closer to the maths than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod common;

use std::f64::consts::PI;

use common::{assert_matrix, assert_point, assert_rel, box_mesh, tetrahedron_mesh};
use inertia::{Amount, MassProperties};
use nalgebra::{Matrix3, Point3, UnitQuaternion, Vector3};

const UNIT: Amount = Amount::Density(1.0);

fn unit_cube() -> common::Mesh {
    box_mesh(Point3::origin(), Point3::new(1.0, 1.0, 1.0))
}

/// Case 1: unit cube [0,1]³ about its centre and about the corner.
#[test]
fn case_1_unit_cube() {
    let cube = unit_cube();
    let mp = MassProperties::from_convex_mesh(&cube.vertices, &cube.triangles, UNIT).unwrap();
    assert_rel("volume", mp.mass(), 1.0, 1e-15);
    assert_point(
        "centre",
        &mp.center_of_mass(),
        &Point3::new(0.5, 0.5, 0.5),
        1e-15,
    );
    assert_matrix(
        "I",
        &mp.inertia(),
        &Matrix3::from_diagonal_element(1.0 / 6.0),
        1e-15,
    );
    let corner = mp.inertia_about(&Point3::origin());
    let expected = Matrix3::new(
        2.0 / 3.0,
        -0.25,
        -0.25, //
        -0.25,
        2.0 / 3.0,
        -0.25, //
        -0.25,
        -0.25,
        2.0 / 3.0,
    );
    assert_matrix("I about the corner", &corner, &expected, 1e-15);
}

/// Case 2: the same cube moved by ±1e5, 1e6 and 1e8 keeps I = 1/6 to 1e-9 (no
/// cancellation).
#[test]
fn case_2_cube_moved_far() {
    for offset in [1e5, -1e5, 1e6, 1e8] {
        let cube = unit_cube().map(|p| p + Vector3::repeat(offset));
        let mp = MassProperties::from_convex_mesh(&cube.vertices, &cube.triangles, UNIT).unwrap();
        assert_rel("volume", mp.mass(), 1.0, 1e-9);
        assert_matrix(
            "I",
            &mp.inertia(),
            &Matrix3::from_diagonal_element(1.0 / 6.0),
            1e-9,
        );
        assert_point(
            "centre",
            &mp.center_of_mass(),
            &Point3::from(Vector3::repeat(offset + 0.5)),
            1e-9 * offset.abs(),
        );
    }
}

/// Case 3: box with half extents (1, 2, 3): m = 48, I = diag(208, 160, 80); rotated by R
/// the tensor is R I Rᵀ with unchanged eigenvalues.
#[test]
fn case_3_box_and_rotated_box() {
    let h = Vector3::new(1.0, 2.0, 3.0);
    let expected = Matrix3::from_diagonal(&Vector3::new(208.0, 160.0, 80.0));
    let closed = MassProperties::cuboid(&h, UNIT).unwrap();
    assert_rel("mass", closed.mass(), 48.0, 1e-15);
    assert_matrix("closed-form I", &closed.inertia(), &expected, 1e-12);
    let mesh = box_mesh(Point3::from(-h), Point3::from(h));
    let exact = MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, UNIT).unwrap();
    assert_rel("mesh mass", exact.mass(), 48.0, 1e-15);
    assert_matrix("mesh I", &exact.inertia(), &expected, 1e-12);

    let q = UnitQuaternion::from_euler_angles(0.3, -1.1, 2.0);
    let r = q.to_rotation_matrix().into_inner();
    let rotated = closed.rotated(&q).unwrap();
    assert_matrix(
        "R I Rᵀ",
        &rotated.inertia(),
        &(r * expected * r.transpose()),
        1e-12,
    );
    // The same from the rotated mesh.
    let turned = mesh.map(|p| q * p);
    let from_mesh =
        MassProperties::from_convex_mesh(&turned.vertices, &turned.triangles, UNIT).unwrap();
    assert_matrix(
        "rotated mesh",
        &from_mesh.inertia(),
        &rotated.inertia(),
        1e-11,
    );
    let moments = rotated.principal().moments;
    for (got, want) in moments.iter().zip([80.0, 160.0, 208.0]) {
        assert_rel("principal moment", *got, want, 1e-13);
    }
}

/// Case 4: the right tetrahedron O, e1, e2, e3.
#[test]
fn case_4_right_tetrahedron() {
    let corners = [
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
    ];
    let d = 1.0 / 80.0;
    let o = 1.0 / 480.0;
    let expected = Matrix3::new(d, o, o, o, d, o, o, o, d);
    let mesh = tetrahedron_mesh(corners);
    let from_mesh =
        MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, UNIT).unwrap();
    let closed = MassProperties::tetrahedron(&corners, UNIT).unwrap();
    for mp in [from_mesh, closed] {
        assert_rel("volume", mp.mass(), 1.0 / 6.0, 1e-15);
        assert_point(
            "centre",
            &mp.center_of_mass(),
            &Point3::new(0.25, 0.25, 0.25),
            1e-16,
        );
        assert_matrix("I", &mp.inertia(), &expected, 1e-17);
    }
}

/// Case 5: Tonon's (2004) tetrahedron, 1e-9 relative on every entry.
#[test]
fn case_5_tonon_tetrahedron() {
    let corners = [
        Point3::new(8.33220, -11.86875, 0.93355),
        Point3::new(0.75523, 5.0, 16.37072),
        Point3::new(52.61236, 5.0, -5.38580),
        Point3::new(2.0, 5.0, 3.0),
    ];
    let mesh = tetrahedron_mesh(corners);
    let from_mesh =
        MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, UNIT).unwrap();
    let closed = MassProperties::tetrahedron(&corners, UNIT).unwrap();
    for mp in [from_mesh, closed] {
        assert_rel("volume", mp.mass(), 1873.23336421647, 1e-9);
        let c = mp.center_of_mass();
        assert_rel("cx", c.x, 15.9249475, 1e-9);
        assert_rel("cy", c.y, 0.7828125, 1e-9);
        assert_rel("cz", c.z, 3.7296175, 1e-9);
        let i = mp.inertia();
        assert_rel("Ixx", i[(0, 0)], 43520.3332854, 1e-9);
        assert_rel("Iyy", i[(1, 1)], 194711.292591, 1e-9);
        assert_rel("Izz", i[(2, 2)], 191168.764886, 1e-9);
        assert_rel("Ixy", i[(0, 1)], -11996.2013932, 1e-9);
        assert_rel("Ixz", i[(0, 2)], 46343.1673814, 1e-9);
        assert_rel("Iyz", i[(1, 2)], -4417.66156970, 1e-9);
        assert_eq!(i, i.transpose());
    }
}

/// Case 6: ball R = 1.
#[test]
fn case_6_sphere() {
    let mp = MassProperties::ball(1.0, UNIT).unwrap();
    assert_rel("mass", mp.mass(), 4.0 * PI / 3.0, 1e-15);
    assert_matrix(
        "I",
        &mp.inertia(),
        &Matrix3::from_diagonal_element(8.0 * PI / 15.0),
        1e-15,
    );
}

/// Case 7: cylinder R = 1, H = 2 (half height 1), axis Y.
#[test]
fn case_7_cylinder() {
    let mp = MassProperties::cylinder(1.0, 1.0, UNIT).unwrap();
    assert_rel("mass", mp.mass(), 2.0 * PI, 1e-15);
    let i = mp.inertia();
    assert_rel("axial", i[(1, 1)], PI, 1e-15);
    assert_rel("perpendicular x", i[(0, 0)], 7.0 * PI / 6.0, 1e-15);
    assert_rel("perpendicular z", i[(2, 2)], 7.0 * PI / 6.0, 1e-15);
}

/// Case 8: cone R = 1, H = 4: centre of mass 1 above the base.
#[test]
fn case_8_cone() {
    let mp = MassProperties::cone(2.0, 1.0, UNIT).unwrap();
    assert_rel("mass", mp.mass(), 4.0 * PI / 3.0, 1e-15);
    // The base is at y = −2.
    assert_rel("centre above base", mp.center_of_mass().y + 2.0, 1.0, 1e-15);
    let i = mp.inertia();
    assert_rel("axial", i[(1, 1)], 2.0 * PI / 5.0, 1e-15);
    assert_rel("perpendicular", i[(0, 0)], PI, 1e-15);
    assert_rel("perpendicular", i[(2, 2)], PI, 1e-15);
}

/// Case 9: capsule R = 1, cylinder length 2: m = 10π/3; per unit mass the perpendicular
/// moment is 1.21 and the axial 0.46 (the closed form gives exactly 121/100 and 23/50).
#[test]
fn case_9_capsule() {
    let mp = MassProperties::capsule(1.0, 1.0, UNIT).unwrap();
    assert_rel("mass", mp.mass(), 10.0 * PI / 3.0, 1e-15);
    let i = mp.inertia() / mp.mass();
    assert_rel("perpendicular per mass", i[(0, 0)], 1.21, 1e-14);
    assert_rel("perpendicular per mass", i[(2, 2)], 1.21, 1e-14);
    assert_rel("axial per mass", i[(1, 1)], 0.46, 1e-14);
    assert_point("centre", &mp.center_of_mass(), &Point3::origin(), 0.0);
    // A given mass is honoured exactly.
    let heavy = MassProperties::capsule(1.0, 1.0, Amount::Mass(7.0)).unwrap();
    assert_eq!(heavy.mass(), 7.0);
    assert_rel("axial per mass", heavy.inertia()[(1, 1)] / 7.0, 0.46, 1e-14);
}

/// Case 10: hemisphere R = 1, m = 1.
#[test]
fn case_10_hemisphere() {
    let mp = MassProperties::hemisphere(1.0, Amount::Mass(1.0)).unwrap();
    assert_eq!(mp.mass(), 1.0);
    assert_rel("centre", mp.center_of_mass().y, 0.375, 1e-15);
    let i = mp.inertia();
    assert_rel("axial", i[(1, 1)], 0.4, 1e-15);
    assert_rel("perpendicular", i[(0, 0)], 0.259375, 1e-15);
    assert_rel("perpendicular", i[(2, 2)], 0.259375, 1e-15);
}

/// Case 11: three unit cubes stacked along y, as a compound.
#[test]
fn case_11_stacked_cubes() {
    let cube = MassProperties::cuboid(&Vector3::repeat(0.5), UNIT).unwrap();
    let part = |k: f64| cube.translated(&Vector3::new(0.5, k + 0.5, 0.5)).unwrap();
    let stack = part(0.0) + part(1.0) + part(2.0);
    assert_rel("mass", stack.mass(), 3.0, 1e-15);
    assert_point(
        "centre",
        &stack.center_of_mass(),
        &Point3::new(0.5, 1.5, 0.5),
        1e-15,
    );
    let expected = Matrix3::from_diagonal(&Vector3::new(2.5, 0.5, 2.5));
    assert_matrix("I", &stack.inertia(), &expected, 1e-15);
    // The same body as one box mesh.
    let mesh = box_mesh(Point3::origin(), Point3::new(1.0, 3.0, 1.0));
    let whole = MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, UNIT).unwrap();
    assert_matrix("mesh I", &whole.inertia(), &expected, 1e-14);
}

/// Closed forms for the ellipsoid (case list: "ball, cuboid and ellipsoid").
#[test]
fn ellipsoid_closed_form() {
    let mp = MassProperties::ellipsoid(&Vector3::new(1.0, 2.0, 3.0), UNIT).unwrap();
    let m = 4.0 / 3.0 * PI * 6.0;
    assert_rel("mass", mp.mass(), m, 1e-15);
    let expected = Vector3::new(13.0, 10.0, 5.0) * (m / 5.0);
    for k in 0..3 {
        assert_rel("moment", mp.inertia()[(k, k)], expected[k], 1e-15);
    }
    // An ellipsoid with equal axes is the ball.
    let ball = MassProperties::ball(2.0, Amount::Mass(3.0)).unwrap();
    let round = MassProperties::ellipsoid(&Vector3::repeat(2.0), Amount::Mass(3.0)).unwrap();
    assert_matrix("ellipsoid = ball", &round.inertia(), &ball.inertia(), 1e-15);
}

/// Density and mass give the same distribution: I scales with mass.
#[test]
fn density_and_mass_agree() {
    let by_density = MassProperties::cone(1.5, 0.7, Amount::Density(3.0)).unwrap();
    let by_mass = MassProperties::cone(1.5, 0.7, Amount::Mass(by_density.mass())).unwrap();
    assert_matrix("cone", &by_mass.inertia(), &by_density.inertia(), 1e-15);
    let rescaled = by_density.with_mass(1.0).unwrap();
    let unit_mass = MassProperties::cone(1.5, 0.7, Amount::Mass(1.0)).unwrap();
    assert_matrix(
        "with_mass",
        &rescaled.inertia(),
        &unit_mass.inertia(),
        1e-15,
    );
    let doubled = by_density.scaled(2.0).unwrap();
    let dense = MassProperties::cone(1.5, 0.7, Amount::Density(6.0)).unwrap();
    assert_rel("scaled mass", doubled.mass(), dense.mass(), 1e-15);
    assert_matrix("scaled I", &doubled.inertia(), &dense.inertia(), 1e-14);
}
