//! contact(): closed forms (spheres, boxes, capsules), touching and deep cases, margins,
//! a mixed random corpus (never None when overlapping, never NaN) and scale invariance.

use test_support::contact as contact_common;

use collision::{
    Ball, Capsule, Cone, Contact, ContactMethod, ContactStatus, ConvexHull, Cuboid, Cylinder,
    Rounded, Segment, Shape, SupportMap, Triangle, contact, intersects,
};
use contact_common::{Poly, hull, rng, rotation, sat_depth, v3};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;

fn finite(c: &Contact) -> bool {
    c.point_a
        .iter()
        .chain(c.point_b.iter())
        .chain(c.normal.iter())
        .all(|x| x.is_finite())
        && c.separation.is_finite()
        && (c.normal.norm() - 1.0).abs() < 1e-12
}

#[test]
fn spheres_match_the_closed_form() {
    let mut r = rng(60);
    for case in 0..5000 {
        let (ra, rb) = (r.random_range(0.1..2.0), r.random_range(0.1..2.0));
        let ca = v3(&mut r, 10.0);
        let d = v3(&mut r, 1.0).normalize() * r.random_range(0.01..(ra + rb) * 1.2);
        let cb = ca + d;
        let (pa, pb) = (
            Isometry3::from_parts(Translation3::from(ca), rotation(&mut r)),
            Isometry3::from_parts(Translation3::from(cb), rotation(&mut r)),
        );
        let a = Ball::new(ra).unwrap();
        let b = Ball::new(rb).unwrap();
        let margin = 0.1;
        let want = d.norm() - ra - rb;
        let got = contact(&a, &pa, &b, &pb, margin).unwrap();
        if want > margin {
            assert!(got.is_none(), "case {case}");
            continue;
        }
        let c = got.unwrap_or_else(|| panic!("case {case}: None at separation {want}"));
        assert!(finite(&c));
        assert_eq!(
            c.method,
            ContactMethod::ClosestPoints,
            "balls never need EPA"
        );
        assert!((c.separation - want).abs() <= 1e-12 * 10.0, "case {case}");
        let n = d.normalize();
        assert!((c.normal - n).norm() <= 1e-9, "case {case}");
        assert!((c.point_a - (Point3::from(ca) + n * ra)).norm() <= 1e-9);
        assert!((c.point_b - (Point3::from(cb) - n * rb)).norm() <= 1e-9);
    }
    // Concentric balls: depth is the sum of the radii along any unit normal.
    let c = contact(
        &Ball::new(1.0).unwrap(),
        &Isometry3::identity(),
        &Ball::new(0.5).unwrap(),
        &Isometry3::identity(),
        0.0,
    )
    .unwrap()
    .unwrap();
    assert!(finite(&c));
    assert_eq!(c.separation, -1.5);
}

#[test]
fn boxes_match_the_closed_form_under_any_common_rotation() {
    let mut r = rng(61);
    for case in 0..3000 {
        let ha = Vector3::new(
            r.random_range(0.2..2.0),
            r.random_range(0.2..2.0),
            r.random_range(0.2..2.0),
        );
        let hb = Vector3::new(
            r.random_range(0.2..2.0),
            r.random_range(0.2..2.0),
            r.random_range(0.2..2.0),
        );
        let d = v3(&mut r, 1.0).component_mul(&(ha + hb));
        // Axis-aligned: overlap along axis i is (ha + hb)_i − |d_i|; the depth is the least.
        let overlap = ha + hb - d.abs();
        let (axis, depth) = (0..3)
            .map(|i| (i, overlap[i]))
            .fold((0, f64::INFINITY), |m, x| if x.1 < m.1 { x } else { m });
        if depth < 1e-6 {
            continue;
        }
        let q = rotation(&mut r);
        let t = v3(&mut r, 100.0);
        let pa = Isometry3::from_parts(Translation3::from(t), q);
        let pb = Isometry3::from_parts(Translation3::from(t + q * d), q);
        let a = Cuboid::new(ha).unwrap();
        let b = Cuboid::new(hb).unwrap();
        let c = contact(&a, &pa, &b, &pb, 0.0)
            .unwrap()
            .expect("overlapping");
        assert!(finite(&c));
        assert_eq!(c.status, ContactStatus::Converged);
        assert!(
            (c.separation + depth).abs() <= 1e-9,
            "case {case}: {} vs {}",
            c.separation,
            -depth
        );
        let mut n = Vector3::zeros();
        n[axis] = d[axis].signum();
        // Ties between axes make either normal right; otherwise it is unique.
        let second = overlap.iter().filter(|&&o| o < depth + 1e-9).count();
        if second == 1 {
            assert!((c.normal - q * n).norm() <= 1e-9, "case {case}");
        }
        // point_a lies on A's face along the normal, point_b on B's.
        let la = pa.inverse_transform_point(&c.point_a);
        let lb = pb.inverse_transform_point(&c.point_b);
        let ln = q.inverse_transform_vector(&c.normal);
        assert!((ln.dot(&la.coords) - ha.dot(&ln.abs())).abs() <= 1e-9);
        assert!((ln.dot(&lb.coords) + hb.dot(&ln.abs())).abs() <= 1e-9);
    }
}

/// Closest points of two segments (Ericson, Real-Time Collision Detection, §5.1.9),
/// written independently for the reference.
fn segment_distance(p1: Point3<f64>, q1: Point3<f64>, p2: Point3<f64>, q2: Point3<f64>) -> f64 {
    let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
    let (a, e, f) = (d1.dot(&d1), d2.dot(&d2), d2.dot(&r));
    let c = d1.dot(&r);
    let b = d1.dot(&d2);
    let denom = a * e - b * b;
    let mut s = if denom > 1e-14 * a * e {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    ((p1 + d1 * s) - (p2 + d2 * t)).norm()
}

#[test]
fn capsules_match_the_segment_distance() {
    let mut r = rng(62);
    let mut deep = 0;
    for case in 0..4000 {
        let a = Capsule::new(r.random_range(0.0..1.5), r.random_range(0.1..0.8)).unwrap();
        let b = Capsule::new(r.random_range(0.0..1.5), r.random_range(0.1..0.8)).unwrap();
        let pa = Isometry3::from_parts(Translation3::from(v3(&mut r, 3.0)), rotation(&mut r));
        let mut pb = Isometry3::from_parts(
            Translation3::from(pa.translation.vector + v3(&mut r, 1.5)),
            rotation(&mut r),
        );
        if case % 4 == 0 {
            // Make the segments cross exactly: core overlap, the flat EPA case.
            let sa = a.segment().map(|p| pa * p);
            let on_a = sa[0] + (sa[1] - sa[0]) * r.random_range(0.1..0.9);
            let sb = b.segment().map(|p| pb * p);
            let on_b = sb[0] + (sb[1] - sb[0]) * r.random_range(0.1..0.9);
            pb.translation.vector += on_a - on_b;
        }
        let [p1, q1] = a.segment().map(|p| pa * p);
        let [p2, q2] = b.segment().map(|p| pb * p);
        let d = segment_distance(p1, q1, p2, q2);
        let want = d - a.radius() - b.radius();
        let got = contact(&a, &pa, &b, &pb, 0.0).unwrap();
        if want > 1e-9 {
            assert!(got.is_none(), "case {case}");
            continue;
        }
        let c = got.unwrap_or_else(|| panic!("case {case}: None"));
        assert!(finite(&c), "case {case}");
        if d < 1e-9 {
            deep += 1;
        }
        assert!(
            (c.separation - want).abs() <= 1e-9,
            "case {case}: {} vs {want} (d {d})",
            c.separation
        );
        let witness = c.normal.dot(&(c.point_b - c.point_a));
        assert!((witness - c.separation).abs() <= 1e-9, "case {case}");
    }
    assert!(deep >= 900, "{deep} crossing cases");
}

#[test]
fn touching_boxes_give_coincident_points_in_the_shared_face_and_the_face_normal() {
    // Unit cubes side by side, B shifted along the face: the shared face is the rectangle
    // x = 1, y ∈ [−0.5, 1], z ∈ [−0.7, 1]. (parry puts both points at the centre of A
    // with a wrong normal here.)
    let a = Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap();
    for (offset, normal) in [
        (Vector3::new(2.0, 0.5, 0.3), Vector3::x()),
        (Vector3::new(-2.0, 0.5, 0.3), -Vector3::x()),
        (Vector3::new(0.25, 2.0, -0.3), Vector3::y()),
        (Vector3::new(0.0, 0.0, -2.0), -Vector3::z()),
    ] {
        for shift in [0.0, 1e6] {
            let pa = Isometry3::translation(shift, shift, shift);
            let pb = Isometry3::translation(shift + offset.x, shift + offset.y, shift + offset.z);
            let c = contact(&a, &pa, &a, &pb, 0.0)
                .unwrap()
                .expect("touching is a contact");
            assert!(finite(&c));
            assert!(
                c.separation.abs() <= 1e-9 * (1.0 + shift),
                "{offset:?}: {}",
                c.separation
            );
            assert!(
                (c.normal - normal).norm() <= 1e-9,
                "{offset:?}: normal {:?}",
                c.normal
            );
            assert!((c.point_a - c.point_b).norm() <= 1e-9 * (1.0 + shift));
            let local = c.point_a - Vector3::repeat(shift);
            let (lo, hi) = (
                offset.add_scalar(-1.0).sup(&Vector3::repeat(-1.0)),
                offset.add_scalar(1.0).inf(&Vector3::repeat(1.0)),
            );
            for i in 0..3 {
                assert!(
                    local[i] >= lo[i] - 1e-9 && local[i] <= hi[i] + 1e-9,
                    "{offset:?}: point {local:?}"
                );
            }
        }
    }
}

#[test]
fn deep_penetration_and_containment() {
    // A small box wholly inside a big one: cheapest way out is +x, depth 5 − (3.5 − 0.5).
    let big = Cuboid::new(Vector3::repeat(5.0)).unwrap();
    let small = Cuboid::new(Vector3::repeat(0.5)).unwrap();
    let c = contact(
        &big,
        &Isometry3::identity(),
        &small,
        &Isometry3::translation(3.5, 0.2, -1.0),
        0.0,
    )
    .unwrap()
    .unwrap();
    assert!((c.separation + 2.0).abs() <= 1e-12, "{}", c.separation);
    assert!((c.normal - Vector3::x()).norm() <= 1e-12);
    assert!((c.point_a.x - 5.0).abs() <= 1e-12 && (c.point_b.x - 3.0).abs() <= 1e-12);
    // Swapped: the normal flips.
    let c = contact(
        &small,
        &Isometry3::translation(3.5, 0.2, -1.0),
        &big,
        &Isometry3::identity(),
        0.0,
    )
    .unwrap()
    .unwrap();
    assert!((c.separation + 2.0).abs() <= 1e-12 && (c.normal + Vector3::x()).norm() <= 1e-12);
    // A ball inside a box: depth = radius + distance from the centre to the nearest face.
    let ball = Ball::new(0.3).unwrap();
    let c = contact(
        &big,
        &Isometry3::identity(),
        &ball,
        &Isometry3::translation(0.0, -4.0, 1.0),
        0.0,
    )
    .unwrap()
    .unwrap();
    assert!((c.separation + 1.3).abs() <= 1e-9 && (c.normal + Vector3::y()).norm() <= 1e-9);
    // Identical hulls at the same pose: depth is the hull's least width (SAT).
    let mut r = rng(63);
    for _ in 0..200 {
        let h = hull(&mut r, 20);
        let p = Isometry3::from_parts(Translation3::from(v3(&mut r, 5.0)), rotation(&mut r));
        let (want, _) = sat_depth(&Poly::new(&h, &p), &Poly::new(&h, &p));
        let c = contact(&h, &p, &h, &p, 0.0).unwrap().unwrap();
        assert!((c.separation + want).abs() <= 1e-6 * want);
    }
}

#[test]
fn margin_keeps_near_pairs_and_drops_far_ones() {
    let a = Cuboid::new(Vector3::repeat(1.0)).unwrap();
    let pb = Isometry3::translation(2.1, 0.3, 0.0);
    let c = contact(&a, &Isometry3::identity(), &a, &pb, 0.2)
        .unwrap()
        .unwrap();
    assert!((c.separation - 0.1).abs() <= 1e-12);
    assert_eq!(c.normal, Vector3::x());
    assert!(
        contact(&a, &Isometry3::identity(), &a, &pb, 0.05)
            .unwrap()
            .is_none()
    );
    assert!(contact(&a, &Isometry3::identity(), &a, &pb, -1.0).is_err());
    assert!(contact(&a, &Isometry3::identity(), &a, &pb, f64::NAN).is_err());
    let nan = Isometry3::translation(f64::NAN, 0.0, 0.0);
    assert!(contact(&a, &nan, &a, &pb, 0.1).is_err());
}

/// The margin decides as the distance does, on a mixed corpus at scales 1e-6, 1 and
/// 1e6 (offset by 1e6 scale units): a contact exactly when the converged distance is
/// within the margin (up to 1e-9 of the scale at the boundary), its separation then the
/// distance, and `None` beyond it, where the GJK run stops as soon as it proves the pair
/// farther apart than the margin. Ball pairs are checked against their closed form.
#[test]
fn margin_decides_as_the_distance_does() {
    let mut r = rng(66);
    let (mut near, mut far) = (0, 0);
    for case in 0..4000 {
        let scale = [1e-6, 1.0, 1e6][case % 3];
        let offset = v3(&mut r, 1.0) * 1e6 * scale;
        let balls = case % 5 == 0;
        let shape = |r: &mut rand_chacha::ChaCha8Rng| {
            if balls {
                Shape::from(Ball::new(r.random_range(0.05..1.0)).unwrap())
            } else {
                random_shape(r)
            }
        };
        let (a, b) = (shape(&mut r), shape(&mut r));
        let pa = Isometry3::from_parts(Translation3::from(v3(&mut r, 2.0)), rotation(&mut r));
        let pb = Isometry3::from_parts(
            Translation3::from(pa.translation.vector + v3(&mut r, 1.6)),
            rotation(&mut r),
        );
        let Ok(want) = collision::distance(&a, &pa, &b, &pb) else {
            continue;
        };
        if let (Shape::Ball(ba), Shape::Ball(bb)) = (&a, &b) {
            let gap =
                (pb.translation.vector - pa.translation.vector).norm() - ba.radius() - bb.radius();
            assert!((want - gap.max(0.0)).abs() <= 1e-12, "case {case}");
        }
        let margin = r.random_range(0.0..1.0);
        // The same pair, scaled and moved.
        let scaled = |s: &Shape| scaled_shape(s, scale);
        let at = |p: &Isometry3<f64>| {
            Isometry3::from_parts(
                Translation3::from(p.translation.vector * scale + offset),
                p.rotation,
            )
        };
        let (sa, sb) = (scaled(&a), scaled(&b));
        let got = contact(&sa, &at(&pa), &sb, &at(&pb), margin * scale).unwrap();
        let boundary = (want - margin).abs() <= 1e-9;
        match got {
            Some(c) => {
                assert!(want <= margin || boundary, "case {case}: {want} > {margin}");
                if want > 0.0 {
                    let separation = c.separation / scale;
                    assert!(
                        (separation - want).abs() <= 1e-6,
                        "case {case}: {separation} vs {want}"
                    );
                }
                near += 1;
            }
            None => {
                assert!(want > margin || boundary, "case {case}: {want} <= {margin}");
                far += 1;
            }
        }
    }
    assert!(near > 1000 && far > 1000, "{near} near, {far} far");
}

/// `s` scaled by `k` about its own origin.
fn scaled_shape(s: &Shape, k: f64) -> Shape {
    let p = |p: &Point3<f64>| Point3::from(p.coords * k);
    match s {
        Shape::Ball(b) => Ball::new(b.radius() * k).unwrap().into(),
        Shape::Cuboid(c) => Cuboid::new(c.half_extents() * k).unwrap().into(),
        Shape::ConvexHull(h) => ConvexHull::new(&h.vertices().iter().map(p).collect::<Vec<_>>())
            .unwrap()
            .into(),
        Shape::Capsule(c) => Capsule::new(c.half_height() * k, c.radius() * k)
            .unwrap()
            .into(),
        Shape::Cylinder(c) => Cylinder::new(c.half_height() * k, c.radius() * k)
            .unwrap()
            .into(),
        Shape::Cone(c) => Cone::new(c.half_height() * k, c.radius() * k)
            .unwrap()
            .into(),
        Shape::Triangle(t) => {
            let [a, b, c] = t.vertices();
            Triangle::new(p(a), p(b), p(c)).unwrap().into()
        }
        Shape::Segment(g) => {
            let [a, b] = g.vertices();
            Segment::new(p(a), p(b)).unwrap().into()
        }
        Shape::Rounded(r) => {
            Shape::from(Rounded::new(scaled_shape(r.shape(), k), r.margin() * k).unwrap())
        }
        other => panic!("no scaling for {other:?}"),
    }
}

#[test]
fn rounded_boxes_offset_the_core_contact_without_epa() {
    let core = Cuboid::new(Vector3::new(1.0, 0.5, 0.5)).unwrap();
    let a = Rounded::new(core, 0.2).unwrap();
    let b = Rounded::new(core, 0.3).unwrap();
    // Cores 0.1 apart along x, rounded shapes overlap by 0.4.
    let pb = Isometry3::translation(2.1, 0.2, 0.0);
    let c = contact(&a, &Isometry3::identity(), &b, &pb, 0.0)
        .unwrap()
        .unwrap();
    assert_eq!(c.method, ContactMethod::ClosestPoints);
    assert!((c.separation + 0.4).abs() <= 1e-12);
    assert!((c.point_a.x - 1.2).abs() <= 1e-12 && (c.point_b.x - 0.8).abs() <= 1e-12);
    // Cores overlapping by 0.3: EPA on the cores plus both radii.
    let pb = Isometry3::translation(1.7, 0.2, 0.0);
    let c = contact(&a, &Isometry3::identity(), &b, &pb, 0.0)
        .unwrap()
        .unwrap();
    assert_eq!(c.method, ContactMethod::Penetration);
    assert!((c.separation + 0.8).abs() <= 1e-12, "{}", c.separation);
}

fn random_shape(r: &mut rand_chacha::ChaCha8Rng) -> Shape {
    let l = |r: &mut rand_chacha::ChaCha8Rng| r.random_range(0.05..1.0);
    match r.random_range(0..10) {
        0 => Ball::new(l(r)).unwrap().into(),
        1 => Cuboid::new(Vector3::new(l(r), l(r), l(r))).unwrap().into(),
        2 => hull(r, 24).into(),
        3 => Capsule::new(l(r), l(r)).unwrap().into(),
        4 => Cylinder::new(l(r), l(r)).unwrap().into(),
        5 => Cone::new(l(r), l(r)).unwrap().into(),
        6 => Triangle::new(
            Point3::from(v3(r, 1.0)),
            Point3::from(v3(r, 1.0)),
            Point3::from(v3(r, 1.0)),
        )
        .unwrap()
        .into(),
        7 => Segment::new(Point3::from(v3(r, 1.0)), Point3::from(v3(r, 1.0)))
            .unwrap()
            .into(),
        8 => Shape::from(Rounded::new(Shape::from(hull(r, 12)), l(r) * 0.3).unwrap()),
        _ => ConvexHull::new(&[
            Point3::from(v3(r, 1.0)),
            Point3::from(v3(r, 1.0)),
            Point3::from(v3(r, 1.0)),
            Point3::from(v3(r, 1.0)),
        ])
        .unwrap()
        .into(),
    }
}

/// Every overlapping pair of a mixed corpus (all shape kinds, flat ones included) gives a
/// finite contact with non-positive separation; the separation agrees with the SAT
/// reference wherever both are polytopes.
#[test]
fn mixed_corpus_never_gives_none_or_nan_when_overlapping() {
    let mut r = rng(64);
    let mut overlapping = 0;
    for case in 0..6000 {
        let a = random_shape(&mut r);
        let b = random_shape(&mut r);
        let pa = Isometry3::from_parts(Translation3::from(v3(&mut r, 2.0)), rotation(&mut r));
        let pb = Isometry3::from_parts(
            Translation3::from(pa.translation.vector + v3(&mut r, 1.0)),
            rotation(&mut r),
        );
        let Ok(hit) = intersects(&a, &pa, &b, &pb) else {
            continue;
        };
        let got = contact(&a, &pa, &b, &pb, 0.0).unwrap();
        if !hit {
            continue;
        }
        overlapping += 1;
        let c = got.unwrap_or_else(|| panic!("case {case}: overlapping {a:?} / {b:?} gave None"));
        assert!(finite(&c), "case {case}: {c:?}");
        assert!(c.separation <= 1e-9, "case {case}: {}", c.separation);
        if let (Shape::ConvexHull(ha), Shape::ConvexHull(hb)) = (&a, &b)
            && ha.hull().is_some()
            && hb.hull().is_some()
            && c.status == ContactStatus::Converged
        {
            let (want, _) = sat_depth(&Poly::new(ha, &pa), &Poly::new(hb, &pb));
            assert!(
                (c.separation + want).abs() <= 1e-6 * want.max(1e-3),
                "case {case}"
            );
        }
    }
    assert!(overlapping > 2500, "{overlapping} overlapping");
}

/// The same hull pair at scales 1e-6 … 1e6, offset by 1e6 scale units: the separation
/// scales exactly (to 1e-6) and the normal does not change.
#[test]
fn scale_and_offset_invariance() {
    let mut r = rng(65);
    for case in 0..200 {
        let pts_a = contact_common::cloud(&mut r, 16, Vector3::new(1.0, 0.7, 0.5));
        let pts_b = contact_common::cloud(&mut r, 16, Vector3::new(0.6, 1.0, 0.8));
        let q_a = rotation(&mut r);
        let q_b = rotation(&mut r);
        let d = v3(&mut r, 0.8);
        let reference = {
            let a = ConvexHull::new(&pts_a).unwrap();
            let b = ConvexHull::new(&pts_b).unwrap();
            let pa = Isometry3::from_parts(Translation3::identity(), q_a);
            let pb = Isometry3::from_parts(Translation3::from(d), q_b);
            contact(&a, &pa, &b, &pb, 0.0).unwrap()
        };
        for s in [1e-6, 1e-3, 1.0, 1e3, 1e6] {
            for offset in [0.0, 1e6] {
                let scaled = |p: &Vec<Point3<f64>>| p.iter().map(|p| p * s).collect::<Vec<_>>();
                let a = ConvexHull::new(&scaled(&pts_a)).unwrap();
                let b = ConvexHull::new(&scaled(&pts_b)).unwrap();
                let o = Vector3::new(offset, -offset, offset) * s;
                let pa = Isometry3::from_parts(Translation3::from(o), q_a);
                let pb = Isometry3::from_parts(Translation3::from(o + d * s), q_b);
                let got = contact(&a, &pa, &b, &pb, 0.0).unwrap();
                match (&reference, got) {
                    (None, None) => {}
                    (Some(want), Some(c)) => {
                        let tol = 1e-6 * want.separation.abs().max(1e-3);
                        assert!(
                            (c.separation / s - want.separation).abs() <= tol,
                            "case {case} s {s} offset {offset}: {} vs {}",
                            c.separation / s,
                            want.separation
                        );
                        if want.separation.abs() > 1e-3 {
                            assert!(
                                (c.normal - want.normal).norm() <= 1e-6,
                                "case {case} s {s} offset {offset}"
                            );
                        }
                    }
                    (w, g) => panic!("case {case} s {s} offset {offset}: {w:?} vs {g:?}"),
                }
            }
        }
    }
    let _ = UnitQuaternion::<f64>::identity();
}

/// Two boxes take the separating-axis path; wrapped in an identity `Transformed` (which
/// hides the box from the contact query) they take EPA: on thousands of seeded overlapping box pairs at scales 1e-6, 1 and
/// 1e6 (offset by 1e6 at the larger scales) they give the same depth, and the SAT answer
/// is checked on its own: the boxes overlap by exactly the depth along its normal
/// (support functions), `point_a − point_b = depth · normal`, `point_a` lies on A's
/// supporting plane along the normal and both points lie in their boxes.
#[test]
fn box_pairs_separating_axes_agree_with_epa() {
    let mut r = rng(66);
    let mut penetrating = 0;
    for case in 0..4000 {
        let k = [1e-6, 1.0, 1e6][case % 3];
        let offset = if k >= 1.0 && case % 2 == 0 { 1e6 } else { 0.0 };
        let ha = (v3(&mut r, 1.0).abs() + Vector3::repeat(0.1)) * k;
        let hb = (v3(&mut r, 1.0).abs() + Vector3::repeat(0.1)) * k;
        let (a, b) = (Cuboid::new(ha).unwrap(), Cuboid::new(hb).unwrap());
        let ta = v3(&mut r, 1.0) * k + Vector3::repeat(offset);
        let pa = Isometry3::from_parts(Translation3::from(ta), rotation(&mut r));
        let pb = Isometry3::from_parts(
            Translation3::from(ta + v3(&mut r, 1.5) * k),
            rotation(&mut r),
        );
        let sat = contact(&a, &pa, &b, &pb, 0.0).unwrap();
        let hidden = |c: Cuboid| collision::Transformed::new(c, Isometry3::identity()).unwrap();
        let epa = contact(&hidden(a), &pa, &hidden(b), &pb, 0.0).unwrap();
        let (s, e) = match (sat, epa) {
            (None, None) => continue,
            (Some(s), Some(e)) => (s, e),
            _ => panic!("case {case}: {sat:?} vs {epa:?}"),
        };
        if e.separation >= 0.0 {
            continue;
        }
        penetrating += 1;
        assert!(finite(&s), "case {case}");
        let size = ha.amax().max(hb.amax());
        let tol = 1e-9 * size + 1e-14 * offset;
        let depth = -s.separation;
        assert!(
            (s.separation - e.separation).abs() <= tol,
            "case {case}: SAT {} vs EPA {}",
            s.separation,
            e.separation
        );
        let n = s.normal;
        assert!((n.norm() - 1.0).abs() <= 1e-12, "case {case}");
        let top_a = n.dot(&(pa * a.support(&pa.rotation.inverse_transform_vector(&n))).coords);
        let low_b = n.dot(&(pb * b.support(&pb.rotation.inverse_transform_vector(&-n))).coords);
        assert!(
            (top_a - low_b - depth).abs() <= tol,
            "case {case}: overlap along the normal {} vs depth {depth}",
            top_a - low_b
        );
        assert!(
            (s.point_a - s.point_b - n * depth).norm() <= tol,
            "case {case}: points"
        );
        assert!(
            (n.dot(&s.point_a.coords) - top_a).abs() <= tol,
            "case {case}"
        );
        for (p, pose, h) in [(s.point_a, pa, ha), (s.point_b, pb, hb)] {
            let l = pose.inverse_transform_point(&p);
            for i in 0..3 {
                assert!(l[i].abs() <= h[i] + tol, "case {case}: {l:?} outside {h:?}");
            }
        }
    }
    assert!(penetrating > 2000, "{penetrating} penetrating pairs");
}
