//! Flat tetrahedra against exact rational arithmetic: three collinear points, coincident
//! points and coplanar points, in every vertex order, at scales 1e-6, 1 and 1e6 and
//! formed at an offset of 1e6.
//!
//! The story: with `c = a + 0.37 (b − a)` and `d` off the line, the rounding of `c`
//! leaves a tetrahedron of relative volume about 1e-16. That is above the double-double
//! path's cut-off, so the tetrahedron is solid and its faces are searched; its face
//! `abc` is a segment to `f64`, whose answer (the nearest of its edges) was taken as
//! proof that the origin lies in that edge's Voronoi region. About 2 % of such
//! tetrahedra came out wrong, by up to half the distance (2.0424 on edge `ab` where the
//! exact answer is 1.596358 on face `bcd`).

mod common;

use collision_simplex::{Projection, project_tetrahedron};
use common::rational;
use nalgebra::{Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use test_support::simplices::{cube, diameter, direction, log_uniform, weights};

/// Required agreement of the distance, relative to `diameter + distance` (as in
/// `brute_force.rs`).
const TOLERANCE: f64 = 1e-12;

/// Base cases per family of flat tetrahedra and per scale; each runs in all 24 orders.
const CASES: usize = 120;

/// How the four points are made flat. Points are `a, b, c, d` before reordering.
#[derive(Clone, Copy, Debug)]
enum Flat {
    /// `c` on the line `ab` (between, beyond, or near an end), `d` off it.
    ThreeCollinear,
    /// `b = a`, `c` and `d` anywhere: a triangle.
    CoincidentPair,
    /// `b = a` and `d` on the line `ac`: a segment.
    CoincidentOnLine,
    /// `b = a`, `d = c`: a segment.
    TwoPairs,
    /// `b = c = a`: a segment.
    ThreeCoincident,
    /// All four on one line.
    FourCollinear,
    /// `d` in the plane of `abc`.
    Coplanar,
}

const FLATS: [Flat; 7] = [
    Flat::ThreeCollinear,
    Flat::CoincidentPair,
    Flat::CoincidentOnLine,
    Flat::TwoPairs,
    Flat::ThreeCoincident,
    Flat::FourCollinear,
    Flat::Coplanar,
];

/// Where on the line `ab` a collinear point goes: the 0.37, inside, beyond
/// either end, or within 1e-9 of an end.
fn along(rng: &mut ChaCha8Rng) -> f64 {
    match rng.random_range(0..5) {
        0 => 0.37,
        1 => rng.random_range(0.0..1.0),
        2 => rng.random_range(-1.0..2.0),
        3 => log_uniform(rng, -12.0, -9.0),
        _ => 1.0 - log_uniform(rng, -12.0, -9.0),
    }
}

/// A flat tetrahedron of size about 1 whose points are `centre + …` with `centre` up to
/// 1.5 from the origin. The combinations (`a + t (b − a)`) are evaluated in the frame of
/// `centre`, so at `centre ≈ 1e6` their rounding (about 1e-10) leaves them only nearly
/// collinear or coplanar, as GJK's points far from the origin are.
fn flat(rng: &mut ChaCha8Rng, kind: Flat, centre: Vector3<f64>) -> [Point3<f64>; 4] {
    let at = |v: Vector3<f64>| Point3::from(centre + v);
    let (a, b, c, d) = (at(cube(rng)), at(cube(rng)), at(cube(rng)), at(cube(rng)));
    let on = |p: Point3<f64>, q: Point3<f64>, t: f64| p + (q - p) * t;
    match kind {
        Flat::ThreeCollinear => [a, b, on(a, b, along(rng)), d],
        Flat::CoincidentPair => [a, a, c, d],
        Flat::CoincidentOnLine => [a, a, c, on(a, c, along(rng))],
        Flat::TwoPairs => [a, a, c, c],
        Flat::ThreeCoincident => [a, a, a, d],
        Flat::FourCollinear => [a, b, on(a, b, along(rng)), on(a, b, along(rng))],
        Flat::Coplanar => {
            let (s, t) = (rng.random_range(-0.5..1.5), rng.random_range(-0.5..1.5));
            [a, b, c, a + (b - a) * s + (c - a) * t]
        }
    }
}

/// Every ordering of four vertices.
fn orders() -> Vec<[usize; 4]> {
    let mut all = Vec::new();
    for i in 0..4 {
        for j in (0..4).filter(|&j| j != i) {
            for k in (0..4).filter(|&k| k != i && k != j) {
                all.push([i, j, k, 6 - i - j - k]);
            }
        }
    }
    all
}

/// Weights non-negative, zero outside the support, summing to one and reproducing the
/// point (to `1e-13` of the size).
fn assert_consistent(points: &[Point3<f64>; 4], q: &Projection, what: &str) {
    let scale = diameter(points) + q.distance();
    let mut x = Vector3::zeros();
    for (i, &w) in q.weights.iter().enumerate() {
        assert!(
            w >= 0.0 && (q.supports(i) || w == 0.0),
            "{what}: weights {q:?}"
        );
        x += points[i].coords * w;
    }
    let sum: f64 = q.weights.iter().sum();
    assert!((sum - 1.0).abs() <= 1e-14, "{what}: weights sum to {sum}");
    assert!(
        (x - q.point.coords).norm() <= 1e-13 * scale,
        "{what}: weights give {x:?}, point {:?}",
        q.point
    );
}

/// Flat tetrahedra of every kind, in all 24 vertex orders, at scales 1e-6, 1 and 1e6 and
/// formed 1e6 from the origin, against the exact rational distance: 7 kinds × 4 frames ×
/// 120 cases = 3,360 tetrahedra, 80,640 projections.
#[test]
fn flat_tetrahedra_match_exact_rational_arithmetic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xf1a7);
    let orders = orders();
    let mut report = String::from("kind              frame     worst relative error\n");
    let mut failures = Vec::new();
    let mut projections = 0;
    for kind in FLATS {
        for frame in ["1e-6", "1", "1e6", "offset 1e6"] {
            let mut worst = 0.0_f64;
            for case in 0..CASES {
                let near = cube(&mut rng) * 1.5;
                let points = if frame == "offset 1e6" {
                    // Formed around `1e6 + near`, then moved back exactly (Sterbenz).
                    let far = direction(&mut rng) * 1e6;
                    flat(&mut rng, kind, far + near).map(|p| Point3::from(p.coords - far))
                } else {
                    let k: f64 = frame.parse().expect("a scale");
                    let mut p = flat(&mut rng, kind, near);
                    if case % 8 == 0 {
                        // The origin in the plane (or on the line) of the points.
                        let w = weights(&mut rng, 4);
                        let x = p
                            .iter()
                            .zip(&w)
                            .fold(Vector3::zeros(), |x, (p, w)| x + p.coords * *w);
                        p = p.map(|q| q - x);
                    }
                    p.map(|q| q * k)
                };
                let exact = rational::distance(&points);
                let scale = diameter(&points) + exact;
                for order in &orders {
                    let p = order.map(|i| points[i]);
                    let q = project_tetrahedron(&p[0], &p[1], &p[2], &p[3]);
                    let what = format!("{kind:?} {frame} case {case} order {order:?}: {p:?}");
                    assert_consistent(&p, &q, &what);
                    let error = (q.distance() - exact).abs() / scale;
                    worst = worst.max(error);
                    if error > TOLERANCE {
                        failures.push(format!(
                            "{what}\n  distance {} exact {exact} support {:#06b}",
                            q.distance(),
                            q.support
                        ));
                    }
                    projections += 1;
                }
            }
            report += &format!("{:<17} {frame:<9} {worst:.1e}\n", format!("{kind:?}"));
        }
    }
    println!("{projections} projections\n{report}");
    assert!(
        failures.is_empty(),
        "{} of {projections} wrong, first:\n{}\n{report}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n")
    );
}

/// The first of the 104 projections (of 80,640) that the old rule got wrong in the run
/// above: `c` on the line `ab` (to rounding) at scale 1e-6, the true answer on a face
/// across an edge that the collinear face `abc` offered as its answer.
#[test]
fn an_edge_offered_by_a_collinear_face_is_not_taken_for_the_answer() {
    let points = [
        [
            1.3575956849561642e-6,
            -2.4646458554695713e-8,
            1.1877917434532476e-6,
        ],
        [
            -6.472392044091291e-8,
            -1.5688809279938645e-6,
            5.149549803683229e-7,
        ],
        [
            8.313374309592457e-7,
            -5.960132122471881e-7,
            9.388421411118255e-7,
        ],
        [
            -4.465020922675229e-7,
            1.1817810155428887e-7,
            1.1021162025511994e-6,
        ],
    ]
    .map(|[x, y, z]| Point3::new(x, y, z));
    let exact = rational::distance(&points);
    let scale = diameter(&points) + exact;
    for order in orders() {
        let p = order.map(|i| points[i]);
        let q = project_tetrahedron(&p[0], &p[1], &p[2], &p[3]);
        assert_consistent(&p, &q, &format!("order {order:?}"));
        assert!(
            (q.distance() - exact).abs() <= TOLERANCE * scale,
            "order {order:?}: distance {} vs exact {exact}",
            q.distance()
        );
    }
}
