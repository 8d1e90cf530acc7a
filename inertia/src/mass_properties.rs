//! The [`MassProperties`] value and its transfers: parallel axis theorem, rigid motions,
//! compounds and rescaling.
//!
//! Conventions: the inertia tensor is taken about the centre of mass, in the body's local
//! axes, with the products of inertia as negative integrals,
//!
//! ```text
//! I = ∫ (|r|² E − r rᵀ) dm,   r = x − c,
//! I_xx = ∫ (y² + z²) dm,      I_xy = −∫ x y dm,   …
//! ```
//!
//! (Goldstein, Poole & Safko, *Classical Mechanics*, 3rd ed., §5.3.)

use std::ops::Add;

use nalgebra::{Isometry3, Matrix3, Point3, Rotation3, SymmetricEigen, UnitQuaternion, Vector3};

use crate::MassError;

/// How much matter a body holds: either its density or its total mass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Amount {
    /// Mass per unit volume.
    Density(f64),
    /// Total mass.
    Mass(f64),
}

impl Amount {
    /// The amount itself if its density or mass is finite and positive.
    ///
    /// # Errors
    /// [`MassError::InvalidAmount`] naming `"density"` or `"mass"`.
    pub fn validated(self) -> Result<Amount, MassError> {
        match self {
            Amount::Density(density) => positive("density", density).map(Amount::Density),
            Amount::Mass(mass) => positive("mass", mass).map(Amount::Mass),
        }
    }

    /// The mass of a body of `volume` (which must already be finite and positive).
    ///
    /// # Errors
    /// [`MassError::InvalidAmount`] if the density or mass is not finite and positive, or
    /// if `density × volume` overflows or underflows to zero.
    pub fn mass_for_volume(self, volume: f64) -> Result<f64, MassError> {
        match self {
            Amount::Density(density) => {
                positive("density", density)?;
                positive("mass (density x volume)", density * volume)
            }
            Amount::Mass(mass) => positive("mass", mass),
        }
    }
}

/// `value` if it is finite and greater than zero, else [`MassError::InvalidAmount`].
pub(crate) fn positive(what: &'static str, value: f64) -> Result<f64, MassError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(MassError::InvalidAmount { what, value })
    }
}

/// Mass, centre of mass and inertia tensor of a rigid body.
///
/// Invariants, upheld by every constructor: the mass is finite and positive, the centre
/// is finite, and the tensor is finite, symmetric and physical (positive semi-definite,
/// principal moments obeying the triangle inequality, within rounding).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassProperties {
    pub(crate) mass: f64,
    pub(crate) center_of_mass: Point3<f64>,
    pub(crate) inertia: Matrix3<f64>,
}

/// Principal moments and axes of an inertia tensor: `I = R · diag(moments) · Rᵀ`, with
/// `R` the rotation matrix of `frame`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Principal {
    /// The principal moments, non-negative and sorted ascending.
    pub moments: Vector3<f64>,
    /// Right-handed frame whose local axis `k` is the principal axis of `moments[k]`.
    pub frame: UnitQuaternion<f64>,
}

impl Principal {
    /// The tensor `R · diag(moments) · Rᵀ` this decomposition represents.
    #[must_use]
    pub fn tensor(&self) -> Matrix3<f64> {
        let r = self.frame.to_rotation_matrix().into_inner();
        r * Matrix3::from_diagonal(&self.moments) * r.transpose()
    }
}

/// The parallel-axis term `m (|d|² E − d dᵀ)`: the inertia of a point mass `m` at offset
/// `d` from the axis point. Steiner's theorem: `I_P = I_C + m (|d|² E − d dᵀ)` where
/// `d = C − P` (or `P − C`: the term is even in `d`).
#[must_use]
pub fn parallel_axis_term(mass: f64, d: &Vector3<f64>) -> Matrix3<f64> {
    (Matrix3::from_diagonal_element(d.norm_squared()) - d * d.transpose()) * mass
}

/// Relative tolerance for the symmetry and positivity checks of [`MassProperties::new`].
const TENSOR_TOLERANCE: f64 = 1e-9;

impl MassProperties {
    /// Checked constructor from a mass, a centre of mass and the inertia tensor about
    /// that centre (in local axes, products of inertia negative). The tensor is
    /// symmetrised.
    ///
    /// # Errors
    /// [`MassError::InvalidAmount`] for a mass that is not finite and positive,
    /// [`MassError::NonFinite`] for a NaN or infinite centre or tensor entry, and
    /// [`MassError::InvalidTensor`] for a tensor that is not symmetric, has a negative
    /// principal moment or breaks the triangle inequality `I1 + I2 ≥ I3` (all relative
    /// to its trace, tolerance 1e-9).
    pub fn new(
        mass: f64,
        center_of_mass: Point3<f64>,
        inertia: Matrix3<f64>,
    ) -> Result<Self, MassError> {
        positive("mass", mass)?;
        if !center_of_mass.coords.iter().all(|x| x.is_finite()) {
            return Err(MassError::NonFinite {
                what: "centre of mass",
            });
        }
        if !inertia.iter().all(|x| x.is_finite()) {
            return Err(MassError::NonFinite {
                what: "inertia tensor",
            });
        }
        let scale = inertia.diagonal().abs().sum();
        let tolerance = TENSOR_TOLERANCE * scale;
        if (inertia - inertia.transpose()).amax() > tolerance {
            return Err(MassError::InvalidTensor {
                reason: "it is not symmetric",
            });
        }
        let body = MassProperties {
            mass,
            center_of_mass,
            inertia: (inertia + inertia.transpose()) * 0.5,
        };
        let eigenvalues = body.inertia.symmetric_eigenvalues();
        let (lo, hi) = (eigenvalues.min(), eigenvalues.max());
        if lo < -tolerance {
            return Err(MassError::InvalidTensor {
                reason: "a principal moment is negative",
            });
        }
        if eigenvalues.sum() - 2.0 * hi < -tolerance {
            return Err(MassError::InvalidTensor {
                reason: "the principal moments break the triangle inequality",
            });
        }
        Ok(body)
    }

    /// [`Self::from_parts`] for derived values that may have overflowed `f64` (bodies or
    /// amounts near its limit): [`MassError::NonFinite`] naming `what` when the mass, the
    /// centre or the tensor is not finite.
    pub(crate) fn from_finite_parts(
        mass: f64,
        center_of_mass: Point3<f64>,
        inertia: Matrix3<f64>,
        what: &'static str,
    ) -> Result<Self, MassError> {
        let finite = mass.is_finite()
            && center_of_mass.iter().all(|x| x.is_finite())
            && inertia.iter().all(|x| x.is_finite());
        if finite {
            Ok(Self::from_parts(mass, center_of_mass, inertia))
        } else {
            Err(MassError::NonFinite { what })
        }
    }

    /// Unchecked constructor for values the crate has derived itself.
    pub(crate) fn from_parts(
        mass: f64,
        center_of_mass: Point3<f64>,
        inertia: Matrix3<f64>,
    ) -> Self {
        MassProperties {
            mass,
            center_of_mass,
            inertia: (inertia + inertia.transpose()) * 0.5,
        }
    }

    /// Builds the mass properties from the tensor `inertia_about_point` taken about
    /// `point` (not the centre of mass), by the parallel axis theorem
    /// `I_C = I_P − m (|d|² E − d dᵀ)`, `d = C − P`.
    ///
    /// # Errors
    /// As [`Self::new`]; in particular [`MassError::InvalidTensor`] when the given tensor
    /// is smaller than the point mass term alone allows.
    pub fn from_inertia_about(
        mass: f64,
        center_of_mass: Point3<f64>,
        point: Point3<f64>,
        inertia_about_point: Matrix3<f64>,
    ) -> Result<Self, MassError> {
        let d = center_of_mass - point;
        Self::new(
            mass,
            center_of_mass,
            inertia_about_point - parallel_axis_term(mass, &d),
        )
    }

    /// The total mass (finite, positive).
    #[must_use]
    pub fn mass(&self) -> f64 {
        self.mass
    }

    /// The centre of mass in local coordinates.
    #[must_use]
    pub fn center_of_mass(&self) -> Point3<f64> {
        self.center_of_mass
    }

    /// The inertia tensor about the centre of mass, in local axes.
    #[must_use]
    pub fn inertia(&self) -> Matrix3<f64> {
        self.inertia
    }

    /// The inertia tensor about `point` (parallel axis theorem), in local axes.
    #[must_use]
    pub fn inertia_about(&self, point: &Point3<f64>) -> Matrix3<f64> {
        self.inertia + parallel_axis_term(self.mass, &(self.center_of_mass - point))
    }

    /// Principal moments (non-negative, ascending) and a right-handed principal frame.
    ///
    /// Uses nalgebra's symmetric QR eigen-solver, then sorts the moments, clamps
    /// rounding-level negatives to zero and re-orthonormalises the axes
    /// (`e2 = e0 × e1`) so that the frame is a proper rotation.
    #[must_use]
    pub fn principal(&self) -> Principal {
        if self.inertia.amax() == 0.0 {
            return Principal {
                moments: Vector3::zeros(),
                frame: UnitQuaternion::identity(),
            };
        }
        let eigen = SymmetricEigen::new(self.inertia);
        let mut order = [0, 1, 2];
        order.sort_by(|&i, &j| eigen.eigenvalues[i].total_cmp(&eigen.eigenvalues[j]));
        let moments = Vector3::from_fn(|k, _| eigen.eigenvalues[order[k]].max(0.0));
        let v0 = eigen.eigenvectors.column(order[0]).into_owned();
        let v1 = eigen.eigenvectors.column(order[1]).into_owned();
        let e0 = v0.normalize();
        let w1 = v1 - e0 * e0.dot(&v1);
        let e1 = if w1.norm() > 0.5 {
            w1.normalize()
        } else {
            // Cannot happen for an orthonormal eigenbasis; any perpendicular will do.
            let k = e0.iamin();
            e0.cross(&Vector3::ith(k, 1.0)).normalize()
        };
        let e2 = e0.cross(&e1);
        let rotation = Rotation3::from_matrix_unchecked(Matrix3::from_columns(&[e0, e1, e2]));
        Principal {
            moments,
            frame: UnitQuaternion::from_rotation_matrix(&rotation),
        }
    }

    /// A copy moved by `translation` (the tensor about the centre is unchanged).
    ///
    /// # Errors
    /// [`MassError::NonFinite`] if the translation or the moved centre is not finite.
    pub fn translated(&self, translation: &Vector3<f64>) -> Result<Self, MassError> {
        let center_of_mass = self.center_of_mass + translation;
        if !center_of_mass.coords.iter().all(|x| x.is_finite()) {
            return Err(MassError::NonFinite {
                what: "translation",
            });
        }
        Ok(MassProperties {
            center_of_mass,
            ..*self
        })
    }

    /// A copy rotated about the local origin: `c' = R c`, `I' = R I Rᵀ`.
    ///
    /// # Errors
    /// [`MassError::NonFinite`] if the rotation has a non-finite component, or the
    /// turned centre or tensor overflows (entries near `f64::MAX`).
    pub fn rotated(&self, rotation: &UnitQuaternion<f64>) -> Result<Self, MassError> {
        if !rotation.coords.iter().all(|x| x.is_finite()) {
            return Err(MassError::NonFinite { what: "rotation" });
        }
        let r = rotation.to_rotation_matrix().into_inner();
        Self::from_finite_parts(
            self.mass,
            rotation * self.center_of_mass,
            r * self.inertia * r.transpose(),
            "rotated centre or tensor (too large to turn)",
        )
    }

    /// A copy moved by the rigid motion `pose` (rotation first, then translation).
    ///
    /// # Errors
    /// [`MassError::NonFinite`] if the pose or the moved centre is not finite.
    pub fn transformed(&self, pose: &Isometry3<f64>) -> Result<Self, MassError> {
        self.rotated(&pose.rotation)?
            .translated(&pose.translation.vector)
    }

    /// A copy with mass and tensor multiplied by `factor` (a density ratio).
    ///
    /// # Errors
    /// [`MassError::InvalidAmount`] if `factor` is not finite and positive or the scaled
    /// mass overflows or underflows.
    pub fn scaled(&self, factor: f64) -> Result<Self, MassError> {
        positive("scale factor", factor)?;
        let mass = positive("mass", self.mass * factor)?;
        let inertia = self.inertia * factor;
        if !inertia.iter().all(|x| x.is_finite()) {
            return Err(MassError::NonFinite {
                what: "scaled inertia tensor",
            });
        }
        Ok(MassProperties {
            mass,
            inertia,
            ..*self
        })
    }

    /// The compound of `self` and `other`, as `+`, or [`MassError::NonFinite`] when the
    /// total mass, the centre or the tensor overflows `f64` (parts with masses or tensors
    /// near `f64::MAX`), where `+` gives infinite entries.
    ///
    /// # Errors
    /// [`MassError::NonFinite`] as above.
    pub fn checked_add(&self, other: &MassProperties) -> Result<MassProperties, MassError> {
        let sum = *self + *other;
        Self::from_finite_parts(
            sum.mass,
            sum.center_of_mass,
            sum.inertia,
            "compound (its mass or tensor overflows)",
        )
    }

    /// A copy rescaled to the total `mass`, keeping the mass distribution.
    ///
    /// # Errors
    /// [`MassError::InvalidAmount`] if `mass` is not finite and positive.
    pub fn with_mass(&self, mass: f64) -> Result<Self, MassError> {
        positive("mass", mass)?;
        self.scaled(mass / self.mass)
    }
}

/// Combines two parts of a compound body: masses add, the centre is the mass-weighted
/// mean, and each part's tensor is moved to the common centre by the parallel axis
/// theorem before adding. (Parts whose sum overflows `f64`, masses or tensors near
/// `f64::MAX`, give infinite or NaN entries: [`MassProperties::checked_add`] reports
/// that instead.)
impl Add for MassProperties {
    type Output = MassProperties;

    fn add(self, other: MassProperties) -> MassProperties {
        let mass = self.mass + other.mass;
        // c = c1 + (m2/m)(c2 − c1): stays between c1 and c2 without cancellation.
        let center_of_mass = self.center_of_mass
            + (other.center_of_mass - self.center_of_mass) * (other.mass / mass);
        let inertia = self.inertia_about(&center_of_mass) + other.inertia_about(&center_of_mass);
        MassProperties::from_parts(mass, center_of_mass, inertia)
    }
}
