//! The shortcuts a query can take instead of (or before) an iterative run, as plain data
//! for the observer: closed forms, inscribed-ball overlap proofs and the ray casts'
//! closed forms.
//!
//! A query reports the shortcut it took as one [`Shortcut`] through
//! [`Observer::shortcut`](super::Observer::shortcut), with the inputs the shortcut read
//! and the answer it gave, so that a replay shows the path that produced the answer. The
//! types hold only numbers (nalgebra points, vectors and poses), no borrows and nothing
//! from the algorithms' modules: every field is in world coordinates unless its doc says
//! otherwise.

use nalgebra::{Isometry3, Point3, Vector3};

/// One shortcut a query took.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
// Built only for an active observer and passed by reference; `Trace` boxes it.
#[allow(clippy::large_enum_variant)]
pub enum Shortcut {
    /// A pair whose core on one side is a single point (a ball's centre) and on the other
    /// has a nearest-point formula (ball, capsule, box and their rounded versions):
    /// `intersects`, `distance` and `closest_points` answer it in closed form
    /// (`gjk/closed_form.rs`).
    PointCore(PointCorePair),
    /// Two overlapping boxes (cores): the contact's depth by the separating axis theorem
    /// (`contact/boxes.rs`).
    BoxBox(BoxBoxSat),
    /// Overlapping cores of solids of revolution (cylinder, cone or capsule against a
    /// point core or a nearly parallel one): the contact's depth bracketed in closed form
    /// (`contact/revolution.rs`).
    Revolution(RevolutionDepth),
    /// The shapes' inscribed balls proved an overlap before GJK built a simplex
    /// (`gjk/ball_start.rs`).
    InscribedBalls(InscribedBallProof),
    /// Two balls whose centres move in straight lines (each spinning, if at all, about its
    /// centre): the time of impact from a quadratic
    /// (`toi/mod.rs`).
    BallBallImpact(BallBallImpact),
    /// A ray cast answered by its shape's closed form (`ray/`).
    Ray(RayClosedForm),
}

impl Shortcut {
    /// A short name: `point-core closed form`, `box-box SAT`, `revolution closed form`,
    /// `inscribed balls`, `ball-ball impact`, `ray closed form`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Shortcut::PointCore(_) => "point-core closed form",
            Shortcut::BoxBox(_) => "box-box SAT",
            Shortcut::Revolution(_) => "revolution closed form",
            Shortcut::InscribedBalls(_) => "inscribed balls",
            Shortcut::BallBallImpact(_) => "ball-ball impact",
            Shortcut::Ray(_) => "ray closed form",
        }
    }
}

/// The closed form of a pair with a point core: the sphere of radius `radius_a` about
/// `center_a` and the sphere of radius `radius_b` about `center_b`, apart by
/// `|center_b − center_a| − radius_a − radius_b` along their centre line.
///
/// One centre is the point core (a ball's centre), the other the point of the other
/// shape's core nearest it (a capsule's segment, a box), so the spheres touch the shapes
/// where the shapes are nearest.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PointCorePair {
    /// A's core point: its point core, or the point of its core nearest B's point core.
    pub center_a: Point3<f64>,
    /// A's convex radius around its core.
    pub radius_a: f64,
    /// B's core point, as `center_a`.
    pub center_b: Point3<f64>,
    /// B's convex radius around its core.
    pub radius_b: f64,
    /// Signed separation of the shapes: the centres' distance (computed in the frame of
    /// the shape with the nearest-point formula) less both radii.
    pub separation: f64,
    /// The answer: the shapes touch or overlap (`separation ≤ 0`).
    pub overlapping: bool,
}

/// Which kind of candidate axis a separating-axis test tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SatAxisKind {
    /// Face normal `i` (0, 1, 2: x, y, z) of box A.
    FaceA(u8),
    /// Face normal `j` of box B.
    FaceB(u8),
    /// A's edge direction `i` crossed with B's edge direction `j`.
    Edges(u8, u8),
}

/// One candidate axis of the separating axis test.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SatAxis {
    /// Which axis.
    pub kind: SatAxisKind,
    /// Unit direction; zero when the test skipped it (parallel edges, whose cross
    /// product has no direction).
    pub axis: Vector3<f64>,
    /// Overlap of the boxes' projections on it, `None` when skipped; the least is the
    /// depth.
    pub overlap: Option<f64>,
}

/// The separating axis test of two overlapping boxes (the cores of the shapes; their
/// convex radii are added to the depth).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoxBoxSat {
    /// World pose of box A.
    pub pose_a: Isometry3<f64>,
    /// Half extents of box A.
    pub half_extents_a: Vector3<f64>,
    /// World pose of box B.
    pub pose_b: Isometry3<f64>,
    /// Half extents of box B.
    pub half_extents_b: Vector3<f64>,
    /// The 15 candidate axes in the order tested: A's 3 faces, B's 3 faces, the 9 edge
    /// pairs.
    pub axes: [SatAxis; 15],
    /// Index in `axes` of the winning axis, the one of least overlap.
    pub winner: usize,
    /// The boxes' penetration depth (the winner's overlap).
    pub depth: f64,
    /// Unit normal from A towards B (the winning axis, signed).
    pub normal: Vector3<f64>,
    /// Deepest point of box A inside box B.
    pub point_a: Point3<f64>,
    /// Deepest point of box B inside box A.
    pub point_b: Point3<f64>,
    /// The shapes' convex radii around the boxes, `[r_A, r_B]`.
    pub radii: [f64; 2],
}

/// The closed-form bracket of the depth of overlapping solids of revolution (cores).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RevolutionDepth {
    /// Unit normal from A towards B.
    pub normal: Vector3<f64>,
    /// The support point of A's core along the normal.
    pub point_a: Point3<f64>,
    /// The support point of B's core against the normal.
    pub point_b: Point3<f64>,
    /// The cores' overlap along the normal: an upper bound on their depth.
    pub upper: f64,
    /// A proven lower bound on the cores' depth.
    pub lower: f64,
    /// Whether the bracket proved the depth to EPA's tolerance: the answer then comes
    /// from here and EPA does not run; otherwise EPA runs and the bounds are joined.
    pub converged: bool,
    /// The shapes' convex radii around their cores, `[r_A, r_B]`.
    pub radii: [f64; 2],
}

/// Which test of the inscribed balls proved the overlap.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BallProof {
    /// The balls overlap.
    Balls,
    /// The cone from GJK's first support point `apex` (a point of A − B, world
    /// orientation as the GJK records' vertices: `R_A w`) tangent to the ball of A − B
    /// holds the origin.
    Cone {
        /// GJK's first support point of A − B, `R_A w`.
        apex: Vector3<f64>,
    },
}

/// An overlap proved by the shapes' inscribed balls.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InscribedBallProof {
    /// Centre of A's inscribed ball.
    pub center_a: Point3<f64>,
    /// Its radius.
    pub radius_a: f64,
    /// Centre of B's inscribed ball.
    pub center_b: Point3<f64>,
    /// Its radius.
    pub radius_b: f64,
    /// Which test proved the overlap.
    pub proof: BallProof,
    /// Support queries made (0 for the balls, 1 for the cone).
    pub iterations: u32,
}

/// The time of impact of two balls (or ball cores) moving in straight lines.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BallBallImpact {
    /// A's centre at time 0.
    pub center_a: Point3<f64>,
    /// A's radius.
    pub radius_a: f64,
    /// A's velocity.
    pub velocity_a: Vector3<f64>,
    /// B's centre at time 0.
    pub center_b: Point3<f64>,
    /// B's radius.
    pub radius_b: f64,
    /// B's velocity.
    pub velocity_b: Vector3<f64>,
    /// The time limit.
    pub t_max: f64,
    /// The answer: the first time the balls touch, or `None` before `t_max`.
    pub time: Option<f64>,
    /// The shapes' world poses `[A, B]` at that time.
    pub poses: Option<[Isometry3<f64>; 2]>,
}

/// Which closed form answered a ray cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RayShape {
    /// A ball (sphere equation).
    Ball,
    /// A box (slabs).
    Cuboid,
    /// A capsule.
    Capsule,
    /// A cylinder.
    Cylinder,
    /// A cone.
    Cone,
    /// A convex hull with at most [`CLIP_MAX_FACES`](crate::ray::CLIP_MAX_FACES) faces,
    /// the ray clipped by its face planes.
    ConvexHull,
}

/// A ray cast answered in closed form. The ray and the hit are in the shape's local
/// frame; `pose` maps them to world.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayClosedForm {
    /// The closed form.
    pub shape: RayShape,
    /// World pose of the shape's frame.
    pub pose: Isometry3<f64>,
    /// The ray's origin (local).
    pub origin: Point3<f64>,
    /// The ray's direction (local).
    pub dir: Vector3<f64>,
    /// The largest ray parameter looked at.
    pub max_toi: f64,
    /// The hit's ray parameter, or `None` for a miss.
    pub toi: Option<f64>,
    /// The hit's outward unit normal (local); `None` for a miss or a ray starting inside.
    pub normal: Option<Vector3<f64>>,
}
