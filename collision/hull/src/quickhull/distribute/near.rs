//! Points exactly above a new face by at most `ε`, shown to lie within `ε` of the hull.
//!
//! The builder rechecks such a point against every face of the finished hull
//! (`Builder::recheck_near`), since near a sharp edge it can lie far outside. A point
//! whose projection along a hull triangle's normal falls strictly inside the triangle,
//! at most `ε` from its plane, is within `ε` of the hull's surface: the finished hull
//! contains that triangle, so no face of it lies more than `ε` below the point, and the
//! recheck would not find it. Such points are dropped instead ([`Cone::near`]): the hull
//! comes out the same, and the recheck's `O(F)` test per point is saved where most of
//! them are (a slab 1e-12 thick puts a third of its points here). The triangle is
//! looked for on the cone, then by a short walk over the hull from the cone face the
//! point is highest above, across the edge its projection lies beyond.

use super::{Cone, height};
use crate::mesh::{ALIVE, Mesh, NONE, plane};
use crate::predicates::height_sign;
use crate::tolerance::Scale;
use nalgebra::Point3;

impl Cone<'_> {
    /// [`Cone::inside`] for a point exactly above a cone face by at most `ε` (float height
    /// `highest > 0`): `−∞` (dropped) when it lies within `ε` of a hull triangle
    /// ([`locate`]), a cone triangle or one the walk reaches (see the module
    /// documentation); otherwise `highest` (kept for the recheck).
    #[cold]
    #[inline(never)]
    pub(super) fn near(&self, p: &Point3<f64>, highest: f64) -> f64 {
        if keep_every_near() {
            return highest;
        }
        let on = |f: u32| locate(self.mesh, self.vertex_positions, f, p, self.scale) == Located::On;
        if self.faces.iter().any(|&f| on(f)) {
            return dropped();
        }
        // Walk from the cone face `p` is highest above.
        let mut f = NONE;
        let mut top = f64::NEG_INFINITY;
        for (pl, &g) in self.planes.iter().zip(self.faces) {
            let h = height(pl, p);
            if h > top {
                (top, f) = (h, g);
            }
        }
        if within_reach(self.mesh, self.vertex_positions, f, p, self.scale) {
            return dropped();
        }
        highest
    }
}

/// Whether `p`, near face `f`'s plane (above or below it), lies within `ε` of a hull
/// triangle ([`locate`]) that a walk from `f` finds: across the edge its projection lies
/// beyond, while it stays near the plane, for at most [`NEAR_WALK`] faces.
pub(in crate::quickhull) fn within_reach(
    mesh: &Mesh,
    verts: &[Point3<f64>],
    mut f: u32,
    p: &Point3<f64>,
    s: &Scale,
) -> bool {
    if keep_every_near() {
        return false;
    }
    for _ in 0..NEAR_WALK {
        let Some(topo) = mesh.topo.get(f as usize).filter(|t| t.state == ALIVE) else {
            return false;
        };
        match locate(mesh, verts, f, p, s) {
            Located::On => return true,
            Located::Far => return false,
            Located::Beyond(edge) => f = topo.twins[edge as usize] / 3,
        }
    }
    false
}

/// The height of a dropped point, `−∞` (counted in tests).
fn dropped() -> f64 {
    #[cfg(test)]
    NEAR_DROPS.with(|n| n.set(n.get() + 1));
    f64::NEG_INFINITY
}

/// Most faces [`Cone::near`]'s walk visits: it crosses a nearly flat stretch of the
/// hull (the side of a slab) a few triangles wide; a longer one ends in the recheck.
const NEAR_WALK: usize = 32;

/// Where a point lies relative to a triangle of the hull, for [`Cone::near`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Located {
    /// Within `ε` of the triangle: its height `H` above the plane is at most `ε` and its
    /// projection along the normal lies strictly inside the triangle.
    On,
    /// Close enough to the plane, but its projection lies beyond this edge (the
    /// half-edge's index within the face): the most clearly crossed one.
    Beyond(u32),
    /// Too far from the plane (or the plane's bounds do not allow the test).
    Far,
}

/// Where `p` lies relative to face `f` of `mesh` ([`Located`]).
///
/// `On` asks the true height `H` to be at most `ε` less 1/1024 of it, since the
/// recheck's exact threshold is `ε` to the rounding of a normal's length: from the float
/// height `h` when `|h|` is that far inside the plane's rounding bound `err`, otherwise by
/// the exact orientation test on both sides. The edge tests are those of
/// [`super::on_triangle`] with the stored unit normal, which is off the true one by at
/// most `err / span` radians (`mesh::plane`): that moves the projection of a point up to
/// `ε` from the plane by up to `ε err / span`, so the margin grows by that much per unit
/// of edge length and the true projection lies inside the triangle too. Planes whose
/// bound allows more tilt than 1/2048 (far offset, tiny clouds) are `Far`.
fn locate(mesh: &Mesh, verts: &[Point3<f64>], f: u32, p: &Point3<f64>, s: &Scale) -> Located {
    const MARGIN: f64 = 16.0 * f64::EPSILON;
    let face = &mesh.faces[f as usize];
    let err = f64::from(face.err);
    let bound = s.eps * (1.0 - 1.0 / 1024.0);
    let tilt = err / s.span;
    let h = face.normal.dot(&p.coords) - face.offset;
    if !(h.abs() <= bound + err && tilt <= 1.0 / 2048.0) {
        return Located::Far;
    }
    let v = mesh.topo[f as usize].verts.map(|i| &verts[i as usize]);
    if h.abs() > bound - err {
        let [a, b, c] = v;
        let (_, len) = plane(a, b, c, s);
        let limit = bound * len;
        if height_sign(a, b, c, p, limit) > 0.0 || height_sign(a, b, c, p, -limit) < 0.0 {
            return Located::Far;
        }
    }
    let slack = tilt * s.eps;
    let mut beyond = None;
    let mut worst = 0.0;
    for edge in 0..3 {
        let (a, b) = (v[edge], v[(edge + 1) % 3]);
        let (e, r) = (b - a, p - a);
        let e1 = e.lp_norm(1);
        // How far inside the edge, less the margin, per unit of edge length.
        let clearance = (face.normal.dot(&e.cross(&r)) - MARGIN * e1 * r.lp_norm(1)) / e1 - slack;
        if clearance.is_nan() || clearance <= worst {
            (worst, beyond) = (clearance.min(worst), Some(edge as u32));
        }
    }
    beyond.map_or(Located::On, Located::Beyond)
}

#[cfg(test)]
thread_local! {
    /// Whether every point exactly above a cone face by at most `ε` is kept for the
    /// recheck, as the plain version [`Cone::near`]'s drop is checked against (set by
    /// tests only).
    static KEEP_EVERY_NEAR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// How many points [`Cone::near`] dropped on this thread (counted by tests only).
    static NEAR_DROPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
fn keep_every_near() -> bool {
    KEEP_EVERY_NEAR.with(std::cell::Cell::get)
}

#[cfg(not(test))]
#[inline(always)]
fn keep_every_near() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::{KEEP_EVERY_NEAR, NEAR_DROPS};
    use crate::Hull;
    use nalgebra::{Point3, Rotation3, Vector3};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A thin cloud of 8 to 300 points: a ball's points squashed to a slab 1e-13 to 1e-9
    /// thick, or clusters 1e-12 to 1e-9 wide strung along a needle, turned by a random
    /// rotation, scaled by 1e-6, 1 or 1e6, and moved a thousand sizes off the origin or not.
    fn thin_cloud(rng: &mut ChaCha8Rng) -> Vec<Point3<f64>> {
        let n = rng.random_range(8..300);
        let unit = |rng: &mut ChaCha8Rng| Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
        let points: Vec<Vector3<f64>> = if rng.random_bool(0.7) {
            let thickness = 10f64.powi(rng.random_range(-13..=-9));
            (0..n)
                .map(|_| {
                    let v = unit(rng);
                    Vector3::new(v.x, v.y, v.z * thickness)
                })
                .collect()
        } else {
            let width = 10f64.powi(rng.random_range(-12..=-9));
            let ends: Vec<Vector3<f64>> = (0..rng.random_range(2..5)).map(|_| unit(rng)).collect();
            (0..n)
                .map(|k| ends[k % ends.len()] + unit(rng) * width)
                .collect()
        };
        let turn = Rotation3::new(unit(rng) * 3.0);
        let scale = [1e-6, 1.0, 1e6][rng.random_range(0..3)];
        let offset = unit(rng) * if rng.random_bool(0.5) { 1e3 } else { 0.0 };
        points
            .iter()
            .map(|p| Point3::from((turn * p + offset) * scale))
            .collect()
    }

    /// 20,000 thin clouds built twice, dropping the points exactly above a cone face by at
    /// most `ε` that lie within `ε` of the hull (`Cone::near`), and keeping every one of
    /// them for the recheck against the finished hull (the plain version): the same hulls,
    /// bit for bit, or the same error. The drop must have happened often.
    #[test]
    fn dropping_near_points_within_reach_of_the_hull_changes_no_hull() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut built, mut dropped) = (0, 0);
        for case in 0..20_000 {
            let points = thin_cloud(&mut rng);
            let build = |keep: bool| {
                KEEP_EVERY_NEAR.with(|k| k.set(keep));
                NEAR_DROPS.with(|d| d.set(0));
                let hull = Hull::build(&points);
                KEEP_EVERY_NEAR.with(|k| k.set(false));
                hull
            };
            let plain = build(true);
            let fast = build(false);
            dropped += NEAR_DROPS.with(std::cell::Cell::get);
            match (fast, plain) {
                (Ok(fast), Ok(plain)) => {
                    assert_eq!(fast.vertices(), plain.vertices(), "case {case}");
                    assert_eq!(fast.triangles(), plain.triangles(), "case {case}");
                    built += 1;
                }
                (fast, plain) => assert_eq!(fast.err(), plain.err(), "case {case}"),
            }
        }
        assert!(
            built > 15_000 && dropped > 300_000,
            "{built} built, {dropped} dropped"
        );
    }
}
