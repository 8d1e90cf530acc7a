//! Orthographic views: a camera (screen basis), a window (what part of space a view
//! shows) and shape outlines sampled from support functions.

use collision::SupportMap;
use nalgebra::{Isometry3, Point3, Vector3};

/// The default angle (radians) by which the camera turns out of the plane perpendicular
/// to the final normal.
pub const TILT: f64 = 20.0 * std::f64::consts::PI / 180.0;

/// An orthonormal screen basis: `right` and `up` span the picture plane, `toward` points
/// at the viewer (`right × up = toward`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Screen x axis (world).
    pub right: Vector3<f64>,
    /// Screen y axis (world).
    pub up: Vector3<f64>,
    /// Towards the viewer (world).
    pub toward: Vector3<f64>,
}

impl Camera {
    /// A camera that shows `normal` (when given and non-zero) at `cos tilt` of its true
    /// length (`tilt` in radians, [`TILT`] = 20° by default, 0.94): it looks from
    /// `cos tilt · t + sin tilt · n`, where `t ⊥ n` is the direction
    /// closest to the isometric `(1, 1, 1)` (a fixed isometric view when there is no
    /// normal). Exactly perpendicular to `n` would draw distances and depths at true
    /// length but collapse every direction perpendicular to `n` onto one screen line
    /// (two crossed capsules would look parallel); a tilt keeps them apart. World
    /// `z` (or `y` when looking along `z`) is as close to screen-up as possible.
    #[must_use]
    pub fn facing(normal: Option<Vector3<f64>>, tilt: f64) -> Camera {
        let tilt = if tilt.is_finite() { tilt } else { TILT };
        let iso = Vector3::new(1.0, 1.0, 1.0).normalize();
        let mut toward = iso;
        if let Some(n) = normal.and_then(|n| crate::frame::unit(&n)) {
            // Remove the normal's component; fall back when the normal is the iso axis.
            let candidates = [iso, Vector3::new(1.0, -1.0, 1.0).normalize(), Vector3::x()];
            for c in candidates {
                let t = c - n * n.dot(&c);
                if t.norm() > 0.3 {
                    let n = if n.dot(&iso) < 0.0 { -n } else { n };
                    toward = t.normalize() * tilt.cos() + n * tilt.sin();
                    break;
                }
            }
        }
        let mut up = Vector3::z() - toward * toward.z;
        if up.norm() < 0.3 {
            up = Vector3::y() - toward * toward.y;
        }
        let up = up.normalize();
        let right = up.cross(&toward).normalize();
        Camera { right, up, toward }
    }

    /// The screen coordinates of the vector `d` (a point minus the window centre).
    #[must_use]
    pub fn project(&self, d: &Vector3<f64>) -> [f64; 2] {
        [d.dot(&self.right), d.dot(&self.up)]
    }
}

/// The square part of the picture plane a view shows, and its mapping to pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    /// World point drawn at the view's centre.
    pub center: Point3<f64>,
    /// Half the width shown, in world units (> 0).
    pub half: f64,
}

impl Window {
    /// The window showing all of `points` with a 20 % margin, unless they span more than
    /// `cap` (world units): then the window is `cap` wide, centred on `focus`, and the
    /// rest is clipped. `cap` is a multiple of the scene's smaller shape size, so a huge
    /// ground slab does not shrink a small body to a dot. Non-finite points are skipped.
    #[must_use]
    pub fn fit(camera: &Camera, points: &[Point3<f64>], focus: &Point3<f64>, cap: f64) -> Window {
        let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for p in points.iter().filter(|p| p.iter().all(|c| c.is_finite())) {
            let s = camera.project(&(p - focus));
            for k in 0..2 {
                lo[k] = lo[k].min(s[k]);
                hi[k] = hi[k].max(s[k]);
            }
        }
        let cap = if cap > 0.0 && cap.is_finite() {
            cap
        } else {
            1.0
        };
        let extent = (hi[0] - lo[0]).max(hi[1] - lo[1]);
        if !(extent.is_finite() && extent > 0.0) {
            return Window {
                center: *focus,
                half: cap / 2.0,
            };
        }
        if extent > cap {
            return Window {
                center: *focus,
                half: cap / 2.0,
            };
        }
        let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
        Window {
            center: focus + camera.right * mid[0] + camera.up * mid[1],
            half: 0.6 * extent,
        }
    }

    /// Whether the world point `p` projects inside the window.
    #[must_use]
    pub fn contains(&self, camera: &Camera, p: &Point3<f64>) -> bool {
        let s = camera.project(&(p - self.center));
        s[0].abs() <= self.half && s[1].abs() <= self.half
    }
}

/// The outline of `shape` at `pose` seen through `camera`: its support points along
/// `samples` directions `cos θ right + sin θ up`, in order of θ.
///
/// The orthographic projection of a convex body onto the picture plane has the support
/// function `h(u) = max_p u · p` for in-plane `u`, so the projected support points trace
/// the projection's boundary (exactly at polytope vertices, densely on curved parts).
#[must_use]
pub fn outline<S: SupportMap + ?Sized>(
    shape: &S,
    pose: &Isometry3<f64>,
    camera: &Camera,
    samples: usize,
) -> Vec<Point3<f64>> {
    outline_of(camera, samples, |u| {
        pose * shape.support(&pose.rotation.inverse_transform_vector(u))
    })
}

/// The outline of `A − B` (world orientation, cores or shapes): `s_{A−B}(u) =
/// s_A(u) − s_B(−u)` in world coordinates, computed as `R_A s_A + (t_A − t_B) − R_B s_B`.
#[must_use]
pub fn difference_outline<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    camera: &Camera,
    samples: usize,
) -> Vec<Point3<f64>>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    outline_of(camera, samples, difference_support(a, pose_a, b, pose_b))
}

/// The support function of `A − B` with world orientation (`A` at `pose_a`, `B` at
/// `pose_b`): `s_{A−B}(u) = s_A(u) − s_B(−u)`, computed as
/// `R_A s_A(R_Aᵀ u) + (t_A − t_B) − R_B s_B(−R_Bᵀ u)`, so that the two translations
/// cancel before the support points are added.
pub fn difference_support<'s, A, B>(
    a: &'s A,
    pose_a: &'s Isometry3<f64>,
    b: &'s B,
    pose_b: &'s Isometry3<f64>,
) -> impl Fn(&Vector3<f64>) -> Point3<f64> + 's
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let offset = pose_a.translation.vector - pose_b.translation.vector;
    move |u| {
        let sa = pose_a.rotation * a.support(&pose_a.rotation.inverse_transform_vector(u));
        let sb = pose_b.rotation * b.support(&pose_b.rotation.inverse_transform_vector(&-u));
        Point3::from(sa.coords + offset - sb.coords)
    }
}

fn outline_of(
    camera: &Camera,
    samples: usize,
    support: impl Fn(&Vector3<f64>) -> Point3<f64>,
) -> Vec<Point3<f64>> {
    let mut out: Vec<Point3<f64>> = Vec::with_capacity(samples);
    for k in 0..samples {
        let theta = std::f64::consts::TAU * k as f64 / samples as f64;
        let u = camera.right * theta.cos() + camera.up * theta.sin();
        let p = support(&u);
        if out.last() != Some(&p) {
            out.push(p);
        }
    }
    if out.len() > 1 && out.first() == out.last() {
        out.pop();
    }
    out
}
