//! Shapes that run out of memory while they are made say so (`ShapeError::Hull` with
//! `HullError::OutOfMemory`) wherever they run out, instead of aborting the process: this
//! test binary's allocator refuses, on the calling thread, every allocation from the
//! `k`-th on, for every `k` up to the number the call makes
//! (`test_support::exhaustible`).

use collision::hull::HullError;
use collision::{ContactError, ConvexHull, ShapeError};
use nalgebra::Point3;
use test_support::clouds;
use test_support::exhaustible::{Exhaustible, set_allowance, with_allowance};

#[global_allocator]
static ALLOCATOR: Exhaustible = Exhaustible;

#[test]
fn hull_shapes_refuse_at_every_allocation_instead_of_aborting() {
    // A solid small enough to scan, one that climbs (support tables, climbing records),
    // and the flat sets: a polygon, a segment, a point, three points.
    let square =
        |k: usize| (0..k * k).map(move |i| Point3::new((i % k) as f64, (i / k) as f64, 0.0));
    let cases: [(&str, Vec<Point3<f64>>); 6] = [
        ("sphere 40", clouds::of_kind("sphere", 40, 3)),
        ("sphere 2000", clouds::of_kind("sphere", 2000, 3)),
        ("polygon", square(12).collect()),
        (
            "segment",
            (0..50)
                .map(|i| Point3::new(f64::from(i), 0.0, 0.0))
                .collect(),
        ),
        ("point", vec![Point3::new(1.0, 2.0, 3.0); 20]),
        (
            "three points",
            vec![
                Point3::origin(),
                Point3::new(1.0, 0.0, 0.0),
                Point3::new(0.0, 1.0, 0.0),
            ],
        ),
    ];
    for (name, points) in &cases {
        let (full, needed) = with_allowance(None, || ConvexHull::new(points));
        assert!(full.is_ok(), "{name}: {full:?}");
        for k in 0..needed {
            match with_allowance(Some(k), || ConvexHull::new(points)).0 {
                Err(ShapeError::Hull(HullError::OutOfMemory { count, .. })) => {
                    assert_eq!(count, points.len());
                }
                other => panic!("{name}, {k} of {needed} allocations: {other:?}"),
            }
        }
    }
}

#[test]
fn queries_allocate_nothing_but_the_threads_penetration_workspace() {
    use collision::{
        Motion, Ray, cast_ray, closest_points, contact, distance, intersects, time_of_impact,
    };
    use nalgebra::{Isometry3, Vector3};
    let a = ConvexHull::new(&clouds::of_kind("sphere", 40, 7)).expect("a hull");
    let b = ConvexHull::new(&clouds::of_kind("ball", 200, 8)).expect("a hull");
    let at = |x: f64| Isometry3::translation(x, 0.1, -0.2);
    let (near, far) = (at(0.5), at(3.0));
    let ray = Ray::new(Point3::new(-5.0, 0.0, 0.0), Vector3::x());
    let closing = Motion::new(
        far,
        Vector3::new(-4.0, 0.0, 0.0),
        Vector3::new(0.0, 2.0, 0.0),
    );
    let origin = Motion::stationary(Isometry3::identity());
    // On a new thread, every query but an overlapping contact makes no allocation.
    let none = [
        with_allowance(Some(0), || intersects(&a, &origin.pose, &b, &near).is_ok()),
        with_allowance(Some(0), || distance(&a, &origin.pose, &b, &far).is_ok()),
        with_allowance(Some(0), || {
            closest_points(&a, &origin.pose, &b, &far).is_ok()
        }),
        with_allowance(Some(0), || contact(&a, &origin.pose, &b, &far, 0.1).is_ok()),
        with_allowance(Some(0), || cast_ray(&b, &near, &ray, 10.0).is_ok()),
        with_allowance(Some(0), || {
            time_of_impact(&a, &origin, &b, &closing, 1.0).is_ok()
        }),
    ];
    for (k, (ok, made)) in none.into_iter().enumerate() {
        assert!(
            ok && made == 0,
            "query {k}: answered {ok}, {made} allocations"
        );
    }
    // An overlapping pair makes the thread's EPA workspace: short of its allocations,
    // the query says so, and the thread's next query may make it.
    let overlap = || contact(&a, &origin.pose, &b, &near, 0.0);
    let (answer, needed) = with_allowance(None, overlap);
    assert!(
        matches!(answer, Ok(Some(c)) if c.separation < 0.0),
        "{answer:?}"
    );
    assert!(needed > 0);
    for k in 0..needed {
        let (answer, _) = with_allowance(Some(k), || {
            let refused = overlap();
            set_allowance(None);
            (refused, overlap())
        });
        assert_eq!(answer.0, Err(ContactError::OutOfMemory), "{k} of {needed}");
        assert!(
            matches!(answer.1, Ok(Some(_))),
            "{k} of {needed}: {:?}",
            answer.1
        );
    }
}
