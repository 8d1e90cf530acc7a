//! Closed-form mass properties of primitive solids.
//!
//! Axes follow the `collision` crate: cylinders, cones and capsules have their axis along
//! local Y, centred on the origin (the cone's apex at +Y, its base at −Y). Every primitive
//! takes an [`Amount`]: a density or a total mass. Moments below are per body, with
//! `m` its mass.
//!
//! Derivations: integrate `(|r|² E − r rᵀ) ρ dV` in Cartesian, cylindrical or spherical
//! coordinates (Goldstein, Poole & Safko §5.3). Symmetry about the coordinate planes
//! makes every product of inertia vanish, except where a primitive (tetrahedron) has none.

use std::f64::consts::PI;

use nalgebra::{Matrix3, Point3, UnitQuaternion, Vector3};

use crate::mass_properties::positive;
use crate::mesh::{Frame, Moments, finish};
use crate::{Amount, MassError, MassProperties};

/// Checks that a primitive's dimension is finite and positive.
fn dimension(shape: &'static str, name: &'static str, value: f64) -> Result<f64, MassError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(MassError::InvalidDimension { shape, name, value })
    }
}

/// A body centred on the origin with a diagonal tensor `m · per_unit_mass`.
fn centred(
    volume: f64,
    amount: Amount,
    per_unit_mass: Vector3<f64>,
    center_of_mass: Point3<f64>,
) -> Result<MassProperties, MassError> {
    positive("volume", volume)?;
    let mass = amount.mass_for_volume(volume)?;
    let inertia = Matrix3::from_diagonal(&(per_unit_mass * mass));
    MassProperties::from_finite_parts(
        mass,
        center_of_mass,
        inertia,
        "inertia tensor (dimensions too large)",
    )
}

impl MassProperties {
    /// Solid ball of `radius` centred on the origin: `V = 4/3 π r³`, `I = 2/5 m r² E`.
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] or [`MassError::InvalidAmount`].
    pub fn ball(radius: f64, amount: Amount) -> Result<MassProperties, MassError> {
        let r = dimension("ball", "radius", radius)?;
        let i = 0.4 * r * r;
        centred(
            4.0 / 3.0 * PI * r * r * r,
            amount,
            Vector3::repeat(i),
            Point3::origin(),
        )
    }

    /// Box with `half_extents` `(a, b, c)` centred on the origin: `V = 8abc`,
    /// `I = m/3 · diag(b² + c², a² + c², a² + b²)` (the familiar `m (w² + h²)/12` with
    /// full widths).
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] or [`MassError::InvalidAmount`].
    pub fn cuboid(
        half_extents: &Vector3<f64>,
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        let a = dimension("cuboid", "half extent x", half_extents.x)?;
        let b = dimension("cuboid", "half extent y", half_extents.y)?;
        let c = dimension("cuboid", "half extent z", half_extents.z)?;
        let (a2, b2, c2) = (a * a, b * b, c * c);
        let per_unit_mass = Vector3::new(b2 + c2, a2 + c2, a2 + b2) / 3.0;
        centred(8.0 * a * b * c, amount, per_unit_mass, Point3::origin())
    }

    /// Solid ellipsoid with semi-axes `(a, b, c)` centred on the origin:
    /// `V = 4/3 π abc`, `I = m/5 · diag(b² + c², a² + c², a² + b²)` (the ball's integrals
    /// under the stretch `x → (a x, b y, c z)`, since `∫ x² dm = m a²/5`).
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] or [`MassError::InvalidAmount`].
    pub fn ellipsoid(
        semi_axes: &Vector3<f64>,
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        let a = dimension("ellipsoid", "semi-axis x", semi_axes.x)?;
        let b = dimension("ellipsoid", "semi-axis y", semi_axes.y)?;
        let c = dimension("ellipsoid", "semi-axis z", semi_axes.z)?;
        let (a2, b2, c2) = (a * a, b * b, c * c);
        let per_unit_mass = Vector3::new(b2 + c2, a2 + c2, a2 + b2) / 5.0;
        centred(
            4.0 / 3.0 * PI * a * b * c,
            amount,
            per_unit_mass,
            Point3::origin(),
        )
    }

    /// Solid cylinder along Y, `y ∈ [−h, h]`, of `radius` r: `V = 2π r² h`, axial
    /// `I_yy = m r²/2`, perpendicular `I_xx = I_zz = m (3r² + H²)/12 = m (r²/4 + h²/3)`
    /// with `H = 2h`.
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] or [`MassError::InvalidAmount`].
    pub fn cylinder(
        half_height: f64,
        radius: f64,
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        let h = dimension("cylinder", "half height", half_height)?;
        let r = dimension("cylinder", "radius", radius)?;
        let perpendicular = r * r / 4.0 + h * h / 3.0;
        let axial = r * r / 2.0;
        let per_unit_mass = Vector3::new(perpendicular, axial, perpendicular);
        centred(
            2.0 * PI * r * r * h,
            amount,
            per_unit_mass,
            Point3::origin(),
        )
    }

    /// Solid cone along Y, base disc of `radius` r at `y = −h`, apex at `y = +h`
    /// (height `H = 2h`): `V = π r² H/3`; the centre of mass lies `H/4` above the base,
    /// at `y = −h/2`; axial `I_yy = 3/10 m r²`, perpendicular about the centre
    /// `m (3r²/20 + 3H²/80)`.
    ///
    /// (Slices at height z above the base have radius `r (1 − z/H)`; integrating discs
    /// gives `∫ z dm = m H/4`, `∫ z² dm = m H²/10`, `∫ x² dm = m 3r²/20`, so about the
    /// centre `∫ z² dm = m (H²/10 − H²/16) = m 3H²/80`.)
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] or [`MassError::InvalidAmount`].
    pub fn cone(
        half_height: f64,
        radius: f64,
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        let h = dimension("cone", "half height", half_height)?;
        let r = dimension("cone", "radius", radius)?;
        let height = 2.0 * h;
        let perpendicular = 3.0 / 20.0 * r * r + 3.0 / 80.0 * height * height;
        let axial = 0.3 * r * r;
        let per_unit_mass = Vector3::new(perpendicular, axial, perpendicular);
        let center = Point3::new(0.0, -0.5 * h, 0.0);
        centred(PI * r * r * height / 3.0, amount, per_unit_mass, center)
    }

    /// Solid hemisphere of `radius` r, flat face on `y = 0`, dome towards +Y:
    /// `V = 2/3 π r³`, centre of mass `3r/8` from the flat face, axial `2/5 m r²`,
    /// perpendicular about the centre `m r² (2/5 − 9/64) = 83/320 m r²`.
    ///
    /// (Half a ball has half of each second moment about the face centre and half the
    /// mass, so `2/5 m r²` there; `∫ y dm = m 3r/8`; Steiner removes `m (3r/8)²`.)
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] or [`MassError::InvalidAmount`].
    pub fn hemisphere(radius: f64, amount: Amount) -> Result<MassProperties, MassError> {
        let r = dimension("hemisphere", "radius", radius)?;
        let perpendicular = 83.0 / 320.0 * r * r;
        let axial = 0.4 * r * r;
        let per_unit_mass = Vector3::new(perpendicular, axial, perpendicular);
        let center = Point3::new(0.0, 3.0 / 8.0 * r, 0.0);
        centred(2.0 / 3.0 * PI * r * r * r, amount, per_unit_mass, center)
    }

    /// Capsule along Y: a cylinder `y ∈ [−h, h]` of `radius` r capped by two hemispheres,
    /// built as the compound of the three parts (each hemisphere moved to its end by the
    /// parallel axis theorem). `V = 2π r² h + 4/3 π r³`. A zero `half_height` gives a
    /// ball.
    ///
    /// # Errors
    /// [`MassError::InvalidDimension`] (a negative or non-finite half height, or a
    /// radius that is not finite and positive) or [`MassError::InvalidAmount`].
    pub fn capsule(
        half_height: f64,
        radius: f64,
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        let r = dimension("capsule", "radius", radius)?;
        if !(half_height.is_finite() && half_height >= 0.0) {
            return Err(MassError::InvalidDimension {
                shape: "capsule",
                name: "half height",
                value: half_height,
            });
        }
        let h = half_height;
        let volume = 2.0 * PI * r * r * h + 4.0 / 3.0 * PI * r * r * r;
        let mass = amount.mass_for_volume(positive("volume", volume)?)?;
        let density = Amount::Density(mass / volume);
        let cap = MassProperties::hemisphere(r, density)?;
        let top = cap.translated(&Vector3::new(0.0, h, 0.0))?;
        let flip = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), PI);
        let bottom = cap
            .rotated(&flip)?
            .translated(&Vector3::new(0.0, -h, 0.0))?;
        let mut body = top + bottom;
        if h > 0.0 {
            body = MassProperties::cylinder(h, r, density)? + body;
        }
        // Exact symmetry: the rotation by π leaves rounding-level cross terms behind.
        body.center_of_mass = Point3::origin();
        body.inertia = Matrix3::from_diagonal(&body.inertia.diagonal());
        // Report exactly the requested mass (the parts sum to it up to rounding).
        body.with_mass(mass)
    }

    /// Solid tetrahedron with the given corners, in any order (the solid has no winding).
    ///
    /// About the centroid `g = Σ p_k / 4`, with `q_k = p_k − g` (so `Σ q_k = 0`), the
    /// barycentric integral `∫ λ_i λ_j dV = V (1 + δ_ij)/20` (see the mesh kernel) gives
    /// the second moment `C = V/20 · Σ q_k q_kᵀ` and the tensor `I = ρ (tr(C) E − C)`.
    /// This is Tonon's (2004) result, in a form that cannot swap his b′ and c′.
    ///
    /// # Errors
    /// [`MassError::NonFiniteVertex`], [`MassError::Flat`] (volume within the flatness
    /// tolerance) or [`MassError::InvalidAmount`].
    pub fn tetrahedron(
        corners: &[Point3<f64>; 4],
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        if let Some(index) = corners
            .iter()
            .position(|p| !p.coords.iter().all(|x| x.is_finite()))
        {
            return Err(MassError::NonFiniteVertex { index });
        }
        let frame = Frame::of(corners.iter())?;
        let g = frame.reference;
        let q = corners.map(|p| p - g);
        let volume = ((q[1] - q[0]).dot(&(q[2] - q[0]).cross(&(q[3] - q[0]))) / 6.0).abs();
        let sum_qqt: Matrix3<f64> = q.iter().map(|v| v * v.transpose()).sum();
        let moments = Moments {
            volume,
            first: Vector3::zeros(),
            second: sum_qqt * (volume / 20.0),
        };
        finish(&moments, &frame, amount)
    }
}
