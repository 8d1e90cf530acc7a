//! Ray against a cylinder: the infinite cylinder around the axis, then one cap disc.

use super::sphere::{Crossing, enter_ball, scaled, surface_normal};
use super::{LocalHit, RayCast, RayError, gjk};
use crate::shape::{Core, Cylinder, SupportMap};
use nalgebra::{Point3, Vector3};

/// The cylinder is `x² + z² ≤ R²`, `|y| ≤ h`: the infinite cylinder cut by the slab
/// `|y| ≤ h`.
///
/// A start inside both is inside (toi 0). Otherwise the ray first meets the solid either
/// on the side wall or on a cap disc:
///
/// - Outside the infinite cylinder, the ray enters it at the first root of the radial
///   quadratic `a t² + 2 b t + c = 0` (`a = d_x² + d_z²`, `b = s_x d_x + s_z d_z`,
///   `c = s_x² + s_z² − R²`; `enter_ball` on the xz projections). If the entry point has
///   `|y| ≤ h` it is on the side wall, normal radial. If it lies beyond the cap plane
///   `y = ±h`, the ray can still reach the solid only through that cap, later.
/// - Within the infinite cylinder (then `|s_y| > h`), only through the near cap.
///
/// A cap `y = c` (`c = ±h`, the side the start or the side-wall entry is on) is crossed
/// at `t = (c − s_y) / d_y` when `d_y` points towards the slab; the crossing is a hit when
/// it is inside the disc, `x² + z² ≤ R²`, with normal `sign(c) e_y`. (Ericson, *Real-Time
/// Collision Detection*, 2005, §5.3.7, takes the same two surfaces in a different order.)
/// `d` is rescaled first (`scaled`) so that its squares neither overflow nor underflow.
impl RayCast for Cylinder {
    #[inline]
    fn cast_ray_local(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
    ) -> Result<Option<LocalHit>, RayError> {
        let (h, radius) = (self.half_height(), self.radius());
        let s = origin.coords;
        let radial = |p: &Vector3<f64>| p.x * p.x + p.z * p.z;
        let inside = radial(&s) <= radius * radius && s.y.abs() <= h;
        let Some((d, inv_m)) = scaled(dir).filter(|_| !inside) else {
            return Ok(inside.then_some(LocalHit {
                toi: 0.0,
                normal: None,
            }));
        };
        let s_xz = Vector3::new(s.x, 0.0, s.z);
        let d_xz = Vector3::new(d.x, 0.0, d.z);
        // The cap to try, on the side of the start or of the side-wall entry.
        let cap = match enter_ball(&s_xz, &d_xz, radius) {
            // Squares overflowed (coordinates near 1e154): the generic cast.
            None => {
                let (core, radius) = (Core(self), self.core_radius());
                return gjk::cast_local(&core, radius, origin, dir, max_toi);
            }
            Some(Crossing::Inside) => s.y.signum() * h,
            Some(Crossing::Miss) => return Ok(None),
            Some(Crossing::Enter(t)) => {
                let y = s.y + t * d.y;
                if y.abs() <= h {
                    let toi = t * inv_m;
                    let p = s + d * t;
                    let wall = Vector3::new(p.x, 0.0, p.z);
                    return Ok((toi <= max_toi).then(|| LocalHit {
                        toi,
                        normal: Some(surface_normal(&wall, radius, &d)),
                    }));
                }
                y.signum() * h
            }
        };
        // Towards the slab through the cap plane `y = cap`, from its outer side.
        if (cap - s.y) * cap > 0.0 || d.y * cap >= 0.0 {
            return Ok(None);
        }
        let t = (cap - s.y) / d.y;
        let p = s + d * t;
        let toi = t * inv_m;
        let hit = radial(&p) <= radius * radius && toi <= max_toi;
        Ok(hit.then(|| LocalHit {
            toi,
            normal: Some(Vector3::new(0.0, cap.signum(), 0.0)),
        }))
    }
}
