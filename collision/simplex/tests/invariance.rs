//! Invariances: vertex order (all 24 orders of a tetrahedron, 6 of a triangle, 2 of a
//! segment) and uniform scaling of the input.

use collision_simplex::{Projection, project_origin};
use nalgebra::Point3;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use test_support::simplices::{Family, diameter, simplex};

/// Every ordering of `0..k`.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for rest in permutations(k - 1) {
        for slot in 0..k {
            let mut p = rest.clone();
            p.insert(slot, k - 1);
            all.push(p);
        }
    }
    all
}

/// The projection of `points` reordered by `order` (`order[i]` is the original index of
/// the new vertex `i`), mapped back to the original numbering.
fn project_reordered(points: &[Point3<f64>], order: &[usize]) -> Projection {
    let reordered: Vec<_> = order.iter().map(|&i| points[i]).collect();
    let p = project_origin(&reordered).expect("2 to 4 points");
    let mut weights = [0.0; 4];
    let mut support = 0;
    for (i, &original) in order.iter().enumerate() {
        weights[original] = p.weights[i];
        support |= ((p.support >> i) & 1) << original;
    }
    Projection {
        point: p.point,
        weights,
        support,
    }
}

#[test]
fn every_vertex_order_gives_the_same_projection() {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let mut outcomes = [0usize; 5];
    for k in 2..=4 {
        let orders = permutations(k);
        assert_eq!(orders.len(), [1, 1, 2, 6, 24][k]);
        for case in 0..1_500 {
            let family = [Family::General, Family::Around, Family::Far][case % 3];
            let points = simplex(&mut rng, family, k);
            let scale = diameter(&points) + project_origin(&points).unwrap().distance();
            let first = project_reordered(&points, &orders[0]);
            outcomes[first.support_len()] += 1;
            for order in &orders[1..] {
                let other = project_reordered(&points, order);
                let context = || format!("order {order:?} of {points:?}:\n{first:?}\n{other:?}");
                assert_eq!(other.support, first.support, "{}", context());
                let moved = (other.point - first.point).norm();
                assert!(moved <= 1e-13 * scale, "moved {moved:e}, {}", context());
                for (w, v) in other.weights.iter().zip(first.weights) {
                    assert!((w - v).abs() <= 1e-12, "weights differ, {}", context());
                }
            }
        }
    }
    // The sample reaches vertices, edges, faces and interiors.
    assert!(outcomes[1..].iter().all(|&n| n >= 50), "{outcomes:?}");
}

/// Scaling by a power of two is exact in floating point, and every decision in the
/// kernels is homogeneous, so the result scales bit for bit.
#[test]
fn power_of_two_scaling_scales_the_result_exactly() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for case in 0..3_000 {
        let family = [
            Family::General,
            Family::Around,
            Family::Thin,
            Family::Repeated,
        ][case % 4];
        let points = simplex(&mut rng, family, 2 + case % 3);
        let base = project_origin(&points).unwrap();
        for exponent in [-40, -20, -1, 1, 20, 40] {
            let s = 2f64.powi(exponent);
            let scaled: Vec<_> = points.iter().map(|p| p * s).collect();
            let p = project_origin(&scaled).unwrap();
            assert_eq!(p.point, base.point * s, "2^{exponent} × {points:?}");
            assert_eq!(p.weights, base.weights, "2^{exponent} × {points:?}");
            assert_eq!(p.support, base.support, "2^{exponent} × {points:?}");
        }
    }
}

/// Scaling by `10^k` rounds the input, so the result scales to rounding accuracy.
#[test]
fn decimal_scaling_from_1e_6_to_1e6_scales_the_result() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for case in 0..3_000 {
        let family = [Family::General, Family::Around][case % 2];
        let points = simplex(&mut rng, family, 2 + case % 3);
        let base = project_origin(&points).unwrap();
        let size = diameter(&points) + base.distance();
        for exponent in -6..=6 {
            let s = 10f64.powi(exponent);
            let scaled: Vec<_> = points.iter().map(|p| p * s).collect();
            let p = project_origin(&scaled).unwrap();
            let context = || format!("10^{exponent} × {points:?}:\n{base:?}\n{p:?}");
            let moved = (p.point / s - base.point).norm();
            assert!(moved <= 1e-13 * size, "moved {moved:e}, {}", context());
            assert!(
                ((p.distance() / s) - base.distance()).abs() <= 1e-13 * size,
                "{}",
                context()
            );
            // Near a region boundary the support may change with rounding, but then
            // the weight that appears or vanishes is itself at rounding level.
            for (w, v) in p.weights.iter().zip(base.weights) {
                assert!((w - v).abs() <= 1e-11, "weights differ, {}", context());
            }
        }
    }
}
