//! Closed-form solids: the unit cube, a grid, the Platonic solids.

mod common;

use common::{assert_close, build_valid, face_sizes};
use nalgebra::Point3;
use test_support::clouds::{cube, grid};

#[test]
fn unit_cube_has_8_vertices_12_triangles_6_quads() {
    let pts = cube();
    let hull = build_valid(&pts);
    assert_eq!(hull.vertices().len(), 8);
    assert_eq!(hull.triangles().len(), 12);
    assert_eq!(hull.face_count(), 6);
    assert_eq!(face_sizes(&hull), vec![4; 6]);
    assert_close(hull.volume(), 1.0, 1e-14, "volume");
    assert_close(hull.area(), 6.0, 1e-14, "area");
    assert!((hull.centroid() - Point3::new(0.5, 0.5, 0.5)).norm() < 1e-14);
    for i in 0..8 {
        assert_eq!(hull.vertex_neighbors(i).len(), 3, "cube vertex degree");
    }
    // Planes: the six axis-aligned unit normals with offsets 0 or 1.
    for p in hull.planes() {
        let k = p.normal.iamax();
        assert!((p.normal[k].abs() - 1.0).abs() < 1e-15, "{:?}", p.normal);
        let expected = if p.normal[k] > 0.0 { 1.0 } else { 0.0 };
        assert!((p.offset - expected).abs() < 1e-15, "offset {}", p.offset);
    }
}

#[test]
fn grid_10x10x10_has_8_vertices_and_6_quads() {
    let pts = grid(10);
    let hull = build_valid(&pts);
    assert_eq!(hull.vertices().len(), 8);
    assert_eq!(hull.face_count(), 6);
    assert_eq!(face_sizes(&hull), vec![4; 6]);
    assert_eq!(hull.triangles().len(), 12);
    assert_close(hull.volume(), 1.0, 1e-14, "volume");
}

/// A Platonic solid: points, face count, face size, vertex degree, volume,
/// area.
struct Solid {
    name: &'static str,
    points: Vec<Point3<f64>>,
    faces: usize,
    face_size: usize,
    degree: usize,
    volume: f64,
    area: f64,
}

fn platonic() -> Vec<Solid> {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let s5 = 5f64.sqrt();
    let s3 = 3f64.sqrt();
    let signs = |k: usize| -> Vec<Vec<f64>> {
        (0..1 << k)
            .map(|m| {
                (0..k)
                    .map(|b| if m >> b & 1 == 1 { -1.0 } else { 1.0 })
                    .collect()
            })
            .collect()
    };
    let p = Point3::new;
    let mut icosa = Vec::new();
    let mut dodeca = Vec::new();
    for s in signs(2) {
        let (a, b) = (s[0], s[1]);
        icosa.extend([p(0.0, a, b * phi), p(a, b * phi, 0.0), p(b * phi, 0.0, a)]);
        dodeca.extend([
            p(0.0, a / phi, b * phi),
            p(a / phi, b * phi, 0.0),
            p(b * phi, 0.0, a / phi),
        ]);
    }
    for s in signs(3) {
        dodeca.push(p(s[0], s[1], s[2]));
    }
    let tetra = vec![
        p(1.0, 1.0, 1.0),
        p(1.0, -1.0, -1.0),
        p(-1.0, 1.0, -1.0),
        p(-1.0, -1.0, 1.0),
    ];
    let octa = vec![
        p(1.0, 0.0, 0.0),
        p(-1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        p(0.0, -1.0, 0.0),
        p(0.0, 0.0, 1.0),
        p(0.0, 0.0, -1.0),
    ];
    let cube: Vec<_> = signs(3).into_iter().map(|s| p(s[0], s[1], s[2])).collect();
    let (at, ao, ai, ad): (f64, f64, f64, f64) = (2.0 * 2f64.sqrt(), 2f64.sqrt(), 2.0, 2.0 / phi);
    vec![
        Solid {
            name: "tetrahedron",
            points: tetra,
            faces: 4,
            face_size: 3,
            degree: 3,
            volume: at.powi(3) / (6.0 * 2f64.sqrt()),
            area: s3 * at * at,
        },
        Solid {
            name: "cube",
            points: cube,
            faces: 6,
            face_size: 4,
            degree: 3,
            volume: 8.0,
            area: 24.0,
        },
        Solid {
            name: "octahedron",
            points: octa,
            faces: 8,
            face_size: 3,
            degree: 4,
            volume: 2f64.sqrt() / 3.0 * ao.powi(3),
            area: 2.0 * s3 * ao * ao,
        },
        Solid {
            name: "dodecahedron",
            points: dodeca,
            faces: 12,
            face_size: 5,
            degree: 3,
            volume: (15.0 + 7.0 * s5) / 4.0 * ad.powi(3),
            area: 3.0 * (25.0 + 10.0 * s5).sqrt() * ad * ad,
        },
        Solid {
            name: "icosahedron",
            points: icosa,
            faces: 20,
            face_size: 3,
            degree: 5,
            volume: 5.0 * (3.0 + s5) / 12.0 * ai.powi(3),
            area: 5.0 * s3 * ai * ai,
        },
    ]
}

#[test]
fn platonic_solids_match_closed_forms() {
    for solid in platonic() {
        let hull = build_valid(&solid.points);
        let name = solid.name;
        assert_eq!(hull.vertices().len(), solid.points.len(), "{name} vertices");
        assert_eq!(hull.face_count(), solid.faces, "{name} faces");
        assert_eq!(
            face_sizes(&hull),
            vec![solid.face_size; solid.faces],
            "{name} face sizes"
        );
        assert_eq!(
            hull.triangles().len(),
            solid.faces * (solid.face_size - 2),
            "{name} triangles"
        );
        for v in 0..hull.vertices().len() {
            assert_eq!(
                hull.vertex_neighbors(v).len(),
                solid.degree,
                "{name} degree"
            );
        }
        assert_close(hull.volume(), solid.volume, 1e-13, name);
        assert_close(hull.area(), solid.area, 1e-13, name);
        assert!(
            hull.centroid().coords.norm() < 1e-14,
            "{name} centroid {}",
            hull.centroid()
        );
        // Every plane is at the inradius: all faces are congruent.
        let r0 = hull.planes()[0].offset;
        for p in hull.planes() {
            assert_close(p.offset, r0, 1e-14, "inradius");
        }
    }
}

#[test]
fn triangles_are_counter_clockwise_from_outside() {
    for solid in platonic() {
        let hull = build_valid(&solid.points);
        let v = hull.vertices();
        for t in hull.triangles() {
            let [a, b, c] = t.map(|i| v[i as usize]);
            let n = (b - a).cross(&(c - a));
            // Outward: the centroid (origin) is below every triangle.
            assert!(
                n.dot(&(hull.centroid() - a)) < 0.0,
                "{} triangle {t:?}",
                solid.name
            );
        }
        for (f, face) in hull.faces().enumerate() {
            let pl = hull.planes()[f];
            for &i in face {
                assert!(pl.distance(&v[i as usize]).abs() < 1e-14);
            }
        }
    }
}

/// A cone over a regular `n`-gon (radius 0.6 at y = −0.8, apex at y = 0.8): `n + 1`
/// vertices, `n` side triangles and one `n`-gon base, for `n` on both sides of 255. The
/// apex lies on `n` faces; merging used to count faces per vertex in a `u8` that
/// saturated into its "removed" marker at 255, dropping the apex (the fine cone then came
/// out as its flat base, 0.32 away from a cylinder it overlapped).
#[test]
fn cones_keep_their_apex_whatever_the_number_of_sides() {
    for n in [3usize, 64, 253, 254, 255, 256, 300, 1000] {
        let apex = Point3::new(0.0, 0.8, 0.0);
        let pts: Vec<Point3<f64>> = (0..n)
            .map(|k| {
                let a = k as f64 * std::f64::consts::TAU / n as f64;
                Point3::new(0.6 * a.cos(), -0.8, 0.6 * a.sin())
            })
            .chain(std::iter::once(apex))
            .collect();
        let hull = build_valid(&pts);
        assert_eq!(hull.vertices().len(), n + 1, "{n} sides");
        assert!(hull.vertices().contains(&apex), "{n} sides: apex dropped");
        assert_eq!(hull.face_count(), n + 1, "{n} sides");
        assert_eq!(
            *face_sizes(&hull).iter().max().unwrap(),
            n,
            "{n} sides: the base"
        );
    }
}
