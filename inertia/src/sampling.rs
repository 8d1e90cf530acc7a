//! The seed book's approximate methods (chapters 5 and 14), kept for comparison and
//! teaching: regular grid sampling and seeded Monte Carlo sampling of a convex mesh's
//! bounding box, counting the samples inside. Each reports its error against the exact
//! result of [`MassProperties::from_convex_mesh`].
//!
//! Both treat each inside sample as an equal point mass. With `n` inside samples `x_k`,
//! mean `x̄` and covariance `S = Σ (x_k − x̄)(x_k − x̄)ᵀ / n`, the estimates are
//!
//! ```text
//! V ≈ V_box · n / N,   c ≈ x̄,   I ≈ m (tr(S) E − S).
//! ```
//!
//! The grid error falls like `1/N^(1/3)` (the boundary cells, a layer of relative width
//! `1/k` for `k` samples per axis, are misclassified); Monte Carlo's falls like `1/√N`
//! with a seed-dependent constant. Unlike the book, the grid samples cell centres (the
//! midpoint rule), which removes the bias of sampling cell corners.

use nalgebra::{Matrix3, Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::mesh::Frame;
use crate::{Amount, MassError, MassProperties};

/// How far an estimate is from the exact result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimateError {
    /// Relative volume error `|V̂ − V| / V`.
    pub volume: f64,
    /// Centre of mass error divided by the largest bounding-box extent.
    pub center_of_mass: f64,
    /// Relative tensor error `‖Î − I‖_F / ‖I‖_F` (Frobenius norms, both about their own
    /// centres of mass and scaled to the exact mass, so that only the shape of the mass
    /// distribution is compared).
    pub inertia: f64,
}

/// A sampled estimate next to the exact result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The sampled mass properties.
    pub estimate: MassProperties,
    /// The exact mass properties of the same mesh.
    pub exact: MassProperties,
    /// The estimated volume.
    pub volume: f64,
    /// Samples taken.
    pub samples: u64,
    /// Samples that fell inside the body.
    pub inside: u64,
    /// The estimate's error against `exact`.
    pub error: EstimateError,
}

/// A convex body as the intersection of its face half-spaces `n · q ≤ offset`, with
/// `q = x − reference`, plus its bounding box and running sums over inside samples.
struct Sampler {
    frame: Frame,
    planes: Vec<(Vector3<f64>, f64)>,
    lo: Vector3<f64>,
    size: Vector3<f64>,
    inside: u64,
    sum: Vector3<f64>,
    sum_qqt: Matrix3<f64>,
}

impl Sampler {
    fn new(vertices: &[Point3<f64>], triangles: &[[u32; 3]]) -> Result<Sampler, MassError> {
        let frame = Frame::of(triangles.iter().flatten().map(|&i| &vertices[i as usize]))?;
        let q = |i: u32| vertices[i as usize] - frame.reference;
        let planes = triangles
            .iter()
            .map(|t| {
                let (a, b, c) = (q(t[0]), q(t[1]), q(t[2]));
                let n = (b - a).cross(&(c - a));
                (n, n.dot(&a))
            })
            .collect();
        let mut lo = Vector3::repeat(f64::INFINITY);
        let mut hi = Vector3::repeat(f64::NEG_INFINITY);
        for &i in triangles.iter().flatten() {
            lo = lo.inf(&q(i));
            hi = hi.sup(&q(i));
        }
        Ok(Sampler {
            frame,
            planes,
            lo,
            size: hi - lo,
            inside: 0,
            sum: Vector3::zeros(),
            sum_qqt: Matrix3::zeros(),
        })
    }

    /// Adds the sample at `lo + size ∘ u`, `u ∈ [0, 1)³`, if it lies inside.
    fn sample(&mut self, u: &Vector3<f64>) {
        let q = self.lo + self.size.component_mul(u);
        if self.planes.iter().all(|(n, offset)| n.dot(&q) <= *offset) {
            self.inside += 1;
            self.sum += q;
            self.sum_qqt += q * q.transpose();
        }
    }

    fn finish(
        &self,
        samples: u64,
        exact: MassProperties,
        exact_volume: f64,
        amount: Amount,
    ) -> Result<Estimate, MassError> {
        if self.inside == 0 {
            return Err(MassError::NoSampleInside { samples });
        }
        let n = self.inside as f64;
        let volume = self.size.product() * n / samples as f64;
        let mean = self.sum / n;
        let covariance = self.sum_qqt / n - mean * mean.transpose();
        let mass = amount.mass_for_volume(volume)?;
        let inertia = (Matrix3::from_diagonal_element(covariance.trace()) - covariance) * mass;
        let estimate = MassProperties::from_parts(mass, self.frame.reference + mean, inertia);
        let shape_error = estimate.inertia() * (exact.mass() / mass) - exact.inertia();
        let error = EstimateError {
            volume: (volume - exact_volume).abs() / exact_volume,
            center_of_mass: (estimate.center_of_mass() - exact.center_of_mass()).norm()
                / self.frame.extent,
            inertia: shape_error.norm() / exact.inertia().norm(),
        };
        Ok(Estimate {
            estimate,
            exact,
            volume,
            samples,
            inside: self.inside,
            error,
        })
    }
}

/// The exact result at unit density (its mass is the volume) and with the caller's
/// amount.
fn exact_pair(
    vertices: &[Point3<f64>],
    triangles: &[[u32; 3]],
    amount: Amount,
) -> Result<(MassProperties, MassProperties), MassError> {
    amount.validated()?;
    let unit = MassProperties::from_convex_mesh(vertices, triangles, Amount::Density(1.0))?;
    let exact = match amount {
        Amount::Density(density) => unit.scaled(density)?,
        Amount::Mass(mass) => unit.with_mass(mass)?,
    };
    Ok((unit, exact))
}

/// Regular grid sampling (the book's chapter 5): `per_axis³` samples at the cell centres
/// of the bounding box of a convex mesh.
///
/// # Errors
/// [`MassError::ZeroSamples`] for `per_axis == 0`, [`MassError::NoSampleInside`], and
/// every error of [`MassProperties::from_convex_mesh`].
pub fn grid(
    vertices: &[Point3<f64>],
    triangles: &[[u32; 3]],
    amount: Amount,
    per_axis: u16,
) -> Result<Estimate, MassError> {
    if per_axis == 0 {
        return Err(MassError::ZeroSamples);
    }
    let (unit, exact) = exact_pair(vertices, triangles, amount)?;
    let mut sampler = Sampler::new(vertices, triangles)?;
    let k = f64::from(per_axis);
    let centre = |i: u16| (f64::from(i) + 0.5) / k;
    for i in 0..per_axis {
        for j in 0..per_axis {
            for l in 0..per_axis {
                sampler.sample(&Vector3::new(centre(i), centre(j), centre(l)));
            }
        }
    }
    let samples = u64::from(per_axis).pow(3);
    sampler.finish(samples, exact, unit.mass(), amount)
}

/// Seeded Monte Carlo sampling (the book's chapter 14): `samples` uniform points in the
/// bounding box of a convex mesh, drawn from `ChaCha8Rng::seed_from_u64(seed)`.
///
/// # Errors
/// [`MassError::ZeroSamples`] for `samples == 0`, [`MassError::NoSampleInside`], and
/// every error of [`MassProperties::from_convex_mesh`].
pub fn monte_carlo(
    vertices: &[Point3<f64>],
    triangles: &[[u32; 3]],
    amount: Amount,
    samples: u64,
    seed: u64,
) -> Result<Estimate, MassError> {
    if samples == 0 {
        return Err(MassError::ZeroSamples);
    }
    let (unit, exact) = exact_pair(vertices, triangles, amount)?;
    let mut sampler = Sampler::new(vertices, triangles)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..samples {
        let u = Vector3::new(rng.random::<f64>(), rng.random(), rng.random());
        sampler.sample(&u);
    }
    sampler.finish(samples, exact, unit.mass(), amount)
}
