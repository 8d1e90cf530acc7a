//! Batch calls over a large scene: `coll_batch_distance` on 20,000 entries (200 distinct
//! hull16 handles, each entry its own pose, spread over a 40-unit cube), with a frame's
//! 16 candidate pairs, 1,000 pairs (both read only the pairs' entries) and 11,000 pairs
//! (which read the scene whole). What a call costs beyond its queries is its reading of
//! the arrays; see `src/batch.rs`.
//!
//! ```sh
//! cargo bench -p collision-capi --bench batch_scene -- --warm-up-time 1 --measurement-time 3
//! ```

use collision_capi::{
    CollDistance, CollPose, CollShape, CollStatus, coll_batch_distance, coll_hull_create,
};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

/// Entries of the scene.
const ENTRIES: usize = 20_000;

#[path = "../tests/common/lcg.rs"]
mod lcg;
use lcg::Lcg;

fn bench(c: &mut Criterion) {
    let mut rng = Lcg(7);
    let distinct: Vec<*const CollShape> = (0..200)
        .map(|_| {
            let xyz: Vec<f64> = (0..48).map(|_| rng.next() * 2.0 - 1.0).collect();
            let mut h = std::ptr::null_mut();
            assert_eq!(coll_hull_create(xyz.as_ptr(), 16, &mut h), CollStatus::Ok);
            h.cast_const()
        })
        .collect();
    let shapes: Vec<*const CollShape> = (0..ENTRIES).map(|i| distinct[i % 200]).collect();
    let poses: Vec<CollPose> = (0..ENTRIES)
        .map(|_| {
            let q = [0; 4].map(|_| rng.next() - 0.5);
            let n = q.iter().map(|c| c * c).sum::<f64>().sqrt();
            CollPose {
                orientation: q.map(|c| c / n),
                position: [0; 3].map(|_| rng.next() * 40.0 - 20.0),
            }
        })
        .collect();
    let mut group = c.benchmark_group("batch_scene");
    for pairs in [16usize, 1000, 11_000] {
        let indices: Vec<u32> = (0..2 * pairs)
            .map(|_| (rng.next() * ENTRIES as f64) as u32)
            .collect();
        let mut out = vec![
            CollDistance {
                distance: 0.0,
                lower_bound: 0.0
            };
            pairs
        ];
        let mut statuses = vec![CollStatus::Ok; pairs];
        group.bench_function(BenchmarkId::new("distance", pairs), |b| {
            b.iter(|| {
                coll_batch_distance(
                    shapes.as_ptr(),
                    ENTRIES,
                    poses.as_ptr(),
                    ENTRIES,
                    indices.as_ptr(),
                    pairs,
                    out.as_mut_ptr(),
                    statuses.as_mut_ptr(),
                    pairs,
                )
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
