//! Ray against a capsule: the infinite cylinder around the core segment, then one cap ball.

use super::cylinder::{Wall, side_wall};
use super::sphere::{ball_hit, cast_rescaled, enter_ball, scaled};
use super::{LocalHit, RayCast, RayError, gjk, report_closed_form};
use crate::observer::{Observer, RayShape};
use crate::shape::{Capsule, Core, SupportMap};
use nalgebra::{Isometry3, Point3, Vector3};

/// The capsule is the set of points within `R` of the segment `y ∈ [−h, h]` on the y axis.
///
/// A start within `R` of the segment (its nearest point is `(0, clamp(s_y, −h, h), 0)`) is
/// inside. Otherwise the capsule lies in the infinite cylinder `x² + z² ≤ R²`, and the ray
/// enters the cylinder where the radial quadratic `a t² + 2 b t + c = 0` has its first root
/// (`a = d_x² + d_z²`, `b = s_x d_x + s_z d_z`, `c = s_x² + s_z² − R²`, solved as for the
/// ball, see `enter_ball`). If that entry has `|y| ≤ h` it is on the side wall, normal
/// radial. If it is above `h` (below `−h`), or the start is already within the cylinder
/// (then `|s_y| > h`), the ray's chord through the cylinder either stays beyond the cap
/// plane, where the capsule is the cap ball, or crosses the plane `y = ±h` inside the
/// disc of radius `R`, which belongs to the cap ball: either way the ray meets the capsule
/// first, if at all, on the ball of radius `R` at `(0, ±h, 0)`.
impl RayCast for Capsule {
    fn cast_ray_local_observed(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
        pose: &Isometry3<f64>,
        observer: &mut dyn Observer,
    ) -> Result<Option<LocalHit>, RayError> {
        let hit = self.cast_ray_local(origin, dir, max_toi);
        let ray = (origin, dir, max_toi);
        report_closed_form(RayShape::Capsule, hit, ray, pose, observer)
    }

    #[inline]
    fn cast_ray_local(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
    ) -> Result<Option<LocalHit>, RayError> {
        let (h, radius) = (self.half_height(), self.radius());
        let s = origin.coords;
        let nearest = s.y.clamp(-h, h);
        let (offset, rr) = (
            Vector3::new(s.x, s.y - nearest, s.z).norm_squared(),
            radius * radius,
        );
        if !(offset.is_normal() && rr.is_normal())
            && let Some(hit) = cast_rescaled(origin, dir, max_toi, [h, radius], |h, r| {
                Capsule::new(h, r).ok()
            })
        {
            return hit;
        }
        let inside = offset <= rr;
        let Some((d, inv_m)) = scaled(dir).filter(|_| !inside) else {
            return Ok(inside.then_some(LocalHit {
                toi: 0.0,
                normal: None,
            }));
        };
        let cap_y = match side_wall(&s, &d, inv_m, h, radius, max_toi) {
            Wall::Hit(hit) => return Ok(hit),
            Wall::Cap(cap) => cap,
            Wall::Overflow => {
                let (core, radius) = (Core(self), self.core_radius());
                return gjk::cast_local(&core, radius, origin, dir, max_toi);
            }
        };
        let sc = Vector3::new(s.x, s.y - cap_y, s.z);
        match enter_ball(&sc, &d, radius) {
            Some(crossing) => Ok(ball_hit(crossing, &sc, &d, inv_m, radius, max_toi)),
            None => {
                let (core, radius) = (Core(self), self.core_radius());
                gjk::cast_local(&core, radius, origin, dir, max_toi)
            }
        }
    }
}
