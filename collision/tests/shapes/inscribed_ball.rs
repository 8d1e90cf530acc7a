//! Inscribed balls (`FastPaths::inscribed_ball`): each lies inside its shape and is as
//! large as its closed form says (a point, of radius zero, for shapes without volume),
//! and the free functions' early "overlapping" answer from them agrees with full GJK runs
//! and with parry3d-f64.

use test_support::gjk as common;

use collision::QueryOptions;
use collision::observer::Trace;
use collision::{
    Ball, Capsule, ClosestPoints, Cone, ConvexHull, Cuboid, Cylinder, FastPaths, GjkConfig,
    GjkError, InscribedBall, Point, Rounded, Segment, Shape, SupportMap, SupportPoint, Transformed,
    Triangle, closest_points, closest_points_with, distance, distance_with, intersects,
    intersects_with,
};
use common::{cloud, hull, parry_hull, pose, rng, to_parry, v3};
use nalgebra::{Isometry3, Point3, Vector3};
use parry3d_f64::query as pq;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::cell::Cell;

/// A random shape: solid ones, flat ones (whose inscribed ball is a point) and rounded
/// flat ones.
fn random_shape(rng: &mut ChaCha8Rng) -> Shape {
    let mut len = || rng.random_range(0.05..1.0);
    let (a, b, c) = (len(), len(), len());
    match rng.random_range(0..12) {
        0 => Ball::new(a).unwrap().into(),
        1 => Cuboid::new(Vector3::new(a, b, c)).unwrap().into(),
        2 => Capsule::new(a, b).unwrap().into(),
        3 => Cylinder::new(a, b).unwrap().into(),
        4 => Cone::new(a, b).unwrap().into(),
        5 => {
            let inner = Segment::new(Point3::new(-a, 0.0, 0.0), Point3::new(a, b, 0.0)).unwrap();
            Rounded::new(Shape::from(inner), c).unwrap().into()
        }
        6 => Transformed::new(Shape::from(hull(rng, 12)), pose(rng, 0.5))
            .unwrap()
            .into(),
        7 => Segment::new(Point3::origin(), Point3::new(a, b, c))
            .unwrap()
            .into(),
        8 => triangle(a, b, c).into(),
        9 => {
            let inner = Shape::from(triangle(a, b, c));
            Rounded::new(inner, 0.3 * a).unwrap().into()
        }
        10 => {
            // A flat hull: a random cloud pressed into the plane z = 0.
            let n = rng.random_range(3..40);
            let flat: Vec<_> = cloud(rng, n)
                .into_iter()
                .map(|p| Point3::new(p.x, p.y, 0.0))
                .collect();
            ConvexHull::new(&flat).unwrap().into()
        }
        _ => {
            let n = rng.random_range(4..200);
            hull(rng, n).into()
        }
    }
}

/// A triangle with sides along the axes, by its legs.
fn triangle(a: f64, b: f64, c: f64) -> Triangle {
    Triangle::new(
        Point3::new(-a, 0.0, 0.0),
        Point3::new(a, b, 0.0),
        Point3::new(0.0, -b, c),
    )
    .unwrap()
}

/// Whether the shape has no volume.
fn is_flat(shape: &Shape) -> bool {
    match shape {
        Shape::Segment(_) | Shape::Triangle(_) | Shape::Point(_) => true,
        Shape::ConvexHull(h) => h.hull().is_none(),
        _ => false,
    }
}

/// `h(d) − d·c − r|d|`, over `|d|`: the room between the ball `(c, r)` and the support
/// plane of the shape along `d`. The ball lies inside the convex shape with support
/// function `h` exactly when this is never negative, and touches it where it is zero.
fn slack(shape: &impl SupportMap, ball: &InscribedBall, d: &Vector3<f64>) -> f64 {
    let h = d.dot(&shape.support(d).coords);
    (h - d.dot(&ball.center().coords)) / d.norm() - ball.radius()
}

/// The smallest [`slack`] over 2,000 random directions.
fn smallest_slack(shape: &impl SupportMap, ball: &InscribedBall, rng: &mut ChaCha8Rng) -> f64 {
    (0..2000)
        .map(|_| slack(shape, ball, &v3(rng, 1.0)))
        .fold(f64::INFINITY, f64::min)
}

/// Every inscribed ball lies inside its shape, on 2,000 directions each over 500 random
/// shapes; every shape has one, and those without volume a point of theirs.
#[test]
fn every_inscribed_ball_lies_inside_its_shape() {
    let mut rng = rng(71);
    let mut flat = 0;
    for i in 0..500 {
        let shape = random_shape(&mut rng);
        let ball = shape.inscribed_ball().expect("every shape has a ball");
        if is_flat(&shape) {
            flat += 1;
            assert_eq!(ball.radius(), 0.0, "shape {i}");
        } else {
            assert!(ball.radius() > 0.0, "shape {i}");
        }
        let slack = smallest_slack(&shape, &ball, &mut rng);
        assert!(
            slack >= -1e-12,
            "shape {i}: the ball pokes out by {}",
            -slack
        );
    }
    assert!((60..200).contains(&flat), "{flat}");
    // Flat shapes' points: a triangle's centroid, a segment's midpoint, a polygon's
    // vertex mean, the point itself.
    let (a, b, c) = (
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(3.0, 0.0, 0.0),
        Point3::new(0.0, 3.0, 0.0),
    );
    let centre = |ball: Option<InscribedBall>| ball.map(|b| (*b.center(), b.radius()));
    let t = Triangle::new(a, b, c).unwrap();
    assert_eq!(
        centre(t.inscribed_ball()),
        Some((Point3::new(1.0, 1.0, 0.0), 0.0))
    );
    let seg = Segment::new(a, b).unwrap();
    assert_eq!(
        centre(seg.inscribed_ball()),
        Some((Point3::new(1.5, 0.0, 0.0), 0.0))
    );
    let square = ConvexHull::new(&[a, b, c, Point3::new(3.0, 3.0, 0.0)]).unwrap();
    assert_eq!(
        centre(square.inscribed_ball()),
        Some((Point3::new(1.5, 1.5, 0.0), 0.0))
    );
    let p = Point::new(b).unwrap();
    assert_eq!(centre(p.inscribed_ball()), Some((b, 0.0)));
    // A NaN or negative radius is no ball; zero is a point.
    assert_eq!(InscribedBall::new(a, -1.0), None);
    assert_eq!(InscribedBall::new(a, f64::NAN), None);
    assert_eq!(
        InscribedBall::new(Point3::new(f64::INFINITY, 0.0, 0.0), 1.0),
        None
    );
    assert_eq!(InscribedBall::point(a).map(|b| b.radius()), Some(0.0));
}

/// A shape that counts its support calls.
struct Counting<S> {
    shape: S,
    calls: Cell<u32>,
}

/// `shape`, counting its support calls.
fn counting<S>(shape: S) -> Counting<S> {
    Counting {
        shape,
        calls: Cell::new(0),
    }
}

impl<S: SupportMap> SupportMap for Counting<S> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.calls.set(self.calls.get() + 1);
        self.shape.support(dir)
    }
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.calls.set(self.calls.get() + 1);
        self.shape.support_hinted(dir, hint)
    }
}

impl<S: SupportMap> FastPaths for Counting<S> {
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        self.shape.inscribed_ball()
    }
}

/// A triangle deep inside a box, and a segment deep inside a ball, are answered from
/// the flat shape's point and the solid's ball, with no support call; a rounded
/// triangle places its ball without one too. Two flat shapes' points prove nothing
/// (their radii sum to zero): GJK measures their gap.
#[test]
fn flat_shapes_deep_inside_solids_need_no_support_call() {
    let t = counting(triangle(0.3, 0.2, 0.1));
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    let id = Isometry3::identity();
    let near = Isometry3::translation(0.2, -0.1, 0.3);
    assert_eq!(intersects(&t, &near, &cube, &id), Ok(true));
    assert_eq!(distance(&cube, &id, &t, &near), Ok(0.0));
    assert_eq!(t.calls.get(), 0);
    // Observed, the same proof, reported with both balls and still no support call.
    let mut trace = Trace::default();
    assert_eq!(
        intersects_with(
            &t,
            &near,
            &cube,
            &id,
            QueryOptions::default().observer(&mut trace)
        ),
        Ok(true)
    );
    assert_eq!(t.calls.get(), 0);
    let shortcuts: Vec<_> = trace.shortcuts().collect();
    assert!(
        matches!(
            shortcuts[..],
            [collision::observer::Shortcut::InscribedBalls(_)]
        ),
        "{shortcuts:?}"
    );
    assert_eq!(trace.gjk_steps().count(), 0);

    let seg =
        counting(Segment::new(Point3::new(-0.1, 0.0, 0.0), Point3::new(0.2, 0.1, 0.0)).unwrap());
    let ball = Ball::new(0.5).unwrap();
    assert_eq!(distance(&seg, &near, &ball, &id), Ok(0.0));
    assert_eq!(seg.calls.get(), 0);

    let rounded = Rounded::new(counting(triangle(0.3, 0.2, 0.1)), 0.05).unwrap();
    let ball_of_rounded = rounded.inscribed_ball().expect("a ball");
    assert_eq!(ball_of_rounded.radius(), 0.05);
    assert_eq!(rounded.shape().calls.get(), 0);

    // A segment 1 above a triangle's plane, over its centroid: no proof from the two
    // points, and GJK's distance is the gap.
    let flat = triangle(0.3, 0.2, 0.0);
    let above = Segment::new(Point3::new(-0.5, 0.1, 1.0), Point3::new(0.5, 0.1, 1.0)).unwrap();
    let gap = distance(&flat, &id, &above, &id).unwrap();
    assert!((gap - 1.0).abs() <= 1e-12, "{gap}");
}

/// The primitives' balls are the largest: each touches its shape along a direction
/// where the closed form says it must (no slack there), and the cone's matches the
/// incircle of its section, computed here from the tangent lines rather than the area
/// formula.
#[test]
fn primitive_balls_are_the_largest() {
    let (x, y) = (Vector3::x(), Vector3::y());
    let shapes: [(Shape, f64, Vector3<f64>); 4] = [
        (
            Cuboid::new(Vector3::new(0.7, 0.3, 0.5)).unwrap().into(),
            0.3,
            y,
        ),
        (Capsule::new(0.8, 0.4).unwrap().into(), 0.4, x),
        (Cylinder::new(0.2, 0.6).unwrap().into(), 0.2, y),
        (Cylinder::new(0.9, 0.6).unwrap().into(), 0.6, x),
    ];
    for (shape, radius, touch) in &shapes {
        let ball = shape.inscribed_ball().unwrap();
        assert_eq!(ball.radius(), *radius);
        assert!(slack(shape, &ball, touch).abs() <= 1e-15);
        assert!(slack(shape, &ball, &-touch).abs() <= 1e-15);
    }
    // Cone of half height 2 and radius 1.5: in its section, the ball's circle touches
    // the base (y = −2) and the slant line 4x + 1.5y = 3 through (1.5, −2) and the apex
    // (0, 2).
    let cone = Cone::new(2.0, 1.5).unwrap();
    let ball = cone.inscribed_ball().unwrap();
    let (c, rho) = (ball.center(), ball.radius());
    assert_eq!((c.x, c.z), (0.0, 0.0));
    assert!((c.y + 2.0 - rho).abs() <= 1e-15);
    let to_slant = (1.5 * c.y - 3.0).abs() / 4f64.hypot(1.5);
    assert!((to_slant - rho).abs() <= 1e-14, "{to_slant} vs {rho}");
    assert!(slack(&cone, &ball, &-y).abs() <= 1e-15);
    assert!(slack(&cone, &ball, &Vector3::new(4.0, 1.5, 0.0)).abs() <= 1e-15);
    assert!(slack(&cone, &ball, &Vector3::new(0.0, 1.5, 4.0)).abs() <= 1e-15);
}

/// A hull's ball is centred on the centroid and reaches the nearest face plane, less
/// the hull's tolerance.
#[test]
fn hull_balls_reach_the_nearest_face() {
    let mut rng = rng(73);
    for i in 0..300 {
        let n = rng.random_range(4..300);
        let h = hull(&mut rng, n);
        let ball = h.inscribed_ball().unwrap();
        let solid = h.hull().unwrap();
        assert_eq!(*ball.center(), solid.centroid());
        let nearest = solid
            .planes()
            .iter()
            .map(|plane| -plane.distance(ball.center()))
            .fold(f64::INFINITY, f64::min);
        let gap = nearest - ball.radius();
        assert!(
            gap >= 0.0 && gap <= 2.0 * solid.tolerance(),
            "hull {i}: {gap} from the nearest plane"
        );
    }
}

/// The inscribed balls overlap, computed here from the public balls in world
/// coordinates.
fn balls_overlap(a: &Shape, pa: &Isometry3<f64>, b: &Shape, pb: &Isometry3<f64>) -> bool {
    match (a.inscribed_ball(), b.inscribed_ball()) {
        (Some(x), Some(y)) => (pa * x.center() - pb * y.center()).norm() < x.radius() + y.radius(),
        _ => false,
    }
}

/// `query` with a fresh [`Trace`] as its observer: an observer turns the early answer
/// off, so this is a full GJK run.
fn full_run<T>(query: impl FnOnce(QueryOptions<'_, GjkConfig, &mut Trace>) -> T) -> T {
    query(QueryOptions::default().observer(&mut Trace::default()))
}

/// The early answer agrees with full GJK runs (an observer turns it off) on 10,000
/// random pairs, over 2,500 of which it answers: the same distance, intersection and
/// closest points.
#[test]
fn early_answers_agree_with_gjk_runs() {
    let mut rng = rng(74);
    let mut early = 0;
    for i in 0..10_000 {
        let (a, b) = (random_shape(&mut rng), random_shape(&mut rng));
        let (pa, pb) = (pose(&mut rng, 0.6), pose(&mut rng, 0.6));
        early += usize::from(balls_overlap(&a, &pa, &b, &pb));
        let d = distance(&a, &pa, &b, &pb).unwrap();
        let observed = full_run(|options| distance_with(&a, &pa, &b, &pb, options)).unwrap();
        assert!(
            (d - observed).abs() <= 1e-12 * (1.0 + observed),
            "pair {i}: {d} vs {observed}"
        );
        let hit = intersects(&a, &pa, &b, &pb).unwrap();
        let observed_hit = full_run(|options| intersects_with(&a, &pa, &b, &pb, options)).unwrap();
        assert_eq!(hit, observed_hit, "pair {i}");
        let c = closest_points(&a, &pa, &b, &pb).unwrap();
        let observed_c = full_run(|options| closest_points_with(&a, &pa, &b, &pb, options));
        match (c, observed_c.unwrap()) {
            (ClosestPoints::Overlapping, ClosestPoints::Overlapping) => {}
            (
                ClosestPoints::Separated { distance: x, .. },
                ClosestPoints::Separated { distance: y, .. },
            ) => {
                assert!((x - y).abs() <= 1e-12 * (1.0 + y), "pair {i}: {x} vs {y}");
            }
            (x, y) => panic!("pair {i}: {x:?} vs {y:?}"),
        }
    }
    assert!(early > 2500, "{early}");
}

/// On 3,000 random hull pairs, every pair the balls call overlapping parry3d-f64 finds
/// intersecting, at distance 0.
#[test]
fn early_answers_agree_with_parry() {
    let mut rng = rng(75);
    let mut early = 0;
    for i in 0..3000 {
        let n = rng.random_range(4..100);
        let (a, b) = (
            hull(&mut rng, n),
            ConvexHull::new(&cloud(&mut rng, n)).unwrap(),
        );
        let (pa, pb) = (pose(&mut rng, 0.6), pose(&mut rng, 0.6));
        let (sa, sb) = (Shape::from(a.clone()), Shape::from(b.clone()));
        if !balls_overlap(&sa, &pa, &sb, &pb) {
            continue;
        }
        early += 1;
        assert_eq!(distance(&a, &pa, &b, &pb), Ok(0.0), "pair {i}");
        let (qa, qb) = (parry_hull(&a), parry_hull(&b));
        let (qpa, qpb) = (to_parry(&pa), to_parry(&pb));
        let test = pq::intersection_test(&qpa, &qa, &qpb, &qb).unwrap();
        assert!(test.intersecting, "pair {i}");
        assert_eq!(pq::distance(&qpa, &qa, &qpb, &qb).unwrap().distance, 0.0);
    }
    assert!(early > 800, "{early}");
}

/// Deeply overlapping boxes, and a triangle in a box, answer the same at scales 1e-6 to
/// 1e6 and offset by 1e6; a NaN or infinite pose is still an error, never "overlapping".
#[test]
fn early_answers_scale_and_refuse_bad_poses() {
    for s in [1e-6, 1.0, 1e6] {
        for offset in [0.0, 1e6] {
            let cube = Cuboid::new(Vector3::new(1.0, 0.5, 0.8) * s).unwrap();
            let at = |x: f64| Isometry3::translation(offset + x * s, offset, offset);
            assert_eq!(distance(&cube, &at(0.0), &cube, &at(0.9)), Ok(0.0));
            assert_eq!(intersects(&cube, &at(0.0), &cube, &at(0.9)), Ok(true));
            assert!(distance(&cube, &at(0.0), &cube, &at(2.5)).unwrap() > 0.49 * s);
            // A triangle, proved from its centroid inside the cube's ball, and one just
            // outside the cube, whose gap GJK measures.
            let t = Triangle::new(
                Point3::new(-0.3, 0.0, 0.0) * s,
                Point3::new(0.3, 0.2, 0.0) * s,
                Point3::new(0.0, -0.2, 0.1) * s,
            )
            .unwrap();
            assert_eq!(distance(&t, &at(0.2), &cube, &at(0.0)), Ok(0.0));
            assert_eq!(intersects(&cube, &at(0.0), &t, &at(0.2)), Ok(true));
            // The gap between the rounded placements: 0.2 s before `offset + 1.5 s`
            // rounds (at 1e-6 and offset 1e6 by 5.7e-6 of it).
            let expected = (at(1.5).translation.x - at(0.0).translation.x) - 1.3 * s;
            let gap = distance(&t, &at(1.5), &cube, &at(0.0)).unwrap();
            assert!(
                (gap - expected).abs() <= 1e-9 * s,
                "{gap} vs {expected} at scale {s}"
            );
        }
    }
    let cube = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    let id = Isometry3::identity();
    for bad in [f64::NAN, f64::INFINITY] {
        let pose = Isometry3::translation(bad, 0.0, 0.0);
        assert_eq!(
            distance(&cube, &id, &cube, &pose),
            Err(GjkError::Degenerate)
        );
        assert_eq!(
            intersects(&cube, &pose, &cube, &pose),
            Err(GjkError::Degenerate)
        );
    }
}
