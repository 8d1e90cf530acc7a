//! A box centred at the origin, aligned with the local axes.

use super::{Aabb, FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_length};
use nalgebra::{Isometry3, Point3, Vector3};

/// A box `|x| ≤ hx, |y| ≤ hy, |z| ≤ hz` in local coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cuboid {
    half_extents: Vector3<f64>,
}

impl Cuboid {
    /// A box with the given half-extents (zeros are allowed: a rectangle, segment or point).
    ///
    /// # Errors
    /// [`ShapeError::InvalidLength`] when a half-extent is negative, NaN or infinite.
    pub fn new(half_extents: Vector3<f64>) -> Result<Cuboid, ShapeError> {
        check_length("half_extents.x", half_extents.x)?;
        check_length("half_extents.y", half_extents.y)?;
        check_length("half_extents.z", half_extents.z)?;
        Ok(Cuboid { half_extents })
    }

    /// The half-extents.
    #[must_use]
    pub fn half_extents(&self) -> Vector3<f64> {
        self.half_extents
    }

    /// Corner `id` (bit `i` set means the negative side along axis `i`).
    #[must_use]
    #[inline]
    pub fn corner(&self, id: u32) -> Point3<f64> {
        let h = self.half_extents;
        let s = |bit: u32, v: f64| if id & bit != 0 { -v } else { v };
        Point3::new(s(1, h.x), s(2, h.y), s(4, h.z))
    }
}

/// The corner whose signs match `dir`; ties (zero components) pick the positive side.
fn corner_id(dir: &Vector3<f64>) -> u32 {
    u32::from(dir.x < 0.0) | (u32::from(dir.y < 0.0) << 1) | (u32::from(dir.z < 0.0) << 2)
}

impl SupportMap for Cuboid {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.corner(corner_id(dir))
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        let id = corner_id(dir);
        SupportPoint {
            point: self.corner(id),
            id,
        }
    }

    /// World half-extent along axis `i` is `Σ_j |R_ij| h_j` (Arvo 1990).
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        let r = pose.rotation.to_rotation_matrix().into_inner().abs();
        let center = Point3::from(pose.translation.vector);
        Aabb::from_half_extents(center, r * self.half_extents).opened_where_overflowed()
    }
}

impl FastPaths for Cuboid {
    #[inline]
    fn is_polytope(&self) -> bool {
        true
    }
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(super::fold_fingerprint(2, self.half_extents.as_slice()))
    }

    /// The box point nearest to `p`: each coordinate clamped to `[−h_i, h_i]`.
    #[inline]
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        let h = self.half_extents;
        Some(Point3::new(
            p.x.clamp(-h.x, h.x),
            p.y.clamp(-h.y, h.y),
            p.z.clamp(-h.z, h.z),
        ))
    }

    /// The centred ball touching the nearest pair of faces.
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        InscribedBall::new(Point3::origin(), self.half_extents.min())
    }

    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        Some(self)
    }
}

deserialize_through_constructor!(Cuboid { half_extents: Vector3<f64> } => Self::new(half_extents));
