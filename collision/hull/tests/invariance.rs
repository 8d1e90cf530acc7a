//! Scale and offset invariance: the same cloud at scale 1e-6, 1, 1e6 and
//! offset by 1e6 gives the same corners (as input indices), the same faces,
//! and volumes that scale as s³; vertex order does not matter.

mod common;

use collision_hull::Hull;
use common::{assert_close, build_valid, face_sizes, vertex_indices};
use nalgebra::{Point3, Vector3};
use rand::RngExt;
use test_support::clouds::{ball, cube, cylinder, grid, sphere};
use test_support::rng;

fn clouds() -> Vec<(&'static str, Vec<Point3<f64>>)> {
    let mut cube_on_faces = cube();
    let mut r = rng(11);
    for _ in 0..200 {
        let mut p = Point3::new(
            r.random_range(0.0..1.0),
            r.random_range(0.0..1.0),
            r.random_range(0.0..1.0),
        );
        p[r.random_range(0..3usize)] = 1.0;
        cube_on_faces.push(p);
    }
    vec![
        ("grid", grid(7)),
        ("cube with face points", cube_on_faces),
        ("cylinder", cylinder(24, 4)),
        ("ball", ball(1500, 5)),
        ("sphere", sphere(800, 6)),
    ]
}

#[test]
fn same_hull_at_every_scale_and_offset() {
    for (name, base) in clouds() {
        let reference = build_valid(&base);
        let corners = vertex_indices(&reference, &base);
        for (scale, offset) in [(1e-6, 0.0), (1e6, 0.0), (1.0, 1e6), (1.0, -1e6), (2.5, 3.0)] {
            let pts: Vec<Point3<f64>> = base
                .iter()
                .map(|p| p * scale + Vector3::repeat(offset))
                .collect();
            let hull = build_valid(&pts);
            let what = format!("{name} at scale {scale} offset {offset}");
            assert_eq!(vertex_indices(&hull, &pts), corners, "{what}");
            assert_eq!(face_sizes(&hull), face_sizes(&reference), "{what}");
            // Offset clouds lose bits in the input itself: compare loosely.
            let tol = if offset == 0.0 { 1e-12 } else { 1e-6 };
            assert_close(
                hull.volume() / scale.powi(3),
                reference.volume(),
                tol,
                &what,
            );
            assert_close(hull.area() / (scale * scale), reference.area(), tol, &what);
            let c = (hull.centroid() - Vector3::repeat(offset)) / scale;
            assert!(
                (c - reference.centroid()).norm() <= tol,
                "{what}: centroid {c}"
            );
        }
    }
}

#[test]
fn vertex_order_does_not_matter() {
    for seed in 0..20 {
        for (name, base) in clouds() {
            let reference = build_valid(&base);
            let mut r = rng(seed);
            let mut perm: Vec<usize> = (0..base.len()).collect();
            for i in (1..perm.len()).rev() {
                perm.swap(i, r.random_range(0..=i));
            }
            let pts: Vec<Point3<f64>> = perm.iter().map(|&i| base[i]).collect();
            let hull = Hull::build(&pts).expect("hull");
            let mut corners: Vec<usize> = vertex_indices(&hull, &pts)
                .into_iter()
                .map(|i| perm[i])
                .collect();
            corners.sort_unstable();
            assert_eq!(
                corners,
                vertex_indices(&reference, &base),
                "{name} seed {seed}"
            );
            assert_eq!(
                face_sizes(&hull),
                face_sizes(&reference),
                "{name} seed {seed}"
            );
            assert_close(hull.volume(), reference.volume(), 1e-12, name);
        }
    }
}
