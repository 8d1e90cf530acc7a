//! Time of impact on curved pairs, where the contact it is built on needs EPA: balls,
//! capsules, cylinders and cones, bare and rounded, and hulls against them. A pair that
//! overlaps at time 0 reports the contact's depth (the `Impact` carries no status of its
//! own), so that contact must converge; a pair that closes in reports the contact at the
//! impact, just touching.

mod contact_common;

use collision::{
    Ball, Capsule, Cone, ContactStatus, Cylinder, Motion, Rounded, Shape, contact, time_of_impact,
};
use contact_common::{hull, rng, rotation, v3};
use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;

/// A random ball, capsule, cylinder or cone, or a hull of 12 points, with dimensions in
/// `[0.2, 1)`, rounded a third of the time.
fn shape(r: &mut rand_chacha::ChaCha8Rng) -> Shape {
    let mut len = || r.random_range(0.2..1.0);
    let (a, b) = (len(), len());
    let s = match r.random_range(0..5) {
        0 => Shape::from(Ball::new(a).unwrap()),
        1 => Shape::from(Capsule::new(a, b).unwrap()),
        2 => Shape::from(Cylinder::new(a, b).unwrap()),
        3 => Shape::from(Cone::new(a, b).unwrap()),
        _ => Shape::from(hull(r, 12)),
    };
    if r.random_range(0..3) == 0 {
        Shape::from(Rounded::new(s, r.random_range(0.01..0.2)).unwrap())
    } else {
        s
    }
}

/// 3,000 seeded pairs overlapping at time 0, centres within 0.3 (a third on one axis, a
/// third with the same centre): the impact is at time 0 with the contact's separation,
/// and that contact converged, its bounds within the tolerance.
#[test]
fn overlapping_curved_pairs_report_a_converged_depth() {
    let mut r = rng(2828);
    let mut curved = 0;
    for case in 0..3000 {
        let (a, b) = (shape(&mut r), shape(&mut r));
        let pa = Isometry3::from_parts(Translation3::from(v3(&mut r, 2.0)), rotation(&mut r));
        let (offset, turn) = match case % 3 {
            0 => (Vector3::zeros(), pa.rotation),
            1 => (
                pa.rotation * Vector3::y() * r.random_range(-0.3..0.3),
                pa.rotation * UnitQuaternion::from_scaled_axis(Vector3::x() * 1e-3),
            ),
            _ => (v3(&mut r, 0.3), rotation(&mut r)),
        };
        let pb = Isometry3::from_parts(Translation3::from(pa.translation.vector + offset), turn);
        let c = contact(&a, &pa, &b, &pb, 0.0).unwrap().unwrap();
        assert_eq!(c.status, ContactStatus::Converged, "case {case}: {c:?}");
        let [low, high] = c.separation_bounds;
        assert!(
            high - low <= 1e-10 * -c.separation + 1e-13,
            "case {case}: bounds [{low:e}, {high:e}]"
        );
        let still = |pose| Motion::new(pose, Vector3::zeros(), Vector3::zeros());
        let impact = time_of_impact(&a, &still(pa), &b, &still(pb), 1.0)
            .unwrap()
            .unwrap();
        assert_eq!(impact.time, 0.0, "case {case}");
        assert_eq!(impact.separation, c.separation, "case {case}");
        curved += usize::from(!matches!(a, Shape::Ball(_)) || !matches!(b, Shape::Ball(_)));
    }
    assert!(curved > 2500, "{curved}");
}

/// 2,000 seeded curved pairs closing in with spin: at every impact found the contact of
/// the posed shapes converged and they just touch (separation within `1e-6` of the size,
/// the advancement's tolerance, of zero).
#[test]
fn closing_curved_pairs_touch_at_the_impact() {
    let mut r = rng(2829);
    let mut impacts = 0;
    for case in 0..2000 {
        let (a, b) = (shape(&mut r), shape(&mut r));
        let ca = v3(&mut r, 1.0);
        let cb = ca + v3(&mut r, 1.0).normalize() * 3.0;
        let ma = Motion::new(
            Isometry3::from_parts(Translation3::from(ca), rotation(&mut r)),
            Vector3::zeros(),
            v3(&mut r, 1.0),
        );
        let mb = Motion::new(
            Isometry3::from_parts(Translation3::from(cb), rotation(&mut r)),
            (ca - cb) * r.random_range(0.5..1.5) + v3(&mut r, 0.3),
            v3(&mut r, 1.0),
        );
        let Some(impact) = time_of_impact(&a, &ma, &b, &mb, 1.0).unwrap() else {
            continue;
        };
        impacts += 1;
        let (pa, pb) = (ma.pose_at(impact.time), mb.pose_at(impact.time));
        let c = contact(&a, &pa, &b, &pb, 1e-6).unwrap();
        let c = c.unwrap_or_else(|| panic!("case {case}: no contact at the impact"));
        assert_eq!(c.status, ContactStatus::Converged, "case {case}: {c:?}");
        assert!(c.separation.abs() <= 1e-5, "case {case}: {c:?}");
    }
    assert!(impacts > 1000, "only {impacts} impacts");
}
