//! The plain value types of the C ABI: poses, motions and the queries' answers.
//!
//! All coordinates are `double`, world frame unless a field says otherwise. Output
//! structs are written whole by a call that returns `COLL_STATUS_OK` or
//! `COLL_STATUS_NOT_CONVERGED`, and left untouched by a call that returns anything else;
//! they need not be initialised before the call.

/// A rigid pose: rotate by `orientation`, then translate by `position`.
///
/// `orientation` is a unit quaternion stored as **`{x, y, z, w}`** (vector part first,
/// scalar `w` last, as in Unity, Unreal, Jolt and libccd; the identity is
/// `{0, 0, 0, 1}`). A quaternion that is unit to rounding (`| |q|² − 1 | ≤ 8 ε`, about
/// 1.8e-15, as any quaternion normalized in `double` is) is used as given; one whose
/// norm is within 1e-3 of 1 is divided by its norm before use; any other norm (a zero
/// quaternion included) is refused with `COLL_STATUS_INVALID_QUATERNION`, and NaN or
/// infinite components with `COLL_STATUS_NON_FINITE`.
///
/// The orientation comes first: the struct is laid out as the rigid transform the
/// queries use (nalgebra's `Isometry3<f64>`), so a query reads a pose whose quaternion is
/// unit to rounding in place, without a copy. Initialise it by field name
/// (`{.orientation = {0, 0, 0, 1}, .position = {x, y, z}}`) or in this order.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollPose {
    /// Unit quaternion `{x, y, z, w}`.
    pub orientation: [f64; 4],
    /// Translation `{x, y, z}`.
    pub position: [f64; 3],
}

/// A body moving with constant velocities over a time interval: at time `t` its centre
/// of mass is at `c0 + linear_velocity * t` and its orientation is
/// `exp(angular_velocity * t) * orientation0`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollMotion {
    /// The pose at time 0.
    pub pose: CollPose,
    /// Velocity of the centre of mass (world).
    pub linear_velocity: [f64; 3],
    /// Angular velocity about the centre of mass (world, radians per unit time).
    pub angular_velocity: [f64; 3],
    /// The centre of mass in the shape's local frame (the point the body spins about).
    pub local_center: [f64; 3],
}

/// The library's version and the version of its C ABI.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollVersion {
    /// Library major version.
    pub major: u32,
    /// Library minor version.
    pub minor: u32,
    /// Library patch version.
    pub patch: u32,
    /// ABI version: changes whenever a function, type or enum value of this header
    /// changes incompatibly. Compare it with `COLL_ABI_VERSION` from the header you
    /// compiled against.
    pub abi: u32,
}

/// The distance between two shapes, with its bounds.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollDistance {
    /// The distance (0 when the shapes touch or overlap). When the query did not
    /// converge, the best upper bound found.
    pub distance: f64,
    /// A lower bound on the distance: equal to `distance` when the query converged.
    pub lower_bound: f64,
}

/// The closest points of two shapes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollClosestPoints {
    /// Whether the shapes are apart. When `false` (touching or overlapping) the distance
    /// and bounds are 0, the normal is zero, and the points are points of each shape
    /// with no further meaning (use `coll_contact` for a penetration).
    pub separated: bool,
    /// The distance, an upper bound exact to the tolerance when converged.
    pub distance: f64,
    /// A lower bound on the distance.
    pub lower_bound: f64,
    /// The point of A closest to B.
    pub point_a: [f64; 3],
    /// The point of B closest to A.
    pub point_b: [f64; 3],
    /// Unit normal from A to B: `point_b - point_a = normal * distance`.
    pub normal: [f64; 3],
    /// Support queries made.
    pub iterations: u32,
}

/// How exact a contact is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollContactExactness {
    /// Exact to the tolerances.
    Converged = 0,
    /// GJK ran out of iterations: `separation` is an upper bound.
    GjkMaxIterations = 1,
    /// EPA ran out of room (curved shapes): the best answer found, the overlap along
    /// its normal.
    EpaOutOfCapacity = 2,
    /// EPA stopped because rounding made the next step impossible: the best answer found.
    EpaStalled = 3,
}

/// Which algorithm produced a contact.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollContactMethod {
    /// The closest points of the shapes' cores, offset by their radii.
    ClosestPoints = 0,
    /// The penetration depth of the overlapping cores (EPA, or the separating axis
    /// theorem for two boxes), plus the radii.
    Penetration = 1,
    /// The cores overlap in a plane, line or point only.
    Flat = 2,
}

/// The contact of two shapes within a margin of each other.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollContact {
    /// Whether the shapes overlap or lie within the margin; when `false` every other
    /// field is zero.
    pub in_range: bool,
    /// Signed distance along `normal`: positive when apart, negative when penetrating.
    pub separation: f64,
    /// The penetration depth, `max(-separation, 0)`.
    pub depth: f64,
    /// Unit normal from A towards B: moving B by `-separation * normal` makes the shapes
    /// just touch.
    pub normal: [f64; 3],
    /// The point of A nearest to B (when penetrating: deepest inside B).
    pub point_a: [f64; 3],
    /// The point of B nearest to A (when penetrating: deepest inside A).
    pub point_b: [f64; 3],
    /// How exact the answer is (anything but `CONVERGED` comes with
    /// `COLL_STATUS_NOT_CONVERGED`).
    pub exactness: CollContactExactness,
    /// The algorithm behind it.
    pub method: CollContactMethod,
}

/// The first contact of two moving shapes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollImpact {
    /// Whether the shapes touch within `[0, t_max]`. When the query did not converge,
    /// `false`, with `time` the proven lower bound on any impact and `separation` the
    /// gap there.
    pub hit: bool,
    /// Time of impact (0 when the shapes already touch or overlap at the start).
    pub time: f64,
    /// The point of A nearest B at `time`.
    pub point_a: [f64; 3],
    /// The point of B nearest A at `time`.
    pub point_b: [f64; 3],
    /// Unit normal from A towards B at `time`.
    pub normal: [f64; 3],
    /// Signed separation at `time` (negative when the shapes overlap at time 0).
    pub separation: f64,
    /// Advancement iterations made.
    pub iterations: u32,
}

/// Where a ray enters a shape.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollRayHit {
    /// Whether the ray meets the shape within `max_toi`. When the query did not
    /// converge, `false`, with `toi` a lower bound on any hit.
    pub hit: bool,
    /// Ray parameter of the hit: `point = origin + toi * dir` (0 when the ray starts
    /// inside).
    pub toi: f64,
    /// The hit point.
    pub point: [f64; 3],
    /// Unit outward surface normal at the hit (`-dir` normalized for a ray starting
    /// inside).
    pub normal: [f64; 3],
}

/// What kind of point set a hull was built from.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollHullKind {
    /// A polyhedron with volume: triangles, faces and planes are available.
    Solid = 0,
    /// All points in one plane: a convex polygon (vertices only).
    Polygon = 1,
    /// All points on one line: a segment (vertices only).
    Segment = 2,
    /// All points coincide (vertices only).
    Point = 3,
}

/// The sizes of a hull's arrays, for sizing the caller's buffers before reading them.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollHullSizes {
    /// Solid, polygon, segment or point.
    pub kind: CollHullKind,
    /// Number of vertices (`3 * vertex_count` doubles for `coll_hull_vertices`).
    pub vertex_count: usize,
    /// Number of triangles (`3 * triangle_count` indices); 0 unless solid.
    pub triangle_count: usize,
    /// Number of merged polygonal faces, and of planes; 0 unless solid.
    pub face_count: usize,
    /// Total number of vertex indices over all faces.
    pub face_index_count: usize,
}

/// Mass, centre of mass and inertia of a solid shape of uniform density.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollMassProperties {
    /// Mass (density times volume).
    pub mass: f64,
    /// Centre of mass, in the shape's local frame.
    pub center_of_mass: [f64; 3],
    /// Inertia tensor about the centre of mass, local axes, row-major; products of
    /// inertia as negative integrals (`I_xy = -∫ x y dm`).
    pub inertia: [f64; 9],
    /// Principal moments, ascending.
    pub principal_moments: [f64; 3],
    /// The principal axes as a rotation, quaternion `{x, y, z, w}`: its local axis `k`
    /// is the axis of `principal_moments[k]`.
    pub principal_axes: [f64; 4],
}
