//! A cold run whose first support plane (along B's origin as seen from A) already keeps
//! the cores' `A − B` farther from the origin than the run needs ends after that one
//! support query: pairs whose bounding balls are apart, at scales 1e-6, 1 and 1e6 and
//! offset by 1e6 of their size. The separating axis is checked on the vertices, and
//! `intersects` and `contact` against the distance.

use test_support::gjk as common;

use collision::gjk::IntersectionStatus;
use collision::{
    ConvexHull, QueryOptions, Trace, contact, contact_with, distance, gjk_intersection, intersects,
};
use common::rotation;
use nalgebra::{Isometry3, Point3, Translation3};
use rand::RngExt;
use test_support::contact::unit;

/// A hull of `n` points of a cloud scaled by `scale`, and its largest vertex distance
/// from its origin.
fn scaled_hull(rng: &mut rand_chacha::ChaCha8Rng, n: usize, scale: f64) -> (ConvexHull, f64) {
    let points: Vec<Point3<f64>> = common::cloud(rng, n).iter().map(|p| p * scale).collect();
    let hull = ConvexHull::new(&points).unwrap();
    let reach = hull
        .vertices()
        .iter()
        .map(|v| v.coords.norm())
        .fold(0.0, f64::max);
    (hull, reach)
}

/// The world vertices of `hull` at `pose`.
fn placed(hull: &ConvexHull, pose: &Isometry3<f64>) -> Vec<Point3<f64>> {
    hull.vertices().iter().map(|v| pose * v).collect()
}

#[test]
fn pairs_whose_balls_are_apart_end_on_the_first_support_plane() {
    let mut rng = common::rng(4242);
    for case in 0..3000 {
        let scale = [1e-6, 1.0, 1e6][case % 3];
        let offset = [0.0, 1e6 * scale][(case / 3) % 2];
        let (na, nb) = (rng.random_range(4..=40), rng.random_range(4..=40));
        let (a, reach_a) = scaled_hull(&mut rng, na, scale);
        let (b, reach_b) = scaled_hull(&mut rng, nb, scale);
        let centre_a = unit(&mut rng) * offset;
        // B's origin beyond both balls: the first plane separates by at least the gap.
        let gap = (reach_a + reach_b) * rng.random_range(0.05..2.0);
        let centre_b = centre_a + unit(&mut rng) * (reach_a + reach_b + gap);
        let pa = Isometry3::from_parts(Translation3::from(centre_a), rotation(&mut rng));
        let pb = Isometry3::from_parts(Translation3::from(centre_b), rotation(&mut rng));
        let what = format!("case {case} (scale {scale:e}, offset {offset:e})");

        let test = gjk_intersection(&a, &pa, &b, &pb, QueryOptions::default());
        assert_eq!(test.status, IntersectionStatus::Separated, "{what}");
        assert_eq!(test.iterations, 1, "{what}: one support query");
        // The axis separates the vertices: n · a < n · b for every pair (the rounding of
        // world coordinates at this offset aside).
        let n = test.separating_axis;
        assert!((n.norm() - 1.0).abs() < 1e-12, "{what}: axis {n:?}");
        let top_a = placed(&a, &pa)
            .iter()
            .map(|p| n.dot(&p.coords))
            .fold(f64::MIN, f64::max);
        let low_b = placed(&b, &pb)
            .iter()
            .map(|p| n.dot(&p.coords))
            .fold(f64::MAX, f64::min);
        let slack = 1e-12 * (offset + scale);
        assert!(top_a < low_b + slack, "{what}: {top_a} vs {low_b}");
        assert!(!intersects(&a, &pa, &b, &pb).unwrap(), "{what}");

        // Contacts within a margin: a contact exactly when the distance is within it,
        // whether the first plane or the loop decides.
        let d = distance(&a, &pa, &b, &pb).unwrap();
        for margin in [0.0, 0.5 * d, 0.98 * d, 1.02 * d, 3.0 * d] {
            let c = contact(&a, &pa, &b, &pb, margin).unwrap();
            assert_eq!(
                c.is_some(),
                d <= margin,
                "{what}: margin {margin:e}, distance {d:e}"
            );
            if let Some(c) = c {
                assert!(
                    (c.separation - d).abs() <= 1e-9 * d,
                    "{what}: {c:?} vs {d:e}"
                );
            }
        }

        // Observed, the run takes the same path: no loop step, the same answer.
        let mut trace = Trace::new();
        let seen = contact_with(
            &a,
            &pa,
            &b,
            &pb,
            0.0,
            QueryOptions::default().observer(&mut trace),
        );
        assert_eq!(seen, Ok(None), "{what}");
        assert_eq!(trace.gjk_steps().count(), 0, "{what}");
    }
}
