//! GJK and EPA events as frames: the simplex or polytope in world orientation, with
//! its faces, edges, bounds and witness points.

use super::{Frame, FrameKind, FrameVertex, num, pt, unit};
use collision::epa::{EpaOutput, EpaStepRecord, PolytopeReplay};
use collision::gjk::{GjkOutput, GjkStatus, SimplexVertex};
use collision::observer::GjkStepRecord;
use nalgebra::{Isometry3, Point3, Vector3};
use std::collections::HashSet;

/// The recorded vertex `v` (A's frame) in world coordinates: its support points placed by
/// `pose` (A's pose), its `w = a − b` turned by `pose`'s rotation only, its weight kept.
pub(super) fn vertex(pose: &Isometry3<f64>, v: &SimplexVertex) -> FrameVertex {
    FrameVertex {
        a: pose * v.a,
        b: pose * v.b,
        w: Point3::from(pose.rotation * v.w.coords),
        weight: v.weight,
    }
}

/// Edges and faces of a simplex of `n` vertices (all pairs and all triples).
pub(super) fn simplex_topology(n: usize) -> (Vec<[usize; 2]>, Vec<[usize; 3]>) {
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
pub(super) fn combination(vs: &[FrameVertex]) -> (Point3<f64>, Point3<f64>, Point3<f64>) {
    let (mut a, mut b, mut w) = (Vector3::zeros(), Vector3::zeros(), Vector3::zeros());
    // A vertex of weight zero adds nothing, even where its points are infinite (a
    // degenerate run's last support point), whose product with 0 would be NaN.
    for v in vs.iter().filter(|v| v.weight != 0.0) {
        a += v.a.coords * v.weight;
        b += v.b.coords * v.weight;
        w += v.w.coords * v.weight;
    }
    (Point3::from(a), Point3::from(b), Point3::from(w))
}

pub(super) fn gjk_step(s: &GjkStepRecord) -> Frame {
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
    let kind = FrameKind::GjkStep {
        iteration: s.iteration,
    };
    Frame {
        vertices,
        edges,
        triangles,
        support: Some(support),
        closest: Point3::from(s.pose_a.rotation * s.v),
        direction,
        witness_a,
        witness_b,
        lower_bound: s.lower_bound,
        upper_bound: s.upper_bound,
        ..Frame::new(kind, caption)
    }
}

pub(super) fn gjk_result(out: &GjkOutput, pose_a: &Isometry3<f64>, last_lower: f64) -> Frame {
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
    let answer = if out.status == GjkStatus::Degenerate {
        // Its bounds carry no information (the distance is +∞ before any finite step).
        "no answer: a non-finite or out-of-range pose or support point".to_string()
    } else {
        format!(
            "answer distance {} in [{}, {}]",
            num(out.distance),
            num(out.lower_bound),
            num(out.distance)
        )
    };
    let caption = format!(
        "GJK result: {:?} after {} iterations, simplex of {} vertices; {answer}",
        out.status,
        out.iterations,
        vertices.len(),
    );
    Frame {
        vertices,
        edges,
        triangles,
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
        ..Frame::new(FrameKind::GjkResult { status: out.status }, caption)
    }
}

/// The frame of EPA step `s`, whose polytope `replay` holds (see
/// [`PolytopeReplay`]). Without `drawn`, the frame keeps the step's numbers, support
/// point and direction but not its polytope (see `frame::DRAWN_EPA_STEPS`).
pub(super) fn epa_step(s: &EpaStepRecord, replay: &PolytopeReplay, drawn: bool) -> Frame {
    let polytope: &[SimplexVertex] = if drawn { replay.vertices() } else { &[] };
    let vertices: Vec<FrameVertex> = polytope.iter().map(|v| vertex(&s.pose_a, v)).collect();
    let n = vertices.len();
    let ok3 = |t: &[u32; 3]| t.iter().all(|&i| (i as usize) < n);
    let to3 = |t: &[u32; 3]| t.map(|i| i as usize);
    let removed: Vec<[usize; 3]> = s.removed.iter().filter(|t| ok3(t)).map(to3).collect();
    let carved: HashSet<&[u32; 3]> = s.removed.iter().collect();
    let listed = if drawn { replay.triangles() } else { &[] };
    let triangles: Vec<[usize; 3]> = listed
        .iter()
        .filter(|t| ok3(t) && !carved.contains(t))
        .map(to3)
        .collect();
    // Each edge once, in the order the faces give them.
    let mut edges: Vec<[usize; 2]> = Vec::new();
    let mut seen = HashSet::new();
    for t in triangles.iter().chain(&removed) {
        for k in 0..3 {
            let (i, j) = (t[k], t[(k + 1) % 3]);
            let e = [i.min(j), i.max(j)];
            if seen.insert(e) {
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
    let not_drawn = if drawn { "" } else { " (not drawn)" };
    let caption = format!(
        "EPA step {}: polytope of {} vertices and {} faces{not_drawn}, nearest face at {}, \
         support h(n) = {}, {action}, depth in [{}, {}]",
        s.iteration,
        s.vertex_count,
        replay.triangles().len(),
        num(s.lower_bound),
        num(normal.dot(&support.w.coords)),
        num(s.lower_bound),
        num(s.upper_bound)
    );
    let kind = FrameKind::EpaStep {
        iteration: s.iteration,
    };
    Frame {
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
        ..Frame::new(kind, caption)
    }
}

/// The answer of an EPA run (A's frame, mapped to world by `pose_a`), drawn on the
/// polytope of its last step (none when EPA stopped before expanding).
pub(super) fn epa_result(
    last_step: Option<&Frame>,
    pose_a: &Isometry3<f64>,
    out: &EpaOutput,
) -> Frame {
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
        vertices,
        edges,
        triangles,
        closest: Point3::from(normal * out.depth),
        direction: unit(&normal),
        witness_a: pose_a * out.point_a,
        witness_b: pose_a * out.point_b,
        lower_bound: out.lower_bound,
        upper_bound: out.upper_bound,
        ..Frame::new(FrameKind::EpaResult { status: out.status }, caption)
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
