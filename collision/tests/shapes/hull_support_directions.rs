//! Hull support along awkward directions (axes, ±0 components, the start table's cell
//! boundaries, extreme scales, non-finite) against a brute-force maximum over all
//! vertices, for hulls of 8 to 2,000 points, scanned and hill-climbed.

use test_support::gjk as common;

use collision::ConvexHull;
use collision::SupportMap;
use collision::shape::HILL_CLIMB_CROSSOVER;
use common::{cloud, rng, v3};
use nalgebra::{Point3, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The largest `dir · p` over all vertices and the first vertex reaching it (a sequential
/// scan keeping the first strictly larger product, from `-∞` at vertex 0).
fn brute(vertices: &[Point3<f64>], dir: &Vector3<f64>) -> (f64, usize) {
    let (mut best, mut first) = (f64::NEG_INFINITY, 0);
    for (i, p) in vertices.iter().enumerate() {
        let d = dir.dot(&p.coords);
        if d > best {
            (best, first) = (d, i);
        }
    }
    (best, first)
}

/// A direction of one of the awkward kinds, chosen by `kind`.
fn awkward(rng: &mut ChaCha8Rng, kind: usize) -> Vector3<f64> {
    let sign = |rng: &mut ChaCha8Rng| if rng.random_bool(0.5) { 1.0 } else { -1.0 };
    let zero = |rng: &mut ChaCha8Rng| if rng.random_bool(0.5) { 0.0 } else { -0.0 };
    match kind % 8 {
        // An axis, the other components ±0.
        0 => {
            let mut d = Vector3::new(zero(rng), zero(rng), zero(rng));
            d[rng.random_range(0..3)] = sign(rng);
            d
        }
        // A face diagonal or a cube diagonal, some components ±0.
        1 => Vector3::new(sign(rng), sign(rng), zero(rng)),
        2 => Vector3::new(sign(rng), sign(rng), sign(rng)),
        // A cell boundary of an octahedral grid with k cells per side (any k the table
        // may use): u and v on grid lines, the third component on either side of 0.
        3 => {
            let k = rng.random_range(4..=64);
            let line = |rng: &mut ChaCha8Rng| {
                f64::from(rng.random_range(0..=k)) * 2.0 / f64::from(k) - 1.0
            };
            let (u, v) = (line(rng), line(rng));
            let w = (1.0 - u.abs() - v.abs()).max(0.0);
            Vector3::new(u, v, if rng.random_bool(0.5) { w } else { -w })
        }
        // The equator and the poles, with signed zeros.
        4 => Vector3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            zero(rng),
        ),
        5 => Vector3::new(zero(rng), zero(rng), sign(rng) * rng.random_range(0.5..2.0)),
        // Extreme scales: the support does not depend on |d|.
        6 => v3(rng, 1.0) * if rng.random_bool(0.5) { 1e-300 } else { 1e300 },
        _ => v3(rng, 1.0),
    }
}

/// Scan, climb (from the table, from random hints) and the trait calls all reach the
/// brute-force maximum along every direction; scanned hulls return exactly the first
/// maximiser.
#[test]
fn support_reaches_the_brute_force_maximum() {
    let mut rng = rng(4242);
    let (mut checked, mut climbed) = (0, 0);
    // Thirteen sizes, so that each meets every point-set kind (`case % 3`); 64 and 65
    // vertices straddle the crossover on a sphere.
    let sizes = [8, 12, 16, 24, 48, 64, 65, 80, 100, 200, 500, 1000, 2000];
    for case in 0..156 {
        let n = sizes[case % sizes.len()];
        let points: Vec<Point3<f64>> = match case % 3 {
            // On a sphere: every point is a vertex (up to 2,000 vertices).
            0 => (0..n)
                .map(|_| Point3::from(v3(&mut rng, 1.0).normalize()))
                .collect(),
            // Integer grid points: many exact ties along axes and diagonals.
            1 => (0..n)
                .map(|_| Point3::from(v3(&mut rng, 4.0).map(f64::round)))
                .collect(),
            _ => cloud(&mut rng, n),
        };
        let hull = ConvexHull::new(&points).unwrap();
        let vertices = hull.vertices();
        let scanned = vertices.len() <= HILL_CLIMB_CROSSOVER;
        climbed += usize::from(!scanned);
        for k in 0..250 {
            let dir = awkward(&mut rng, k);
            let (best, first) = brute(vertices, &dir);
            let value = |i: usize| dir.dot(&vertices[i].coords);
            let hint = rng.random_range(0..vertices.len() as u32);
            let hinted = hull.support_hinted(&dir, u32::MAX);
            let results = [
                ("scan", hull.support_scan(&dir)),
                ("climb from the table", hull.support_climb(&dir, u32::MAX)),
                ("climb from a hint", hull.support_climb(&dir, hint)),
                ("support_hinted", hinted.id as usize),
            ];
            for (what, i) in results {
                assert_eq!(value(i), best, "case {case} (n {n}), {what}, dir {dir:?}");
            }
            assert_eq!(hinted.point, vertices[hinted.id as usize]);
            assert_eq!(hull.support(&dir), hinted.point, "case {case}: support");
            // The tie rule: a scan returns the first maximiser.
            assert_eq!(hull.support_scan(&dir), first, "case {case}: first on ties");
            if scanned {
                assert_eq!(hinted.id as usize, first, "case {case}: scanned hull, ties");
                // Any hint gives the scan's answer, a maximiser or not.
                let kept = hull.support_hinted(&dir, hint).id as usize;
                assert_eq!(kept, first, "case {case}: scanned hull, hint {hint}");
            }
            checked += 1;
        }
        // Zero and non-finite directions: a vertex index, no panic.
        for dir in [
            Vector3::zeros(),
            Vector3::new(-0.0, -0.0, -0.0),
            Vector3::new(f64::NAN, 1.0, 0.0),
            Vector3::new(f64::INFINITY, 0.0, 0.0),
            Vector3::new(f64::INFINITY, f64::NEG_INFINITY, 1.0),
            Vector3::new(0.0, 0.0, f64::NAN),
        ] {
            for i in [
                hull.support_scan(&dir),
                hull.support_climb(&dir, u32::MAX),
                hull.support_hinted(&dir, 7).id as usize,
            ] {
                assert!(i < vertices.len(), "case {case}: index {i} for {dir:?}");
            }
        }
    }
    assert_eq!(checked, 156 * 250);
    assert!(climbed >= 40, "{climbed} climbing hulls");
}

/// A scanned hull with many equal products picks the first maximiser, like a sequential
/// scan, for every position of the tie in the blocks of four and with padded blocks,
/// whatever the hint (a maximiser itself or not).
#[test]
fn scan_ties_go_to_the_first_vertex() {
    let mut rng = rng(99);
    for n in 4..=HILL_CLIMB_CROSSOVER {
        // A prism over a regular n/2-gon: along ±z the products tie over a whole cap.
        let m = n / 2;
        let points: Vec<Point3<f64>> = (0..2 * m)
            .map(|i| {
                let t = std::f64::consts::TAU * (i % m) as f64 / m as f64;
                Point3::new(t.cos(), t.sin(), if i < m { -1.0 } else { 1.0 })
            })
            .collect();
        let hull = ConvexHull::new(&points).unwrap();
        for _ in 0..200 {
            let mut dir = v3(&mut rng, 1.0);
            if rng.random_bool(0.5) {
                (dir.x, dir.y) = (0.0, 0.0);
            }
            let (_, first) = brute(hull.vertices(), &dir);
            assert_eq!(hull.support_scan(&dir), first, "n {n}, dir {dir:?}");
            assert_eq!(
                hull.support_hinted(&dir, u32::MAX).id as usize,
                first,
                "n {n}"
            );
            let hint = rng.random_range(0..hull.vertices().len());
            assert_eq!(
                hull.support_hinted(&dir, hint as u32).id as usize,
                first,
                "n {n}, hint {hint}"
            );
        }
    }
}
