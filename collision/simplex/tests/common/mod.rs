//! Shared test support: a brute-force reference in double-double arithmetic and the
//! checks every result must pass; the seeded simplices come from the `test-support`
//! crate.
#![allow(dead_code)]

pub mod dd;
pub mod rational;

use test_support::simplices::diameter;

use collision_simplex::Projection;
use dd::{Dd, V3, det3};
use nalgebra::{Point3, Vector3};

/// The closest point of the simplex to the origin, by brute force: project onto the
/// affine hull of every vertex subset (vertex, edge, face, interior) in closed form, keep
/// the projections that land inside their sub-simplex, and return the nearest, with its
/// distance. Every step runs in double-double arithmetic on exact edge vectors, so the
/// result is the exact answer to about 1e-30 relative, far below the 1e-12 under test.
pub fn reference(points: &[Point3<f64>]) -> (Point3<f64>, f64) {
    let p: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.z]).collect();
    let mut best: Option<(Dd, V3)> = None;
    let mut keep = |x: V3| {
        let d2 = x.dot(x);
        if best.is_none_or(|(b, _)| (d2 - b).signum() < 0) {
            best = Some((d2, x));
        }
    };
    let k = p.len();
    for mask in 1..(1u32 << k) {
        let idx: Vec<usize> = (0..k).filter(|i| mask & (1 << i) != 0).collect();
        let a = p[idx[0]];
        let q = V3::from_f64(a).neg(); // origin - a
        let e: Vec<V3> = idx[1..].iter().map(|&j| V3::diff(p[j], a)).collect();
        match e.len() {
            0 => keep(V3::from_f64(a)),
            1 => {
                // a + t e with t = (o - a)·e / e·e, kept when 0 < t < 1.
                let ee = e[0].dot(e[0]);
                if ee.signum() == 0 {
                    continue;
                }
                let t = q.dot(e[0]) / ee;
                if t.signum() > 0 && (Dd::new(1.0) - t).signum() > 0 {
                    keep(V3::from_f64(a).add(e[0].scale(t)));
                }
            }
            2 => {
                // Cramer's rule on o - a = β e1 + γ e2 + δ n, n = e1 × e2.
                let n = e[0].cross(e[1]);
                let nn = n.dot(n);
                if nn.signum() == 0 {
                    continue;
                }
                let beta = det3(q, e[1], n) / nn;
                let gamma = det3(e[0], q, n) / nn;
                let alpha = Dd::new(1.0) - beta - gamma;
                if beta.signum() > 0 && gamma.signum() > 0 && alpha.signum() > 0 {
                    keep(V3::from_f64(a).add(e[0].scale(beta)).add(e[1].scale(gamma)));
                }
            }
            _ => {
                // Cramer's rule on o - a = λb e1 + λc e2 + λd e3: inside means distance 0.
                let v = det3(e[0], e[1], e[2]);
                if v.signum() == 0 {
                    continue;
                }
                let l = [
                    det3(q, e[1], e[2]) / v,
                    det3(e[0], q, e[2]) / v,
                    det3(e[0], e[1], q) / v,
                ];
                let la = Dd::new(1.0) - l[0] - l[1] - l[2];
                if l.iter().all(|x| x.signum() >= 0) && la.signum() >= 0 {
                    keep(V3([Dd::ZERO; 3]));
                }
            }
        }
    }
    let (d2, x) = best.expect("every vertex is a candidate");
    let x = x.to_f64();
    (Point3::new(x[0], x[1], x[2]), d2.to_f64().sqrt())
}

/// Checks the weight invariants and returns the relative errors of the distance and of
/// the point against the reference, `|d - d_ref| / (diameter + d_ref)` and
/// `|x - x_ref| / (diameter + d_ref)`. Panics with the case on a violation.
pub fn check(points: &[Point3<f64>], projection: &Projection, what: &str) -> (f64, f64) {
    let (x_ref, d_ref) = reference(points);
    let scale = diameter(points) + d_ref;
    let w = projection.weights;
    let context = || format!("{what}: points {points:?}\nprojection {projection:?}");
    let mut sum = 0.0;
    let mut combination = Vector3::zeros();
    for (i, &wi) in w.iter().enumerate() {
        assert!(wi.is_finite(), "non-finite weight, {}", context());
        if projection.supports(i) {
            assert!(
                i < points.len(),
                "support outside the simplex, {}",
                context()
            );
            assert!(wi > 0.0, "zero weight inside the support, {}", context());
            combination += points[i].coords * wi;
        } else {
            assert!(wi == 0.0, "weight outside the support, {}", context());
        }
        sum += wi;
    }
    assert!(
        (sum - 1.0).abs() <= 1e-14,
        "weights sum to {sum}, {}",
        context()
    );
    let reproduced = (combination - projection.point.coords).norm();
    assert!(
        reproduced <= 1e-13 * scale.max(f64::MIN_POSITIVE),
        "weights reproduce the point only to {reproduced:e} (scale {scale:e}), {}",
        context()
    );
    let error = (projection.distance() - d_ref).abs();
    let moved = (projection.point - x_ref).norm();
    if scale == 0.0 {
        (error, moved)
    } else {
        (error / scale, moved / scale)
    }
}
