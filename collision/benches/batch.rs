//! Batch queries against a loop of single calls and parry3d-f64's loop, in the same run:
//! 10,000 index pairs over a scene of 200 hulls of 16 or 64 points (about a third of the
//! pairs overlap), distance and contact. The batch runs sequentially
//! ([`Scene::sequential`]) and in parallel on rayon pools of 1 and 2 threads. A third
//! scene of 20,000 hulls of 16 points (about 20 MB, beyond the caches, as a data set of
//! labelled pairs is) times what memory latency costs each way of answering. A batch of
//! 400 hull16 pairs called from outside any pool times the calling thread working
//! alongside rayon's global pool.
//!
//! `cargo bench -p collision --features parallel --bench batch -- --warm-up-time 1 --measurement-time 3`

use test_support::bench as common;

use collision::batch::{PairResult, Scene};
use collision::{ConvexHull, Shape, contact, distance};
use common::{cloud, parry_hull, pose, rng, to_parry};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use nalgebra::Isometry3;
use parry3d_f64::math::Pose;
use parry3d_f64::query as pq;
use parry3d_f64::shape as ps;
use rand::RngExt;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Shapes of the cache-sized scenes.
const SHAPES: usize = 200;
/// Shapes of the scene beyond the caches.
const MANY_SHAPES: usize = 20_000;
const PAIRS: usize = 10_000;

/// The scene (ours and parry's copy) and its index pairs.
struct Case {
    shapes: Vec<Shape>,
    poses: Vec<Isometry3<f64>>,
    parry_shapes: Vec<ps::ConvexPolyhedron>,
    parry_poses: Vec<Pose>,
    pairs: Vec<[u32; 2]>,
}

/// `shapes` hulls of `n` points, centres up to 2.4 apart per axis, and 10,000 pairs of
/// distinct hulls (seed `2900 + n`, plus the shape count for the large scene).
fn case(n: usize, shapes: usize) -> Case {
    let seed = if shapes == SHAPES { 0 } else { shapes as u64 };
    let mut r = rng(2900 + n as u64 + seed);
    let hulls: Vec<ConvexHull> = (0..shapes)
        .map(|_| ConvexHull::new(&cloud(&mut r, n)).unwrap())
        .collect();
    let poses: Vec<Isometry3<f64>> = (0..shapes).map(|_| pose(&mut r, 1.2)).collect();
    let count = shapes as u32;
    let pairs = (0..PAIRS)
        .map(|_| {
            let i = r.random_range(0..count);
            let j = (i + r.random_range(1..count)) % count;
            [i, j]
        })
        .collect();
    Case {
        parry_shapes: hulls.iter().map(parry_hull).collect(),
        parry_poses: poses.iter().map(to_parry).collect(),
        shapes: hulls.into_iter().map(Shape::from).collect(),
        poses,
        pairs,
    }
}

/// A rayon pool of `threads` threads.
fn pool(threads: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// The five ways of answering one query on every pair of `case`: `single` is the single
/// call, `batch` the scene's batch form, `parry` parry's call.
fn compare<T: Clone + Send>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    case: &Case,
    fill: T,
    single: impl Fn(&Shape, &Isometry3<f64>, &Shape, &Isometry3<f64>) -> T,
    batch: impl Fn(&Scene<'_, Shape>, &[[u32; 2]], &mut [T]) + Sync,
    parry: impl Fn(&Pose, &ps::ConvexPolyhedron, &Pose, &ps::ConvexPolyhedron) -> f64,
) {
    let scene = Scene::new(&case.shapes, &case.poses).unwrap();
    let mut out = vec![fill; PAIRS];
    g.throughput(Throughput::Elements(PAIRS as u64));
    g.bench_function("single calls", |b| {
        b.iter(|| {
            for (slot, &[i, j]) in out.iter_mut().zip(&case.pairs) {
                let (i, j) = (i as usize, j as usize);
                *slot = single(
                    &case.shapes[i],
                    &case.poses[i],
                    &case.shapes[j],
                    &case.poses[j],
                );
            }
            black_box(&out);
        });
    });
    g.bench_function("batch sequential", |b| {
        let scene = scene.sequential();
        b.iter(|| {
            batch(&scene, black_box(&case.pairs), &mut out);
            black_box(&out);
        });
    });
    for threads in [1, 2] {
        let pool = pool(threads);
        g.bench_function(format!("batch {threads} thread(s)"), |b| {
            b.iter(|| {
                pool.install(|| batch(&scene, black_box(&case.pairs), &mut out));
                black_box(&out);
            });
        });
    }
    let mut sums = vec![0.0; PAIRS];
    g.bench_function("parry loop", |b| {
        b.iter(|| {
            for (slot, &[i, j]) in sums.iter_mut().zip(&case.pairs) {
                let (i, j) = (i as usize, j as usize);
                *slot = parry(
                    &case.parry_poses[i],
                    &case.parry_shapes[i],
                    &case.parry_poses[j],
                    &case.parry_shapes[j],
                );
            }
            black_box(&sums);
        });
    });
}

fn batches(c: &mut Criterion) {
    for (n, shapes) in [(16, SHAPES), (64, SHAPES), (16, MANY_SHAPES)] {
        let case = case(n, shapes);
        let scene = if shapes == SHAPES {
            String::new()
        } else {
            format!(", {shapes} shapes")
        };
        let mut g = c.benchmark_group(format!("batch distance hull{n}{scene}"));
        compare::<PairResult<f64, _>>(
            &mut g,
            &case,
            Ok(0.0),
            |a, pa, b, pb| distance(a, pa, b, pb).map_err(collision::batch::PairError::Query),
            |s, pairs, out| s.distance(pairs, out).unwrap(),
            |pa, a, pb, b| pq::distance(pa, a, pb, b).unwrap().distance,
        );
        g.finish();
        let mut g = c.benchmark_group(format!("batch contact hull{n}{scene}"));
        compare::<PairResult<_, _>>(
            &mut g,
            &case,
            Ok(None),
            |a, pa, b, pb| contact(a, pa, b, pb, 0.0).map_err(collision::batch::PairError::Query),
            |s, pairs, out| s.contact(pairs, 0.0, out).unwrap(),
            |pa, a, pb, b| {
                pq::contact(pa, a, pb, b, 0.0)
                    .unwrap()
                    .map_or(1.0, |c| c.dist)
            },
        );
        g.finish();
    }
}

/// Pairs of the small batch: what a narrow phase hands over once a frame.
const SMALL_PAIRS: usize = 400;

/// Idle time before each timed call of the small batch's idle rows: long enough for
/// rayon's threads to stop looking for work and sleep.
const IDLE_US: u64 = 500;

/// 400 hull16 distance pairs called from outside any rayon pool, as a C ABI or game
/// caller does, back to back and after an idle moment: sequential, in parallel (the
/// calling thread and rayon's global pool, see `batch/drive.rs`), and parry's loop.
fn small_batch(c: &mut Criterion) {
    let case = case(16, SHAPES);
    let pairs = &case.pairs[..SMALL_PAIRS];
    let scene = Scene::new(&case.shapes, &case.poses).unwrap();
    let mut out = vec![Ok(0.0); SMALL_PAIRS];
    let mut g = c.benchmark_group(format!("batch distance hull16, {SMALL_PAIRS} pairs"));
    g.throughput(Throughput::Elements(SMALL_PAIRS as u64));
    for (name, scene) in [("sequential", scene.sequential()), ("global pool", scene)] {
        g.bench_function(format!("batch {name}"), |b| {
            b.iter(|| {
                scene.distance(black_box(pairs), &mut out).unwrap();
                black_box(&out);
            });
        });
        // The same call after the threads have had time to sleep (a frame's other work):
        // only the call is timed.
        g.bench_function(format!("batch {name}, after {IDLE_US} us idle"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    std::thread::sleep(Duration::from_micros(IDLE_US));
                    let start = Instant::now();
                    scene.distance(black_box(pairs), &mut out).unwrap();
                    total += start.elapsed();
                }
                black_box(&out);
                total
            });
        });
    }
    let mut sums = vec![0.0; SMALL_PAIRS];
    g.bench_function("parry loop", |b| {
        b.iter(|| {
            for (slot, &[i, j]) in sums.iter_mut().zip(pairs) {
                let (i, j) = (i as usize, j as usize);
                let (pa, a) = (&case.parry_poses[i], &case.parry_shapes[i]);
                let (pb, b) = (&case.parry_poses[j], &case.parry_shapes[j]);
                *slot = pq::distance(pa, a, pb, b).unwrap().distance;
            }
            black_box(&sums);
        });
    });
    g.finish();
}

criterion_group!(benches, batches, small_batch);
criterion_main!(benches);
