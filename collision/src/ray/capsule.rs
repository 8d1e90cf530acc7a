//! Ray against a capsule: the infinite cylinder around the core segment, then one cap ball.

use super::sphere::{Crossing, ball_hit, enter_ball, scaled, surface_normal};
use super::{LocalHit, RayCast, RayError, gjk};
use crate::shape::{Capsule, Core, SupportMap};
use nalgebra::{Point3, Vector3};

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
        let inside = Vector3::new(s.x, s.y - nearest, s.z).norm_squared() <= radius * radius;
        let Some((d, inv_m)) = scaled(dir).filter(|_| !inside) else {
            return Ok(inside.then_some(LocalHit {
                toi: 0.0,
                normal: None,
            }));
        };
        let Some(side) = enter_cylinder(&s, &d, radius) else {
            let (core, radius) = (Core(self), self.core_radius());
            return gjk::cast_local(&core, radius, origin, dir, max_toi);
        };
        let cap_y = match side {
            Crossing::Miss => return Ok(None),
            Crossing::Inside => s.y.signum() * h,
            Crossing::Enter(t) => {
                let y = s.y + t * d.y;
                if y.abs() <= h {
                    let toi = t * inv_m;
                    let p = s + d * t;
                    let radial = Vector3::new(p.x, 0.0, p.z);
                    return Ok((toi <= max_toi).then(|| LocalHit {
                        toi,
                        normal: Some(surface_normal(&radial, radius, &d)),
                    }));
                }
                y.signum() * h
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

/// Entry of `s + t d` into the infinite cylinder `x² + z² ≤ R²`: the ball kernel on the
/// projections onto the xz plane (a ray parallel to the axis has `d_xz = 0` and, when
/// outside, `b = 0`: a miss).
#[inline]
fn enter_cylinder(s: &Vector3<f64>, d: &Vector3<f64>, radius: f64) -> Option<Crossing> {
    let s_xz = Vector3::new(s.x, 0.0, s.z);
    let d_xz = Vector3::new(d.x, 0.0, d.z);
    enter_ball(&s_xz, &d_xz, radius)
}
