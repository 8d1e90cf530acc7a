//! The terminal view: a recording as plain text, one block per frame.

use crate::frame::{Frame, FrameKind, axis_name, length, num, pt};
use crate::record::Recording;
use collision::observer::{BallProof, Shortcut};
use nalgebra::Point3;
use std::fmt::Write;

/// The heading of a recording: name, query, description, outcome and notes.
#[must_use]
pub fn header(rec: &Recording) -> String {
    let mut s = format!("{} ({})\n", rec.name, rec.query);
    if !rec.description.is_empty() {
        let _ = writeln!(s, "  {}", rec.description);
    }
    let _ = write!(
        s,
        "  outcome: {}\n  {} frames: {} GJK steps, {} EPA steps",
        rec.outcome_text(),
        rec.frames.len(),
        rec.gjk_step_count(),
        rec.epa_step_count()
    );
    let rays = rec.trace.ray_steps().count();
    let _ = if rays > 0 {
        writeln!(s, ", {rays} ray-cast steps")
    } else {
        writeln!(s)
    };
    for note in &rec.notes {
        let _ = writeln!(s, "  note: {note}");
    }
    s
}

/// Frame `index` of `count` as a few indented lines: the caption, the vertices (with
/// weights and witness points), the support point, direction and witness points.
#[must_use]
pub fn frame_text(frame: &Frame, index: usize, count: usize) -> String {
    let mut s = format!("[{}/{}] {}\n", index + 1, count, frame.caption);
    let what = match frame.kind {
        FrameKind::EpaStep { .. } | FrameKind::EpaResult { .. } => "polytope",
        FrameKind::ToiStep { .. } => "no simplex; closest point a - b,",
        FrameKind::RayStep { .. } | FrameKind::RayResult { .. } => {
            "ray-cast simplex (a: the ray point, b: a point of the core)"
        }
        FrameKind::Shortcut { .. } => "no simplex: the shortcut answered;",
        _ => "simplex",
    };
    if let Some(k) = &frame.shortcut {
        s.push_str(&shortcut_text(k));
    }
    let _ = writeln!(s, "    {what} vertices (w = a - b, world orientation):");
    for (i, v) in frame.vertices.iter().enumerate() {
        let _ = writeln!(
            s,
            "      {i:>3}: w {}  weight {}  a {}  b {}",
            pt(&v.w),
            num(v.weight),
            pt(&v.a),
            pt(&v.b)
        );
    }
    if let Some(f) = frame.closest_face {
        let _ = writeln!(
            s,
            "    nearest face {f:?}, closest point {}",
            pt(&frame.closest)
        );
    } else {
        let _ = writeln!(s, "    closest point v {}", pt(&frame.closest));
    }
    if !frame.removed.is_empty() {
        let _ = writeln!(s, "    removed faces {:?}", frame.removed);
    }
    if !frame.horizon.is_empty() {
        let _ = writeln!(s, "    horizon edges {:?}", frame.horizon);
    }
    if let Some(w) = &frame.support {
        let _ = writeln!(s, "    new support w {}", pt(&w.w));
    }
    if let Some(d) = &frame.direction {
        let _ = writeln!(s, "    direction {}", pt(&nalgebra::Point3::from(*d)));
    }
    let _ = writeln!(
        s,
        "    witness a {}  b {}\n    bounds [{}, {}]",
        pt(&frame.witness_a),
        pt(&frame.witness_b),
        num(frame.lower_bound),
        num(frame.upper_bound)
    );
    s
}

/// The whole recording: [`header`] and every frame.
#[must_use]
pub fn recording_text(rec: &Recording) -> String {
    let mut s = header(rec);
    for (i, f) in rec.frames.iter().enumerate() {
        s.push_str(&frame_text(f, i, rec.frames.len()));
    }
    s
}

/// The geometry of a shortcut, a few indented lines: the spheres and their centre line,
/// every separating axis tested (the winner marked), the inscribed balls.
#[must_use]
pub fn shortcut_text(k: &Shortcut) -> String {
    let mut s = String::new();
    let sphere = |s: &mut String, name: &str, c: &Point3<f64>, r: f64| {
        let _ = writeln!(s, "    {name} centre {}  radius {}", pt(c), num(r));
    };
    match k {
        Shortcut::PointCore(p) => {
            sphere(&mut s, "sphere A", &p.center_a, p.radius_a);
            sphere(&mut s, "sphere B", &p.center_b, p.radius_b);
            let _ = writeln!(
                s,
                "    centre line {} long; separation {}; overlapping {}",
                num(length(&(p.center_b - p.center_a))),
                num(p.separation),
                p.overlapping
            );
        }
        Shortcut::BoxBox(b) => {
            let _ = writeln!(
                s,
                "    box A half extents {} at {}; box B half extents {} at {}",
                pt(&Point3::from(b.half_extents_a)),
                pt(&Point3::from(b.pose_a.translation.vector)),
                pt(&Point3::from(b.half_extents_b)),
                pt(&Point3::from(b.pose_b.translation.vector))
            );
            for (i, a) in b.axes.iter().enumerate() {
                let mark = if i == b.winner {
                    "  <- least overlap"
                } else {
                    ""
                };
                if let Some(overlap) = a.overlap {
                    let _ = writeln!(
                        s,
                        "    axis {i:>2} {:<28} {}  overlap {}{mark}",
                        axis_name(a.kind),
                        pt(&Point3::from(a.axis)),
                        num(overlap)
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "    axis {i:>2} {:<28} skipped (parallel edges)",
                        axis_name(a.kind)
                    );
                }
            }
            let _ = writeln!(
                s,
                "    depth {}  normal {}",
                num(b.depth),
                pt(&Point3::from(b.normal))
            );
        }
        Shortcut::Revolution(r) => {
            let _ = writeln!(
                s,
                "    depth of the cores in [{}, {}], normal {}, converged {}",
                num(r.lower),
                num(r.upper),
                pt(&Point3::from(r.normal)),
                r.converged
            );
        }
        Shortcut::InscribedBalls(b) => {
            sphere(&mut s, "inscribed ball A", &b.center_a, b.radius_a);
            sphere(&mut s, "inscribed ball B", &b.center_b, b.radius_b);
            let _ = match b.proof {
                BallProof::Balls => writeln!(
                    s,
                    "    the balls overlap: centres {} apart, radii sum {}",
                    num(length(&(b.center_b - b.center_a))),
                    num(b.radius_a + b.radius_b)
                ),
                BallProof::Cone { apex } => writeln!(
                    s,
                    "    cone apex (GJK's first support point) {}",
                    pt(&Point3::from(apex))
                ),
            };
        }
        Shortcut::BallBallImpact(t) => {
            sphere(&mut s, "ball A at t = 0", &t.center_a, t.radius_a);
            sphere(&mut s, "ball B at t = 0", &t.center_b, t.radius_b);
            let _ = writeln!(
                s,
                "    velocities {} and {}, t_max {}, impact {:?}",
                pt(&Point3::from(t.velocity_a)),
                pt(&Point3::from(t.velocity_b)),
                num(t.t_max),
                t.time
            );
        }
        Shortcut::Ray(r) => {
            let _ = writeln!(
                s,
                "    {:?} closed form; local ray {} + t {}, max toi {}; hit {:?}",
                r.shape,
                pt(&r.origin),
                pt(&Point3::from(r.dir)),
                num(r.max_toi),
                r.toi
            );
        }
        _ => {}
    }
    s
}
