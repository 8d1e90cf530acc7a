//! glam interop (feature `glam`): every query on poses, points and vectors converted from
//! glam agrees bit for bit with the same query on nalgebra values built from the same
//! numbers, results convert back exactly, and non-rigid affines are typed errors.
#![cfg(feature = "glam")]

use test_support::gjk as common;

use collision::interop::{Pose, PoseError};
use collision::{
    Motion, Ray, cast_ray, closest_points, contact, distance, intersects, time_of_impact,
};
use common::{rng, shape_of_kind};
use glam::{Affine3A, DAffine3, DMat3, DQuat, DVec3, Mat3, Quat, Vec3};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;

/// Bit-for-bit equality through `Debug` text (as in `batch.rs`).
fn same<T: std::fmt::Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

/// Random numbers for a pose: translation and a non-normalised quaternion `(x, y, z, w)`.
fn parts(r: &mut rand_chacha::ChaCha8Rng) -> ([f64; 3], [f64; 4]) {
    let mut u = || r.random_range(-1.5..1.5);
    ([u(), u(), u()], [u(), u(), u(), u()])
}

/// The nalgebra pose of the same numbers, built directly.
fn native(t: [f64; 3], q: [f64; 4]) -> Isometry3<f64> {
    let rotation = UnitQuaternion::new_normalize(Quaternion::new(q[3], q[0], q[1], q[2]));
    Isometry3::from_parts(Translation3::new(t[0], t[1], t[2]), rotation)
}

fn dvec(v: [f64; 3]) -> DVec3 {
    DVec3::from_array(v)
}

#[test]
fn every_query_on_glam_poses_matches_the_nalgebra_call() {
    let mut r = rng(2990);
    for k in 0..2_000 {
        let a = shape_of_kind(&mut r, k);
        let b = shape_of_kind(&mut r, k / 11);
        let ((ta, qa), (tb, qb)) = (parts(&mut r), parts(&mut r));
        let (na, nb) = (native(ta, qa), native(tb, qb));
        let ga: Isometry3<f64> = Pose::from((dvec(ta), DQuat::from_array(qa))).into();
        let gb: Isometry3<f64> = Pose::from((dvec(tb), DQuat::from_array(qb))).into();
        assert!(same(&ga, &na) && same(&gb, &nb), "case {k}: poses differ");
        assert!(same(
            &intersects(&a, &ga, &b, &gb),
            &intersects(&a, &na, &b, &nb)
        ));
        assert!(same(
            &distance(&a, &ga, &b, &gb),
            &distance(&a, &na, &b, &nb)
        ));
        assert!(same(
            &closest_points(&a, &ga, &b, &gb),
            &closest_points(&a, &na, &b, &nb)
        ));
        let c = contact(&a, &ga, &b, &gb, 0.1);
        assert!(same(&c, &contact(&a, &na, &b, &nb, 0.1)), "case {k}");
        // Results back to glam and again to nalgebra: exact.
        if let Ok(Some(c)) = c {
            let (p, n) = (DVec3::from(c.point_a), DVec3::from(c.normal));
            assert_eq!(Point3::from(p), c.point_a);
            assert_eq!(Vector3::from(n), c.normal);
            assert_eq!(p.to_array(), [c.point_a.x, c.point_a.y, c.point_a.z]);
        }
        // Motions from glam velocities, rays from glam points and directions.
        let (v, w) = (parts(&mut r).0, parts(&mut r).0);
        let gm = Motion::new(gb, dvec(v).into(), dvec(w).into());
        let nm = Motion::new(nb, Vector3::from(v), Vector3::from(w));
        let (sa, ss) = (Motion::stationary(ga), Motion::stationary(na));
        assert!(same(
            &time_of_impact(&a, &sa, &b, &gm, 1.0),
            &time_of_impact(&a, &ss, &b, &nm, 1.0)
        ));
        let ray = Ray::new(Point3::from(dvec(v)), dvec(w).into());
        let nray = Ray::new(Point3::from(v), Vector3::from(w));
        assert!(same(
            &cast_ray(&a, &ga, &ray, 10.0),
            &cast_ray(&a, &na, &nray, 10.0)
        ));
    }
}

#[test]
fn f32_transforms_are_widened_exactly() {
    let mut r = rng(2991);
    for _ in 0..1_000 {
        let (t, q) = parts(&mut r);
        let (t32, q32) = (t.map(|x| x as f32), q.map(|x| x as f32));
        let pose: Isometry3<f64> =
            Pose::from((Vec3::from_array(t32), Quat::from_array(q32))).into();
        let want = native(t32.map(f64::from), q32.map(f64::from));
        assert!(same(&pose, &want));
    }
}

#[test]
fn rigid_affines_convert_and_others_are_typed_errors() {
    let mut r = rng(2992);
    for _ in 0..1_000 {
        let (t, q) = parts(&mut r);
        let want = native(t, q);
        let rotation = DQuat::from_array(q).normalize();
        let affine = DAffine3::from_rotation_translation(rotation, dvec(t));
        let pose = Isometry3::from(Pose::try_from(affine).unwrap());
        assert_eq!(pose.translation, want.translation);
        assert!(
            pose.rotation.angle_to(&want.rotation) < 1e-14,
            "{pose} {want}"
        );
        // Through f32 (a Bevy GlobalTransform), to f32's accuracy.
        let a32 = Affine3A::from_rotation_translation(rotation.as_quat(), dvec(t).as_vec3());
        let pose = Isometry3::from(Pose::try_from(a32).unwrap());
        assert!(pose.rotation.angle_to(&want.rotation) < 1e-6);
        assert!((pose.translation.vector - want.translation.vector).amax() < 1e-6);
        // Back to glam: the same pose.
        let back = DAffine3::from(Pose(want));
        let again = Isometry3::from(Pose::try_from(back).unwrap());
        assert!(again.rotation.angle_to(&want.rotation) < 1e-14);
    }
    let scaled = DAffine3::from_scale(DVec3::new(1.0, 1.01, 1.0));
    assert!(
        matches!(Pose::try_from(scaled), Err(PoseError::NotRigid { deviation }) if (deviation - 0.0201).abs() < 1e-12)
    );
    let sheared = DAffine3::from_mat3(DMat3::from_cols(
        DVec3::X,
        DVec3::new(0.1, 1.0, 0.0),
        DVec3::Z,
    ));
    assert!(matches!(
        Pose::try_from(sheared),
        Err(PoseError::NotRigid { .. })
    ));
    let mirrored = DAffine3::from_scale(DVec3::new(1.0, -1.0, 1.0));
    assert_eq!(Pose::try_from(mirrored), Err(PoseError::Mirrored));
    let nan = DAffine3::from_translation(DVec3::new(f64::NAN, 0.0, 0.0));
    assert_eq!(Pose::try_from(nan), Err(PoseError::NonFinite));
    let scaled32 = Affine3A::from_mat3(Mat3::from_diagonal(Vec3::new(1.0, 1.0, 1.001)));
    assert!(matches!(
        Pose::try_from(scaled32),
        Err(PoseError::NotRigid { .. })
    ));
    let text = Pose::try_from(scaled).unwrap_err().to_string();
    assert!(text.contains("not a rigid pose"), "{text}");
}
