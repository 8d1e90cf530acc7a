//! mint interop (feature `mint`): every query on poses, points and vectors converted from
//! mint agrees bit for bit with the same query on nalgebra values built from the same
//! numbers, and results convert back exactly.
#![cfg(feature = "mint")]

use test_support::gjk as common;

use collision::interop::Pose;
use collision::{
    Motion, Ray, cast_ray, closest_points, contact, distance, intersects, time_of_impact,
};
use common::{rng, shape_of_kind};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;

/// Bit-for-bit equality through `Debug` text (as in `batch.rs`).
fn same<T: std::fmt::Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

fn mv(v: [f64; 3]) -> mint::Vector3<f64> {
    mint::Vector3::from(v)
}

#[test]
fn every_query_on_mint_values_matches_the_nalgebra_call() {
    let mut r = rng(2995);
    let mut u = move || -> [f64; 4] { [0; 4].map(|_| r.random_range(-1.5..1.5)) };
    let mut shapes = rng(2996);
    for k in 0..2_000 {
        let a = shape_of_kind(&mut shapes, k);
        let b = shape_of_kind(&mut shapes, k / 11);
        let (t, q, v, w) = (u(), u(), u(), u());
        let t3 = [t[0], t[1], t[2]];
        let mq = mint::Quaternion {
            v: mv([q[0], q[1], q[2]]),
            s: q[3],
        };
        let pose: Isometry3<f64> = Pose::from((mv(t3), mq)).into();
        let rotation = UnitQuaternion::new_normalize(Quaternion::new(q[3], q[0], q[1], q[2]));
        let native = Isometry3::from_parts(Translation3::new(t[0], t[1], t[2]), rotation);
        assert!(same(&pose, &native));
        let id = Isometry3::identity();
        assert!(same(
            &intersects(&a, &id, &b, &pose),
            &intersects(&a, &id, &b, &native)
        ));
        assert!(same(
            &distance(&a, &id, &b, &pose),
            &distance(&a, &id, &b, &native)
        ));
        let cp = closest_points(&a, &id, &b, &pose);
        assert!(same(&cp, &closest_points(&a, &id, &b, &native)));
        let c = contact(&a, &id, &b, &pose, 0.1);
        assert!(same(&c, &contact(&a, &id, &b, &native, 0.1)));
        if let Ok(Some(c)) = c {
            let p: mint::Point3<f64> = c.point_b.into();
            let n: mint::Vector3<f64> = c.normal.into();
            assert_eq!(Point3::from(p), c.point_b);
            assert_eq!(Vector3::from(n), c.normal);
        }
        let (v3, w3) = ([v[0], v[1], v[2]], [w[0], w[1], w[2]]);
        let m = Motion::new(pose, mv(v3).into(), mv(w3).into());
        let n = Motion::new(native, Vector3::from(v3), Vector3::from(w3));
        let still = Motion::stationary(id);
        assert!(same(
            &time_of_impact(&a, &still, &b, &m, 1.0),
            &time_of_impact(&a, &still, &b, &n, 1.0)
        ));
        let ray = Ray::new(mint::Point3::from(v3).into(), mv(w3).into());
        let nray = Ray::new(Point3::from(v3), Vector3::from(w3));
        assert!(same(
            &cast_ray(&b, &pose, &ray, 10.0),
            &cast_ray(&b, &native, &nray, 10.0)
        ));
        // The pose back to mint: the same numbers.
        let (bt, bq): (mint::Vector3<f64>, mint::Quaternion<f64>) = Pose(native).into();
        assert_eq!(Vector3::from(bt), native.translation.vector);
        assert_eq!(
            [bq.v.x, bq.v.y, bq.v.z, bq.s],
            [rotation.i, rotation.j, rotation.k, rotation.w]
        );
    }
}
