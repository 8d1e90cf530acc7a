//! The cost of the C boundary: the same distance, intersection and contact queries on
//! the same seeded hull pairs, through the Rust API (`collision::distance` on `Shape`s)
//! and through the C functions (handles, `CollPose`s, argument checks, status
//! conversion, `catch_unwind`), called from Rust through this crate's rlib. The target
//! is at most 10 % more through the C ABI.
//!
//! ```sh
//! cargo bench -p collision-capi --bench overhead -- --warm-up-time 0.5 --measurement-time 2
//! ```

use collision::{ConvexHull, Shape};
use collision_capi::{
    CollContact, CollDistance, CollPose, CollShape, CollStatus, coll_contact, coll_distance,
    coll_hull_create, coll_intersects,
};
use criterion::{Criterion, criterion_group, criterion_main};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion};
use std::hint::black_box;

#[path = "../tests/common/lcg.rs"]
mod lcg;
use lcg::Lcg;

/// `pairs` seeded hull pairs of `points` points on a unit sphere, each as Rust shapes
/// and poses, C handles and C poses.
struct Pairs {
    shapes: Vec<[Shape; 2]>,
    poses: Vec<[Isometry3<f64>; 2]>,
    handles: Vec<[*mut CollShape; 2]>,
    c_poses: Vec<[CollPose; 2]>,
}

fn pairs(points: usize, count: usize, seed: u64) -> Pairs {
    let mut rng = Lcg(seed);
    let mut p = Pairs {
        shapes: Vec::new(),
        poses: Vec::new(),
        handles: Vec::new(),
        c_poses: Vec::new(),
    };
    for _ in 0..count {
        let mut shapes = Vec::new();
        let mut handles = [std::ptr::null_mut(); 2];
        let mut c_poses = Vec::new();
        let mut poses = Vec::new();
        for handle in &mut handles {
            let xyz: Vec<f64> = (0..points)
                .flat_map(|_| {
                    let v = [
                        rng.range(-1.0, 1.0),
                        rng.range(-1.0, 1.0),
                        rng.range(-1.0, 1.0),
                    ];
                    let n = v.iter().map(|c| c * c).sum::<f64>().sqrt();
                    v.map(|c| c / n)
                })
                .collect();
            let pts: Vec<Point3<f64>> = xyz
                .chunks(3)
                .map(|c| Point3::new(c[0], c[1], c[2]))
                .collect();
            shapes.push(Shape::ConvexHull(ConvexHull::new(&pts).unwrap()));
            assert_eq!(
                coll_hull_create(xyz.as_ptr(), points, handle),
                CollStatus::Ok
            );
            // The Rust caller's pose, and the same numbers as a C caller's (an engine's
            // unit quaternion, passed as it is).
            let (x, y, z) = (
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            );
            let rotation = UnitQuaternion::from_quaternion(Quaternion::new(1.0, x, y, z));
            let position = Translation3::new(
                rng.range(-1.6, 1.6),
                rng.range(-1.6, 1.6),
                rng.range(-1.6, 1.6),
            );
            let pose = Isometry3::from_parts(position, rotation);
            let q = pose.rotation.coords;
            let c = CollPose {
                position: pose.translation.vector.into(),
                orientation: [q.x, q.y, q.z, q.w],
            };
            poses.push(pose);
            c_poses.push(c);
        }
        p.shapes.push([shapes[0].clone(), shapes[1].clone()]);
        p.poses.push([poses[0], poses[1]]);
        p.handles.push(handles);
        p.c_poses.push([c_poses[0], c_poses[1]]);
    }
    p
}

fn bench(c: &mut Criterion) {
    for points in [16, 64, 1000] {
        let p = pairs(points, 64, 42 + points as u64);
        let n = p.shapes.len();
        let mut group = c.benchmark_group(format!("hull{points}"));
        let mut k = 0;
        group.bench_function("distance/rust", |b| {
            b.iter(|| {
                k = (k + 1) % n;
                let ([a, bb], [pa, pb]) = (&p.shapes[k], &p.poses[k]);
                black_box(collision::distance(a, pa, bb, pb).ok())
            });
        });
        group.bench_function("distance/c_abi", |b| {
            b.iter(|| {
                k = (k + 1) % n;
                let ([a, bb], [pa, pb]) = (p.handles[k], &p.c_poses[k]);
                let mut out = CollDistance {
                    distance: 0.0,
                    lower_bound: 0.0,
                };
                black_box(coll_distance(a, pa, bb, pb, &mut out));
                black_box(out.distance)
            });
        });
        group.bench_function("intersects/rust", |b| {
            b.iter(|| {
                k = (k + 1) % n;
                let ([a, bb], [pa, pb]) = (&p.shapes[k], &p.poses[k]);
                black_box(collision::intersects(a, pa, bb, pb).ok())
            });
        });
        group.bench_function("intersects/c_abi", |b| {
            b.iter(|| {
                k = (k + 1) % n;
                let ([a, bb], [pa, pb]) = (p.handles[k], &p.c_poses[k]);
                let mut out = false;
                black_box(coll_intersects(a, pa, bb, pb, &mut out));
                black_box(out)
            });
        });
        group.bench_function("contact/rust", |b| {
            b.iter(|| {
                k = (k + 1) % n;
                let ([a, bb], [pa, pb]) = (&p.shapes[k], &p.poses[k]);
                black_box(collision::contact(a, pa, bb, pb, 0.0).ok())
            });
        });
        group.bench_function("contact/c_abi", |b| {
            b.iter(|| {
                k = (k + 1) % n;
                let ([a, bb], [pa, pb]) = (p.handles[k], &p.c_poses[k]);
                let mut out = std::mem::MaybeUninit::<CollContact>::uninit();
                black_box(coll_contact(
                    a,
                    pa,
                    bb,
                    pb,
                    0.0,
                    std::ptr::null_mut(),
                    out.as_mut_ptr(),
                ));
                black_box(out)
            });
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
