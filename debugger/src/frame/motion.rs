//! Time-of-impact and ray-cast events as frames: the moving shapes' poses, the ray and
//! its hit.

use super::simplex::{combination, simplex_topology};
use super::{Frame, FrameKind, FrameVertex, num, pt, unit};
use collision::observer::ToiStepRecord;
use collision::ray::RayStepRecord;
use collision::{Ray, RayHit, StepBound};
use nalgebra::Point3;

/// A time-of-impact step: the witness points and normal at the step's time; the
/// configuration-space point is `a − b` (world orientation), the bounds are the
/// conservative separation and GJK's estimate.
pub(super) fn toi_step(s: &ToiStepRecord) -> Frame {
    let proof = match s.bound {
        StepBound::Ends => "",
        StepBound::ClosingSpeed => " (proved by the closing-speed bound)",
        StepBound::FixedNormal => " (proved by the gap bound along the fixed normal)",
        StepBound::NormalTurningWithA => {
            " (proved by the gap bound along the normal turning with A)"
        }
        StepBound::NormalTurningWithB => {
            " (proved by the gap bound along the normal turning with B)"
        }
    };
    let caption = format!(
        "TOI step {}: t = {}, separation {} (estimate {}), closing speed bound {}, \
         advance {}{proof}, tolerance {}",
        s.iteration,
        num(s.time),
        num(s.separation),
        num(s.distance),
        num(s.approach),
        num(s.advance),
        num(s.tolerance)
    );
    let kind = FrameKind::ToiStep {
        iteration: s.iteration,
        time: s.time,
    };
    Frame {
        closest: Point3::from(s.point_a - s.point_b),
        direction: unit(&s.normal),
        witness_a: s.point_a,
        witness_b: s.point_b,
        lower_bound: s.separation,
        upper_bound: s.distance,
        poses: Some([s.pose_a, s.pose_b]),
        ..Frame::new(kind, caption)
    }
}

/// A GJK ray-cast step. Configuration space is `x − C` (world orientation) for the ray
/// point `x` and the shape's core `C`: vertex `i` is `x − pᵢ`, with `a = x` and `b = pᵢ`
/// in world coordinates, so the witness points are the ray point and the point of the
/// simplex nearest it. The bounds are those of the ray point's distance to the shape:
/// 0 and `|v| − radius` (the parameter `λ` is in the kind and the caption).
pub(super) fn ray_step(s: &RayStepRecord) -> Frame {
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
    let kind = FrameKind::RayStep {
        iteration: s.iteration,
        lambda: s.lambda,
    };
    Frame {
        vertices,
        edges,
        triangles,
        support: Some(support),
        closest: Point3::from(rotation * s.v),
        direction: unit(&-(rotation * s.v)),
        witness_a: x,
        witness_b: nearest,
        upper_bound: gap,
        ..Frame::new(kind, caption)
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
        vertices,
        edges,
        triangles,
        closest: last_step.map_or(Point3::origin(), |f| f.closest),
        direction,
        witness_a: point,
        witness_b: point,
        upper_bound: last_step.map_or(0.0, |f| f.upper_bound),
        ..Frame::new(FrameKind::RayResult { hit: hit.is_some() }, caption)
    }
}
