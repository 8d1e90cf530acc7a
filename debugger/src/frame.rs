//! Frames: the recorded steps converted to world coordinates, each self-contained for
//! drawing (no lookup into the trace or the shapes is needed).
//!
//! The configuration space is the Minkowski difference A − B with world orientation: a
//! recorded vertex `w = a − b` (A's frame) becomes `R_A w`, which equals
//! `a_world − b_world` but is computed without the world translation, so poses far from
//! the origin (1e6) cost no precision. Witness points become world points `pose_A · p`.

use collision::Trace;
use collision::epa::{EpaOutput, EpaStatus, EpaStepRecord};
use collision::gjk::{GjkOutput, GjkStatus, SimplexVertex};
use collision::observer::{GjkStepRecord, ToiStepRecord, TraceEvent};
use collision::ray::RayStepRecord;
use collision::{Ray, RayHit};
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
}

impl Frame {
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
        }
    }
}

fn finite_p(p: &Point3<f64>) -> bool {
    p.iter().all(|c| c.is_finite())
}

/// Converts every event of `trace` to a frame, in order: one frame per GJK step, per
/// GJK result, per EPA step, per time-of-impact step and per ray-cast step. `pose_a` places the GJK result's simplex (its record
/// has no pose); the steps carry their own.
///
/// Frames show what the algorithms worked on: when a query runs GJK/EPA on the shapes'
/// cores (balls as points, capsules as segments), the vertices, witness points and
/// bounds are the cores', also in the GJK result frame (whose caption gives the
/// query's answer for the full shapes).
#[must_use]
pub fn frames_from_trace(trace: &Trace, pose_a: &Isometry3<f64>) -> Vec<Frame> {
    let mut lower = 0.0;
    let mut frames = Vec::with_capacity(trace.events.len());
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
            TraceEvent::EpaStep(s) => frames.push(epa_step(s)),
            TraceEvent::EpaDone { pose_a, output } => {
                let last_step = frames
                    .last()
                    .filter(|f| matches!(f.kind, FrameKind::EpaStep { .. }));
                frames.push(epa_result(last_step, pose_a, output));
            }
            TraceEvent::ToiStep(s) => frames.push(toi_step(s)),
            TraceEvent::RayStep(s) => frames.push(ray_step(s)),
            _ => {}
        }
    }
    frames
}

fn vertex(pose: &Isometry3<f64>, v: &SimplexVertex) -> FrameVertex {
    FrameVertex {
        a: pose * v.a,
        b: pose * v.b,
        w: Point3::from(pose.rotation * v.w.coords),
        weight: v.weight,
    }
}

/// Edges and faces of a simplex of `n` vertices (all pairs and all triples).
fn simplex_topology(n: usize) -> (Vec<[usize; 2]>, Vec<[usize; 3]>) {
    let mut edges = Vec::new();
    let mut faces = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            edges.push([i, j]);
            for k in j + 1..n {
                faces.push([i, j, k]);
            }
        }
    }
    (edges, faces)
}

/// `Σ λᵢ pᵢ` over the simplex: the witness points (world) and the closest point `v`.
fn combination(vs: &[FrameVertex]) -> (Point3<f64>, Point3<f64>, Point3<f64>) {
    let (mut a, mut b, mut w) = (Vector3::zeros(), Vector3::zeros(), Vector3::zeros());
    for v in vs {
        a += v.a.coords * v.weight;
        b += v.b.coords * v.weight;
        w += v.w.coords * v.weight;
    }
    (Point3::from(a), Point3::from(b), Point3::from(w))
}

fn gjk_step(s: &GjkStepRecord) -> Frame {
    let vertices: Vec<FrameVertex> = s.simplex.iter().map(|v| vertex(&s.pose_a, v)).collect();
    let (edges, triangles) = simplex_topology(vertices.len());
    let (witness_a, witness_b, _) = combination(&vertices);
    let support = vertex(&s.pose_a, &s.support);
    let direction = unit(&(s.pose_a.rotation * s.direction));
    let caption = format!(
        "GJK step {}: simplex of {} vertices, |v| = {}, support w = {}, distance in [{}, {}]",
        s.iteration,
        vertices.len(),
        num(s.v.norm()),
        pt(&support.w),
        num(s.lower_bound),
        num(s.upper_bound)
    );
    Frame {
        kind: FrameKind::GjkStep {
            iteration: s.iteration,
        },
        vertices,
        edges,
        triangles,
        closest_face: None,
        removed: Vec::new(),
        horizon: Vec::new(),
        support: Some(support),
        closest: Point3::from(s.pose_a.rotation * s.v),
        direction,
        witness_a,
        witness_b,
        lower_bound: s.lower_bound,
        upper_bound: s.upper_bound,
        caption,
        poses: None,
    }
}

/// A time-of-impact step: the witness points and normal at the step's time; the
/// configuration-space point is `a − b` (world orientation), the bounds are the
/// conservative separation and GJK's estimate.
fn toi_step(s: &ToiStepRecord) -> Frame {
    let caption = format!(
        "TOI step {}: t = {}, separation {} (estimate {}), closing speed bound {}, \
         advance {}, tolerance {}",
        s.iteration,
        num(s.time),
        num(s.separation),
        num(s.distance),
        num(s.approach),
        num(s.advance),
        num(s.tolerance)
    );
    Frame {
        kind: FrameKind::ToiStep {
            iteration: s.iteration,
            time: s.time,
        },
        vertices: Vec::new(),
        edges: Vec::new(),
        triangles: Vec::new(),
        closest_face: None,
        removed: Vec::new(),
        horizon: Vec::new(),
        support: None,
        closest: Point3::from(s.point_a - s.point_b),
        direction: unit(&s.normal),
        witness_a: s.point_a,
        witness_b: s.point_b,
        lower_bound: s.separation,
        upper_bound: s.distance,
        caption,
        poses: Some([s.pose_a, s.pose_b]),
    }
}

/// A GJK ray-cast step. Configuration space is `x − C` (world orientation) for the ray
/// point `x` and the shape's core `C`: vertex `i` is `x − pᵢ`, with `a = x` and `b = pᵢ`
/// in world coordinates, so the witness points are the ray point and the point of the
/// simplex nearest it. The bounds are those of the ray point's distance to the shape:
/// 0 and `|v| − radius` (the parameter `λ` is in the kind and the caption).
fn ray_step(s: &RayStepRecord) -> Frame {
    let x = s.pose * s.point;
    let rotation = s.pose.rotation;
    let on_ray = |p: &Point3<f64>, weight: f64| FrameVertex {
        a: x,
        b: s.pose * p,
        w: Point3::from(rotation * (s.point - p)),
        weight,
    };
    let vertices: Vec<FrameVertex> = s
        .simplex
        .iter()
        .zip(&s.weights)
        .map(|(p, &weight)| on_ray(p, weight))
        .collect();
    let (edges, triangles) = simplex_topology(vertices.len());
    let support = on_ray(&s.support, 0.0);
    let nearest = if vertices.is_empty() {
        support.b
    } else {
        combination(&vertices).1
    };
    let gap = s.v.norm() - s.radius;
    let plane = match s.normal {
        Some(n) => format!("plane normal {}", pt(&Point3::from(rotation * n))),
        None => "no separating plane yet".to_string(),
    };
    let advance = if s.advanced > s.lambda {
        format!("advances to t = {}", num(s.advanced))
    } else {
        "no advance".to_string()
    };
    let caption = format!(
        "Ray step {}: t = {}, ray point {}, simplex of {} points, |v| − r = {}, support p = {}, \
         {plane}, {advance}",
        s.iteration,
        num(s.lambda),
        pt(&x),
        vertices.len(),
        num(gap),
        pt(&support.b),
    );
    Frame {
        kind: FrameKind::RayStep {
            iteration: s.iteration,
            lambda: s.lambda,
        },
        vertices,
        edges,
        triangles,
        closest_face: None,
        removed: Vec::new(),
        horizon: Vec::new(),
        support: Some(support),
        closest: Point3::from(rotation * s.v),
        direction: unit(&-(rotation * s.v)),
        witness_a: x,
        witness_b: nearest,
        lower_bound: 0.0,
        upper_bound: gap,
        caption,
        poses: None,
    }
}

/// The end of a ray cast of `ray`: the hit (point, normal, `toi`) or a miss, drawn on
/// the last ray step's simplex (`last_step`).
pub(crate) fn ray_result(last_step: Option<&Frame>, ray: &Ray, hit: Option<&RayHit>) -> Frame {
    let (vertices, edges, triangles) = match last_step {
        Some(f) => (f.vertices.clone(), f.edges.clone(), f.triangles.clone()),
        None => (Vec::new(), Vec::new(), Vec::new()),
    };
    let (caption, point, direction) = match hit {
        Some(h) => (
            format!(
                "Ray result: hit at toi {}, point {}, normal {}",
                num(h.toi),
                pt(&h.point),
                pt(&Point3::from(h.normal))
            ),
            h.point,
            unit(&h.normal),
        ),
        None => (
            "Ray result: no hit within max_toi".to_string(),
            last_step.map_or(ray.origin, |f| f.witness_a),
            unit(&ray.dir),
        ),
    };
    Frame {
        kind: FrameKind::RayResult { hit: hit.is_some() },
        vertices,
        edges,
        triangles,
        closest_face: None,
        removed: Vec::new(),
        horizon: Vec::new(),
        support: None,
        closest: last_step.map_or(Point3::origin(), |f| f.closest),
        direction,
        witness_a: point,
        witness_b: point,
        lower_bound: 0.0,
        upper_bound: last_step.map_or(0.0, |f| f.upper_bound),
        caption,
        poses: None,
    }
}

fn gjk_result(out: &GjkOutput, pose_a: &Isometry3<f64>, last_lower: f64) -> Frame {
    let vertices: Vec<FrameVertex> = out
        .simplex
        .vertices()
        .iter()
        .map(|v| vertex(pose_a, v))
        .collect();
    let (edges, triangles) = simplex_topology(vertices.len());
    let (witness_a, witness_b, closest) = combination(&vertices);
    let separated = matches!(out.status, GjkStatus::Converged | GjkStatus::MaxIterations);
    let upper = if separated {
        closest.coords.norm()
    } else {
        0.0
    };
    let caption = format!(
        "GJK result: {:?} after {} iterations, simplex of {} vertices; answer distance {} \
         in [{}, {}]",
        out.status,
        out.iterations,
        vertices.len(),
        num(out.distance),
        num(out.lower_bound),
        num(out.distance)
    );
    Frame {
        kind: FrameKind::GjkResult { status: out.status },
        vertices,
        edges,
        triangles,
        closest_face: None,
        removed: Vec::new(),
        horizon: Vec::new(),
        support: None,
        closest,
        direction: unit(&out.normal),
        witness_a,
        witness_b,
        lower_bound: if separated {
            last_lower.min(upper)
        } else {
            0.0
        },
        upper_bound: upper,
        caption,
        poses: None,
    }
}

fn epa_step(s: &EpaStepRecord) -> Frame {
    let vertices: Vec<FrameVertex> = s.vertices.iter().map(|v| vertex(&s.pose_a, v)).collect();
    let n = vertices.len();
    let ok3 = |t: &[u32; 3]| t.iter().all(|&i| (i as usize) < n);
    let to3 = |t: &[u32; 3]| t.map(|i| i as usize);
    let removed: Vec<[usize; 3]> = s.removed.iter().filter(|t| ok3(t)).map(to3).collect();
    let triangles: Vec<[usize; 3]> = s
        .triangles
        .iter()
        .filter(|t| ok3(t) && !s.removed.contains(t))
        .map(to3)
        .collect();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    for t in triangles.iter().chain(&removed) {
        for k in 0..3 {
            let (i, j) = (t[k], t[(k + 1) % 3]);
            let e = [i.min(j), i.max(j)];
            if !edges.contains(&e) {
                edges.push(e);
            }
        }
    }
    let horizon: Vec<[usize; 2]> = s
        .horizon
        .iter()
        .filter(|e| e.iter().all(|&i| (i as usize) < n))
        .map(|e| e.map(|i| i as usize))
        .collect();
    let normal = s.pose_a.rotation * s.normal;
    let closest_face = ok3(&s.closest_face).then(|| to3(&s.closest_face));
    let mut vertices = vertices;
    for v in &mut vertices {
        v.weight = 0.0;
    }
    let (closest, witness_a, witness_b) = match closest_face {
        Some(f) => face_projection(&mut vertices, f, &normal),
        None => (Point3::origin(), Point3::origin(), Point3::origin()),
    };
    let support = vertex(&s.pose_a, &s.support);
    let action = if s.expands {
        format!(
            "removes {} faces, horizon of {} edges",
            removed.len(),
            horizon.len()
        )
    } else {
        "gains nothing over the nearest face: converged".to_string()
    };
    let caption = format!(
        "EPA step {}: polytope of {} vertices and {} faces, nearest face at {}, support \
         h(n) = {}, {action}, depth in [{}, {}]",
        s.iteration,
        n,
        triangles.len() + removed.len(),
        num(s.lower_bound),
        num(normal.dot(&support.w.coords)),
        num(s.lower_bound),
        num(s.upper_bound)
    );
    Frame {
        kind: FrameKind::EpaStep {
            iteration: s.iteration,
        },
        vertices,
        edges,
        triangles,
        closest_face,
        removed,
        horizon,
        support: Some(support),
        closest,
        direction: unit(&normal),
        witness_a,
        witness_b,
        lower_bound: s.lower_bound,
        upper_bound: s.upper_bound,
        caption,
        poses: None,
    }
}

/// The answer of an EPA run (A's frame, mapped to world by `pose_a`), drawn on the
/// polytope of its last step (none when EPA stopped before expanding).
fn epa_result(last_step: Option<&Frame>, pose_a: &Isometry3<f64>, out: &EpaOutput) -> Frame {
    let normal = pose_a.rotation * out.normal;
    let (vertices, edges, triangles) = match last_step {
        Some(f) => {
            let mut vertices = f.vertices.clone();
            for v in &mut vertices {
                v.weight = 0.0;
            }
            (vertices, f.edges.clone(), f.triangles.clone())
        }
        None => (Vec::new(), Vec::new(), Vec::new()),
    };
    let caption = format!(
        "EPA result: {:?} after {} support queries, depth {} in [{}, {}], normal {}",
        out.status,
        out.iterations,
        num(out.depth),
        num(out.lower_bound),
        num(out.upper_bound),
        pt(&Point3::from(normal))
    );
    Frame {
        kind: FrameKind::EpaResult { status: out.status },
        vertices,
        edges,
        triangles,
        closest_face: None,
        removed: Vec::new(),
        horizon: Vec::new(),
        support: None,
        closest: Point3::from(normal * out.depth),
        direction: unit(&normal),
        witness_a: pose_a * out.point_a,
        witness_b: pose_a * out.point_b,
        lower_bound: out.lower_bound,
        upper_bound: out.upper_bound,
        caption,
        poses: None,
    }
}

/// The projection `p = n (n · w₀)` of the origin onto the plane of face `f`, and the
/// witness points `Σ λᵢ aᵢ`, `Σ λᵢ bᵢ` with the barycentric coordinates `λ` of `p`,
/// which become the face vertices' weights.
///
/// With `e₀ = w₁ − w₀`, `e₁ = w₂ − w₀`, `e_p = p − w₀` and `dᵢⱼ = eᵢ · eⱼ`, the normal
/// equations of `e_p = λ₁ e₀ + λ₂ e₁` give (Ericson 2005, §3.4)
/// `λ₁ = (d₁₁ d_p0 − d₀₁ d_p1) / D`, `λ₂ = (d₀₀ d_p1 − d₀₁ d_p0) / D`,
/// `D = d₀₀ d₁₁ − d₀₁²`, `λ₀ = 1 − λ₁ − λ₂`. A degenerate face (`D ≤ 0`) uses its
/// centroid.
fn face_projection(
    vs: &mut [FrameVertex],
    f: [usize; 3],
    n: &Vector3<f64>,
) -> (Point3<f64>, Point3<f64>, Point3<f64>) {
    let [w0, w1, w2] = f.map(|i| vs[i].w.coords);
    let p = n * n.dot(&w0);
    let (e0, e1, ep) = (w1 - w0, w2 - w0, p - w0);
    let (d00, d01, d11) = (e0.dot(&e0), e0.dot(&e1), e1.dot(&e1));
    let (dp0, dp1) = (ep.dot(&e0), ep.dot(&e1));
    let big_d = d00 * d11 - d01 * d01;
    let l = if big_d > 0.0 && big_d.is_finite() {
        let l1 = (d11 * dp0 - d01 * dp1) / big_d;
        let l2 = (d00 * dp1 - d01 * dp0) / big_d;
        [1.0 - l1 - l2, l1, l2]
    } else {
        [1.0 / 3.0; 3]
    };
    let mut a = Vector3::zeros();
    let mut b = Vector3::zeros();
    for (k, &i) in f.iter().enumerate() {
        a += vs[i].a.coords * l[k];
        b += vs[i].b.coords * l[k];
        vs[i].weight = l[k];
    }
    (Point3::from(p), Point3::from(a), Point3::from(b))
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
