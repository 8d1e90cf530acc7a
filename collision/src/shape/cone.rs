//! A cone along local Y with its apex at +Y.

use super::cylinder::disk_support;
use super::{FastPaths, Frustum, InscribedBall, ShapeError, SupportMap, check_length};
use nalgebra::{Point3, Vector3};

half_height_and_radius! {
    /// The convex hull of the apex `(0, half_height, 0)` and the disk of radius `radius`
    /// centred at `(0, -half_height, 0)` in the plane `y = -half_height`.
    Cone,
    new: " A cone of height `2 half_height` and base radius `radius`.",
    half_height: " Half the height.",
    radius: " The base radius.",
}

impl SupportMap for Cone {
    /// The hull of the apex and the base disk: the better of the apex and the base
    /// disk's support point.
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let apex = Point3::new(0.0, self.half_height, 0.0);
        let rim = Point3::new(0.0, -self.half_height, 0.0) + disk_support(dir, self.radius);
        if dir.dot(&apex.coords) >= dir.dot(&rim.coords) {
            apex
        } else {
            rim
        }
    }
}

impl FastPaths for Cone {
    /// The whole cone: the base disk and the apex.
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        Some(Frustum::centred(self.half_height, self.radius, 0.0))
    }

    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(self.fingerprint_of_kind(5))
    }

    /// The largest ball: its section through the axis is the incircle of the cone's
    /// section, a triangle of base `2r` and height `H = 2h`, whose inradius is its area
    /// over its half perimeter, `ρ = rH / (r + √(r² + H²))`; the centre is `ρ` above the
    /// base.
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        let (r, height) = (self.radius, 2.0 * self.half_height);
        let rho = r * height / (r + r.hypot(height));
        InscribedBall::new(Point3::new(0.0, rho - self.half_height, 0.0), rho)
    }
}
