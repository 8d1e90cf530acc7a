//! Case 13: grid and Monte Carlo sampling converge towards the exact result as the sample
//! count grows, and report their error against it.

// Indexing the three axes by k reads closer to the maths than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{box_mesh, revolve, sphere_profile};
use inertia::{Amount, MassProperties, sampling};
use nalgebra::{Point3, UnitQuaternion, Vector3};

/// A body that is not axis-aligned, so that the grid's bounding box is not the body.
fn tilted_box() -> common::Mesh {
    let q = UnitQuaternion::from_euler_angles(0.3, 0.5, 0.7);
    box_mesh(Point3::new(-1.0, -0.5, -0.25), Point3::new(1.0, 0.5, 0.25))
        .map(|p| q * p + Vector3::new(3.0, -2.0, 1.0))
}

#[test]
fn case_13_grid_converges() {
    let body = tilted_box();
    let mut previous = f64::INFINITY;
    for per_axis in [8, 16, 32, 64, 128] {
        let e = sampling::grid(
            &body.vertices,
            &body.triangles,
            Amount::Density(2.0),
            per_axis,
        )
        .unwrap();
        assert_eq!(e.samples, u64::from(per_axis).pow(3));
        let exact =
            MassProperties::from_convex_mesh(&body.vertices, &body.triangles, Amount::Density(2.0))
                .unwrap();
        assert_eq!(e.exact, exact);
        // The reported error is the actual error.
        let actual = (e.estimate.inertia() * (exact.mass() / e.estimate.mass()) - exact.inertia())
            .norm()
            / exact.inertia().norm();
        assert!((actual - e.error.inertia).abs() < 1e-15);
        assert!(((e.volume - 1.0) / 1.0).abs() - e.error.volume < 1e-15);
        let worst = e
            .error
            .volume
            .max(e.error.inertia)
            .max(e.error.center_of_mass);
        assert!(
            worst < previous,
            "grid {per_axis}: error {worst:e} did not fall below {previous:e}"
        );
        previous = worst;
    }
    assert!(previous < 5e-3, "finest grid error {previous:e}");
}

#[test]
fn case_13_monte_carlo_converges() {
    let body = revolve(&sphere_profile(1.0, 16), 32);
    // Seeded: deterministic. Error ~ 1/√N; compare decades, averaged over seeds.
    let mean_error = |n: u64| {
        (0..4)
            .map(|seed| {
                let e = sampling::monte_carlo(
                    &body.vertices,
                    &body.triangles,
                    Amount::Mass(3.0),
                    n,
                    seed,
                )
                .unwrap();
                assert_eq!(e.estimate.mass(), 3.0);
                assert_eq!(e.samples, n);
                e.error
                    .volume
                    .max(e.error.inertia)
                    .max(e.error.center_of_mass)
            })
            .sum::<f64>()
            / 4.0
    };
    let errors: Vec<f64> = [1_000, 10_000, 100_000, 1_000_000].map(mean_error).to_vec();
    for w in errors.windows(2) {
        // 10x the samples: √10 ≈ 3.2 times smaller, allow noise.
        assert!(w[1] < w[0] / 1.8, "Monte Carlo errors {errors:?}");
    }
    assert!(errors[3] < 3e-3, "Monte Carlo errors {errors:?}");
    // Same seed, same estimate.
    let a = sampling::monte_carlo(
        &body.vertices,
        &body.triangles,
        Amount::Density(1.0),
        5000,
        9,
    )
    .unwrap();
    let b = sampling::monte_carlo(
        &body.vertices,
        &body.triangles,
        Amount::Density(1.0),
        5000,
        9,
    )
    .unwrap();
    assert_eq!(a, b);
}
