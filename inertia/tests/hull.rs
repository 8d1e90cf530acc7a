//! Exact mass properties of `collision-hull` hulls (case 2 and case 12 through a real
//! hull), cross-checked against the mesh path, the closed forms and parry3d-f64.

// Indexing the three axes by k reads closer to the maths than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod common;

use collision_hull::Hull;
use common::{
    assert_matrix, assert_point, assert_rel, capsule_profile, random_vector, revolve,
    sphere_profile,
};
use inertia::{Amount, MassError, MassProperties, sampling};
use nalgebra::{Matrix3, Point3, Vector3};
use parry3d_f64::math::Vector as PVector;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const UNIT: Amount = Amount::Density(1.0);

/// Corners of [0,1]³ plus interior and face points the hull must discard.
fn cube_points(offset: f64) -> Vec<Point3<f64>> {
    let mut points: Vec<Point3<f64>> = (0..27)
        .map(|i| {
            Point3::new(
                f64::from(i % 3) * 0.5,
                f64::from(i / 3 % 3) * 0.5,
                f64::from(i / 9) * 0.5,
            )
        })
        .collect();
    points.push(Point3::new(0.3, 0.6, 0.2));
    points.iter().map(|p| p + Vector3::repeat(offset)).collect()
}

/// Cases 1 and 2 through a hull: unit cube at the origin and moved by 1e5.
#[test]
fn hull_of_cube_near_and_far() {
    for offset in [0.0, 1e5, -1e5] {
        let hull = Hull::build(&cube_points(offset)).unwrap();
        let mp = MassProperties::from_hull(&hull, UNIT).unwrap();
        assert_rel("volume", mp.mass(), 1.0, 1e-12);
        assert_point(
            "centre",
            &mp.center_of_mass(),
            &Point3::from(Vector3::repeat(offset + 0.5)),
            1e-9,
        );
        assert_matrix(
            "I",
            &mp.inertia(),
            &Matrix3::from_diagonal_element(1.0 / 6.0),
            1e-9,
        );
        // The same through the validated mesh path.
        let mesh =
            MassProperties::from_convex_mesh(hull.vertices(), hull.triangles(), UNIT).unwrap();
        assert_matrix("mesh path", &mesh.inertia(), &mp.inertia(), 1e-12);
    }
}

/// Case 12 through real hulls: the hull of a tessellation's vertices is the same
/// polyhedron, so its mass properties equal the mesh's, and converge to the closed forms.
#[test]
fn case_12_hulls_of_tessellations_converge() {
    let (h, r) = (1.0, 1.0);
    type Make = Box<dyn Fn(u32) -> common::Mesh>;
    let cases: [(&str, Make, MassProperties); 4] = [
        (
            "sphere",
            Box::new(move |n| revolve(&sphere_profile(r, n / 2), n)),
            MassProperties::ball(r, UNIT).unwrap(),
        ),
        (
            "cylinder",
            Box::new(move |n| revolve(&[(0.0, -h), (r, -h), (r, h), (0.0, h)], n)),
            MassProperties::cylinder(h, r, UNIT).unwrap(),
        ),
        (
            "cone",
            Box::new(move |n| revolve(&[(0.0, -2.0), (r, -2.0), (0.0, 2.0)], n)),
            MassProperties::cone(2.0, r, UNIT).unwrap(),
        ),
        (
            "capsule",
            Box::new(move |n| revolve(&capsule_profile(h, r, n / 2), n)),
            MassProperties::capsule(h, r, UNIT).unwrap(),
        ),
    ];
    for (name, make, closed) in cases {
        let mut previous = f64::INFINITY;
        for n in [16, 32, 64, 128] {
            let mesh = make(n);
            let hull = Hull::build(&mesh.vertices).unwrap();
            let from_hull = MassProperties::from_hull(&hull, UNIT).unwrap();
            let from_mesh =
                MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, UNIT).unwrap();
            assert_rel(name, from_hull.mass(), from_mesh.mass(), 1e-12);
            assert_matrix(
                name,
                &from_hull.inertia(),
                &from_mesh.inertia(),
                1e-12 * from_mesh.inertia().norm(),
            );
            let error = (from_hull.inertia() - closed.inertia()).norm() / closed.inertia().norm();
            assert!(
                error < 0.3 * previous,
                "{name} n = {n}: {error:e} after {previous:e}"
            );
            previous = error;
        }
        assert!(previous < 2e-3, "{name}: finest error {previous:e}");
    }
}

fn sphere_points(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    (0..n)
        .map(|_| {
            loop {
                let v = random_vector(rng, 1.0);
                let norm = v.norm();
                if norm > 0.1 && norm <= 1.0 {
                    break Point3::from(v / norm);
                }
            }
        })
        .collect()
}

/// Hulls of random sphere points agree with parry3d-f64 on the same hull mesh, and are
/// invariant under a 1e5 translation.
#[test]
fn random_hulls_agree_with_parry_and_translate() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for case in 0..200 {
        let n = rng.random_range(4..300);
        let points = sphere_points(&mut rng, n);
        let hull = Hull::build(&points).unwrap();
        let ours = MassProperties::from_hull(&hull, UNIT).unwrap();
        let vertices: Vec<PVector> = hull
            .vertices()
            .iter()
            .map(|p| PVector::new(p.x, p.y, p.z))
            .collect();
        let parry = parry3d_f64::mass_properties::MassProperties::from_convex_polyhedron(
            1.0,
            &vertices,
            hull.triangles(),
        );
        assert_rel(
            &format!("case {case}: mass"),
            ours.mass(),
            parry.mass(),
            1e-12,
        );
        let c = parry.local_com;
        assert!((ours.center_of_mass() - Point3::new(c.x, c.y, c.z)).norm() < 1e-12);
        let mut moments = [
            parry.principal_inertia().x,
            parry.principal_inertia().y,
            parry.principal_inertia().z,
        ];
        moments.sort_by(f64::total_cmp);
        let p = ours.principal();
        for k in 0..3 {
            assert_rel("moment", p.moments[k], moments[k], 1e-7);
        }
        let far: Vec<Point3<f64>> = points
            .iter()
            .map(|p| p + Vector3::new(1e5, -1e5, 3e4))
            .collect();
        let far_hull = Hull::build(&far).unwrap();
        let moved = MassProperties::from_hull(&far_hull, UNIT).unwrap();
        // Input rounding at 1e5 is ~1.5e-11 per coordinate.
        assert_rel("far mass", moved.mass(), ours.mass(), 1e-9);
        assert_matrix(
            "far tensor",
            &moved.inertia(),
            &ours.inertia(),
            1e-9 * ours.inertia().norm(),
        );
        assert!(
            (moved.center_of_mass() - ours.center_of_mass() - Vector3::new(1e5, -1e5, 3e4)).norm()
                < 1e-9
        );
    }
}

/// A slab 1e-6 of its size thick is a body; bad densities are rejected; sampling works on
/// hull meshes.
#[test]
fn thin_hulls_and_bad_amounts() {
    let mut slab = cube_points(0.0);
    slab.iter_mut().for_each(|p| p.z *= 1e-6);
    let hull = Hull::build(&slab).unwrap();
    let mp = MassProperties::from_hull(&hull, UNIT).unwrap();
    assert_rel("slab volume", mp.mass(), 1e-6, 1e-9);
    for bad in [0.0, -1.0, f64::NAN] {
        assert!(matches!(
            MassProperties::from_hull(&hull, Amount::Density(bad)),
            Err(MassError::InvalidAmount { .. })
        ));
    }
    let cube = Hull::build(&cube_points(2.0)).unwrap();
    let e = sampling::grid(cube.vertices(), cube.triangles(), UNIT, 32).unwrap();
    assert!(
        e.error.volume < 1e-9,
        "axis-aligned cube: grid cells tile it exactly"
    );
    assert!(e.error.inertia < 2e-3);
}
