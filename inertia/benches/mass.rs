//! Exact hull mass properties against parry3d-f64 on the same polyhedra, and grid against
//! Monte Carlo sampling at equal sample counts.
//!
//! Run: `cargo bench -p inertia --bench mass -- --warm-up-time 1 --measurement-time 3`
//! The accuracy tables are printed before the timings.

use std::hint::black_box;

use collision_hull::Hull;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use inertia::{Amount, MassProperties, sampling};
use nalgebra::{Matrix3, Point3, UnitQuaternion, Vector3};
use parry3d_f64::math::Vector as PVector;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const UNIT: Amount = Amount::Density(1.0);

fn sphere_points(n: usize, seed: u64) -> Vec<Point3<f64>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut points = Vec::with_capacity(n);
    while points.len() < n {
        let v = Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
        let norm: f64 = v.norm();
        if norm > 0.1 && norm <= 1.0 {
            points.push(Point3::from(v / norm));
        }
    }
    points
}

fn to_parry(points: &[Point3<f64>]) -> Vec<PVector> {
    points.iter().map(|p| PVector::new(p.x, p.y, p.z)).collect()
}

fn parry_tensor(mp: &parry3d_f64::mass_properties::MassProperties) -> Matrix3<f64> {
    Matrix3::from_column_slice(&mp.reconstruct_inertia_matrix().to_cols_array())
}

/// A box with half extents (0.5, 1, 1.5), rotated, as 8 vertices and 12 triangles,
/// moved by `offset`: the closed form is exact for this polyhedron.
fn rotated_box(offset: f64) -> (Vec<Point3<f64>>, Vec<[u32; 3]>, UnitQuaternion<f64>) {
    let q = UnitQuaternion::from_euler_angles(0.4, 0.2, -0.9);
    let h = Vector3::new(0.5, 1.0, 1.5);
    let vertices = (0..8)
        .map(|i| {
            let corner = Vector3::new(
                if i & 1 == 0 { -h.x } else { h.x },
                if i & 2 == 0 { -h.y } else { h.y },
                if i & 4 == 0 { -h.z } else { h.z },
            );
            Point3::from(q * corner + Vector3::new(offset, -offset, 0.5 * offset))
        })
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let triangles = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect();
    (vertices, triangles, q)
}

fn print_accuracy() {
    println!(
        "\n## accuracy: rotated box (0.5, 1, 1.5) moved by offset, relative tensor error vs closed form"
    );
    println!("| offset | ours | parry |");
    let closed = MassProperties::cuboid(&Vector3::new(0.5, 1.0, 1.5), UNIT).unwrap();
    for offset in [0.0, 1e3, 1e5, 1e6, 1e7] {
        let (vertices, triangles, q) = rotated_box(offset);
        let r = q.to_rotation_matrix().into_inner();
        let expected = r * closed.inertia() * r.transpose();
        let ours = MassProperties::from_convex_mesh(&vertices, &triangles, UNIT).unwrap();
        let parry = parry3d_f64::mass_properties::MassProperties::from_convex_polyhedron(
            1.0,
            &to_parry(&vertices),
            &triangles,
        );
        let rel = |m: Matrix3<f64>| (m - expected).norm() / expected.norm();
        println!(
            "| {offset:e} | {:.1e} | {:.1e} |",
            rel(ours.inertia()),
            rel(parry_tensor(&parry))
        );
    }
    println!("\n## accuracy: regular n-gon prism (R = 2, H = 1, two equal moments), rotated");
    println!("| n | ours | parry |");
    for n in [5u32, 12, 40] {
        let (r, height) = (2.0, 1.0);
        let q = UnitQuaternion::from_euler_angles(0.1, 0.7, -0.4);
        let mut vertices = Vec::new();
        for y in [-height / 2.0, height / 2.0] {
            for i in 0..n {
                let phi = std::f64::consts::TAU * f64::from(i) / f64::from(n);
                vertices.push(q * Point3::new(r * phi.cos(), y, -r * phi.sin()));
            }
        }
        let hull = Hull::build(&vertices).unwrap();
        // Exact polyhedral values (see tests/meshes.rs).
        let angle = std::f64::consts::TAU / f64::from(n);
        let volume = f64::from(n) / 2.0 * r * r * angle.sin() * height;
        let axial = r * r * (2.0 + angle.cos()) / 6.0 * volume;
        let perpendicular = (r * r * (2.0 + angle.cos()) / 12.0 + height * height / 12.0) * volume;
        let rot = q.to_rotation_matrix().into_inner();
        let expected = rot
            * Matrix3::from_diagonal(&Vector3::new(perpendicular, axial, perpendicular))
            * rot.transpose();
        let ours = MassProperties::from_hull(&hull, UNIT).unwrap().inertia();
        let parry = parry_tensor(
            &parry3d_f64::mass_properties::MassProperties::from_convex_polyhedron(
                1.0,
                &to_parry(hull.vertices()),
                hull.triangles(),
            ),
        );
        let rel = |m: Matrix3<f64>| (m - expected).norm() / expected.norm();
        println!("| {n} | {:.1e} | {:.1e} |", rel(ours), rel(parry));
    }
    println!(
        "\n## accuracy: hull of n sphere points, translated by (1e5, -1e5, 3e4): tensor change vs untranslated"
    );
    println!("| n | ours | parry |");
    for n in [100, 1000, 10000] {
        let points = sphere_points(n, n as u64);
        let far: Vec<_> = points
            .iter()
            .map(|p| p + Vector3::new(1e5, -1e5, 3e4))
            .collect();
        let (near, far) = (Hull::build(&points).unwrap(), Hull::build(&far).unwrap());
        let ours = |h: &Hull| MassProperties::from_hull(h, UNIT).unwrap().inertia();
        let theirs = |h: &Hull| {
            parry_tensor(
                &parry3d_f64::mass_properties::MassProperties::from_convex_polyhedron(
                    1.0,
                    &to_parry(h.vertices()),
                    h.triangles(),
                ),
            )
        };
        let a = ours(&near);
        let b = theirs(&near);
        println!(
            "| {n} | {:.1e} | {:.1e} |",
            (ours(&far) - a).norm() / a.norm(),
            (theirs(&far) - b).norm() / b.norm()
        );
    }
}

fn exact(c: &mut Criterion) {
    print_accuracy();
    let mut group = c.benchmark_group("exact_hull");
    for n in [100, 1000, 10000] {
        let hull = Hull::build(&sphere_points(n, n as u64)).unwrap();
        let vertices = hull.vertices().to_vec();
        let triangles = hull.triangles().to_vec();
        let parry_vertices = to_parry(&vertices);
        let t = triangles.len();
        group.bench_with_input(BenchmarkId::new("ours_from_hull", t), &hull, |b, h| {
            b.iter(|| MassProperties::from_hull(black_box(h), UNIT).unwrap())
        });
        group.bench_with_input(
            BenchmarkId::new("ours_from_hull_principal", t),
            &hull,
            |b, h| {
                b.iter(|| {
                    MassProperties::from_hull(black_box(h), UNIT)
                        .unwrap()
                        .principal()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("ours_from_convex_mesh_validated", t),
            &t,
            |b, _| {
                b.iter(|| {
                    MassProperties::from_convex_mesh(
                        black_box(&vertices),
                        black_box(&triangles),
                        UNIT,
                    )
                    .unwrap()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("parry_from_convex_polyhedron", t),
            &t,
            |b, _| {
                b.iter(|| {
                    parry3d_f64::mass_properties::MassProperties::from_convex_polyhedron(
                        1.0,
                        black_box(&parry_vertices),
                        black_box(&triangles),
                    )
                })
            },
        );
    }
    group.finish();
}

fn sampled(c: &mut Criterion) {
    let hull = Hull::build(&sphere_points(200, 3)).unwrap();
    let (v, t) = (hull.vertices(), hull.triangles());
    println!("\n## sampling error at equal sample counts (hull of 200 sphere points)");
    println!("| samples | grid volume err | grid tensor err | MC volume err | MC tensor err |");
    for k in [10u16, 20, 40, 80] {
        let n = u64::from(k).pow(3);
        let g = sampling::grid(v, t, UNIT, k).unwrap();
        let m = sampling::monte_carlo(v, t, UNIT, n, 1).unwrap();
        println!(
            "| {n} | {:.1e} | {:.1e} | {:.1e} | {:.1e} |",
            g.error.volume, g.error.inertia, m.error.volume, m.error.inertia
        );
    }
    let mut group = c.benchmark_group("sampling");
    group.sample_size(10);
    for k in [10u16, 20, 40] {
        let n = u64::from(k).pow(3);
        group.bench_with_input(BenchmarkId::new("grid", n), &k, |b, &k| {
            b.iter(|| sampling::grid(black_box(v), t, UNIT, k).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("monte_carlo", n), &n, |b, &n| {
            b.iter(|| sampling::monte_carlo(black_box(v), t, UNIT, n, 1).unwrap())
        });
    }
    group.bench_function("exact_from_hull", |b| {
        b.iter(|| MassProperties::from_hull(black_box(&hull), UNIT).unwrap())
    });
    group.finish();
}

criterion_group!(benches, exact, sampled);
criterion_main!(benches);
