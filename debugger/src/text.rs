//! The terminal view: a recording as plain text, one block per frame.

use crate::frame::{Frame, FrameKind, num, pt};
use crate::record::Recording;
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
        _ => "simplex",
    };
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
