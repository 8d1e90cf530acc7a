//! The warm-start cache remembers which shapes filled it: a cache reused for another pair
//! of shapes (or the same pair swapped) starts cold, so it can never make GJK answer from
//! points that are not on the shapes.

use test_support::gjk as common;

use collision::QueryOptions;
use collision::gjk::{GjkCache, GjkConfig, GjkOutput, GjkStatus, gjk};
use collision::{
    Ball, Capsule, ConvexHull, Cuboid, Cylinder, FastPaths, Rounded, Shape, SupportMap, Triangle,
};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use rand::RngExt;

fn cube_hull(half: f64) -> ConvexHull {
    let corners: Vec<Point3<f64>> = (0..8)
        .map(|i| {
            let s = |bit: u32| if i & bit == 0 { half } else { -half };
            Point3::new(s(1), s(2), s(4))
        })
        .collect();
    ConvexHull::new(&corners).unwrap()
}

fn run(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
    c: &mut GjkCache,
) -> GjkOutput {
    gjk(a, pa, b, pb, QueryOptions::default().cache(&mut *c))
}

/// Two big overlapping cubes leave a tetrahedron around the origin in the cache. Used
/// for two small cubes 5 apart, those points would make GJK report an overlap at once;
/// the cache must instead start cold and give the cold answer.
#[test]
fn a_cache_from_other_shapes_starts_cold() {
    let (big, small) = (Shape::from(cube_hull(2.0)), Shape::from(cube_hull(0.5)));
    let id = Isometry3::identity();
    let mut cache = GjkCache::default();
    let first = run(
        &big,
        &id,
        &big,
        &Isometry3::translation(0.5, 0.2, 0.1),
        &mut cache,
    );
    assert_eq!(first.status, GjkStatus::Overlapping);
    assert_eq!(cache.len(), 4);
    let far = Isometry3::translation(6.0, 0.0, 0.0);
    let reused = run(&small, &id, &small, &far, &mut cache);
    let cold = run(&small, &id, &small, &far, &mut GjkCache::default());
    assert_eq!(reused, cold);
    assert_eq!(reused.status, GjkStatus::Converged);
    assert!((reused.distance - 5.0).abs() < 1e-12);
}

/// One cache shared by a stream of queries that hops between pairs of all kinds (and
/// swaps A and B): every answer equals the cold answer, exactly when the pair changed and
/// to rounding when the cache was warm.
#[test]
fn a_shared_cache_always_gives_the_cold_answer() {
    let mut rng = common::rng(17);
    let shapes: Vec<Shape> = vec![
        Shape::from(common::hull(&mut rng, 20)),
        Shape::from(common::hull(&mut rng, 300)),
        Shape::from(cube_hull(0.7)),
        Shape::from(Cuboid::new(Vector3::new(0.7, 0.7, 0.7)).unwrap()),
        Shape::from(Ball::new(0.6).unwrap()),
        Shape::from(Capsule::new(0.5, 0.3).unwrap()),
        Shape::from(Cylinder::new(0.5, 0.4).unwrap()),
        Shape::from(Rounded::new(Shape::from(cube_hull(0.5)), 0.1).unwrap()),
        Shape::from(
            Triangle::new(
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 0.0, 0.0),
                Point3::new(0.0, 1.0, 0.0),
            )
            .unwrap(),
        ),
    ];
    let mut cache = GjkCache::default();
    let (mut changed, mut kept) = (0, 0);
    let mut previous = (usize::MAX, usize::MAX);
    for step in 0..4_000 {
        // Mostly keep the pair (the cache's purpose), sometimes hop to another one.
        let (i, j) = if step == 0 || rng.random_range(0..3) == 0 {
            (
                rng.random_range(0..shapes.len()),
                rng.random_range(0..shapes.len()),
            )
        } else {
            previous
        };
        let pa = Isometry3::from_parts(
            Translation3::from(common::v3(&mut rng, 1.0)),
            common::rotation(&mut rng),
        );
        let pb = Isometry3::from_parts(
            Translation3::from(common::v3(&mut rng, 1.0)),
            common::rotation(&mut rng),
        );
        let (a, b) = (&shapes[i], &shapes[j]);
        let warm = run(a, &pa, b, &pb, &mut cache);
        let cold = run(a, &pa, b, &pb, &mut GjkCache::default());
        let same_shapes = a.fingerprint() == shapes[previous.0.min(shapes.len() - 1)].fingerprint()
            && b.fingerprint() == shapes[previous.1.min(shapes.len() - 1)].fingerprint();
        if step > 0 && !same_shapes {
            changed += 1;
            assert_eq!(
                warm, cold,
                "step {step}: pair ({i}, {j}) after {previous:?}"
            );
        } else {
            kept += 1;
            assert_eq!(warm.status, cold.status, "step {step}");
            let tol = 1e-9 * cold.distance.max(1e-3);
            assert!(
                (warm.distance - cold.distance).abs() <= tol,
                "step {step}: warm {} vs cold {}",
                warm.distance,
                cold.distance
            );
        }
        previous = (i, j);
    }
    assert!(
        changed > 1_000 && kept > 1_000,
        "{changed} changed, {kept} kept"
    );
}

/// Fingerprints tell shapes apart by kind and by every dimension, and agree for equal
/// shapes, however they are wrapped.
#[test]
fn fingerprints_separate_shapes_and_agree_on_equal_ones() {
    let fp = |s: &dyn Fn() -> Shape| s().fingerprint();
    let all = [
        fp(&|| Shape::from(Ball::new(0.5).unwrap())),
        fp(&|| Shape::from(Ball::new(0.5000000000000001).unwrap())),
        fp(&|| Shape::from(Capsule::new(0.5, 0.3).unwrap())),
        fp(&|| Shape::from(Capsule::new(0.3, 0.5).unwrap())),
        fp(&|| Shape::from(Cylinder::new(0.5, 0.3).unwrap())),
        fp(&|| Shape::from(Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap())),
        fp(&|| Shape::from(Cuboid::new(Vector3::new(1.0, 3.0, 2.0)).unwrap())),
        fp(&|| Shape::from(cube_hull(1.0))),
        fp(&|| Shape::from(cube_hull(1.5))),
        fp(&|| Shape::from(Rounded::new(Shape::from(cube_hull(1.0)), 0.1).unwrap())),
        fp(&|| Shape::from(Rounded::new(Shape::from(cube_hull(1.0)), 0.2).unwrap())),
    ];
    for (x, a) in all.iter().enumerate() {
        for b in &all[x + 1..] {
            assert_ne!(a, b);
        }
    }
    let hull = cube_hull(1.0);
    assert_eq!(hull.fingerprint(), cube_hull(1.0).fingerprint());
    assert_eq!(hull.fingerprint(), Shape::from(hull.clone()).fingerprint());
    assert_eq!(hull.fingerprint(), FastPaths::fingerprint(&&hull));
    assert_eq!(hull.fingerprint(), Box::new(hull.clone()).fingerprint());
}

/// A shape from outside the crate, with only a support function: an axis-aligned box
/// given by its half extents, taking every fast path's default.
struct UserBox(Vector3<f64>);

impl FastPaths for UserBox {}

impl SupportMap for UserBox {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let h = self.0;
        Point3::new(
            h.x.copysign(dir.x),
            h.y.copysign(dir.y),
            h.z.copysign(dir.z),
        )
    }
}

/// Shapes that keep the default fingerprint (`None`) are never warm-started: a cache
/// filled on two big overlapping boxes of the crate is not taken for two small user
/// boxes 5 apart (taken, it reported them overlapping), and runs on user boxes leave
/// the cache cold, whichever pair they are.
#[test]
fn user_shapes_without_a_fingerprint_are_never_warm_started() {
    let (big, small) = (UserBox(Vector3::repeat(2.0)), UserBox(Vector3::repeat(0.5)));
    assert_eq!(big.fingerprint(), None);
    assert_eq!(FastPaths::fingerprint(&&small), None);
    let cube = Cuboid::new(Vector3::repeat(2.0)).unwrap();
    let id = Isometry3::identity();
    let near = Isometry3::translation(0.5, 0.2, 0.1);
    let far = Isometry3::translation(6.0, 0.0, 0.0);
    let config = GjkConfig::default();
    let mut cache = GjkCache::default();
    let options = || QueryOptions::default().config(config);
    let first = gjk(&cube, &id, &cube, &near, options().cache(&mut cache));
    assert_eq!(first.status, GjkStatus::Overlapping);
    assert!(!cache.is_empty());
    let reused = gjk(&small, &id, &small, &far, options().cache(&mut cache));
    let cold = gjk(&small, &id, &small, &far, options());
    assert_eq!(reused, cold);
    assert!((reused.distance - 5.0).abs() < 1e-12, "{reused:?}");
    assert!(cache.is_empty());
    // A user box against a box of the crate: still cold, and the cache stays so.
    let mixed = gjk(&small, &id, &cube, &far, options().cache(&mut cache));
    assert_eq!(mixed, gjk(&small, &id, &cube, &far, options()));
    assert!(cache.is_empty());
    let first = gjk(&big, &id, &big, &near, options().cache(&mut cache));
    assert_eq!(first.status, GjkStatus::Overlapping);
    assert!(cache.is_empty());
}

/// `distance_with` gives `distance`'s answer, to the tolerance, on 600 pairs of every
/// shape kind over 4 frames of new random poses, warm-started from the last frame's cache;
/// with a cap of 2 iterations a run that stops early is an error whose bounds bracket the
/// distance, never a distance.
#[test]
fn distance_with_agrees_with_distance_cold_and_warm() {
    use collision::{GjkError, Shape, distance, distance_with};
    let mut r = common::rng(2997);
    let pairs: Vec<(Shape, Shape)> = (0..600)
        .map(|k| {
            (
                common::shape_of_kind(&mut r, k),
                common::shape_of_kind(&mut r, k / 11),
            )
        })
        .collect();
    let mut caches = vec![GjkCache::default(); pairs.len()];
    let config = GjkConfig::default();
    let (mut warm, mut capped) = (0, 0);
    for frame in 0..4 {
        let mut f = common::rng(3000 + frame);
        for ((a, b), cache) in pairs.iter().zip(&mut caches) {
            let (pa, pb) = (common::pose(&mut f, 1.5), common::pose(&mut f, 1.5));
            let want = distance(a, &pa, b, &pb).unwrap();
            warm += usize::from(!cache.is_empty());
            let got = distance_with(
                a,
                &pa,
                b,
                &pb,
                QueryOptions::default().config(config).cache(&mut *cache),
            )
            .unwrap();
            assert!((got - want).abs() <= 1e-9 * (1.0 + want), "{got} vs {want}");
            let mut cold = GjkCache::default();
            let two = GjkConfig {
                max_iterations: 2,
                ..config
            };
            match distance_with(
                a,
                &pa,
                b,
                &pb,
                QueryOptions::default().config(two).cache(&mut cold),
            ) {
                Ok(d) => assert!((d - want).abs() <= 1e-9 * (1.0 + want), "{d} vs {want}"),
                Err(GjkError::MaxIterations {
                    lower_bound,
                    upper_bound,
                    ..
                }) => {
                    capped += 1;
                    assert!(lower_bound <= want + 1e-9 && want <= upper_bound + 1e-9);
                }
                Err(e) => panic!("{e}"),
            }
        }
    }
    assert!(warm > 1000 && capped > 100, "{warm} warm, {capped} capped");
}
