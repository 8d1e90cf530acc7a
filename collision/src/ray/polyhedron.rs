//! Ray against a convex hull with few faces: clipping the ray by the face planes.
//!
//! A solid hull is the intersection of the half-spaces `n_f · x ≤ o_f` of its faces
//! ([`Hull::planes`]: unit outward normals, each offset raised to the face's highest
//! vertex, so every vertex lies inside every plane to within the hull's tolerance). The
//! ray `s + t d` is inside face `f`'s half-space where `t (n_f · d) ≤ o_f − n_f · s`.
//! With `num = o_f − n_f · s` and `den = n_f · d` that is
//!
//! ```text
//! den < 0:  t ≥ num / den   (the ray enters through the plane: a near bound)
//! den > 0:  t ≤ num / den   (it leaves: a far bound)
//! den = 0:  0 ≤ num         (parallel: always inside, or a miss)
//! ```
//!
//! The ray is inside the hull for `t ∈ [max near, min far]`: a miss when that interval
//! is empty or ends before 0, a start inside when it begins at or before 0, else an
//! entry at `max near` through the face that set it, whose plane normal is the hit
//! normal. This is the slab method of boxes (`slab.rs`) with a hull's planes for the
//! slabs' sides: Cyrus and Beck, "Generalized two- and three-dimensional clipping",
//! *Computers & Graphics* 3 (1978); Haines, "Fast ray–convex polyhedron intersection",
//! *Graphics Gems II* (1991).
//!
//! It costs two dot products and a division a face, against the GJK ray cast's two
//! support queries and a simplex projection an iteration, so it wins below a few hundred
//! faces and loses above: hulls with at most [`CLIP_MAX_FACES`] faces are clipped,
//! larger ones cast by GJK (`gjk.rs`). The crossover depends on the face count alone,
//! never on the CPU, so the answer does not either.
//!
//! Accuracy: the planes' polytope contains the hull and lies within the hull's
//! tolerance of it (`Hull::tolerance`, a few ulps of its size), so the hit point lies
//! that close to the surface, as the GJK ray cast's does to its own tolerance. The GJK
//! cast and parry's are the tests' references (`tests/rays/`).
//!
//! Input: the caller (`frame.rs`) has checked that the local ray is finite. A direction
//! far from unit length is scaled (as the other closed forms scale theirs); a start
//! beyond [`LARGEST_COORDINATE`] could overflow `o − n · s`, so such rays take the GJK
//! cast.
//!
//! The loop over the planes has no data-dependent branch (`kernels/plane_clip.rs`, which
//! says why): rays that do not repeat would mispredict half of a branch per plane.

use super::sphere::scaled;
use super::{LocalHit, LocalRay, RayCast, RayError, gjk};
use crate::hull::{Hull, Plane};
use crate::kernels::plane_clip;
use crate::observer::RayShape;
use crate::shape::{ConvexHull, CoreOf, SupportMap};

/// Hulls with at most this many faces are clipped by their planes; larger ones take the
/// GJK ray cast. On the AMD EPYC Zen 5, on random rays, a clip costs about 40 ns plus
/// 1.4 ns a face, and a GJK cast 330 ns on a hull of 16 sphere points and 560 ns on one of
/// 64 (124 faces), where the clip takes 77 and 212 ns: the crossover lies above 250
/// faces, and this keeps a margin for CPUs whose divisions are slower.
pub const CLIP_MAX_FACES: usize = 128;

/// Starts whose largest coordinate is beyond this take the GJK cast: up to it, `n · s`
/// (unit `n`) cannot overflow, nor `o − n · s` for a hull inside the query range of
/// 1e±60 (see the crate docs).
const LARGEST_COORDINATE: f64 = 1e150;

impl ConvexHull {
    /// The face planes a ray is clipped by: a solid hull's, when it has at most
    /// [`CLIP_MAX_FACES`] faces.
    #[inline]
    fn clip_planes(&self) -> Option<&[Plane]> {
        self.hull()
            .filter(|h| h.face_count() <= CLIP_MAX_FACES)
            .map(Hull::planes)
    }

    /// The planes `ray` is clipped by, unless it takes the GJK cast (a hull with many
    /// faces, or a start beyond [`LARGEST_COORDINATE`]; the clip scales the direction).
    #[inline]
    fn clipping(&self, ray: &LocalRay) -> Option<&[Plane]> {
        let in_range = ray.origin.coords.amax() <= LARGEST_COORDINATE;
        self.clip_planes().filter(|_| in_range)
    }
}

impl RayCast for ConvexHull {
    /// [`RayShape::ConvexHull`] when the hull's rays are clipped by its planes. A ray
    /// starting beyond 1e150 takes the GJK cast within [`Self::cast_ray_local`], as a
    /// ball's ray whose quadratic would overflow does.
    fn ray_closed_form(&self) -> Option<RayShape> {
        self.clip_planes().map(|_| RayShape::ConvexHull)
    }

    #[inline]
    fn cast_ray_local(&self, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
        match self.clipping(ray) {
            Some(planes) => Ok(clip(planes, ray)),
            None => gjk::cast_local(&CoreOf(self), self.core_radius(), ray),
        }
    }
}

/// The entry of `ray` into the intersection of the half-spaces below `planes` (see the
/// module docs), with the entering plane's normal when the ray asks for it.
fn clip(planes: &[Plane], ray: &LocalRay) -> Option<LocalHit> {
    let s = &ray.origin.coords;
    // A direction far from unit length is clipped as `d / m` (`m` its largest
    // component), its parameters `m` times larger, so that `n · d` neither under- nor
    // overflows; one that does not move hits only when it starts inside.
    let Some((d, inv_m)) = scaled(&ray.dir) else {
        let inside = planes.iter().all(|p| p.offset - p.normal.dot(s) >= 0.0);
        return inside.then_some(LocalHit::INSIDE);
    };
    let (near, face) = plane_clip::clip(planes, s, &d)?;
    let near = near * inv_m;
    if near <= 0.0 {
        return Some(LocalHit::INSIDE);
    }
    (near <= ray.max_toi).then(|| LocalHit {
        toi: near,
        normal: ray.normal.then(|| planes[face].normal),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Cuboid;
    use nalgebra::{Point3, Vector3};

    /// The cube `[-1, 1]³` as a hull (six planes after merging) and as a box.
    fn cubes() -> (ConvexHull, Cuboid) {
        let corners: Vec<Point3<f64>> = (0..8)
            .map(|k| {
                let s = |bit: i32| if k & bit != 0 { 1.0 } else { -1.0 };
                Point3::new(s(1), s(2), s(4))
            })
            .collect();
        let hull = ConvexHull::new(&corners).unwrap();
        assert_eq!(hull.clip_planes().map(<[Plane]>::len), Some(6));
        (hull, Cuboid::new(Vector3::repeat(1.0)).unwrap())
    }

    fn ray(origin: [f64; 3], dir: [f64; 3], max_toi: f64) -> LocalRay {
        LocalRay {
            origin: Point3::from(origin),
            dir: Vector3::from(dir),
            max_toi,
            normal: true,
        }
    }

    /// The cases the clip singles out, each with its exact answer, which the slab
    /// method's on the same cube gives too: entry through a face, a start on a face or
    /// inside, rays parallel to faces inside and outside their slab, a zero direction,
    /// a hit beyond `max_toi`, a direction of 1e200 (scaled, not overflowed), and starts
    /// beyond [`LARGEST_COORDINATE`] (the GJK cast).
    #[test]
    fn a_cube_hull_is_clipped_as_its_box_is() {
        let (hull, cuboid) = cubes();
        let hit = |toi, n: [f64; 3]| {
            Some(LocalHit {
                toi,
                normal: Some(Vector3::from(n)),
            })
        };
        let inside = Some(LocalHit::INSIDE);
        let cases = [
            (
                ray([-5.0, 0.2, 0.3], [2.0, 0.0, 0.0], 10.0),
                hit(2.0, [-1.0, 0.0, 0.0]),
            ),
            (
                ray([0.5, 3.0, -0.5], [0.0, -1.0, 0.0], 10.0),
                hit(2.0, [0.0, 1.0, 0.0]),
            ),
            (ray([1.0, 0.5, 0.5], [1.0, 0.0, 0.0], 10.0), inside),
            (ray([0.0, 0.0, 0.0], [0.3, -0.2, 0.1], 10.0), inside),
            (ray([0.0, 2.0, 0.0], [1.0, 0.0, 0.0], 10.0), None),
            (
                ray([-3.0, 1.0, 0.0], [1.0, 0.0, 0.0], 10.0),
                hit(2.0, [-1.0, 0.0, 0.0]),
            ),
            (ray([0.5, 0.5, 0.5], [0.0, 0.0, 0.0], 10.0), inside),
            (ray([2.0, 0.0, 0.0], [0.0, 0.0, 0.0], 10.0), None),
            (ray([-5.0, 0.0, 0.0], [1.0, 0.0, 0.0], 3.9), None),
            (ray([-5.0, 0.0, 0.0], [-1.0, 0.0, 0.0], 10.0), None),
            (
                ray([0.0, 0.0, -4.0], [0.0, 0.0, 1e-3], 1e9),
                hit(3e3, [0.0, 0.0, -1.0]),
            ),
            (
                ray([0.0, -4.0, 0.0], [0.0, 1e200, 0.0], 10.0),
                hit(3e-200, [0.0, -1.0, 0.0]),
            ),
        ];
        for (k, (r, want)) in cases.into_iter().enumerate() {
            assert!(hull.clipping(&r).is_some(), "case {k}");
            assert_eq!(hull.cast_ray_local(&r).unwrap(), want, "case {k}: {r:?}");
            assert_eq!(cuboid.cast_ray_local(&r).unwrap(), want, "case {k}: slab");
        }
        // Beyond the clip's range the GJK cast answers (here: it cannot resolve a unit
        // cube 1e200 away, and says so), as for a hull of many faces.
        let far = ray([-1e200, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY);
        assert!(hull.clipping(&far).is_none());
        let gjk = gjk::cast_local(&CoreOf(&hull), hull.core_radius(), &far);
        assert_eq!(hull.cast_ray_local(&far), gjk);
    }
}
