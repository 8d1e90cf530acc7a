//! The core of a shape of revolution with straight sides, for closed-form contacts.

/// A solid of revolution about the local Y axis with straight sides: the convex hull of
/// two disks centred on the axis and normal to it, of radius `bottom_radius` at height
/// `bottom` and of radius `top_radius` at height `top` (`bottom ≤ top`). A cylinder is
/// two equal disks, a cone a disk and a point, a capsule's core segment two points.
///
/// Its section by any plane through the axis is the trapezoid with corners `(±r, y)`
/// at both ends, which is all the closed-form contacts of `contact/revolution.rs` need:
/// the support function of a solid of revolution along `n` is that of its section along
/// `(|n_⊥|, n_y)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frustum {
    /// Height of the lower disk's centre.
    pub bottom: f64,
    /// Radius of the lower disk (≥ 0).
    pub bottom_radius: f64,
    /// Height of the upper disk's centre (≥ `bottom`).
    pub top: f64,
    /// Radius of the upper disk (≥ 0).
    pub top_radius: f64,
}

impl Frustum {
    /// The frustum centred on the origin, from `y = −half_height` (radius
    /// `bottom_radius`) to `y = half_height` (radius `top_radius`).
    #[must_use]
    pub fn centred(half_height: f64, bottom_radius: f64, top_radius: f64) -> Frustum {
        Frustum {
            bottom: -half_height,
            bottom_radius,
            top: half_height,
            top_radius,
        }
    }

    /// The four corners `(r, y)` of its section by a plane through the axis, in order
    /// around it: `(−r_b, b)`, `(r_b, b)`, `(r_t, t)`, `(−r_t, t)`.
    #[must_use]
    pub fn section(&self) -> [[f64; 2]; 4] {
        let (b, rb, t, rt) = (self.bottom, self.bottom_radius, self.top, self.top_radius);
        [[-rb, b], [rb, b], [rt, t], [-rt, t]]
    }

    /// The largest distance of a point of it from the origin.
    #[must_use]
    pub fn reach(&self) -> f64 {
        self.bottom_radius
            .hypot(self.bottom)
            .max(self.top_radius.hypot(self.top))
    }
}
