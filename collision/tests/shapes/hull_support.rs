//! Hull support queries (block scan, seeded and hinted hill-climbing) against a
//! sequential brute-force scan.

use test_support::gjk as common;

use collision::ConvexHull;
use common::{cloud, rng, v3};
use nalgebra::{Point3, Vector3};
use rand::RngExt;

/// The first vertex with the largest `dir · p`: the reference answer.
fn brute(vertices: &[Point3<f64>], dir: &Vector3<f64>) -> usize {
    let mut best = 0;
    for (i, p) in vertices.iter().enumerate() {
        if dir.dot(&p.coords) > dir.dot(&vertices[best].coords) {
            best = i;
        }
    }
    best
}

/// The scan returns exactly the first maximiser, on random hulls of every size up to and
/// past the crossover, on grid points with many ties, and on flat sets.
#[test]
fn scan_is_the_first_maximiser() {
    let mut rng = rng(77);
    let (mut checked, mut climbing) = (0, 0);
    for case in 0..400 {
        let n = 1 + case % 90;
        let points: Vec<Point3<f64>> = match case % 4 {
            // Points on a sphere: every point is a vertex, so hulls past the crossover
            // hill-climb.
            3 => (0..(n * 4))
                .map(|_| Point3::from(v3(&mut rng, 1.0).normalize()))
                .collect(),
            0 => cloud(&mut rng, n),
            // Integer grid points: many equal products along axis directions.
            1 => (0..n)
                .map(|_| Point3::from(v3(&mut rng, 3.0).map(f64::round)))
                .collect(),
            // A flat set (polygon), scanned without adjacency.
            _ => (0..n)
                .map(|_| {
                    Point3::new(
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                        0.5,
                    )
                })
                .collect(),
        };
        let hull = ConvexHull::new(&points).unwrap();
        climbing += usize::from(hull.vertices().len() > collision::shape::HILL_CLIMB_CROSSOVER);
        for k in 0..50 {
            let dir = if k % 5 == 0 {
                // Axis directions make ties on the grid.
                let mut d = Vector3::zeros();
                d[k % 3] = if k % 2 == 0 { 1.0 } else { -1.0 };
                d
            } else {
                v3(&mut rng, 1.0)
            };
            let want = brute(hull.vertices(), &dir);
            assert_eq!(hull.support_scan(&dir), want, "case {case}, dir {dir}");
            let climbed = hull.support_climb(&dir, u32::MAX);
            let (got, best) = (
                dir.dot(&hull.vertices()[climbed].coords),
                dir.dot(&hull.vertices()[want].coords),
            );
            assert_eq!(got, best, "case {case}: climb from the seeds");
            let hinted = hull.support_climb(&dir, (k * 7) as u32 % hull.vertices().len() as u32);
            assert_eq!(
                dir.dot(&hull.vertices()[hinted].coords),
                best,
                "case {case}: climb from a hint"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 20_000);
    assert!(climbing > 60, "{climbing}");
    // A NaN direction gives vertex 0, as the sequential scan does.
    let hull = ConvexHull::new(&cloud(&mut rng, 30)).unwrap();
    assert_eq!(hull.support_scan(&Vector3::new(f64::NAN, 0.0, 1.0)), 0);
}
