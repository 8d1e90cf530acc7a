//! Random simplices of 2 to 4 points for the signed-volume projection's tests and bench:
//! ordinary ones and the degenerate families (repeated, collinear, coplanar, thin, tiny,
//! far, scaled), with the origin placed near or inside them.

use nalgebra::{Point3, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Largest distance between two vertices: the simplex's own length scale.
pub fn diameter(points: &[Point3<f64>]) -> f64 {
    let mut d: f64 = 0.0;
    for (i, p) in points.iter().enumerate() {
        for q in &points[i + 1..] {
            d = d.max((p - q).norm());
        }
    }
    d
}

/// A point uniform in the cube `[-1, 1]³`.
pub fn cube(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    crate::v3(rng, 1.0)
}

/// A uniformly random unit vector.
pub fn direction(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    crate::sample::unit_vector_where(rng, |n2| n2 > 1e-4 && n2 <= 1.0)
}

/// Random barycentric weights (uniform on the simplex).
pub fn weights(rng: &mut ChaCha8Rng, k: usize) -> Vec<f64> {
    let e: Vec<f64> = (0..k)
        .map(|_| -rng.random_range(1e-12_f64..1.0).ln())
        .collect();
    let s: f64 = e.iter().sum();
    e.iter().map(|x| x / s).collect()
}

/// `10^u` with `u` uniform in `[lo, hi]`.
pub fn log_uniform(rng: &mut ChaCha8Rng, lo: f64, hi: f64) -> f64 {
    10f64.powf(rng.random_range(lo..=hi))
}

/// Moves the simplex so that the origin sits near a random point of it: at a random
/// convex combination of its vertices, then `10^[-12, 0]` times its size away in a
/// random direction (or exactly on it, one time in eight).
pub fn around_origin(rng: &mut ChaCha8Rng, points: &mut [Point3<f64>]) {
    let w = weights(rng, points.len());
    let x = points
        .iter()
        .zip(&w)
        .fold(Vector3::zeros(), |x, (p, wi)| x + p.coords * *wi);
    let size = diameter(points).max(f64::MIN_POSITIVE);
    let offset = if rng.random_range(0..8) == 0 {
        Vector3::zeros()
    } else {
        direction(rng) * size * log_uniform(rng, -12.0, 0.0)
    };
    for p in points.iter_mut() {
        *p = Point3::from(p.coords - x + offset);
    }
}

/// The families of random simplices of the brute-force test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Family {
    /// Points in a cube of side 2 whose centre lies up to 2 from the origin along each
    /// axis.
    General,
    /// The origin at or near a random point of the simplex (often inside).
    Around,
    /// Some vertices repeated.
    Repeated,
    /// All points on one line (up to the rounding of their coordinates).
    Collinear,
    /// Tetrahedra with four coplanar points (up to rounding).
    Coplanar,
    /// Needles, slivers and pencils of relative width `10^-k`, `k` in 3..=15.
    Thin,
    /// Points `1e-12` apart, near the origin or a unit away.
    Tiny,
    /// Coordinates of `1e8` with extents of `1e-3`: random, or with a face (edge)
    /// perpendicular to an axis and facing the origin.
    Far,
    /// `General` or `Around`, scaled uniformly by `10^[-6, 6]`.
    Scaled,
}

/// Every family, in the order the tests run them.
pub const FAMILIES: [Family; 9] = [
    Family::General,
    Family::Around,
    Family::Repeated,
    Family::Collinear,
    Family::Coplanar,
    Family::Thin,
    Family::Tiny,
    Family::Far,
    Family::Scaled,
];

/// A random simplex of `k` points (2 to 4) from `family`.
pub fn simplex(rng: &mut ChaCha8Rng, family: Family, k: usize) -> Vec<Point3<f64>> {
    let mut p: Vec<Point3<f64>> = match family {
        Family::General => {
            let centre = cube(rng) * 2.0;
            (0..k).map(|_| Point3::from(centre + cube(rng))).collect()
        }
        Family::Around => {
            let mut p: Vec<_> = (0..k).map(|_| Point3::from(cube(rng))).collect();
            around_origin(rng, &mut p);
            p
        }
        Family::Repeated => {
            let mut p = simplex(rng, Family::Around, k);
            let from = rng.random_range(0..k);
            let to = (from + rng.random_range(1..k)) % k;
            p[to] = p[from];
            if k == 4 && rng.random_range(0..2) == 0 {
                p[(to + 1) % k] = p[from];
            }
            p
        }
        Family::Collinear => {
            let a = cube(rng);
            let b = cube(rng);
            let mut p: Vec<_> = (0..k)
                .map(|_| Point3::from(a + (b - a) * rng.random_range(-0.5..1.5)))
                .collect();
            if rng.random_range(0..2) == 0 {
                around_origin(rng, &mut p);
            }
            p
        }
        Family::Coplanar => {
            let a = cube(rng);
            let (e1, e2) = (cube(rng), cube(rng));
            let mut p: Vec<_> = (0..k)
                .map(|_| {
                    let (s, t) = (rng.random_range(-0.5..1.5), rng.random_range(-0.5..1.5));
                    Point3::from(a + e1 * s + e2 * t)
                })
                .collect();
            if rng.random_range(0..2) == 0 {
                around_origin(rng, &mut p);
            }
            p
        }
        Family::Thin => {
            let width = 10f64.powi(-rng.random_range(3..=15));
            let flat = rng.random_range(0..2) == 0;
            let base = simplex(
                rng,
                if flat {
                    Family::Coplanar
                } else {
                    Family::Collinear
                },
                k,
            );
            let mut p: Vec<_> = base
                .iter()
                .map(|q| Point3::from(q.coords + direction(rng) * width))
                .collect();
            around_origin(rng, &mut p);
            p
        }
        Family::Tiny => {
            let centre = if rng.random_range(0..2) == 0 {
                direction(rng)
            } else {
                Vector3::zeros()
            };
            let mut p: Vec<_> = (0..k)
                .map(|_| Point3::from(centre + cube(rng) * 1e-12))
                .collect();
            if centre == Vector3::zeros() {
                around_origin(rng, &mut p);
            }
            p
        }
        Family::Far => {
            if rng.random_range(0..2) == 0 {
                let centre = direction(rng) * 1e8;
                (0..k)
                    .map(|_| Point3::from(centre + cube(rng) * 1e-3))
                    .collect()
            } else {
                // A face (or edge) exactly perpendicular to a coordinate axis, 1e8 away,
                // that the origin projects inside: the answer is not a vertex.
                let axis = rng.random_range(0..3);
                let side = if rng.random_range(0..2) == 0 {
                    1e8
                } else {
                    -1e8
                };
                let mut p: Vec<_> = (0..k)
                    .map(|_| {
                        let mut q = cube(rng) * 1e-3;
                        q[axis] = 0.0;
                        Point3::from(q)
                    })
                    .collect();
                around_origin(rng, &mut p[..k.min(3)]);
                for q in p.iter_mut() {
                    q[axis] = side;
                }
                if k == 4 {
                    p[3][axis] = side * (1.0 + 1e-11);
                }
                p
            }
        }
        Family::Scaled => {
            let scale = log_uniform(rng, -6.0, 6.0);
            let base = if rng.random_range(0..2) == 0 {
                Family::General
            } else {
                Family::Around
            };
            simplex(rng, base, k)
                .iter()
                .map(|q| Point3::from(q.coords * scale))
                .collect()
        }
    };
    p.truncate(k);
    p
}
