//! Nanoseconds per projection of the origin onto random tetrahedra, triangles and
//! segments, against parry3d-f64's point projection (`project_local_point_and_get_location`,
//! which also returns the feature and barycentric coordinates) in the same run.
//!
//! Each case projects a batch of 1,024 pre-generated simplices per iteration, so branch
//! prediction cannot learn one answer; throughput is reported per simplex. "inside"
//! means the origin projects into the interior of the simplex (solid tetrahedron,
//! triangle face, segment interior), "outside" means onto a lower-dimensional feature.
//!
//! With `SIMPLEX_MIN=1`, each case also prints the fastest of 2,000 alternating passes of
//! ours and parry's before criterion times it (see `compare`).
//!
//! Before timing, the bench prints an accuracy table: the worst distance error of ours
//! and parry's, relative to (diameter + distance), against the double-double brute-force
//! reference of the tests, per family of random simplices (ordinary and degenerate).
#![allow(missing_docs)]

mod simplex_common;
use simplex_common as common;

use std::hint::black_box;
use std::time::Instant;

use collision_simplex::{project_segment, project_tetrahedron, project_triangle};
use common::{BATCH, batch, segments, tetrahedra, triangles, v};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use parry3d_f64::math::Vector;
use parry3d_f64::query::{PointQuery, PointQueryWithLocation};
use parry3d_f64::shape::{Segment, Tetrahedron, Triangle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Prints the worst relative distance error of ours and parry's per family.
fn accuracy() {
    use common::tests_common::reference;
    use test_support::simplices::{FAMILIES, diameter, simplex};
    let mut rng = ChaCha8Rng::seed_from_u64(0x5157_3d00);
    println!("family      k  worst error ours   parry (NaN count)");
    for family in FAMILIES {
        for k in 2..=4 {
            let (mut ours, mut theirs, mut nan) = (0.0_f64, 0.0_f64, 0);
            for _ in 0..2_000 {
                let p = simplex(&mut rng, family, k);
                let q: Vec<Vector> = p.iter().map(v).collect();
                let projection = match k {
                    2 => Segment::new(q[0], q[1]).project_local_point(Vector::ZERO, true),
                    3 => Triangle::new(q[0], q[1], q[2]).project_local_point(Vector::ZERO, true),
                    _ => Tetrahedron::new(q[0], q[1], q[2], q[3])
                        .project_local_point(Vector::ZERO, true),
                };
                let d_parry = if projection.is_inside {
                    0.0
                } else {
                    projection.point.length()
                };
                let d_ours =
                    collision_simplex::project_origin(&p).map_or(f64::NAN, |x| x.distance());
                let (_, d_ref) = reference(&p);
                let scale = (diameter(&p) + d_ref).max(f64::MIN_POSITIVE);
                ours = ours.max((d_ours - d_ref).abs() / scale);
                if d_parry.is_nan() {
                    nan += 1;
                } else {
                    theirs = theirs.max((d_parry - d_ref).abs() / scale);
                }
            }
            println!(
                "{:<11} {k}  {ours:>16.1e}  {theirs:.1e} ({nan})",
                format!("{family:?}")
            );
        }
    }
}

/// The fastest of 2,000 calls of each routine, alternating (ns per call).
fn fastest_pair(ours: &mut impl FnMut(), parry: &mut impl FnMut()) -> [f64; 2] {
    let mut best = [f64::INFINITY; 2];
    for _ in 0..2_000 {
        let start = Instant::now();
        ours();
        best[0] = best[0].min(start.elapsed().as_nanos() as f64);
        let start = Instant::now();
        parry();
        best[1] = best[1].min(start.elapsed().as_nanos() as f64);
    }
    best
}

/// Benchmarks ours against parry's on one batch. With `SIMPLEX_MIN=1` it first prints
/// the fastest pass of each (ns per projection): on a shared machine the figure least
/// disturbed by other jobs, whereas criterion's estimate includes the time the process
/// waits for a core.
fn compare(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    mut ours: impl FnMut(),
    mut parry: impl FnMut(),
) {
    if std::env::var("SIMPLEX_MIN").is_ok() {
        let [o, p] = fastest_pair(&mut ours, &mut parry).map(|t| t / BATCH as f64);
        println!(
            "fastest pass {label:<20} ours {o:6.2} ns  parry {p:6.2} ns  parry/ours {:.2}",
            p / o
        );
    }
    group.bench_function("ours", |b| b.iter(&mut ours));
    group.bench_function("parry", |b| b.iter(&mut parry));
}

fn bench(c: &mut Criterion) {
    accuracy();
    let mut rng = ChaCha8Rng::seed_from_u64(2017);
    let origin = Vector::ZERO;
    for (name, k) in [("tetrahedron", 4), ("triangle", 3), ("segment", 2)] {
        for inside in [true, false] {
            let simplices = batch(&mut rng, k, inside);
            let label = format!("{name}/{}", if inside { "inside" } else { "outside" });
            let mut group = c.benchmark_group(&label);
            group.throughput(Throughput::Elements(BATCH as u64));
            match k {
                4 => {
                    let parry = tetrahedra(&simplices);
                    compare(
                        &mut group,
                        &label,
                        || {
                            for p in black_box(&simplices) {
                                black_box(project_tetrahedron(&p[0], &p[1], &p[2], &p[3]));
                            }
                        },
                        || {
                            for t in black_box(&parry) {
                                black_box(t.project_local_point_and_get_location(origin, true));
                            }
                        },
                    );
                }
                3 => {
                    let parry = triangles(&simplices);
                    compare(
                        &mut group,
                        &label,
                        || {
                            for p in black_box(&simplices) {
                                black_box(project_triangle(&p[0], &p[1], &p[2]));
                            }
                        },
                        || {
                            for t in black_box(&parry) {
                                black_box(t.project_local_point_and_get_location(origin, true));
                            }
                        },
                    );
                }
                _ => {
                    let parry = segments(&simplices);
                    compare(
                        &mut group,
                        &label,
                        || {
                            for p in black_box(&simplices) {
                                black_box(project_segment(&p[0], &p[1]));
                            }
                        },
                        || {
                            for s in black_box(&parry) {
                                black_box(s.project_local_point_and_get_location(origin, true));
                            }
                        },
                    );
                }
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
