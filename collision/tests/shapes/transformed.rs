//! Transforms of transformed shapes: one level with the composed pose, against brute force.

use collision::{ConvexHull, Shape, SupportMap, Transformed};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_pose(rng: &mut ChaCha8Rng) -> Isometry3<f64> {
    let v = |rng: &mut ChaCha8Rng, r: f64| Vector3::from_fn(|_, _| rng.random_range(-r..r));
    Isometry3::new(v(rng, 5.0), v(rng, 3.0))
}

/// How many transforms deep `shape` is.
fn depth(shape: &Shape) -> usize {
    match shape {
        Shape::Transformed(t) => 1 + depth(t.shape()),
        _ => 0,
    }
}

/// 500 seeded hulls under two to five nested transforms, each made through `From`: one
/// level, whose support function equals the brute-force maximum of `d · p` over the
/// hull's points moved by every pose in turn (to `1e-12` of the size).
#[test]
fn nested_transforms_become_one_with_the_composed_pose() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    for case in 0..500 {
        let points: Vec<Point3<f64>> = (0..12)
            .map(|_| Point3::from(Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0))))
            .collect();
        let mut shape = Shape::from(ConvexHull::new(&points).unwrap());
        let mut moved = points.clone();
        for _ in 0..rng.random_range(2..6) {
            let pose = random_pose(&mut rng);
            shape = Transformed::new(shape, pose).unwrap().into();
            moved.iter_mut().for_each(|p| *p = pose * *p);
        }
        assert_eq!(depth(&shape), 1, "case {case}");
        for _ in 0..20 {
            let d = Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            let brute = moved
                .iter()
                .map(|p| d.dot(&p.coords))
                .fold(f64::MIN, f64::max);
            let ours = d.dot(&shape.support(&d).coords);
            assert!(
                (ours - brute).abs() <= 1e-12 * 20.0,
                "case {case}: {ours} {brute}"
            );
        }
    }
}

/// A chain of a million unit translations built in a loop is one transform, moved by
/// exactly a million, and drops without walking a million boxes.
#[test]
fn a_long_chain_of_transforms_stays_one_level() {
    let mut shape = Shape::from(collision::Ball::new(1.0).unwrap());
    for _ in 0..1_000_000 {
        shape = Transformed::new(shape, Isometry3::translation(1.0, 0.0, 0.0))
            .unwrap()
            .into();
    }
    assert_eq!(depth(&shape), 1);
    let x = Vector3::x();
    assert_eq!(shape.support(&x), Point3::new(1_000_001.0, 0.0, 0.0));
}

/// Where the composed pose overflows, the transforms stay nested (each transform's pose
/// must be finite), and the support point is the two poses applied in turn: beyond
/// `f64`, not NaN.
#[test]
fn an_overflowing_composition_keeps_the_nesting() {
    let big = Isometry3::translation(1e308, 0.0, 0.0);
    let inner = Transformed::new(Shape::from(collision::Ball::new(1.0).unwrap()), big).unwrap();
    let shape = Shape::from(Transformed::new(Shape::from(inner), big).unwrap());
    assert_eq!(depth(&shape), 2);
    let p = shape.support(&Vector3::x());
    assert_eq!(p, Point3::new(f64::INFINITY, 0.0, 0.0));
}
