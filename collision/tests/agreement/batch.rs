//! The batch queries give, pair by pair and bit for bit, the single queries' results:
//! 10,000 seeded random pairs over every shape kind for every query, sequential and
//! parallel, with indices out of range, non-finite poses and runs that do not converge
//! among them; the same across thread counts; and whole-call errors for slices of the
//! wrong length.

use test_support::gjk as common;

use collision::QueryOptions;
use collision::batch::{
    BatchError, MovingPair, Pair, PairError, PairResult, RayQuery, Scene, Side, cast_ray_pairs,
    closest_points_pairs, contact_pairs, contact_with_pairs, distance_pairs, distance_with_pairs,
    intersects_pairs, time_of_impact_pairs,
};
use collision::{
    ContactConfig, ContactStatus, GjkCache, GjkConfig, GjkError, Motion, Ray, Shape, ToiConfig,
    cast_ray, closest_points, contact, contact_with, distance, distance_with, intersects,
    time_of_impact_with,
};
use common::{pose, rng, shape_of_kind, v3};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::RngExt;
use std::fmt::Debug;

const PAIRS: usize = 10_000;
const SHAPES: usize = 330;

/// Bit-for-bit equality of two results through their `Debug` text: `f64`'s is the
/// shortest decimal that reads back to the same bits and keeps the sign of zero, and no
/// query returns NaN, so equal text means equal bits.
fn same<T: Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

/// Whether every component of the pose is finite.
fn finite_pose(p: &Isometry3<f64>) -> bool {
    p.translation
        .vector
        .iter()
        .chain(p.rotation.coords.iter())
        .all(|x| x.is_finite())
}

/// The shapes and poses of a scene with the index pairs queried on them.
struct Indexed<'a> {
    shapes: &'a [Shape],
    poses: &'a [Isometry3<f64>],
    pairs: &'a [[u32; 2]],
}

impl Indexed<'_> {
    /// What the batch must give for pair `k` ([`expected`]) of a query on two posed
    /// shapes, whose single call is `single`.
    fn want<T: Debug, E: Debug>(
        &self,
        k: usize,
        single: impl FnOnce(&Shape, &Isometry3<f64>, &Shape, &Isometry3<f64>) -> Result<T, E>,
    ) -> PairResult<T, E> {
        let fin = |i: usize| finite_pose(&self.poses[i]);
        let n = (self.shapes.len(), self.shapes.len());
        expected(k, self.pairs[k], n, (&fin, &fin), |i, j| {
            single(
                &self.shapes[i],
                &self.poses[i],
                &self.shapes[j],
                &self.poses[j],
            )
        })
    }

    /// [`Indexed::want`] for every pair, in order, of a warm-started query: `single` gets
    /// pair `k`'s own cache, `caches[k]`, and leaves in it what the single call leaves.
    fn want_warm<T: Debug, E: Debug>(
        &self,
        caches: &mut [GjkCache],
        single: impl Fn(&Shape, &Isometry3<f64>, &Shape, &Isometry3<f64>, &mut GjkCache) -> Result<T, E>,
    ) -> Vec<PairResult<T, E>> {
        assert_eq!(caches.len(), self.pairs.len(), "a cache per pair");
        caches
            .iter_mut()
            .enumerate()
            .map(|(k, cache)| self.want(k, |a, pa, b, pb| single(a, pa, b, pb, cache)))
            .collect()
    }
}

/// A scene of every shape kind in turn, poses in `[-1.5, 1.5]³` (about half the pairs
/// overlap), one pose in 40 with a NaN or infinite component.
fn scene_parts(seed: u64) -> (Vec<Shape>, Vec<Isometry3<f64>>) {
    let mut r = rng(seed);
    let shapes: Vec<Shape> = (0..SHAPES).map(|k| shape_of_kind(&mut r, k)).collect();
    let poses = (0..SHAPES)
        .map(|k| {
            let mut p = pose(&mut r, 1.5);
            if k % 40 == 17 {
                match k % 3 {
                    0 => p.translation.vector.x = f64::NAN,
                    1 => p.translation.vector.z = f64::INFINITY,
                    _ => {
                        p.rotation =
                            nalgebra::Unit::new_unchecked(p.rotation.into_inner() * f64::NAN)
                    }
                }
            }
            p
        })
        .collect();
    (shapes, poses)
}

/// `PAIRS` random index pairs into `len` entries; two in 100 have an index out of range
/// (one on each side).
fn index_pairs(seed: u64, len: usize, len_b: usize) -> Vec<[u32; 2]> {
    let mut r = rng(seed);
    (0..PAIRS)
        .map(|k| {
            let i = r.random_range(0..len) as u32;
            let j = r.random_range(0..len_b) as u32;
            match k % 100 {
                3 => [len as u32 + 5, j],
                61 => [i, u32::MAX],
                _ => [i, j],
            }
        })
        .collect()
}

/// What the batch must give for pair `k`, `[i, j]`: the index and pose checks in the
/// documented order, then the single query's result. A pair with a non-finite pose must
/// also be an error of the single query.
fn expected<T: Debug, E: Debug>(
    k: usize,
    [i, j]: [u32; 2],
    (len_a, len_b): (usize, usize),
    (finite_a, finite_b): (&dyn Fn(usize) -> bool, &dyn Fn(usize) -> bool),
    single: impl FnOnce(usize, usize) -> Result<T, E>,
) -> PairResult<T, E> {
    let (iu, ju) = (i as usize, j as usize);
    if iu >= len_a {
        return Err(PairError::IndexOutOfRange {
            pair: k,
            side: Side::A,
            index: i,
            len: len_a,
        });
    }
    if ju >= len_b {
        return Err(PairError::IndexOutOfRange {
            pair: k,
            side: Side::B,
            index: j,
            len: len_b,
        });
    }
    let bad = if !finite_a(iu) {
        Some(Side::A)
    } else if !finite_b(ju) {
        Some(Side::B)
    } else {
        None
    };
    let result = single(iu, ju);
    if let Some(side) = bad {
        assert!(
            result.is_err(),
            "pair {k}: the single query accepted a non-finite pose: {result:?}"
        );
        return Err(PairError::NonFinitePose { pair: k, side });
    }
    result.map_err(PairError::Query)
}

/// Counts of the outcomes, to show the sample covers answers and every kind of failure.
#[derive(Default, Debug)]
struct Coverage {
    ok: usize,
    query_errors: usize,
    out_of_range: usize,
    non_finite: usize,
}

/// Asserts `got[k]` is `want(k)` bit for bit for every pair; returns the coverage.
fn check<T: Debug, E: Debug>(
    what: &str,
    got: &[PairResult<T, E>],
    want: impl Fn(usize) -> PairResult<T, E>,
) -> Coverage {
    let mut c = Coverage::default();
    for (k, g) in got.iter().enumerate() {
        let w = want(k);
        assert!(same(g, &w), "{what}, pair {k}: batch {g:?}, single {w:?}");
        match g {
            Ok(_) => c.ok += 1,
            Err(PairError::Query(_)) => c.query_errors += 1,
            Err(PairError::IndexOutOfRange { .. }) => c.out_of_range += 1,
            Err(PairError::NonFinitePose { .. }) => c.non_finite += 1,
        }
    }
    c
}

/// Asserts the sample holds answers and both kinds of refused input.
fn covered(what: &str, c: &Coverage) {
    assert!(
        c.ok > PAIRS / 3 && c.out_of_range >= PAIRS / 50 && c.non_finite > PAIRS / 100,
        "{what}: {c:?}"
    );
}

/// Runs `batch` on the scene sequentially and (with the `parallel` feature) in parallel,
/// and checks both against the single queries.
fn both_ways<T: Debug + Clone, E: Debug + Clone>(
    what: &str,
    scene: &Scene<'_, Shape>,
    fill: T,
    batch: impl Fn(&Scene<'_, Shape>, &mut [PairResult<T, E>]),
    want: impl Fn(usize) -> PairResult<T, E>,
) -> Coverage {
    let mut seq = vec![Ok(fill.clone()); PAIRS];
    batch(&scene.sequential(), &mut seq);
    let mut par = vec![Ok(fill); PAIRS];
    batch(scene, &mut par);
    check(&format!("{what} (parallel)"), &par, &want);
    check(&format!("{what} (sequential)"), &seq, want)
}

#[test]
fn every_static_query_matches_the_single_calls_on_10000_pairs() {
    let (shapes, poses) = scene_parts(2901);
    let scene = Scene::new(&shapes, &poses).unwrap();
    let pairs = index_pairs(2902, SHAPES, SHAPES);
    let set = Indexed {
        shapes: &shapes,
        poses: &poses,
        pairs: &pairs,
    };
    let c = both_ways(
        "intersects",
        &scene,
        false,
        |s, out| s.intersects(&pairs, out).unwrap(),
        |k| set.want(k, intersects),
    );
    covered("intersects", &c);
    let c = both_ways(
        "distance",
        &scene,
        0.0,
        |s, out| s.distance(&pairs, out).unwrap(),
        |k| set.want(k, distance),
    );
    covered("distance", &c);
    let cp = collision::ClosestPoints::Overlapping;
    let c = both_ways(
        "closest points",
        &scene,
        cp,
        |s, out| s.closest_points(&pairs, out).unwrap(),
        |k| set.want(k, closest_points),
    );
    covered("closest points", &c);
    for margin in [0.0, 0.3, -1.0] {
        let c = both_ways(
            "contact",
            &scene,
            None,
            |s, out| s.contact(&pairs, margin, out).unwrap(),
            |k| set.want(k, |a, pa, b, pb| contact(a, pa, b, pb, margin)),
        );
        // A negative margin is every valid pair's query error, as in the single call.
        if margin < 0.0 {
            assert!(c.query_errors > PAIRS / 2, "{c:?}");
        } else {
            covered("contact", &c);
        }
    }
}

/// The scene's poses, each moved a little: the next frame of a coherent scene.
fn next_frame(poses: &[Isometry3<f64>], seed: u64) -> Vec<Isometry3<f64>> {
    let mut r = rng(seed);
    poses
        .iter()
        .map(|p| {
            let step = Isometry3::new(v3(&mut r, 0.02), v3(&mut r, 0.02));
            step * p
        })
        .collect()
}

/// Three frames of a warm-started query: batch caches (sequential and parallel) and the
/// single calls' caches, compared after every frame; the last frame with a 3-iteration
/// cap, so that runs fail to converge (`failed` tells those results).
fn warm_frames<T: Debug + Clone, E: Debug + Clone>(
    what: &str,
    fill: T,
    failed: impl Fn(&PairResult<T, E>) -> bool,
    batch: impl Fn(&Scene<'_, Shape>, &[[u32; 2]], &GjkConfig, &mut [GjkCache], &mut [PairResult<T, E>]),
    single: impl Fn(
        &Shape,
        &Isometry3<f64>,
        &Shape,
        &Isometry3<f64>,
        &GjkConfig,
        &mut GjkCache,
    ) -> Result<T, E>,
) {
    let (shapes, mut poses) = scene_parts(2911);
    let pairs = index_pairs(2912, SHAPES, SHAPES);
    let mut seq_caches = vec![GjkCache::default(); PAIRS];
    let mut par_caches = seq_caches.clone();
    let mut single_caches = seq_caches.clone();
    let capped = GjkConfig {
        max_iterations: 3,
        ..GjkConfig::default()
    };
    for (frame, config) in [GjkConfig::default(), GjkConfig::default(), capped]
        .iter()
        .enumerate()
    {
        let scene = Scene::new(&shapes, &poses).unwrap();
        let mut seq = vec![Ok(fill.clone()); PAIRS];
        batch(
            &scene.sequential(),
            &pairs,
            config,
            &mut seq_caches,
            &mut seq,
        );
        let mut par = vec![Ok(fill.clone()); PAIRS];
        batch(&scene, &pairs, config, &mut par_caches, &mut par);
        let set = Indexed {
            shapes: &shapes,
            poses: &poses,
            pairs: &pairs,
        };
        let want = set.want_warm(&mut single_caches, |a, pa, b, pb, cache| {
            single(a, pa, b, pb, config, cache)
        });
        let c = check(&format!("{what}, frame {frame}, parallel"), &par, |k| {
            want[k].clone()
        });
        check(&format!("{what}, frame {frame}"), &seq, |k| want[k].clone());
        assert!(
            same(&seq_caches, &single_caches),
            "{what}: sequential caches differ"
        );
        assert!(
            same(&par_caches, &single_caches),
            "{what}: parallel caches differ"
        );
        if frame == 2 {
            let failures = par.iter().filter(|r| failed(r)).count();
            assert!(
                failures > PAIRS / 200,
                "{what}: {failures} runs did not converge"
            );
        } else {
            covered(what, &c);
        }
        poses = next_frame(&poses, 2913 + frame as u64);
    }
    assert!(seq_caches.iter().filter(|c| !c.is_empty()).count() > PAIRS / 3);
}

#[test]
fn warm_started_distances_and_contacts_match_the_single_calls_and_their_caches() {
    warm_frames(
        "distance_with",
        0.0,
        |r| matches!(r, Err(PairError::Query(GjkError::MaxIterations { .. }))),
        |s, pairs, config, caches, out| s.distance_with(pairs, config, caches, out).unwrap(),
        |a, pa, b, pb, config, cache| {
            let options = QueryOptions::default().config(*config).cache(cache);
            distance_with(a, pa, b, pb, options)
        },
    );
    warm_frames(
        "contact_with",
        None::<collision::Contact>,
        |r| matches!(r, Ok(Some(c)) if c.status == ContactStatus::GjkMaxIterations),
        |s, pairs, config, caches, out| {
            let config = ContactConfig {
                gjk: *config,
                ..ContactConfig::default()
            };
            s.contact_with(pairs, 0.1, &config, caches, out).unwrap();
        },
        |a, pa, b, pb, config, cache| {
            let config = ContactConfig {
                gjk: *config,
                ..ContactConfig::default()
            };
            contact_with(
                a,
                pa,
                b,
                pb,
                0.1,
                QueryOptions::default().config(config).cache(&mut *cache),
            )
        },
    );
}

/// Motions for the scene's poses: velocities up to 2, spins up to 3 rad per unit time,
/// centres of mass off the origin.
fn motions(poses: &[Isometry3<f64>], seed: u64) -> Vec<Motion> {
    let mut r = rng(seed);
    poses
        .iter()
        .map(|p| {
            Motion::new(*p, v3(&mut r, 2.0), v3(&mut r, 3.0))
                .with_local_center(Point3::from(v3(&mut r, 0.1)))
        })
        .collect()
}

#[test]
fn times_of_impact_match_the_single_calls_on_10000_pairs() {
    let (shapes, poses) = scene_parts(2921);
    let motions = motions(&poses, 2922);
    let scene = Scene::new(&shapes, &motions).unwrap();
    let pairs = index_pairs(2923, SHAPES, SHAPES);
    let fin = |k: usize| motions[k].is_finite();
    let capped = ToiConfig {
        max_iterations: 3,
        ..ToiConfig::default()
    };
    for config in [ToiConfig::default(), capped] {
        let run = |s: &Scene<'_, Shape, Motion>, out: &mut [PairResult<_, _>]| {
            if config == ToiConfig::default() {
                s.time_of_impact(&pairs, 1.0, out).unwrap();
            } else {
                s.time_of_impact_with(&pairs, 1.0, &config, out).unwrap();
            }
        };
        let mut seq = vec![Ok(None); PAIRS];
        run(&scene.sequential(), &mut seq);
        let mut par = vec![Ok(None); PAIRS];
        run(&scene, &mut par);
        let want = |k: usize| {
            expected(k, pairs[k], (SHAPES, SHAPES), (&fin, &fin), |i, j| {
                time_of_impact_with(
                    &shapes[i],
                    &motions[i],
                    &shapes[j],
                    &motions[j],
                    1.0,
                    QueryOptions::default().config(config),
                )
            })
        };
        let c = check("time of impact (parallel)", &par, want);
        check("time of impact", &seq, want);
        let hits = par.iter().filter(|r| matches!(r, Ok(Some(_)))).count();
        if config == capped {
            assert!(c.query_errors > PAIRS / 100, "{c:?}");
        } else {
            covered("time of impact", &c);
            assert!(hits > PAIRS / 10, "{hits} impacts");
        }
    }
}

#[test]
fn ray_casts_match_the_single_calls_on_10000_pairs() {
    let (shapes, poses) = scene_parts(2931);
    let scene = Scene::new(&shapes, &poses).unwrap();
    let mut r = rng(2932);
    const RAYS: usize = 400;
    let rays: Vec<Ray> = (0..RAYS)
        .map(|k| {
            let origin = Point3::from(v3(&mut r, 3.0));
            let mut dir = v3(&mut r, 0.5) - origin.coords;
            if k % 97 == 5 {
                dir.y = f64::NAN; // the single query's own error
            }
            Ray::new(origin, dir)
        })
        .collect();
    let pairs = index_pairs(2933, SHAPES, RAYS);
    let fin = |k: usize| finite_pose(&poses[k]);
    let any = |_: usize| true;
    for max_toi in [1.0, f64::INFINITY] {
        let c = both_ways(
            "cast_ray",
            &scene,
            None,
            |s, out| s.cast_ray(&rays, &pairs, max_toi, out).unwrap(),
            |k| {
                expected(k, pairs[k], (SHAPES, RAYS), (&fin, &any), |i, j| {
                    cast_ray(&shapes[i], &poses[i], &rays[j], max_toi)
                })
            },
        );
        covered("cast_ray", &c);
        assert!(c.query_errors > 0, "{c:?}");
    }
}

/// `record(i, j)` for each index pair `[i, j]`.
fn by_index<T>(pairs: &[[u32; 2]], record: impl Fn(usize, usize) -> T) -> Vec<T> {
    pairs
        .iter()
        .map(|&[i, j]| record(i as usize, j as usize))
        .collect()
}

#[test]
fn pair_records_match_the_single_calls() {
    let (shapes, poses) = scene_parts(2941);
    // Every index in range: records name their shapes directly.
    let pairs: Vec<[u32; 2]> = index_pairs(2942, SHAPES, SHAPES)
        .into_iter()
        .map(|[i, j]| [i % SHAPES as u32, j % SHAPES as u32])
        .collect();
    let records = by_index(&pairs, |i, j| Pair {
        a: &shapes[i],
        pose_a: poses[i],
        b: &shapes[j],
        pose_b: poses[j],
    });
    let fin = |k: usize| finite_pose(&poses[k]);
    let n = (SHAPES, SHAPES);
    let set = Indexed {
        shapes: &shapes,
        poses: &poses,
        pairs: &pairs,
    };

    let mut out = vec![Ok(false); PAIRS];
    intersects_pairs(&records, &mut out).unwrap();
    check("intersects_pairs", &out, |k| set.want(k, intersects));
    let mut out = vec![Ok(0.0); PAIRS];
    distance_pairs(&records, &mut out).unwrap();
    let c = check("distance_pairs", &out, |k| set.want(k, distance));
    assert!(c.ok > PAIRS / 2 && c.non_finite > PAIRS / 100, "{c:?}");
    let mut out = vec![Ok(collision::ClosestPoints::Overlapping); PAIRS];
    closest_points_pairs(&records, &mut out).unwrap();
    check("closest_points_pairs", &out, |k| {
        set.want(k, closest_points)
    });
    let mut out = vec![Ok(None); PAIRS];
    contact_pairs(&records, 0.2, &mut out).unwrap();
    check("contact_pairs", &out, |k| {
        set.want(k, |a, pa, b, pb| contact(a, pa, b, pb, 0.2))
    });

    let config = GjkConfig::default();
    let mut caches = vec![GjkCache::default(); PAIRS];
    let mut single = caches.clone();
    let mut out = vec![Ok(0.0); PAIRS];
    distance_with_pairs(&records, &config, &mut caches, &mut out).unwrap();
    let want = set.want_warm(&mut single, |a, pa, b, pb, cache| {
        distance_with(
            a,
            pa,
            b,
            pb,
            QueryOptions::default().config(config).cache(cache),
        )
    });
    check("distance_with_pairs", &out, |k| want[k]);
    assert!(same(&caches, &single));

    let config = ContactConfig::default();
    let mut out = vec![Ok(None); PAIRS];
    contact_with_pairs(&records, 0.2, &config, &mut caches, &mut out).unwrap();
    let want = set.want_warm(&mut single, |a, pa, b, pb, cache| {
        let options = QueryOptions::default().config(config).cache(cache);
        contact_with(a, pa, b, pb, 0.2, options)
    });
    check("contact_with_pairs", &out, |k| want[k]);
    assert!(same(&caches, &single));

    let motions = motions(&poses, 2943);
    let moving = by_index(&pairs, |i, j| MovingPair {
        a: &shapes[i],
        motion_a: motions[i],
        b: &shapes[j],
        motion_b: motions[j],
    });
    let config = ToiConfig::default();
    let mut out = vec![Ok(None); PAIRS];
    time_of_impact_pairs(&moving, 1.0, &config, &mut out).unwrap();
    let mfin = |k: usize| motions[k].is_finite();
    check("time_of_impact_pairs", &out, |k| {
        expected(k, pairs[k], n, (&mfin, &mfin), |i, j| {
            time_of_impact_with(
                &shapes[i],
                &motions[i],
                &shapes[j],
                &motions[j],
                1.0,
                QueryOptions::default().config(config),
            )
        })
    });

    let ray = |k: usize| {
        Ray::new(
            Point3::new(3.0, 0.1 * (k % 7) as f64, 0.0),
            Vector3::new(-1.0, 0.0, 0.05),
        )
    };
    let queries: Vec<RayQuery<'_, Shape>> = pairs
        .iter()
        .enumerate()
        .map(|(k, &[i, _])| RayQuery {
            shape: &shapes[i as usize],
            pose: poses[i as usize],
            ray: ray(k),
        })
        .collect();
    let mut out = vec![Ok(None); PAIRS];
    cast_ray_pairs(&queries, 10.0, &mut out).unwrap();
    let any = |_: usize| true;
    check("cast_ray_pairs", &out, |k| {
        expected(k, pairs[k], n, (&fin, &any), |i, _| {
            cast_ray(&shapes[i], &poses[i], &ray(k), 10.0)
        })
    });
}

#[test]
fn a_scene_of_one_concrete_shape_type_matches_the_single_calls() {
    let mut r = rng(2951);
    let hulls: Vec<collision::ConvexHull> = (0..50).map(|_| common::hull(&mut r, 16)).collect();
    let poses: Vec<Isometry3<f64>> = (0..50).map(|_| pose(&mut r, 1.5)).collect();
    let scene = Scene::new(&hulls, &poses).unwrap();
    let pairs: Vec<[u32; 2]> = (0..2000)
        .map(|_| [r.random_range(0..50), r.random_range(0..50)])
        .collect();
    let mut out = vec![Ok(0.0); pairs.len()];
    scene.distance(&pairs, &mut out).unwrap();
    for (k, &[i, j]) in pairs.iter().enumerate() {
        let (i, j) = (i as usize, j as usize);
        let want = distance(&hulls[i], &poses[i], &hulls[j], &poses[j]).map_err(PairError::Query);
        assert!(same(&out[k], &want), "pair {k}");
    }
    let rays = [Ray::new(
        Point3::new(4.0, 0.0, 0.0),
        Vector3::new(-1.0, 0.01, 0.02),
    )];
    let ray_pairs: Vec<[u32; 2]> = (0..50).map(|i| [i, 0]).collect();
    let mut hits = vec![Ok(None); 50];
    scene
        .cast_ray(&rays, &ray_pairs, f64::INFINITY, &mut hits)
        .unwrap();
    for (i, hit) in hits.iter().enumerate() {
        let want =
            cast_ray(&hulls[i], &poses[i], &rays[0], f64::INFINITY).map_err(PairError::Query);
        assert!(same(hit, &want), "hull {i}");
    }
}

#[test]
fn slices_of_the_wrong_length_refuse_the_whole_call_before_anything_runs() {
    let (shapes, poses) = scene_parts(2961);
    assert_eq!(
        Scene::new(&shapes, &poses[1..]).unwrap_err(),
        BatchError::LengthMismatch {
            what: "poses",
            expected: SHAPES,
            got: SHAPES - 1
        }
    );
    let scene = Scene::new(&shapes, &poses).unwrap();
    let pairs = [[0, 1], [2, 3], [4, 5]];
    let sentinel = Err(PairError::Query(collision::GjkError::Degenerate));
    let mut out = vec![sentinel; 2];
    let short = BatchError::LengthMismatch {
        what: "out",
        expected: 3,
        got: 2,
    };
    assert_eq!(scene.distance(&pairs, &mut out), Err(short));
    assert_eq!(
        scene.intersects(&pairs, &mut [Ok(true); 4]),
        Err(BatchError::LengthMismatch {
            what: "out",
            expected: 3,
            got: 4
        })
    );
    assert!(out.iter().all(|o| *o == sentinel), "nothing ran");
    let mut out = vec![sentinel; 3];
    let mut caches = vec![GjkCache::default(); 2];
    assert_eq!(
        scene.distance_with(&pairs, &GjkConfig::default(), &mut caches, &mut out),
        Err(BatchError::LengthMismatch {
            what: "caches",
            expected: 3,
            got: 2
        })
    );
    assert!(out.iter().all(|o| *o == sentinel), "nothing ran");
    let mut hits = vec![Ok(None); 1];
    assert_eq!(
        scene.cast_ray(&[], &pairs, 1.0, &mut hits),
        Err(BatchError::LengthMismatch {
            what: "out",
            expected: 3,
            got: 1
        })
    );
    let records: Vec<Pair<'_, Shape>> = Vec::new();
    assert_eq!(
        distance_pairs(&records, &mut [Ok(0.0); 1]),
        Err(BatchError::LengthMismatch {
            what: "out",
            expected: 0,
            got: 1
        })
    );
    // Empty batches are fine.
    assert_eq!(scene.distance(&[], &mut []), Ok(()));
    let empty: [Shape; 0] = [];
    let none: [Isometry3<f64>; 0] = [];
    assert!(Scene::new(&empty, &none).unwrap().is_empty());
}

#[test]
fn bad_indices_and_poses_are_typed_errors_of_their_pair_only() {
    let (shapes, mut poses) = scene_parts(2971);
    poses[0] = Isometry3::identity();
    poses[1] = Isometry3::translation(f64::NAN, 0.0, 0.0);
    poses[2] = Isometry3::translation(3.0, 0.0, 0.0);
    let scene = Scene::new(&shapes, &poses).unwrap();
    let len = SHAPES as u32;
    let pairs = [
        [0, 2],
        [len, 2],
        [0, len + 1],
        [1, 2],
        [2, 1],
        [len, 1],
        [1, len],
        [2, 0],
    ];
    let mut out = vec![Ok(0.0); pairs.len()];
    scene.distance(&pairs, &mut out).unwrap();
    let oor = |pair, side, index| {
        Err(PairError::IndexOutOfRange {
            pair,
            side,
            index,
            len: SHAPES,
        })
    };
    let nf = |pair, side| Err(PairError::NonFinitePose { pair, side });
    assert!(out[0].is_ok() && out[7].is_ok());
    assert_eq!(out[1], oor(1, Side::A, len));
    assert_eq!(out[2], oor(2, Side::B, len + 1));
    assert_eq!(out[3], nf(3, Side::A));
    assert_eq!(out[4], nf(4, Side::B));
    // Indices are checked before poses.
    assert_eq!(out[5], oor(5, Side::A, len));
    assert_eq!(out[6], oor(6, Side::B, len));
    let text = out[3].unwrap_err().to_string();
    assert!(
        text.contains("pair 3") && text.contains("not finite"),
        "{text}"
    );
    // A ray index out of range is side B, with the rays' length.
    let rays = [Ray::new(
        Point3::new(5.0, 0.0, 0.0),
        Vector3::new(-1.0, 0.0, 0.0),
    )];
    let mut hits = vec![Ok(None); 3];
    scene
        .cast_ray(&rays, &[[0, 0], [0, 1], [1, 0]], 10.0, &mut hits)
        .unwrap();
    assert!(matches!(hits[0], Ok(Some(_))));
    assert_eq!(
        hits[1],
        Err(PairError::IndexOutOfRange {
            pair: 1,
            side: Side::B,
            index: 1,
            len: 1
        })
    );
    assert_eq!(
        hits[2],
        Err(PairError::NonFinitePose {
            pair: 2,
            side: Side::A
        })
    );
}

/// Every result as its `Debug` text, which tells all bits apart (see [`same`]).
#[cfg(feature = "parallel")]
fn result_bits<T: Debug, E: Debug>(results: &[PairResult<T, E>]) -> Vec<String> {
    results.iter().map(|r| format!("{r:?}")).collect()
}

#[cfg(feature = "parallel")]
#[test]
fn one_and_two_threads_give_the_same_bytes() {
    let (shapes, poses) = scene_parts(2981);
    let scene = Scene::new(&shapes, &poses).unwrap();
    let pairs = index_pairs(2982, SHAPES, SHAPES);
    let mut runs = Vec::new();
    for threads in [1, 2, 1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let (mut d, mut c) = (vec![Ok(0.0); PAIRS], vec![Ok(None); PAIRS]);
        pool.install(|| {
            assert_eq!(rayon::current_num_threads(), threads);
            scene.distance(&pairs, &mut d).unwrap();
            scene.contact(&pairs, 0.1, &mut c).unwrap();
        });
        let bits: Vec<u64> = d
            .iter()
            .map(|r| r.as_ref().map_or(u64::MAX, |x| x.to_bits()))
            .collect();
        runs.push((bits, result_bits(&c)));
    }
    for run in &runs[1..] {
        assert!(
            run.0 == runs[0].0,
            "distance bits differ between thread counts"
        );
        assert!(run.1 == runs[0].1, "contacts differ between thread counts");
    }
}

/// Batches of 65 to 1,100 pairs (past the 64 that stay on the calling thread, cut into
/// chunks of 16 to 64 pairs that do not divide them) on pools of 1, 2 and 3 threads, from
/// inside the pool and from outside it: the parallel answers are the sequential ones bit
/// for bit, the warm-started ones too (each pair keeps its own cache, whoever runs it).
#[cfg(feature = "parallel")]
#[test]
fn small_parallel_batches_give_the_sequential_bytes() {
    let (shapes, poses) = scene_parts(2991);
    let scene = Scene::new(&shapes, &poses).unwrap();
    let all = index_pairs(2992, SHAPES, SHAPES);
    let config = ContactConfig::default();
    for len in [65, 100, 129, 257, 400, 777, 1_100] {
        let pairs = &all[..len];
        let mut seq = vec![Ok(0.0); len];
        scene.sequential().distance(pairs, &mut seq).unwrap();
        let mut seq_caches = vec![GjkCache::default(); len];
        let mut seq_warm = vec![Ok(None); len];
        for _ in 0..2 {
            scene
                .sequential()
                .contact_with(pairs, 0.1, &config, &mut seq_caches, &mut seq_warm)
                .unwrap();
        }
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut inside = vec![Ok(0.0); len];
            let mut caches = vec![GjkCache::default(); len];
            let mut warm = vec![Ok(None); len];
            pool.install(|| {
                scene.distance(pairs, &mut inside).unwrap();
                for _ in 0..2 {
                    scene
                        .contact_with(pairs, 0.1, &config, &mut caches, &mut warm)
                        .unwrap();
                }
            });
            let mut outside = vec![Ok(0.0); len];
            scene.distance(pairs, &mut outside).unwrap();
            let what = format!("{len} pairs, {threads} thread(s)");
            assert_eq!(result_bits(&inside), result_bits(&seq), "distance, {what}");
            assert_eq!(
                result_bits(&outside),
                result_bits(&seq),
                "distance, {what}, outside"
            );
            assert_eq!(
                result_bits(&warm),
                result_bits(&seq_warm),
                "warm contact, {what}"
            );
        }
    }
}
