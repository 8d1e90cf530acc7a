//! Seeded random clouds: in a ball, on a sphere, and against parry3d-f64.

mod common;

use collision_hull::Hull;
use common::{assert_close, build_valid, vertex_indices};
use nalgebra::Point3;
use parry3d_f64::math::Vector3 as PVec;
use test_support::clouds::{ball, sphere};

#[test]
fn ball_clouds_are_valid() {
    for seed in 0..200 {
        let n = 200 + (seed as usize * 37) % 3000;
        let pts = ball(n, seed);
        let hull = build_valid(&pts);
        // The hull is inside the unit ball and holds most of it.
        assert!(hull.volume() < 4.0 / 3.0 * std::f64::consts::PI);
        assert!(hull.vertices().len() >= 4 && hull.vertices().len() < n);
    }
}

#[test]
fn sphere_clouds_keep_every_point_as_a_vertex() {
    for seed in 0..40 {
        let n = 500 + (seed as usize * 53) % 2500;
        let pts = sphere(n, 1000 + seed);
        let hull = build_valid(&pts);
        assert_eq!(
            vertex_indices(&hull, &pts),
            (0..n).collect::<Vec<_>>(),
            "seed {seed}"
        );
        // Euler for a triangulated sphere: F = 2V − 4.
        assert_eq!(hull.face_count(), 2 * n - 4, "seed {seed}");
    }
}

/// parry's hull of the same points: (vertex indices in `pts`, volume).
fn parry_hull(pts: &[Point3<f64>]) -> (Vec<usize>, f64) {
    let input: Vec<PVec> = pts.iter().map(|p| PVec::new(p.x, p.y, p.z)).collect();
    let (verts, tris) = parry3d_f64::transformation::try_convex_hull(&input).expect("parry hull");
    let as_point = |v: &PVec| Point3::new(v.x, v.y, v.z);
    let mut indices: Vec<usize> = verts
        .iter()
        .map(|v| {
            pts.iter()
                .position(|p| *p == as_point(v))
                .expect("parry vertex is an input point")
        })
        .collect();
    indices.sort_unstable();
    indices.dedup();
    let c = verts
        .iter()
        .fold(nalgebra::Vector3::zeros(), |s, v| s + as_point(v).coords)
        / verts.len() as f64;
    let volume: f64 = tris
        .iter()
        .map(|t| {
            let [a, b, c3] = t.map(|i| as_point(&verts[i as usize]).coords - c);
            a.dot(&b.cross(&c3)) / 6.0
        })
        .sum();
    (indices, volume)
}

#[test]
fn same_vertex_set_and_volume_as_parry() {
    for seed in 0..60 {
        let pts = if seed % 2 == 0 {
            ball(1500, 500 + seed)
        } else {
            sphere(600, 500 + seed)
        };
        let hull = Hull::build(&pts).expect("hull");
        let (expected, volume) = parry_hull(&pts);
        assert_eq!(vertex_indices(&hull, &pts), expected, "seed {seed}");
        assert_close(hull.volume(), volume, 1e-12, "volume vs parry");
    }
}

#[test]
fn containment_and_support_by_brute_force() {
    // Every input point is inside; the hull's support point in any direction
    // equals the brute-force maximum over the input.
    for seed in 0..30 {
        let pts = ball(2000, 7000 + seed);
        let hull = build_valid(&pts);
        let dirs = sphere(50, 9000 + seed);
        for d in &dirs {
            let best_input = pts
                .iter()
                .map(|p| p.coords.dot(&d.coords))
                .fold(f64::NEG_INFINITY, f64::max);
            let best_hull = hull
                .vertices()
                .iter()
                .map(|p| p.coords.dot(&d.coords))
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(best_hull, best_input, "seed {seed}");
            // Hill climbing over vertex_neighbors reaches the same maximum.
            let support = |i: usize| hull.vertices()[i].coords.dot(&d.coords);
            let mut at = 0;
            loop {
                let next = hull
                    .vertex_neighbors(at)
                    .iter()
                    .map(|&j| j as usize)
                    .max_by(|&a, &b| support(a).total_cmp(&support(b)))
                    .unwrap();
                if support(next) > support(at) {
                    at = next;
                } else {
                    break;
                }
            }
            assert_eq!(support(at), best_input, "hill climbing, seed {seed}");
        }
    }
}

/// A thread keeps its builder's buffers from one build to the next: a hull is the
/// same, bit for bit, whether its thread built nothing before or hulls of every size
/// (larger, smaller, hollow or solid, failed) in between.
#[test]
fn same_hull_whatever_the_thread_built_before() {
    let clouds: Vec<Vec<Point3<f64>>> = [8, 32, 200, 5000, 12, 1000]
        .iter()
        .enumerate()
        .map(|(seed, &n)| {
            if seed % 2 == 0 {
                ball(n, 500 + seed as u64)
            } else {
                sphere(n, 500 + seed as u64)
            }
        })
        .collect();
    let snapshot = |h: &Hull| {
        let bits = |p: &Point3<f64>| [p.x, p.y, p.z].map(f64::to_bits);
        (
            h.vertices().iter().map(bits).collect::<Vec<_>>(),
            h.triangles().to_vec(),
            h.volume().to_bits(),
        )
    };
    let fresh: Vec<_> = clouds
        .iter()
        .map(|pts| {
            let pts = pts.clone();
            std::thread::spawn(move || snapshot(&Hull::build(&pts).expect("hull")))
                .join()
                .expect("thread")
        })
        .collect();
    let flat = [Point3::new(0.0, 0.0, 0.0); 5];
    for round in 0..3 {
        for (i, pts) in clouds.iter().enumerate() {
            assert!(Hull::build(&flat).is_err());
            let hull = Hull::build(pts).expect("hull");
            assert_eq!(snapshot(&hull), fresh[i], "round {round}, cloud {i}");
        }
    }
}
