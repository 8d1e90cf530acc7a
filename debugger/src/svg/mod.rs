//! Headless snapshots: a standalone SVG film strip of a recording, one panel per frame.
//!
//! Each panel shows the configuration space (the simplex or polytope of A − B, the
//! origin, the closest point `v`, the search direction and the new support point `w`)
//! next to the world (both shapes' outlines, the witness points and the direction), with
//! a caption. Every panel uses the same camera and the same windows, so motion between
//! frames is real motion.

mod panel;
mod shortcut;
mod view;
mod writer;

pub use view::{Camera, TILT, Window, difference_outline, difference_support, outline};

use crate::frame::{Frame, num, unit};
use crate::record::{Outcome, Recording};
use collision::observer::TraceEvent;
use collision::shape::CoreOf;
use collision::{ClosestPoints, GjkStatus, SupportMap};
use fixtures::Query;
use nalgebra::{Isometry3, Point3, Vector3};
use panel::{Outlines, ViewBox, color};
use writer::{Style, Svg, escape};

/// What [`snapshot_svg`] draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SnapshotOptions {
    /// Draw only this frame (clamped to the last one); `None` draws every frame.
    pub frame: Option<usize>,
    /// Panels per row of the film strip (at least 1).
    pub columns: usize,
    /// Side of each of a panel's two square views, in pixels.
    pub view_size: f64,
    /// Directions sampled for each shape outline.
    pub outline_samples: usize,
    /// Degrees by which the camera turns out of the plane perpendicular to the final
    /// normal ([`Camera::facing`]): 0 draws depths at true length but collapses the
    /// directions across the normal; the default 20 keeps them apart.
    pub tilt_degrees: f64,
}

impl Default for SnapshotOptions {
    fn default() -> SnapshotOptions {
        SnapshotOptions {
            frame: None,
            columns: 3,
            view_size: 300.0,
            outline_samples: 160,
            tilt_degrees: 20.0,
        }
    }
}

const GAP: f64 = 12.0;
const CAPTION_LINE: f64 = 15.0;
const CAPTION_FONT: f64 = 11.5;

/// Renders `recording` as a standalone SVG document (a film strip of panels, or the one
/// panel of [`SnapshotOptions::frame`]). Never emits NaN: elements with non-finite
/// coordinates are left out and the panel says so.
#[must_use]
pub fn snapshot_svg(recording: &Recording, options: &SnapshotOptions) -> String {
    let size = if options.view_size.is_finite() && options.view_size >= 100.0 {
        options.view_size
    } else {
        300.0
    };
    let columns = options.columns.max(1);
    let frames: Vec<(usize, &Frame)> = match options.frame {
        Some(k) if !recording.frames.is_empty() => {
            let k = k.min(recording.frames.len() - 1);
            vec![(k, &recording.frames[k])]
        }
        _ => recording.frames.iter().enumerate().collect(),
    };
    let camera = Camera::facing(final_normal(recording), options.tilt_degrees.to_radians());
    let samples = options.outline_samples.clamp(8, 4096);
    let s = &recording.scene;
    let outlines = outlines(recording, &camera, samples, [&s.pose_a, &s.pose_b]);
    // Frames of moving shapes (time-of-impact steps) draw them at the frame's poses.
    let moved: Vec<Option<Outlines>> = frames
        .iter()
        .map(|(_, f)| {
            f.poses.map(|[pa, pb]| {
                outlines_at_poses(recording, &outlines, &camera, samples, [&pa, &pb])
            })
        })
        .collect();
    let (config, world) = windows(recording, &camera, &outlines, &moved);
    let cfg = ViewBox {
        camera,
        window: config,
        size,
    };
    let wld = ViewBox {
        camera,
        window: world,
        size,
    };

    let panel_w = 2.0 * size + GAP;
    let chars = (panel_w / (CAPTION_FONT * 0.56)) as usize;
    let captions: Vec<Vec<String>> = frames
        .iter()
        .map(|(i, f)| caption_lines(recording, *i, f, chars))
        .collect();
    let caption_h = captions.iter().map(Vec::len).max().unwrap_or(0) as f64 * CAPTION_LINE;
    let panel_h = size + 8.0 + caption_h;
    let cols = columns.min(frames.len().max(1));
    let width = cols as f64 * (panel_w + 2.0 * GAP) + GAP;
    let header = header_lines(recording, (width / (12.0 * 0.56)) as usize);
    let header_h = 30.0 + header.len() as f64 * 16.0 + 26.0;
    let rows = frames.len().div_ceil(cols).max(1);
    let height = header_h + rows as f64 * (panel_h + 2.0 * GAP) + GAP;

    let mut svg = Svg::default();
    svg.raw(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    ));
    svg.raw(&format!("<title>{}</title>", escape(&recording.name)));
    defs(&mut svg);
    svg.rect(0.0, 0.0, width, height, &Style::fill("#fafafa", 1.0));
    let title = format!("{} — {}", recording.name, recording.query);
    svg.text(
        [GAP, 26.0],
        18.0,
        "#212121",
        r#"font-weight="bold""#,
        &title,
    );
    for (k, line) in header.iter().enumerate() {
        svg.text([GAP, 48.0 + k as f64 * 16.0], 12.0, "#424242", "", line);
    }
    legend(&mut svg, header_h - 12.0);
    if frames.is_empty() {
        svg.text(
            [GAP, header_h + 20.0],
            14.0,
            "#b71c1c",
            "",
            "no frames recorded",
        );
    }
    for (n, (((index, frame), caption), moved)) in
        frames.iter().zip(&captions).zip(&moved).enumerate()
    {
        let outlines = moved.as_ref().unwrap_or(&outlines);
        let x = GAP + (n % cols) as f64 * (panel_w + 2.0 * GAP);
        let y = header_h + (n / cols) as f64 * (panel_h + 2.0 * GAP);
        svg.raw(&format!(r#"<g class="panel" id="frame-{}">"#, index + 1));
        svg.rect(
            x,
            y,
            panel_w + 2.0 * GAP,
            panel_h + GAP,
            &Style {
                stroke: "#e0e0e0",
                width: 1.0,
                fill: "#ffffff",
                opacity: 1.0,
                dash: "",
            },
        );
        let (vx, vy) = (x + GAP, y + GAP);
        svg.raw(&nested(vx, vy, size));
        let before = svg.skipped;
        svg.clip = Some([-8.0, -8.0, size + 8.0, size + 8.0]);
        panel::config_view(&mut svg, &cfg, frame, outlines);
        svg.raw("</svg>");
        svg.raw(&nested(vx + size + GAP, vy, size));
        panel::world_view(&mut svg, &wld, frame, outlines);
        svg.clip = None;
        svg.raw("</svg>");
        let mut lines = caption.clone();
        if svg.skipped > before {
            lines.push("non-finite values: some elements are not drawn".to_string());
        }
        for (k, line) in lines.iter().enumerate() {
            let weight = if k == 0 { r#"font-weight="bold""# } else { "" };
            let p = [vx, vy + size + 8.0 + (k as f64 + 0.8) * CAPTION_LINE];
            svg.text(p, CAPTION_FONT, "#212121", weight, line);
        }
        svg.raw("</g>");
    }
    svg.raw("</svg>");
    svg.finish()
}

fn nested(x: f64, y: f64, size: f64) -> String {
    format!(r#"<svg x="{x:.2}" y="{y:.2}" width="{size:.2}" height="{size:.2}" overflow="hidden">"#)
}

fn defs(svg: &mut Svg) {
    svg.raw("<defs>");
    for (id, col) in [
        ("arrow-green", color::SUPPORT),
        ("arrow-black", "#212121"),
        ("arrow-red", color::REMOVED),
    ] {
        svg.raw(&format!(
            r#"<marker id="{id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{col}"/></marker>"#
        ));
    }
    svg.raw("</defs>");
}

fn legend(svg: &mut Svg, y: f64) {
    let items = [
        (color::POLY, "simplex / polytope"),
        (color::CLOSEST, "nearest face"),
        (color::REMOVED, "removed faces"),
        (color::HORIZON, "horizon"),
        (color::SUPPORT, "new support w, direction"),
        (color::V, "closest point to O"),
        (color::A, "shape A, witness a"),
        (color::B, "shape B, witness b"),
        ("#9e9e9e", "dashed ring: final answer"),
    ];
    let mut x = GAP;
    for (col, label) in items {
        svg.rect(x, y - 9.0, 12.0, 10.0, &Style::fill(col, 0.9));
        svg.text([x + 16.0, y], 11.0, "#424242", "", label);
        x += 22.0 + label.chars().count() as f64 * 6.4;
    }
}

pub(crate) fn wrap(text: &str, chars: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > chars {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn header_lines(rec: &Recording, chars: usize) -> Vec<String> {
    let mut lines = wrap(&rec.description, chars);
    lines.push(format!(
        "outcome: {} · {} frames ({} GJK steps, {} EPA steps)",
        rec.outcome_text(),
        rec.frames.len(),
        rec.gjk_step_count(),
        rec.epa_step_count()
    ));
    for note in &rec.notes {
        lines.extend(wrap(&format!("note: {note}"), chars));
    }
    lines
}

pub(crate) fn caption_lines(
    rec: &Recording,
    index: usize,
    frame: &Frame,
    chars: usize,
) -> Vec<String> {
    let gap = frame.upper_bound - frame.lower_bound;
    let mut lines = vec![format!(
        "frame {}/{} · {} · bounds [{}, {}], gap {}",
        index + 1,
        rec.frames.len(),
        frame.label(),
        num(frame.lower_bound),
        num(frame.upper_bound),
        num(gap)
    )];
    lines.extend(wrap(&frame.caption, chars));
    if index + 1 == rec.frames.len() {
        lines.push(format!("status: {}", rec.outcome_text()));
    }
    lines
}

/// The direction the picture plane must contain: the answer's normal, else the last
/// frame's direction.
pub(crate) fn final_normal(rec: &Recording) -> Option<Vector3<f64>> {
    match &rec.outcome {
        Outcome::Contact(Some(c)) => return Some(c.normal),
        Outcome::RayCast(Some(h)) => return Some(h.normal),
        Outcome::ClosestPoints(ClosestPoints::Separated {
            point_a, point_b, ..
        }) => {
            if let Some(n) = unit(&(point_b - point_a)) {
                return Some(n);
            }
        }
        _ => {}
    }
    rec.frames.iter().rev().find_map(|f| f.direction)
}

/// The scene's outlines with the shapes (and their difference) drawn at other poses.
fn outlines_at_poses(
    rec: &Recording,
    scene: &Outlines,
    camera: &Camera,
    samples: usize,
    poses: [&Isometry3<f64>; 2],
) -> Outlines {
    Outlines {
        answer: scene.answer,
        ray: scene.ray,
        ..outlines(rec, camera, samples, poses)
    }
}

fn outlines(
    rec: &Recording,
    camera: &Camera,
    samples: usize,
    [pose_a, pose_b]: [&Isometry3<f64>; 2],
) -> Outlines {
    let s = &rec.scene;
    let (core_a, core_b) = (CoreOf(&s.shape_a), CoreOf(&s.shape_b));
    let cored = rec.radius_a > 0.0 || rec.radius_b > 0.0;
    let difference = if cored {
        difference_outline(&core_a, pose_a, &core_b, pose_b, camera, samples)
    } else {
        difference_outline(&s.shape_a, pose_a, &s.shape_b, pose_b, camera, samples)
    };
    let ray = match s.query {
        Query::RayCast {
            origin,
            dir,
            max_toi,
        } => {
            let t = if max_toi.is_finite() { max_toi } else { 1e3 };
            Some((origin, origin + dir * t))
        }
        _ => None,
    };
    let answer = match &rec.outcome {
        Outcome::Contact(Some(c)) => Some((c.point_a, c.point_b)),
        Outcome::ClosestPoints(ClosestPoints::Separated {
            point_a, point_b, ..
        }) => Some((*point_a, *point_b)),
        Outcome::TimeOfImpact(hit) => hit.map(|i| (i.point_a, i.point_b)),
        Outcome::RayCast(hit) => hit.map(|h| (h.point, h.point)),
        Outcome::Failed { .. } => None,
        // Distance and intersection answers carry no points: GJK's own result has them.
        _ => rec.trace.events.iter().rev().find_map(|e| match e {
            TraceEvent::GjkDone(out) if out.status == GjkStatus::Converged => {
                Some((out.point_a, out.point_b))
            }
            _ => None,
        }),
    };
    Outlines {
        answer,
        a: outline(&s.shape_a, pose_a, camera, samples),
        b: outline(&s.shape_b, pose_b, camera, samples),
        core_a: (cored && rec.radius_a > 0.0).then(|| outline(&core_a, pose_a, camera, samples)),
        core_b: (cored && rec.radius_b > 0.0).then(|| outline(&core_b, pose_b, camera, samples)),
        difference,
        ray,
    }
}

/// The size of the smaller shape (its AABB diagonal; the larger one's when the smaller
/// is a point), which sets how far a view may zoom out.
pub(crate) fn shape_scale(rec: &Recording) -> f64 {
    let s = &rec.scene;
    let diag = |sh: &collision::Shape, p| {
        let b = sh.aabb(p);
        (b.maxs - b.mins).norm()
    };
    let (da, db) = (diag(&s.shape_a, &s.pose_a), diag(&s.shape_b, &s.pose_b));
    let small = da.min(db);
    let l = if small > 0.0 { small } else { da.max(db) };
    if l.is_finite() && l > 0.0 { l } else { 1.0 }
}

fn windows(
    rec: &Recording,
    camera: &Camera,
    o: &Outlines,
    moved: &[Option<Outlines>],
) -> (Window, Window) {
    let last = rec.frames.last();
    let reach = last.map_or(0.0, |f| (f.witness_b - f.witness_a).norm());
    let reach = if reach.is_finite() { reach } else { 0.0 };
    let scale = shape_scale(rec);
    // The configuration view centres on the origin at the scale of the answer; the world
    // view may show a little more of the shapes around the witness points.
    let cap = 2.0 * scale + 2.0 * reach;
    let config_cap = scale.max(4.0 * reach);
    let mut cs: Vec<Point3<f64>> = vec![Point3::origin()];
    for f in &rec.frames {
        cs.extend(f.vertices.iter().map(|v| v.w));
        cs.extend(f.support.iter().map(|v| v.w));
        cs.push(f.closest);
    }
    cs.extend(o.difference.iter().copied());
    let config = Window::fit(camera, &cs, &Point3::origin(), config_cap);
    let mut ws: Vec<Point3<f64>> = o.a.iter().chain(&o.b).copied().collect();
    for m in moved.iter().flatten() {
        ws.extend(m.a.iter().chain(&m.b).copied());
    }
    for f in &rec.frames {
        ws.push(f.witness_a);
        ws.push(f.witness_b);
    }
    if let Some((p, q)) = o.ray {
        ws.push(p);
        ws.push(q);
    }
    let focus = match last {
        Some(f) => Point3::from((f.witness_a.coords + f.witness_b.coords) / 2.0),
        None => Point3::from(rec.scene.pose_a.translation.vector),
    };
    let world = Window::fit(camera, &ws, &focus, cap);
    (config, world)
}
