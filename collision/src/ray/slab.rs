//! Ray against a box: the slab method.

use super::{LocalHit, LocalRay, RayCast, RayError};
use crate::observer::RayShape;
use crate::shape::Cuboid;
use nalgebra::Vector3;

/// The slab method (Kay and Kajiya, "Ray tracing complex scenes", SIGGRAPH 1986; Ericson,
/// *Real-Time Collision Detection*, 2005, §5.3.3).
///
/// The box `|xᵢ| ≤ hᵢ` is the intersection of three slabs. Along axis `i` the ray
/// `s + t d` is inside slab `i` for `t` between `(∓hᵢ − sᵢ) / dᵢ` (near: the face the ray
/// faces, `−sign(dᵢ) hᵢ`; far: the opposite one). The ray is in the box for
/// `t ∈ [max near, min far]`: a miss when that interval is empty or ends before 0, a
/// start inside when it begins at or before 0, else an entry through the face of the
/// axis with the largest near time, normal `−sign(dᵢ) eᵢ`. An axis with `dᵢ = 0` leaves
/// `t` free when `|sᵢ| ≤ hᵢ` and is a miss otherwise. Every quotient is finite or ±∞ for
/// finite input, never NaN.
impl RayCast for Cuboid {
    fn ray_closed_form(&self) -> Option<RayShape> {
        Some(RayShape::Cuboid)
    }

    #[inline(always)]
    fn cast_ray_local(&self, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
        let h = self.half_extents();
        let mut near = f64::NEG_INFINITY;
        let mut far = f64::INFINITY;
        let mut face = 0;
        for i in 0..3 {
            let (s, d) = (ray.origin[i], ray.dir[i]);
            if d == 0.0 {
                if s.abs() > h[i] {
                    return Ok(None);
                }
                continue;
            }
            let facing = if d > 0.0 { -h[i] } else { h[i] };
            let t_near = (facing - s) / d;
            let t_far = (-facing - s) / d;
            if t_near > near {
                near = t_near;
                face = i;
            }
            far = far.min(t_far);
        }
        if near > far || far < 0.0 {
            return Ok(None);
        }
        if near <= 0.0 {
            return Ok(Some(LocalHit::INSIDE));
        }
        if near > ray.max_toi {
            return Ok(None);
        }
        let normal = ray.normal.then(|| {
            let mut n = Vector3::zeros();
            n[face] = -ray.dir[face].signum();
            n
        });
        Ok(Some(LocalHit { toi: near, normal }))
    }
}
