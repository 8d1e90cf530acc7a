//! Ray against a cylinder: the infinite cylinder around the axis, then one cap disc.

use super::sphere::{Crossing, cast_rescaled, enter_ball, scaled, surface_normal};
use super::{LocalHit, LocalRay, RayCast, RayError, gjk};
use crate::observer::RayShape;
use crate::shape::{CoreOf, Cylinder, SupportMap};
use nalgebra::Vector3;

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
    fn ray_closed_form(&self) -> Option<RayShape> {
        Some(RayShape::Cylinder)
    }

    #[inline(always)]
    fn cast_ray_local(&self, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
        let (h, radius) = (self.half_height(), self.radius());
        let s = ray.origin.coords;
        let radial = |p: &Vector3<f64>| p.x * p.x + p.z * p.z;
        let (offset, rr) = (radial(&s), radius * radius);
        if !(offset.is_normal() && rr.is_normal())
            && let Some(hit) = cast_rescaled(ray, [h, radius], |h, r| Cylinder::new(h, r).ok())
        {
            return hit;
        }
        let inside = offset <= rr && s.y.abs() <= h;
        let Some((d, inv_m)) = scaled(&ray.dir).filter(|_| !inside) else {
            return Ok(inside.then_some(LocalHit::INSIDE));
        };
        // The cap to try, on the side of the start or of the side-wall entry.
        let cap = match side_wall(&s, &d, inv_m, [h, radius], ray) {
            Wall::Hit(hit) => return Ok(hit),
            Wall::Cap(cap) => cap,
            Wall::Overflow => return gjk::cast_local(&CoreOf(self), self.core_radius(), ray),
        };
        // Towards the slab through the cap plane `y = cap`, from its outer side.
        if (cap - s.y) * cap > 0.0 || d.y * cap >= 0.0 {
            return Ok(None);
        }
        let t = (cap - s.y) / d.y;
        let p = s + d * t;
        let toi = t * inv_m;
        let hit = radial(&p) <= radius * radius && toi <= ray.max_toi;
        Ok(hit.then(|| LocalHit {
            toi,
            normal: ray.normal.then(|| Vector3::new(0.0, cap.signum(), 0.0)),
        }))
    }
}

/// What [`side_wall`] found.
pub(super) enum Wall {
    /// The answer: the ray enters the side wall `|y| ≤ h` first (a hit within `max_toi`,
    /// else `None`), or misses the infinite cylinder.
    Hit(Option<LocalHit>),
    /// The ray can only reach the solid through the cap plane `y = cap` (`±h`): it starts
    /// within the infinite cylinder, or enters it beyond that plane.
    Cap(f64),
    /// The radial quadratic overflowed (coordinates near 1e154).
    Overflow,
}

/// The ray `s + t d` (`ray` with `d` scaled, `inv_m` its scale) against the infinite cylinder
/// `x² + z² ≤ R²` cut at `|y| ≤ h`: the radial quadratic's first root (`enter_ball` on
/// the xz projections; a ray parallel to the axis has `d_xz = 0` and, when outside,
/// `b = 0`: a miss). An entry with `|y| ≤ h` is on the side wall, normal radial;
/// otherwise the cap on that side is the only way in. Shared by cylinders and capsules,
/// whose side walls are the same surface.
#[inline(always)]
pub(super) fn side_wall(
    s: &Vector3<f64>,
    d: &Vector3<f64>,
    inv_m: f64,
    [h, radius]: [f64; 2],
    ray: &LocalRay,
) -> Wall {
    let s_xz = Vector3::new(s.x, 0.0, s.z);
    let d_xz = Vector3::new(d.x, 0.0, d.z);
    match enter_ball(&s_xz, &d_xz, radius) {
        None => Wall::Overflow,
        Some(Crossing::Inside) => Wall::Cap(s.y.signum() * h),
        Some(Crossing::Miss) => Wall::Hit(None),
        Some(Crossing::Enter(t)) => {
            let y = s.y + t * d.y;
            if y.abs() > h {
                return Wall::Cap(y.signum() * h);
            }
            let toi = t * inv_m;
            let p = s + d * t;
            let wall = Vector3::new(p.x, 0.0, p.z);
            Wall::Hit((toi <= ray.max_toi).then(|| LocalHit {
                toi,
                normal: ray.normal.then(|| surface_normal(&wall, radius, &d_xz)),
            }))
        }
    }
}
