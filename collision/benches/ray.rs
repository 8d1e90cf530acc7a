//! Like for like against parry3d-f64 (solid casts) in the same run: `cast_ray` (parameter,
//! point and normal) against `RayCast::cast_ray_and_get_normal`, and `cast_ray_toi` (the
//! parameter alone, `collision-toi/…`) against parry's `cast_ray` (`parry-toi/…`), on 64
//! rays cycled and (`ray-random/…`, time only) on 4,096. The cases are in
//! `test_support::rays` (shared with `examples/ray_count.rs`).
//!
//! `cargo bench -p collision --bench ray -- --warm-up-time 1 --measurement-time 3`

use collision::{Shape, cast_ray, cast_ray_toi};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use parry3d_f64::query::RayCast;
use std::hint::black_box;
use test_support::rays::PosedRays;

/// The time-only rows of one shape: `cast_ray_toi` and parry's `cast_ray` on `rays`.
fn time_only(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    (ours, theirs): (&Shape, &dyn RayCast),
    (rays, prays): &PosedRays,
) {
    g.bench_function(format!("collision-toi/{name}"), |bch| {
        bch.iter(|| {
            for (ray, p) in rays {
                black_box(cast_ray_toi(ours, p, ray, 10.0).unwrap());
            }
        })
    });
    g.bench_function(format!("parry-toi/{name}"), |bch| {
        bch.iter(|| {
            for (ray, p) in prays {
                black_box(theirs.cast_ray(p, ray, 10.0, true));
            }
        })
    });
}

fn bench(c: &mut Criterion) {
    let (shapes, rays, prays) = test_support::rays::cases();
    let cycled = (rays, prays);
    let mut g = c.benchmark_group("ray");
    for (name, ours, theirs) in &shapes {
        g.bench_function(format!("collision/{name}"), |bch| {
            bch.iter(|| {
                for (ray, p) in &cycled.0 {
                    black_box(cast_ray(ours, p, ray, 10.0).unwrap());
                }
            })
        });
        g.bench_function(format!("parry/{name}"), |bch| {
            bch.iter(|| {
                for (ray, p) in &cycled.1 {
                    black_box(theirs.cast_ray_and_get_normal(p, ray, 10.0, true));
                }
            })
        });
        time_only(&mut g, name, (ours, theirs.as_ref()), &cycled);
    }
    g.finish();
    // The same time-only casts on 4,096 rays, whose branches no predictor learns.
    let random = test_support::rays::many_rays();
    let mut g = c.benchmark_group("ray-random");
    for (name, ours, theirs) in &shapes {
        time_only(&mut g, name, (ours, theirs.as_ref()), &random);
    }
    g.finish();
}

criterion_group!(name = benches; config = Criterion::default().sample_size(20); targets = bench);
criterion_main!(benches);
