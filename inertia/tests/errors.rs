//! Bad input gives typed errors, never NaN or a negative mass.

// Indexing the three axes by k reads closer to the maths than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{box_mesh, tetrahedron_mesh};
use inertia::{Amount, MassError, MassProperties, sampling};
use nalgebra::{Matrix3, Point3, UnitQuaternion, Vector3};

const UNIT: Amount = Amount::Density(1.0);

fn cube() -> common::Mesh {
    box_mesh(Point3::origin(), Point3::new(1.0, 1.0, 1.0))
}

fn mesh_error(mesh: &common::Mesh, amount: Amount) -> MassError {
    MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, amount).unwrap_err()
}

#[test]
fn bad_amounts() {
    let m = cube();
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0] {
        for (amount, what) in [
            (Amount::Density(bad), "density"),
            (Amount::Mass(bad), "mass"),
        ] {
            let expected =
                |e: &MassError| matches!(e, MassError::InvalidAmount { what: w, .. } if *w == what);
            assert!(expected(&mesh_error(&m, amount)), "{amount:?}");
            assert!(expected(&MassProperties::ball(1.0, amount).unwrap_err()));
            assert!(expected(
                &MassProperties::capsule(1.0, 1.0, amount).unwrap_err()
            ));
            assert!(expected(
                &sampling::grid(&m.vertices, &m.triangles, amount, 4).unwrap_err()
            ));
        }
    }
    // density × volume underflowing to zero is a bad mass, not a zero-mass body.
    assert!(matches!(
        MassProperties::ball(1e-200, Amount::Density(1e-300)).unwrap_err(),
        MassError::InvalidAmount { .. }
    ));
    let body = MassProperties::ball(1.0, UNIT).unwrap();
    for bad in [0.0, -2.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            body.scaled(bad),
            Err(MassError::InvalidAmount { .. })
        ));
        assert!(matches!(
            body.with_mass(bad),
            Err(MassError::InvalidAmount { .. })
        ));
    }
}

/// A mesh whose tensor overflows `f64` is refused, never answered with ∞ or NaN: a
/// finite mass on a tetrahedron of edge 1e-100 (a density beyond `f64`; the tensor once
/// came out NaN, found through the Python package), a tetrahedron of edge 1e50 at density
/// 1e100 (tensor entries near 1e249 · 1e100), a body turned while its tensor is near
/// `f64::MAX`, and a compound whose total mass overflows (`checked_add`). The same
/// tetrahedra at moderate amounts keep their closed form `m = ρ e³ / 6`.
#[test]
fn overflowing_tensors_are_refused() {
    let non_finite =
        |r: Result<MassProperties, MassError>| matches!(r, Err(MassError::NonFinite { .. }));
    let corner = |e: f64| {
        tetrahedron_mesh([
            Point3::origin(),
            Point3::new(e, 0.0, 0.0),
            Point3::new(0.0, e, 0.0),
            Point3::new(0.0, 0.0, e),
        ])
    };
    for (edge, amount) in [
        (1e-100, Amount::Mass(1e100)),
        (1e50, Amount::Density(1e100)),
    ] {
        let mesh = corner(edge);
        assert!(
            non_finite(MassProperties::from_convex_mesh(
                &mesh.vertices,
                &mesh.triangles,
                amount
            )),
            "{edge} {amount:?}"
        );
        let fine =
            MassProperties::from_convex_mesh(&mesh.vertices, &mesh.triangles, Amount::Density(2.0))
                .unwrap();
        let want = 2.0 * edge.powi(3) / 6.0;
        assert!((fine.mass() - want).abs() <= 1e-12 * want, "{edge}");
        assert!(fine.inertia().iter().all(|x| x.is_finite()));
    }
    // Principal moments 0.12a, 1.88a and 1.78a (a = 1e308, the largest beyond f64),
    // the largest along (1, 1, 0): an eighth of a turn about z brings it onto y.
    let tensor = |a: f64| Matrix3::new(a, 0.88 * a, 0.0, 0.88 * a, a, 0.0, 0.0, 0.0, 1.78 * a);
    let turn = UnitQuaternion::from_euler_angles(0.0, 0.0, std::f64::consts::FRAC_PI_4);
    let heavy = MassProperties::new(1.0, Point3::origin(), tensor(1e308)).unwrap();
    assert!(non_finite(heavy.rotated(&turn)));
    let light = MassProperties::new(1.0, Point3::origin(), tensor(1e300)).unwrap();
    let turned = light.rotated(&turn).unwrap();
    let largest = turned.inertia()[(0, 0)].max(turned.inertia()[(1, 1)]);
    assert!(
        (largest - 1.88e300).abs() <= 1e-12 * 1.88e300,
        "{}",
        turned.inertia()
    );
    // Compounds: two bodies of mass 1e308 overflow the total; two unit balls 4 apart
    // along z have m = 2, I_zz = 2 · 2/5 and I_xx = I_zz + 2 · 2².
    let heavy = MassProperties::ball(1.0, Amount::Mass(1e308)).unwrap();
    assert!(non_finite(heavy.checked_add(&heavy)));
    let ball = MassProperties::ball(1.0, Amount::Mass(1.0)).unwrap();
    let pair = ball
        .translated(&Vector3::new(0.0, 0.0, -2.0))
        .unwrap()
        .checked_add(&ball.translated(&Vector3::new(0.0, 0.0, 2.0)).unwrap())
        .unwrap();
    assert!((pair.mass() - 2.0).abs() < 1e-15);
    assert!((pair.inertia()[(0, 0)] - (0.8 + 8.0)).abs() < 1e-12);
    assert!((pair.inertia()[(2, 2)] - 0.8).abs() < 1e-12);
}

#[test]
fn bad_dimensions() {
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let v = Vector3::new(1.0, bad, 1.0);
        let results = [
            MassProperties::ball(bad, UNIT),
            MassProperties::cuboid(&v, UNIT),
            MassProperties::ellipsoid(&v, UNIT),
            MassProperties::cylinder(bad, 1.0, UNIT),
            MassProperties::cylinder(1.0, bad, UNIT),
            MassProperties::cone(bad, 1.0, UNIT),
            MassProperties::cone(1.0, bad, UNIT),
            MassProperties::hemisphere(bad, UNIT),
            MassProperties::capsule(1.0, bad, UNIT),
        ];
        for r in results {
            assert!(
                matches!(r, Err(MassError::InvalidDimension { .. })),
                "{bad}: {r:?}"
            );
        }
    }
    // A capsule's half height may be zero (a ball), but not negative or NaN.
    let ball = MassProperties::capsule(0.0, 2.0, UNIT).unwrap();
    let expected = MassProperties::ball(2.0, UNIT).unwrap();
    assert!((ball.inertia() - expected.inertia()).amax() < 1e-14 * expected.inertia().amax());
    for bad in [-1.0, f64::NAN] {
        assert!(matches!(
            MassProperties::capsule(bad, 1.0, UNIT),
            Err(MassError::InvalidDimension {
                name: "half height",
                ..
            })
        ));
    }
}

#[test]
fn nan_anywhere() {
    for index in 0..8 {
        for k in 0..3 {
            let mut m = cube();
            m.vertices[index][k] = f64::NAN;
            assert_eq!(mesh_error(&m, UNIT), MassError::NonFiniteVertex { index });
            m.vertices[index][k] = f64::INFINITY;
            assert_eq!(mesh_error(&m, UNIT), MassError::NonFiniteVertex { index });
        }
    }
    let mut corners = [
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
    ];
    corners[2].y = f64::NAN;
    assert_eq!(
        MassProperties::tetrahedron(&corners, UNIT).unwrap_err(),
        MassError::NonFiniteVertex { index: 2 }
    );
    let nan = Matrix3::from_diagonal_element(f64::NAN);
    assert!(matches!(
        MassProperties::new(1.0, Point3::origin(), nan),
        Err(MassError::NonFinite { .. })
    ));
    assert!(matches!(
        MassProperties::new(1.0, Point3::new(f64::NAN, 0.0, 0.0), Matrix3::identity()),
        Err(MassError::NonFinite { .. })
    ));
    let body = MassProperties::ball(1.0, UNIT).unwrap();
    assert!(matches!(
        body.translated(&Vector3::new(0.0, f64::NAN, 0.0)),
        Err(MassError::NonFinite { .. })
    ));
    let q = UnitQuaternion::new_unchecked(nalgebra::Quaternion::new(f64::NAN, 0.0, 0.0, 0.0));
    assert!(matches!(body.rotated(&q), Err(MassError::NonFinite { .. })));
    // Coordinates so large that the integrals overflow.
    let huge = cube().map(|p| Point3::from(p.coords * 1e120));
    assert!(matches!(
        mesh_error(&huge, UNIT),
        MassError::NonFinite { .. } | MassError::InvalidAmount { .. }
    ));
}

#[test]
fn unphysical_tensors() {
    let c = Point3::origin();
    assert!(matches!(
        MassProperties::new(
            1.0,
            c,
            Matrix3::from_diagonal(&Vector3::new(1.0, 1.0, -0.1))
        ),
        Err(MassError::InvalidTensor { .. })
    ));
    // Triangle inequality: 1 + 1 < 3.
    assert!(matches!(
        MassProperties::new(1.0, c, Matrix3::from_diagonal(&Vector3::new(1.0, 1.0, 3.0))),
        Err(MassError::InvalidTensor { .. })
    ));
    let mut skew = Matrix3::identity();
    skew[(0, 1)] = 0.5;
    assert!(matches!(
        MassProperties::new(1.0, c, skew),
        Err(MassError::InvalidTensor { .. })
    ));
    // A rod (2, 2, 0) and a point mass (0) are physical.
    assert!(
        MassProperties::new(1.0, c, Matrix3::from_diagonal(&Vector3::new(2.0, 2.0, 0.0))).is_ok()
    );
    let point = MassProperties::new(1.0, c, Matrix3::zeros()).unwrap();
    assert_eq!(point.principal().moments, Vector3::zeros());
    // Shifting a tensor to the centre that is too small for the offset.
    assert!(matches!(
        MassProperties::from_inertia_about(
            1.0,
            Point3::new(1.0, 0.0, 0.0),
            c,
            Matrix3::identity() * 0.1
        ),
        Err(MassError::InvalidTensor { .. })
    ));
}

#[test]
fn flat_bodies_at_every_scale() {
    for (scale, offset) in [(1.0, 0.0), (1e-6, 0.0), (1e6, 0.0), (1.0, 1e6), (1e-6, 1e6)] {
        // At scale 1e-6 and offset 1e6 the coordinate spacing (1.2e-10) is 1e-4 of the
        // body: a 1e-6 slab cannot be represented there, so that combination only checks
        // that flat input is rejected.
        let representable = scale * 1e-6 > 1e3 * f64::EPSILON * offset;
        let place = |t: f64| {
            box_mesh(Point3::origin(), Point3::new(1.0, 1.0, t))
                .map(|p| Point3::from(p.coords * scale + Vector3::repeat(offset)))
        };
        for t in [0.0, 1e-13] {
            assert!(
                matches!(mesh_error(&place(t), UNIT), MassError::Flat { .. }),
                "thickness {t} at scale {scale}, offset {offset}"
            );
        }
        if !representable {
            continue;
        }
        // A slab 1e-6 thick is a valid body, with the closed-form volume.
        let slab = place(1e-6);
        let mp = MassProperties::from_convex_mesh(&slab.vertices, &slab.triangles, UNIT).unwrap();
        let v = 1e-6 * scale.powi(3);
        let tol = if offset == 0.0 { 1e-9 } else { 1e-3 };
        assert!(
            (mp.mass() - v).abs() <= tol * v,
            "slab volume {} vs {v}",
            mp.mass()
        );
    }
    let flat_tetra = [
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.3, 0.3, 0.0),
    ];
    assert!(matches!(
        MassProperties::tetrahedron(&flat_tetra, UNIT),
        Err(MassError::Flat { .. })
    ));
    // All points coincide.
    let point = cube().map(|_| Point3::new(2.0, 2.0, 2.0));
    assert!(matches!(mesh_error(&point, UNIT), MassError::Flat { .. }));
}

#[test]
fn bad_topology() {
    // Inward: every triangle reversed.
    let mut inward = cube();
    inward.triangles.iter_mut().for_each(|t| t.swap(1, 2));
    assert!(
        matches!(mesh_error(&inward, UNIT), MassError::InwardWound { volume } if (volume + 1.0).abs() < 1e-15)
    );
    let mut tetra = tetrahedron_mesh([
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
    ]);
    tetra.triangles.iter_mut().for_each(|t| t.swap(0, 1));
    assert!(matches!(
        mesh_error(&tetra, UNIT),
        MassError::InwardWound { .. }
    ));
    // Open: one triangle missing.
    let mut open = cube();
    open.triangles.pop();
    assert!(matches!(
        mesh_error(&open, UNIT),
        MassError::OpenMesh { .. }
    ));
    // One flipped triangle.
    let mut flipped = cube();
    flipped.triangles[3].swap(0, 1);
    assert!(matches!(
        mesh_error(&flipped, UNIT),
        MassError::InconsistentWinding { .. }
    ));
    // A duplicated triangle (non-manifold).
    let mut doubled = cube();
    doubled.triangles.push(doubled.triangles[0]);
    assert!(matches!(
        mesh_error(&doubled, UNIT),
        MassError::InconsistentWinding { .. }
    ));
    // Two triangles on one edge in one direction, plus the proper neighbour
    // (non-manifold fin): the repeat is reported, whatever the vertex numbering.
    let mut fin = cube();
    let [a, b, _] = fin.triangles[0];
    fin.vertices.push(Point3::new(0.5, 0.5, -1.0));
    fin.triangles.push([a, b, 8]);
    fin.triangles.push([b, a, 8]);
    assert!(matches!(
        mesh_error(&fin, UNIT),
        MassError::InconsistentWinding { .. }
    ));
    let mut fin2 = cube();
    fin2.vertices.push(Point3::new(0.5, 0.5, -1.0));
    fin2.triangles.push([b, a, 8]);
    fin2.triangles.push([a, 8, b]);
    assert!(matches!(
        mesh_error(&fin2, UNIT),
        MassError::InconsistentWinding { .. }
    ));
    // Index out of range, repeated vertex, no triangles.
    let mut out = cube();
    out.triangles[5][2] = 8;
    assert_eq!(
        mesh_error(&out, UNIT),
        MassError::IndexOutOfRange {
            triangle: 5,
            index: 8,
            vertex_count: 8
        }
    );
    let mut degenerate = cube();
    degenerate.triangles[2] = [1, 1, 4];
    assert_eq!(
        mesh_error(&degenerate, UNIT),
        MassError::DegenerateTriangle {
            triangle: 2,
            index: 1
        }
    );
    let empty = common::Mesh {
        vertices: cube().vertices,
        triangles: vec![],
    };
    assert_eq!(mesh_error(&empty, UNIT), MassError::EmptyMesh);
}

#[test]
fn sampling_errors() {
    let m = cube();
    assert_eq!(
        sampling::grid(&m.vertices, &m.triangles, UNIT, 0).unwrap_err(),
        MassError::ZeroSamples
    );
    assert_eq!(
        sampling::monte_carlo(&m.vertices, &m.triangles, UNIT, 0, 1).unwrap_err(),
        MassError::ZeroSamples
    );
    let mut open = cube();
    open.triangles.pop();
    assert!(matches!(
        sampling::monte_carlo(&open.vertices, &open.triangles, UNIT, 10, 1),
        Err(MassError::OpenMesh { .. })
    ));
}

/// Error messages say what is wrong and where.
#[test]
fn messages_name_the_problem() {
    let mut m = cube();
    m.vertices[3].x = f64::NAN;
    assert_eq!(
        mesh_error(&m, UNIT).to_string(),
        "vertex 3 has a non-finite coordinate"
    );
    let e = MassProperties::cylinder(1.0, -2.0, UNIT).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the radius of the cylinder is -2; it must be finite and greater than zero"
    );
}
