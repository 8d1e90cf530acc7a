//! The kernels against a brute-force reference (every vertex, edge, face and the
//! interior in closed form, double-double arithmetic) on seeded random simplices,
//! ordinary and degenerate.

mod common;

use collision_simplex::project_origin;
use common::check;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use test_support::simplices::{FAMILIES, Family, simplex};

/// Cases per family and simplex size: 9 families × 3 sizes × 10,000 = 270,000 simplices.
const CASES: usize = 10_000;

/// Required agreement of the distance, relative to `diameter + distance`.
const TOLERANCE: f64 = 1e-12;

#[test]
fn agrees_with_brute_force_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5157_3d00);
    let mut report = String::from("family      k  distance  point    (worst relative errors)\n");
    let mut failures = Vec::new();
    let mut total = 0;
    for family in FAMILIES {
        for k in 2..=4 {
            let mut worst = (0.0_f64, Vec::new());
            let mut worst_point = 0.0_f64;
            for _ in 0..CASES {
                let points = simplex(&mut rng, family, k);
                let projection = project_origin(&points).expect("2 to 4 points");
                let (error, moved) = check(&points, &projection, &format!("{family:?} k={k}"));
                worst_point = worst_point.max(moved);
                if error > worst.0 || worst.1.is_empty() {
                    worst = (error, points);
                }
                total += 1;
            }
            report += &format!(
                "{:<11} {k}  {:.2e}  {:.2e}\n",
                format!("{family:?}"),
                worst.0,
                worst_point
            );
            if worst.0 > TOLERANCE || worst_point > TOLERANCE {
                failures.push(format!("{family:?} k={k}: {:e} at {:?}", worst.0, worst.1));
            }
        }
    }
    println!("{total} simplices\n{report}");
    assert!(total >= 100_000);
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
}

/// The families must actually exercise every outcome: each support size occurs, and the
/// origin is found inside tetrahedra and triangles, not only beyond vertices.
#[test]
fn families_cover_every_support_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut seen = [[0usize; 5]; 5];
    for family in [Family::General, Family::Around, Family::Thin, Family::Far] {
        for (k, seen_k) in seen.iter_mut().enumerate().skip(2) {
            for _ in 0..2_000 {
                let points = simplex(&mut rng, family, k);
                let projection = project_origin(&points).expect("2 to 4 points");
                seen_k[projection.support_len()] += 1;
            }
        }
    }
    for (k, seen_k) in seen.iter().enumerate().skip(2) {
        for (len, &count) in seen_k.iter().enumerate().take(k + 1).skip(1) {
            assert!(count >= 20, "k={k}: support of {len} seen {seen:?}");
        }
    }
}
