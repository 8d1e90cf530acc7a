//! Frames: the recorded steps converted to world coordinates, each self-contained for
//! drawing (no lookup into the trace or the shapes is needed).
//!
//! The configuration space is the Minkowski difference A − B with world orientation: a
//! recorded vertex `w = a − b` (A's frame) becomes `R_A w`, which equals
//! `a_world − b_world` but is computed without the world translation, so poses far from
//! the origin (1e6) cost no precision. Witness points become world points `pose_A · p`.

mod motion;
mod shortcut;
mod simplex;

pub(crate) use motion::ray_result;
use motion::{ray_step, toi_step};
pub(crate) use shortcut::{axis_name, length};
use shortcut::{shortcut_frame, warm_start};
use simplex::{epa_result, epa_step, gjk_result, gjk_step};

use collision::Trace;
use collision::epa::{EpaStatus, PolytopeReplay};
use collision::gjk::GjkStatus;
use collision::observer::{Shortcut, TraceEvent};
use nalgebra::{Isometry3, Point3, Vector3};

/// Which step a frame shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FrameKind {
    /// GJK iteration `iteration` (from 1): the reduced simplex, its closest point `v` and
    /// the new support point along `−v`.
    GjkStep {
        /// Iteration number, from 1.
        iteration: u32,
    },
    /// The end of a GJK run: its final simplex (a tetrahedron around the origin when the
    /// shapes overlap) and status.
    GjkResult {
        /// How GJK ended.
        status: GjkStatus,
    },
    /// EPA iteration `iteration` (from 1): the polytope, its face nearest the origin, the
    /// new support point, the faces it removes and the horizon it fans.
    EpaStep {
        /// Iteration number, from 1.
        iteration: u32,
    },
    /// The end of an EPA run: the answer face's normal, depth and witness points, drawn
    /// on the last recorded polytope.
    EpaResult {
        /// How EPA ended.
        status: EpaStatus,
    },
    /// Time-of-impact iteration `iteration` (from 1; 0 for the analytic ball–ball
    /// answer): the witness points and normal at the step's time. No simplex: the
    /// configuration-space point is `a − b`.
    ToiStep {
        /// Iteration number, from 1 (0 for the analytic answer).
        iteration: u32,
        /// The time the step measured the gap at.
        time: f64,
    },
    /// GJK ray-cast iteration `iteration` (from 1): the simplex of `x − p` for the ray
    /// point `x` at the parameter `lambda` and the shape's core points `p`, its closest
    /// point `v` and the new support point.
    RayStep {
        /// Iteration number, from 1.
        iteration: u32,
        /// The ray parameter at the start of the step: a lower bound on the hit's.
        lambda: f64,
    },
    /// The end of a ray cast: the hit point and surface normal, or a miss, drawn on the
    /// last step's simplex.
    RayResult {
        /// Whether the ray hit the shape.
        hit: bool,
    },
    /// A shortcut the query took instead of (or before) an iterative run: a closed form
    /// or an inscribed-ball overlap proof ([`Frame::shortcut`] holds it).
    Shortcut {
        /// Which: [`Shortcut::name`].
        name: &'static str,
    },
    /// A GJK run starting from a warm-start cache: the cached simplex it starts from.
    WarmStart,
}

/// A vertex of the simplex or polytope, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameVertex {
    /// Support point on A (world).
    pub a: Point3<f64>,
    /// Support point on B (world).
    pub b: Point3<f64>,
    /// `a − b`, the point of the configuration space A − B (world orientation).
    pub w: Point3<f64>,
    /// Barycentric weight in the current closest point (GJK: of `v`; EPA: of the origin's
    /// projection onto the nearest face; 0 for vertices not involved).
    pub weight: f64,
}

/// One step, ready to draw: everything in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Which step.
    pub kind: FrameKind,
    /// Simplex or polytope vertices.
    pub vertices: Vec<FrameVertex>,
    /// Edges (vertex index pairs) of the simplex or polytope.
    pub edges: Vec<[usize; 2]>,
    /// Faces kept by the step (vertex index triples, outward counter-clockwise for EPA).
    pub triangles: Vec<[usize; 3]>,
    /// The face nearest the origin, which EPA expands.
    pub closest_face: Option<[usize; 3]>,
    /// Faces the new support point sees, which the EPA step removes.
    pub removed: Vec<[usize; 3]>,
    /// Horizon edges that the EPA step fans to the support point.
    pub horizon: Vec<[usize; 2]>,
    /// The new support point, when the step queried one.
    pub support: Option<FrameVertex>,
    /// The point of the simplex (GJK) or of the nearest face's plane (EPA) closest to the
    /// origin, in configuration space.
    pub closest: Point3<f64>,
    /// Unit search direction (GJK: `−v/|v|`; EPA: the nearest face's outward normal),
    /// when defined.
    pub direction: Option<Vector3<f64>>,
    /// Current witness point on A (world).
    pub witness_a: Point3<f64>,
    /// Current witness point on B (world).
    pub witness_b: Point3<f64>,
    /// Lower bound on the distance (GJK) or depth (EPA); for a ray cast, on the ray
    /// point's distance to the shape (0: not tracked).
    pub lower_bound: f64,
    /// Upper bound on the distance (GJK) or depth (EPA); for a ray cast, on the ray
    /// point's distance to the shape.
    pub upper_bound: f64,
    /// One line describing the step.
    pub caption: String,
    /// The shapes' world poses at this frame, `[A, B]`, when the shapes move during the
    /// query (time-of-impact steps); `None` for the scene's poses.
    pub poses: Option<[Isometry3<f64>; 2]>,
    /// For a [`FrameKind::Shortcut`] frame, the shortcut as recorded (world
    /// coordinates): the closed form's or ball proof's inputs and answer, which the views
    /// draw (spheres and their centre line, the SAT axes, the inscribed balls).
    pub shortcut: Option<Box<Shortcut>>,
}

impl Frame {
    /// A frame of `kind` captioned `caption` that shows nothing else yet: no simplex or
    /// polytope, support point, direction or shortcut, every point at the origin, both
    /// bounds 0 and the scene's poses. The step builders (and tests) fill in what their
    /// step has with struct update syntax: `Frame { vertices, ..Frame::new(kind, caption) }`.
    #[must_use]
    pub fn new(kind: FrameKind, caption: String) -> Frame {
        Frame {
            kind,
            vertices: Vec::new(),
            edges: Vec::new(),
            triangles: Vec::new(),
            closest_face: None,
            removed: Vec::new(),
            horizon: Vec::new(),
            support: None,
            closest: Point3::origin(),
            direction: None,
            witness_a: Point3::origin(),
            witness_b: Point3::origin(),
            lower_bound: 0.0,
            upper_bound: 0.0,
            caption,
            poses: None,
            shortcut: None,
        }
    }

    /// Whether every coordinate of the frame is finite (a frame of a degenerate run may
    /// hold NaN; drawing code skips what is not finite).
    #[must_use]
    pub fn is_finite(&self) -> bool {
        let v = |x: &FrameVertex| finite_p(&x.a) && finite_p(&x.b) && finite_p(&x.w);
        self.vertices.iter().all(v)
            && self.support.as_ref().is_none_or(v)
            && finite_p(&self.closest)
            && self
                .direction
                .is_none_or(|d| d.iter().all(|c| c.is_finite()))
            && finite_p(&self.witness_a)
            && finite_p(&self.witness_b)
    }

    /// Short label: `GJK 3`, `GJK result`, `EPA 2`.
    #[must_use]
    pub fn label(&self) -> String {
        match self.kind {
            FrameKind::GjkStep { iteration } => format!("GJK {iteration}"),
            FrameKind::GjkResult { .. } => "GJK result".to_string(),
            FrameKind::EpaStep { iteration } => format!("EPA {iteration}"),
            FrameKind::EpaResult { .. } => "EPA result".to_string(),
            FrameKind::ToiStep { iteration, .. } => format!("TOI {iteration}"),
            FrameKind::RayStep { iteration, .. } => format!("Ray {iteration}"),
            FrameKind::RayResult { .. } => "Ray result".to_string(),
            FrameKind::Shortcut { name } => format!("Shortcut: {name}"),
            FrameKind::WarmStart => "GJK warm start".to_string(),
        }
    }
}

fn finite_p(p: &Point3<f64>) -> bool {
    p.iter().all(|c| c.is_finite())
}

/// Converts every event of `trace` to a frame, in order: one frame per GJK step, per
/// GJK result, per EPA step, per EPA result, per time-of-impact step, per ray-cast step,
/// per shortcut and per warm start. `pose_a` places the GJK result's simplex (its record
/// has no pose); the steps carry their own.
///
/// Frames show what the algorithms worked on: when a query runs GJK/EPA on the shapes'
/// cores (balls as points, capsules as segments), the vertices, witness points and
/// bounds are the cores', also in the GJK result frame (whose caption gives the
/// query's answer for the full shapes).
///
/// An EPA run of more than [`DRAWN_EPA_STEPS`] steps keeps a frame for every step, but
/// draws the polytope only in that many of them: the first and last third, and steps
/// evenly spaced in between.
#[must_use]
pub fn frames_from_trace(trace: &Trace, pose_a: &Isometry3<f64>) -> Vec<Frame> {
    let mut lower = 0.0;
    let mut frames = Vec::with_capacity(trace.events.len());
    let mut replay = PolytopeReplay::new();
    let mut drawn = epa_steps_drawn(trace).into_iter();
    for e in &trace.events {
        match e {
            TraceEvent::GjkStep(s) => {
                lower = s.lower_bound;
                frames.push(gjk_step(s));
            }
            TraceEvent::GjkDone(out) => {
                frames.push(gjk_result(out, pose_a, lower));
                lower = 0.0;
            }
            TraceEvent::EpaStep(s) => {
                replay.apply(s);
                frames.push(epa_step(s, &replay, drawn.next().unwrap_or(true)));
            }
            TraceEvent::EpaDone { pose_a, output } => {
                let last_step = frames
                    .last()
                    .filter(|f| matches!(f.kind, FrameKind::EpaStep { .. }));
                frames.push(epa_result(last_step, pose_a, output));
            }
            TraceEvent::ToiStep(s) => frames.push(toi_step(s)),
            TraceEvent::RayStep(s) => frames.push(ray_step(s)),
            TraceEvent::Shortcut(s) => frames.push(shortcut_frame(s)),
            TraceEvent::WarmStart { pose_a, simplex } => {
                frames.push(warm_start(pose_a, simplex));
            }
            _ => {}
        }
    }
    frames
}

/// The most EPA steps of one run whose polytope the frames draw. A contact's second EPA
/// run may take thousands of steps on a polytope of thousands of faces; drawing each
/// would make frames (and an SVG film) of gigabytes.
pub const DRAWN_EPA_STEPS: usize = 192;

/// Whether each EPA step of `trace`, in order, draws its polytope ([`is_drawn`] of its
/// place in its run; a run starts at a snapshot record or after an EPA result).
fn epa_steps_drawn(trace: &Trace) -> Vec<bool> {
    let mut runs: Vec<usize> = Vec::new();
    let mut open = false;
    for e in &trace.events {
        match e {
            TraceEvent::EpaStep(s) => {
                if s.is_snapshot() || !open {
                    runs.push(0);
                    open = true;
                }
                if let Some(n) = runs.last_mut() {
                    *n += 1;
                }
            }
            TraceEvent::EpaDone { .. } => open = false,
            _ => {}
        }
    }
    runs.iter()
        .flat_map(|&length| (0..length).map(move |k| is_drawn(k, length)))
        .collect()
}

/// Whether step `k` (from 0) of an EPA run of `length` steps is drawn: all of a run of
/// at most [`DRAWN_EPA_STEPS`], else the first and last third of that many and evenly
/// spaced steps in between.
fn is_drawn(k: usize, length: usize) -> bool {
    let third = DRAWN_EPA_STEPS / 3;
    if length <= DRAWN_EPA_STEPS || k < third || k + third >= length {
        return true;
    }
    let stride = (length - 2 * third).div_ceil(third);
    (k - third).is_multiple_of(stride)
}

/// `d / |d|`, or `None` for a zero or non-finite vector (scaled first, so tiny and huge
/// vectors normalize exactly).
pub(crate) fn unit(d: &Vector3<f64>) -> Option<Vector3<f64>> {
    let m = d.amax();
    if !(m > 0.0 && m.is_finite()) || d.iter().any(|c| !c.is_finite()) {
        return None;
    }
    let s = d / m;
    Some(s / s.norm())
}

/// A number with 6 significant digits for captions.
pub(crate) fn num(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let e = x.abs().log10().floor();
    if (-4.0..6.0).contains(&e) {
        let s = format!("{:.*}", (5.0 - e).max(0.0) as usize, x);
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    } else {
        format!("{x:.5e}")
    }
}

/// A point as `(x, y, z)` with [`num`].
pub(crate) fn pt(p: &Point3<f64>) -> String {
    format!("({}, {}, {})", num(p.x), num(p.y), num(p.z))
}
