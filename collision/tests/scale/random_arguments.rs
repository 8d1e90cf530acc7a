//! Seeded random arguments to every query, in Rust: shapes of every kind (rounded and
//! transformed ones too) from subnormal to `f64::MAX` in size, poses with special values
//! (NaN, ±∞, huge offsets, non-unit quaternions), margins, rays and motions. Each call
//! returns `Ok` with no NaN anywhere in its answer, or an error; none panics or
//! overflows the stack. (A contact of shapes near 1e300 once looped in EPA until the
//! stack overflowed, and AABBs of turned shapes near `f64::MAX` came out NaN; the Python
//! package's and the C ABI's random-argument tests found them.)

use collision::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Motion, Point, Ray, Segment, Shape,
    SupportMap, Transformed, Triangle, cast_ray, cast_ray_toi, closest_points, contact, distance,
    intersects, time_of_impact,
};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SPECIAL: [f64; 14] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    5e-324,
    1e-300,
    1e-60,
    1e60,
    1e300,
    f64::MAX,
    -f64::MAX,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
];

/// A number: often special, else moderate, sometimes of any magnitude.
fn number(rng: &mut ChaCha8Rng) -> f64 {
    let r: f64 = rng.random();
    if r < 0.3 {
        return SPECIAL[rng.random_range(0..SPECIAL.len())];
    }
    let x = rng.random_range(-3.0..3.0);
    if r < 0.8 {
        x
    } else {
        x * 10f64.powf(rng.random_range(-300.0..300.0))
    }
}

fn vector(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    Vector3::new(number(rng), number(rng), number(rng))
}

/// A unit quaternion and an offset, one entry of them sometimes special.
fn pose(rng: &mut ChaCha8Rng) -> Isometry3<f64> {
    let mut q = Quaternion::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    )
    .normalize();
    let mut t = Vector3::from_fn(|_, _| rng.random_range(-5.0..5.0));
    if rng.random_bool(0.4) {
        let k = rng.random_range(0..7);
        if k < 4 {
            q.coords[k] = number(rng);
        } else {
            t[k - 4] = number(rng);
        }
    }
    Isometry3::from_parts(Translation3::from(t), UnitQuaternion::new_unchecked(q))
}

/// A shape of a random kind and size, or `None` when its constructor refused.
fn shape(rng: &mut ChaCha8Rng, depth: u32) -> Option<Shape> {
    let p = |rng: &mut ChaCha8Rng| Point3::from(vector(rng));
    Some(match rng.random_range(0..10) {
        0 => Ball::new(number(rng)).ok()?.into(),
        1 => Cuboid::new(vector(rng)).ok()?.into(),
        2 => Capsule::new(number(rng), number(rng)).ok()?.into(),
        3 => Cylinder::new(number(rng), number(rng)).ok()?.into(),
        4 => Cone::new(number(rng), number(rng)).ok()?.into(),
        5 => Segment::new(p(rng), p(rng)).ok()?.into(),
        6 => Triangle::new(p(rng), p(rng), p(rng)).ok()?.into(),
        7 => Point::new(p(rng)).ok()?.into(),
        8 => {
            let scale = 10f64.powf(rng.random_range(-300.0..300.0));
            let n = rng.random_range(1..13);
            let points: Vec<Point3<f64>> = (0..n)
                .map(|_| Point3::from(Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0)) * scale))
                .collect();
            ConvexHull::new(&points).ok()?.into()
        }
        9 if depth < 3 && rng.random_bool(0.5) => {
            let inner = shape(rng, depth + 1)?;
            Transformed::new(inner, pose(rng)).ok()?.into()
        }
        _ if depth < 3 => shape(rng, depth + 1)?.rounded(number(rng)).ok()?,
        _ => return None,
    })
}

/// Whether an answer's debug text shows a NaN (every `f64` field prints).
fn shows_nan<T: std::fmt::Debug>(answer: &T) -> bool {
    format!("{answer:?}").contains("NaN")
}

#[test]
fn random_arguments_answer_without_nan_or_return_errors() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut answered = 0;
    for case in 0..50_000 {
        let (Some(a), Some(b)) = (shape(&mut rng, 0), shape(&mut rng, 0)) else {
            continue;
        };
        let (pa, pb) = (pose(&mut rng), pose(&mut rng));
        let ray = Ray::new(Point3::from(vector(&mut rng)), vector(&mut rng));
        let max_toi = number(&mut rng);
        let motion_a = Motion::new(pa, Vector3::zeros(), vector(&mut rng));
        let motion_b = Motion::new(pb, vector(&mut rng), Vector3::zeros());
        let t_max = number(&mut rng);
        let margin = number(&mut rng);
        let answers = [
            intersects(&a, &pa, &b, &pb).ok().map(|x| format!("{x:?}")),
            distance(&a, &pa, &b, &pb).ok().map(|x| format!("{x:?}")),
            closest_points(&a, &pa, &b, &pb)
                .ok()
                .map(|x| format!("{x:?}")),
            contact(&a, &pa, &b, &pb, margin)
                .ok()
                .map(|x| format!("{x:?}")),
            cast_ray(&a, &pa, &ray, max_toi)
                .ok()
                .map(|x| format!("{x:?}")),
            cast_ray_toi(&a, &pa, &ray, max_toi)
                .ok()
                .map(|x| format!("{x:?}")),
            time_of_impact(&a, &motion_a, &b, &motion_b, t_max)
                .ok()
                .map(|x| format!("{x:?}")),
            Some(format!("{:?}", a.aabb(&pa))),
        ];
        for answer in answers.iter().flatten() {
            assert!(
                !shows_nan(answer),
                "case {case}: {a:?} at {pa:?}, {b:?} at {pb:?}: {answer}"
            );
            answered += 1;
        }
    }
    assert!(answered > 30_000, "{answered}");
}
