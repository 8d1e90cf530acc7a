//! GJK distance between random convex hulls against an exact brute-force reference and
//! against parry3d-f64, on the same 10,000 seeded pairs.

use test_support::gjk as common;

use collision::{ClosestPoints, closest_points, intersects};
use common::{brute_force_distance, place, sat_separation};
use rand::RngExt;

#[test]
fn random_hull_pairs_match_brute_force_and_parry() {
    let mut rng = common::rng(2024);
    let (mut separated, mut overlapping, mut ambiguous) = (0, 0, 0);
    let (mut worst_ours, mut worst_parry, mut parry_wrong_overlap) = (0.0f64, 0.0f64, 0);
    for case in 0..10_000 {
        let na = rng.random_range(4..=24);
        let nb = rng.random_range(4..=24);
        let a = common::hull(&mut rng, na);
        let b = common::hull(&mut rng, nb);
        let pa = common::pose(&mut rng, 0.9);
        let pb = common::pose(&mut rng, 0.9);
        let (wa, wb) = (place(&a, &pa), place(&b, &pb));
        let sat = sat_separation(&wa, &wb);
        let got = closest_points(&a, &pa, &b, &pb).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let hit = intersects(&a, &pa, &b, &pb).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let parry = parry3d_f64::query::distance(
            &common::to_parry(&pa),
            &common::parry_hull(&a),
            &common::to_parry(&pb),
            &common::parry_hull(&b),
        )
        .unwrap()
        .distance;
        if sat.abs() < 1e-9 {
            ambiguous += 1;
            continue;
        }
        if sat < 0.0 {
            overlapping += 1;
            assert_eq!(
                got,
                ClosestPoints::Overlapping,
                "case {case}: SAT overlap {sat}"
            );
            assert!(
                hit,
                "case {case}: intersects() says apart, SAT overlap {sat}"
            );
            continue;
        }
        separated += 1;
        assert!(
            !hit,
            "case {case}: intersects() says overlap, SAT gap {sat}"
        );
        let want = brute_force_distance(&wa, &wb);
        let ClosestPoints::Separated {
            point_a,
            point_b,
            distance,
        } = got
        else {
            panic!("case {case}: GJK says overlap, brute force {want}");
        };
        let err = (distance - want).abs() / want;
        worst_ours = worst_ours.max(err);
        assert!(
            err <= 1e-9,
            "case {case}: GJK {distance}, brute force {want}, rel err {err:e}"
        );
        assert!(((point_b - point_a).norm() - want).abs() <= 1e-9 * want.max(1.0));
        // The witnesses lie on the shapes: within rounding of each hull.
        for (p, h, pose) in [(point_a, &a, &pa), (point_b, &b, &pb)] {
            let local = pose.inverse_transform_point(&p);
            let outside = h
                .hull()
                .unwrap()
                .planes()
                .iter()
                .map(|pl| pl.normal.dot(&local.coords) - pl.offset)
                .fold(f64::MIN, f64::max);
            assert!(
                outside <= 1e-9,
                "case {case}: witness {outside} outside its hull"
            );
        }
        if parry == 0.0 {
            parry_wrong_overlap += 1;
        } else {
            worst_parry = worst_parry.max((parry - want).abs() / want);
        }
        assert!(
            (parry - distance).abs() <= 1e-6 * want.max(1.0) || parry == 0.0,
            "case {case}: parry {parry}, ours {distance}, brute force {want}"
        );
    }
    println!(
        "{separated} separated, {overlapping} overlapping, {ambiguous} ambiguous; \
         worst relative error: ours {worst_ours:e}, parry {worst_parry:e}; \
         parry reported 0 for {parry_wrong_overlap} separated pairs"
    );
    assert!(
        separated > 3000 && overlapping > 3000,
        "coverage: {separated} / {overlapping}"
    );
}
