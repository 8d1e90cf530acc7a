//! The observed ray cast: it takes `cast_ray`'s path (a closed form for balls, boxes,
//! capsules, cylinders, cones and hulls of few faces, reported as one shortcut; the GJK
//! ray cast for other shapes, reported step by step) and answers the same bit for bit; the recorded GJK
//! ray-cast steps tell the true story of the cast (advances only forward, end where the
//! hit is, every support point is a support point).

use test_support::contact as contact_common;

use collision::QueryOptions;
use collision::observer::{RayShape, Shortcut};
use collision::ray::{CLIP_MAX_FACES, RayCast, RayStepRecord, cast_ray_gjk};
use collision::shape::WholeShape;
use collision::{
    Ball, ConvexHull, Cuboid, Ray, RayHit, Rounded, Shape, SupportMap, Trace, cast_ray,
    cast_ray_with,
};
use contact_common::{closed_form_shape, hull, rng, rotation, unit, v3};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use rand::RngExt;

/// The shape kinds: 0 to 5 have closed forms (5 a hull of few faces, clipped by its
/// planes), 6 and 7 take the GJK ray cast (a hull of more than [`CLIP_MAX_FACES`] faces, a
/// rounded hull).
const KINDS: usize = 8;

fn shape_of(kind: usize, r: &mut rand_chacha::ChaCha8Rng) -> Shape {
    let d = v3(r, 1.5).abs() + Vector3::repeat(0.1);
    match kind {
        0..=4 => closed_form_shape(kind, &d),
        5 => hull(r, 24).into(),
        6 => {
            // Every point of a sphere is a vertex: 2 · 100 − 4 triangles.
            let points: Vec<Point3<f64>> = (0..100).map(|_| Point3::from(unit(r) * d.x)).collect();
            let many = ConvexHull::new(&points).unwrap();
            assert!(many.hull().unwrap().face_count() > CLIP_MAX_FACES);
            many.into()
        }
        _ => Rounded::new(Shape::from(hull(r, 12)), d.z * 0.3)
            .unwrap()
            .into(),
    }
}

/// Checks the recorded steps of one hit or miss against the answer and the shape.
fn check_steps(shape: &Shape, steps: &[&RayStepRecord], ray: &Ray, toi: Option<f64>, what: &str) {
    // Only a ray that starts inside (or on) the shape ends before its first step.
    assert!(
        !steps.is_empty() || toi == Some(0.0),
        "{what}: no step recorded"
    );
    let core = collision::shape::CoreOf(shape);
    let mut lambda = 0.0;
    for (k, s) in steps.iter().enumerate() {
        assert_eq!(s.iteration as usize, k + 1, "{what}: iterations count up");
        // Each step starts where the last one left the ray, and only advances.
        assert_eq!(s.lambda, lambda, "{what}: step {} starts elsewhere", k + 1);
        assert!(
            s.advanced >= s.lambda,
            "{what}: λ went back at step {}",
            k + 1
        );
        lambda = s.advanced;
        // The ray point is the ray at λ, in the shape's frame.
        let world = s.pose * s.point;
        assert!(
            (world - ray.point_at(s.lambda)).norm() <= 1e-9 * (1.0 + ray.origin.coords.norm()),
            "{what}: step {} point off the ray",
            k + 1
        );
        // The support point is a support point of the core along v: the one a scan
        // finds, or one that ties with it (a hill climb, run from the cast's hint, can
        // stop at another vertex of a face that v is normal to).
        let best = core.support(&s.v);
        let gap = s.v.dot(&(best - s.support));
        assert!(
            s.support == best || gap <= 1e-12 * s.v.norm() * best.coords.norm(),
            "{what}: step {}: {:?} is {gap:e} below {best:?}",
            k + 1,
            s.support
        );
        // v is the ray point minus the weighted simplex.
        assert_eq!(s.simplex.len(), s.weights.len());
        if !s.simplex.is_empty() {
            let sum: f64 = s.weights.iter().sum();
            assert!((sum - 1.0).abs() <= 1e-12, "{what}: weights sum {sum}");
            let c = s
                .simplex
                .iter()
                .zip(&s.weights)
                .fold(Vector3::zeros(), |c, (p, w)| c + p.coords * *w);
            let v: Vector3<f64> = s.point - Point3::from(c);
            assert!(
                (v - s.v).norm() <= 1e-9 * (1.0 + s.point.coords.norm()),
                "{what}: step {} v {:?} vs {:?}",
                k + 1,
                s.v,
                v
            );
        }
        assert!(s.normal.is_none_or(|n| (n.norm() - 1.0).abs() < 1e-12));
    }
    if let (Some(toi), Some(last)) = (toi, steps.last()) {
        // The cast ends where its last step left the ray.
        assert_eq!(last.advanced, toi, "{what}: final λ");
    }
}

/// Thousands of seeded rays on eight shape kinds: with a `Trace` and with `()`, the
/// answer is `cast_ray`'s bit for bit; closed-form shapes record one shortcut, the others
/// GJK ray-cast steps that obey the cast's invariants.
#[test]
fn recorded_casts_match_the_unrecorded_ones() {
    let mut r = rng(301);
    let (mut hits, mut misses, mut inside) = (0, 0, 0);
    for case in 0..4800 {
        let kind = case % KINDS;
        let shape = shape_of(kind, &mut r);
        let c = v3(&mut r, 3.0);
        let pose = Isometry3::from_parts(Translation3::from(c), rotation(&mut r));
        let origin = Point3::from(c + unit(&mut r) * r.random_range(0.0..6.0));
        let target = Point3::from(c + v3(&mut r, 1.2));
        let ray = Ray::new(origin, (target - origin) * r.random_range(0.5..2.0));
        let max_toi = r.random_range(1.0..5.0);
        let what = format!("kind {kind} case {case}");
        let plain = cast_ray(&shape, &pose, &ray, max_toi).unwrap();
        assert_eq!(
            cast_ray_with(&shape, &pose, &ray, max_toi, QueryOptions::default()).unwrap(),
            plain,
            "{what}"
        );
        let mut trace = Trace::new();
        let seen = cast_ray_with(
            &shape,
            &pose,
            &ray,
            max_toi,
            QueryOptions::default().observer(&mut trace),
        )
        .unwrap();
        assert_eq!(seen, plain, "{what}");
        let steps: Vec<&RayStepRecord> = trace.ray_steps().collect();
        if kind <= 5 {
            // A closed form: one shortcut with the answer, no steps.
            assert_eq!(trace.events.len(), 1, "{what}");
            let Some(Shortcut::Ray(k)) = trace.shortcuts().next() else {
                panic!("{what}: {:?}", trace.events);
            };
            assert_eq!(k.toi, plain.map(|h| h.toi), "{what}");
            assert_eq!(k.shape == RayShape::ConvexHull, kind == 5, "{what}");
        } else {
            assert_eq!(steps.len(), trace.events.len(), "{what}: only ray steps");
            assert_eq!(seen, cast_ray_gjk(&shape, &pose, &ray, max_toi).unwrap());
        }
        match seen {
            Some(s) if s.toi == 0.0 => inside += 1,
            Some(_) => hits += 1,
            None => misses += 1,
        }
        if kind > 5 {
            check_steps(&shape, &steps, &ray, seen.map(|s| s.toi), &what);
        }
    }
    // 1,888 hits, 2,287 misses and 625 inside starts when written.
    assert!(
        hits > 1600 && misses > 1900 && inside > 500,
        "{hits} {misses} {inside}"
    );
}

/// `shape` at `pose` cast by `ray` (up to 10) with a `Trace`: the answer and the trace.
fn traced<S: RayCast>(shape: &S, pose: &Isometry3<f64>, ray: &Ray) -> (Option<RayHit>, Trace) {
    let mut trace = Trace::new();
    let options = QueryOptions::default().observer(&mut trace);
    let hit = cast_ray_with(shape, pose, ray, 10.0, options).unwrap();
    (hit, trace)
}

/// A ray straight at a unit cube's face, the cube given as a hull behind `WholeShape` (so
/// that the GJK ray cast runs): the recorded steps end on the face, at the closed-form
/// parameter, with the face normal. The same cube as a box is answered by its closed
/// form, and as a hull by its planes.
#[test]
fn a_ray_at_a_cube_face_is_recorded_to_the_closed_form() {
    let corners: Vec<Point3<f64>> = (0..8)
        .map(|k| {
            let s = |bit: i32| if k & bit != 0 { 1.0 } else { -1.0 };
            Point3::new(s(1), s(2), s(4))
        })
        .collect();
    let cube = WholeShape(ConvexHull::new(&corners).unwrap());
    let pose = Isometry3::translation(5.0, 0.0, 0.0);
    let ray = Ray::new(Point3::new(0.0, 0.2, -0.3), Vector3::new(2.0, 0.0, 0.0));
    let (hit, trace) = traced(&cube, &pose, &ray);
    let hit = hit.unwrap();
    // x = 4 at t = 2 (the ray moves 2 per unit of t).
    assert!((hit.toi - 2.0).abs() <= 1e-12, "{hit:?}");
    assert!((hit.normal + Vector3::x()).norm() <= 1e-12);
    let steps: Vec<_> = trace.ray_steps().collect();
    assert!(steps.len() >= 2, "{} steps", steps.len());
    let last = steps.last().unwrap();
    assert_eq!(last.advanced, hit.toi);
    assert!((last.normal.unwrap() + Vector3::x()).norm() <= 1e-12);
    // Every support point is a corner of the cube.
    for s in &steps {
        assert!(s.support.iter().all(|c| c.abs() == 1.0), "{:?}", s.support);
    }
    // The hull itself is clipped by its six face planes: x = 4 exactly.
    let (clipped, trace) = traced(&cube.0, &pose, &ray);
    let clipped = clipped.unwrap();
    assert_eq!((clipped.toi, clipped.normal), (2.0, -Vector3::x()));
    let Some(Shortcut::Ray(k)) = trace.shortcuts().next() else {
        panic!("{:?}", trace.events);
    };
    assert_eq!(k.shape, RayShape::ConvexHull);
    let boxed = Cuboid::new(Vector3::repeat(1.0)).unwrap();
    let (closed, trace) = traced(&boxed, &pose, &ray);
    assert_eq!(closed, cast_ray(&boxed, &pose, &ray, 10.0).unwrap());
    assert!((closed.unwrap().toi - 2.0).abs() <= 1e-12);
    assert!(matches!(trace.shortcuts().next(), Some(Shortcut::Ray(_))));
    let ball = Ball::new(0.5).unwrap();
    let (miss, trace) = traced(&ball, &pose, &Ray::new(Point3::origin(), -Vector3::x()));
    assert!(miss.is_none());
    let Some(Shortcut::Ray(k)) = trace.shortcuts().next() else {
        panic!("{:?}", trace.events);
    };
    assert_eq!((k.toi, k.normal), (None, None));
}
