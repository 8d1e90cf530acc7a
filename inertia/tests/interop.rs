//! mint and glam interop (features `mint`, `glam`): the entry points fed converted
//! values agree bit for bit with nalgebra values built from the same numbers, and the
//! results convert back exactly.
#![cfg(any(feature = "mint", feature = "glam"))]

use inertia::{Amount, MassProperties};
use nalgebra::{Point3, Quaternion, UnitQuaternion, Vector3};

/// Bit-for-bit equality through `Debug` text: `f64`'s is the shortest decimal that reads
/// back to the same bits, with the sign of zero.
fn same<T: std::fmt::Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

/// A few bodies' worth of numbers: half extents, an offset, a quaternion `(x, y, z, w)`.
fn cases() -> Vec<([f64; 3], [f64; 3], [f64; 4])> {
    (1..200)
        .map(|k| {
            let f = |s: f64| ((k as f64) * s).sin();
            (
                [0.2 + f(0.37).abs(), 0.3 + f(0.71).abs(), 0.1 + f(1.3).abs()],
                [f(2.1) * 3.0, f(0.9), f(5.7) * 1e3],
                [f(0.3), f(1.1), f(2.3), f(0.7) + 1.5],
            )
        })
        .collect()
}

/// The native calls: a box, moved, turned, and its tensor about a point.
fn native(h: [f64; 3], t: [f64; 3], q: [f64; 4]) -> (MassProperties, nalgebra::Matrix3<f64>) {
    let body = MassProperties::cuboid(&Vector3::from(h), Amount::Density(2.5)).unwrap();
    let rotation = UnitQuaternion::new_normalize(Quaternion::new(q[3], q[0], q[1], q[2]));
    let moved = body
        .translated(&Vector3::from(t))
        .unwrap()
        .rotated(&rotation)
        .unwrap();
    let about = moved.inertia_about(&Point3::from(t));
    (moved, about)
}

#[cfg(feature = "mint")]
#[test]
fn mint_values_give_the_nalgebra_answers() {
    for (h, t, q) in cases() {
        let body = MassProperties::cuboid(&mint::Vector3::from(h).into(), Amount::Density(2.5));
        let mq: nalgebra::Quaternion<f64> = mint::Quaternion {
            v: mint::Vector3::from([q[0], q[1], q[2]]),
            s: q[3],
        }
        .into();
        let moved = body
            .unwrap()
            .translated(&mint::Vector3::from(t).into())
            .unwrap()
            .rotated(&UnitQuaternion::new_normalize(mq))
            .unwrap();
        let about = moved.inertia_about(&mint::Point3::from(t).into());
        let (want, want_about) = native(h, t, q);
        assert!(same(&moved, &want) && same(&about, &want_about));
        let c: mint::Point3<f64> = moved.center_of_mass().into();
        let i: mint::ColumnMatrix3<f64> = moved.inertia().into();
        assert_eq!(Point3::from(c), want.center_of_mass());
        assert_eq!(nalgebra::Matrix3::from(i), want.inertia());
    }
}

#[cfg(feature = "glam")]
#[test]
fn glam_values_give_the_nalgebra_answers() {
    use glam::{DMat3, DQuat, DVec3};
    for (h, t, q) in cases() {
        let body = MassProperties::cuboid(&DVec3::from_array(h).into(), Amount::Density(2.5));
        let moved = body
            .unwrap()
            .translated(&DVec3::from_array(t).into())
            .unwrap()
            .rotated(&DQuat::from_array(q).into())
            .unwrap();
        let about = moved.inertia_about(&Point3::from(DVec3::from_array(t)));
        let (want, want_about) = native(h, t, q);
        assert!(same(&moved, &want) && same(&about, &want_about));
        assert_eq!(
            DVec3::from(moved.center_of_mass()).to_array(),
            <[f64; 3]>::from(want.center_of_mass().coords)
        );
        assert_eq!(
            nalgebra::Matrix3::from(DMat3::from(moved.inertia())),
            want.inertia()
        );
    }
}
