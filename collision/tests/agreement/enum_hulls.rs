//! Hulls held by [`Shape`] answer as the hulls themselves: the queries run a pair of
//! shapes that are both hulls (`FastPaths::as_hull`) on the hulls, so on 2,000 seeded
//! pairs (hulls of 6 to 90 points, scanned and climbing, half of them overlapping) every
//! query gives, bit for bit, the answer of the generic path (the hulls behind a wrapper
//! that is not one), whichever way each side is held: `ConvexHull`, `Shape`, `&Shape`
//! or `Box<Shape>`. A query that picked up the wrong hull, or the hulls in the wrong
//! order, would answer for another pair.

use test_support::contact::{hull, rng, rotation, v3};

use collision::shape::{Aabb, Cuboid, Frustum, InscribedBall, SupportPoint};
use collision::{
    ConvexHull, FastPaths, GjkCache, GjkConfig, Motion, QueryOptions, Shape, SupportMap,
    closest_points, contact, distance, gjk, gjk_intersection, intersects, time_of_impact,
};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use rand::RngExt;

/// A shape that answers every question as `S` does but is not a hull to the queries
/// (`as_hull` keeps its default), so that they take the generic path on it.
struct Generic<'a, S>(&'a S);

impl<S: SupportMap> SupportMap for Generic<'_, S> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.0.support(dir)
    }
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.0.support_hinted(dir, hint)
    }
    fn core_radius(&self) -> f64 {
        self.0.core_radius()
    }
    fn core_support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.0.core_support_hinted(dir, hint)
    }
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        self.0.aabb(pose)
    }
}

impl<S: SupportMap> FastPaths for Generic<'_, S> {
    fn core_point(&self) -> Option<Point3<f64>> {
        self.0.core_point()
    }
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        self.0.core_closest_point(p)
    }
    fn is_polytope(&self) -> bool {
        self.0.is_polytope()
    }
    fn core_is_polytope(&self) -> bool {
        self.0.core_is_polytope()
    }
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        self.0.inscribed_ball()
    }
    fn core_cuboid(&self) -> Option<&Cuboid> {
        self.0.core_cuboid()
    }
    fn core_frustum(&self) -> Option<Frustum> {
        self.0.core_frustum()
    }
    fn fingerprint(&self) -> Option<u64> {
        self.0.fingerprint()
    }
}

/// Every query's answer on `(a, b)`, as text: `{:?}` prints each `f64` exactly (the
/// shortest string that reads back to the same bits, `-0` included).
fn answers<A, B>(
    a: &A,
    pa: &Isometry3<f64>,
    b: &B,
    pb: &Isometry3<f64>,
) -> [(&'static str, String); 11]
where
    A: collision::SupportMap + ?Sized,
    B: collision::SupportMap + ?Sized,
{
    let (ma, mb) = (
        Motion::new(*pa, v3(&mut rng(1), 0.5), v3(&mut rng(2), 1.0)),
        Motion::new(*pb, v3(&mut rng(3), 0.5), v3(&mut rng(4), 1.0)),
    );
    // A run that fills a cache, then one a little further on that starts from it.
    let mut cache = GjkCache::default();
    let mut cached = |pb: &Isometry3<f64>| {
        let options = QueryOptions::default()
            .config(GjkConfig::default())
            .cache(&mut cache);
        format!("{:?}", gjk(a, pa, b, pb, options))
    };
    let (filled, warm) = (
        cached(pb),
        cached(&(Translation3::new(0.01, 0.0, 0.0) * pb)),
    );
    [
        (
            "gjk",
            format!("{:?}", gjk(a, pa, b, pb, QueryOptions::default())),
        ),
        ("gjk filling a cache", filled),
        ("gjk from the cache", warm),
        (
            "gjk_intersection",
            format!(
                "{:?}",
                gjk_intersection(a, pa, b, pb, QueryOptions::default())
            ),
        ),
        ("intersects", format!("{:?}", intersects(a, pa, b, pb))),
        ("distance", format!("{:?}", distance(a, pa, b, pb))),
        (
            "closest_points",
            format!("{:?}", closest_points(a, pa, b, pb)),
        ),
        ("contact", format!("{:?}", contact(a, pa, b, pb, 0.0))),
        (
            "contact, margin 0.25",
            format!("{:?}", contact(a, pa, b, pb, 0.25)),
        ),
        (
            "time_of_impact",
            format!("{:?}", time_of_impact(a, &ma, b, &mb, 1.0)),
        ),
        (
            "time_of_impact, reversed",
            format!("{:?}", time_of_impact(b, &mb, a, &ma, 1.0)),
        ),
    ]
}

#[test]
fn hulls_held_by_shape_answer_as_hulls() {
    let mut r = rng(2026);
    for case in 0..2_000 {
        let (n, m) = (r.random_range(6..90), r.random_range(6..90));
        let (a, b) = (hull(&mut r, n), hull(&mut r, m));
        let pose = |r: &mut _| Isometry3::from_parts(Translation3::from(v3(r, 1.4)), rotation(r));
        let (pa, pb) = (pose(&mut r), pose(&mut r));
        let (sa, sb) = (Shape::from(a.clone()), Shape::from(b.clone()));
        let expected = answers(&Generic(&a), &pa, &Generic(&b), &pb);
        let held: [(&str, [(&str, String); 11]); 6] = [
            ("ConvexHull, ConvexHull", answers(&a, &pa, &b, &pb)),
            (
                "Generic<Shape>, Generic<Shape>",
                answers(&Generic(&sa), &pa, &Generic(&sb), &pb),
            ),
            ("Shape, Shape", answers(&sa, &pa, &sb, &pb)),
            ("ConvexHull, Shape", answers(&a, &pa, &sb, &pb)),
            ("&Shape, ConvexHull", answers(&&sa, &pa, &b, &pb)),
            (
                "Box<Shape>, Box<Shape>",
                answers(&Box::new(sa.clone()), &pa, &Box::new(sb.clone()), &pb),
            ),
        ];
        for (how, got) in held {
            for ((query, got), (_, want)) in got.iter().zip(&expected) {
                assert_eq!(
                    got, want,
                    "case {case} ({n} and {m} points), {query}, held as {how}"
                );
            }
        }
    }
}

/// `as_hull` gives the hull a shape is, and nothing for any other shape (a rounded hull
/// is not a hull).
#[test]
fn as_hull_is_the_held_hull() {
    let mut r = rng(7);
    let h: ConvexHull = hull(&mut r, 20);
    let shape = Shape::from(h.clone());
    assert_eq!(h.as_hull(), Some(&h));
    assert_eq!(shape.as_hull(), Some(&h));
    assert_eq!(FastPaths::as_hull(&&shape), Some(&h));
    let rounded: Shape = collision::Rounded::new(shape, 0.1).unwrap().into();
    assert_eq!(rounded.as_hull(), None);
    let ball: Shape = collision::Ball::new(1.0).unwrap().into();
    assert_eq!(ball.as_hull(), None);
}
