//! Axis-aligned bounding boxes.

use nalgebra::{Point3, Vector3};

/// An axis-aligned box `mins ≤ p ≤ maxs` (componentwise), in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb {
    /// The smallest corner.
    pub mins: Point3<f64>,
    /// The largest corner.
    pub maxs: Point3<f64>,
}

impl Aabb {
    /// The box centred at `center` with half-extents `half_extents`.
    #[must_use]
    pub fn from_half_extents(center: Point3<f64>, half_extents: Vector3<f64>) -> Aabb {
        Aabb {
            mins: center - half_extents,
            maxs: center + half_extents,
        }
    }

    /// The box with every axis on which a bound came out infinite or NaN opened to
    /// `(−∞, ∞)`. A bound computed as a sum of products overflows for shapes near `f64`'s
    /// limit, and then says nothing about where the shape ends on either side (a sum that
    /// overflowed to `+∞` may belong to a lower bound); `(−∞, ∞)` still bounds it.
    #[must_use]
    pub(crate) fn opened_where_overflowed(mut self) -> Aabb {
        for i in 0..3 {
            if !(self.mins[i].is_finite() && self.maxs[i].is_finite()) {
                self.mins[i] = f64::NEG_INFINITY;
                self.maxs[i] = f64::INFINITY;
            }
        }
        self
    }

    /// The centre of the box.
    #[must_use]
    pub fn center(&self) -> Point3<f64> {
        nalgebra::center(&self.mins, &self.maxs)
    }

    /// Half the size of the box along each axis.
    #[must_use]
    pub fn half_extents(&self) -> Vector3<f64> {
        (self.maxs - self.mins) * 0.5
    }

    /// Whether the two boxes overlap or touch.
    #[must_use]
    pub fn intersects(&self, other: &Aabb) -> bool {
        (0..3).all(|i| self.mins[i] <= other.maxs[i] && other.mins[i] <= self.maxs[i])
    }

    /// Whether `p` lies in the box or on its boundary.
    #[must_use]
    pub fn contains_point(&self, p: &Point3<f64>) -> bool {
        (0..3).all(|i| self.mins[i] <= p[i] && p[i] <= self.maxs[i])
    }

    /// The smallest box containing both.
    #[must_use]
    pub fn merged(&self, other: &Aabb) -> Aabb {
        Aabb {
            mins: self.mins.inf(&other.mins),
            maxs: self.maxs.sup(&other.maxs),
        }
    }
}
