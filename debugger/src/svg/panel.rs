//! One frame's two views: the configuration space (simplex or polytope of A − B around
//! the origin) and the world (both shapes with the witness points).

use super::view::{Camera, Window};
use super::writer::{Style, Svg};
use crate::frame::{Frame, FrameKind};
use nalgebra::{Point3, Vector3};

/// Colours, shared with the legend.
pub mod color {
    /// Simplex / polytope edges and vertices.
    pub const POLY: &str = "#2a5db0";
    /// The face nearest the origin.
    pub const CLOSEST: &str = "#f28e00";
    /// Faces removed by the step.
    pub const REMOVED: &str = "#d62728";
    /// Horizon edges.
    pub const HORIZON: &str = "#c2185b";
    /// The new support point.
    pub const SUPPORT: &str = "#2ca02c";
    /// The closest point `v`.
    pub const V: &str = "#7b1fa2";
    /// Shape A.
    pub const A: &str = "#1f77b4";
    /// Shape B.
    pub const B: &str = "#ff7f0e";
    /// A − B outline.
    pub const DIFF: &str = "#9e9e9e";
}

/// A square view of `size` pixels showing `window` through `camera`.
#[derive(Clone, Copy, Debug)]
pub struct ViewBox {
    /// The camera.
    pub camera: Camera,
    /// The part of space shown.
    pub window: Window,
    /// Side in pixels.
    pub size: f64,
}

impl ViewBox {
    /// Pixel coordinates (y down) of the world point `p`.
    #[must_use]
    pub fn px(&self, p: &Point3<f64>) -> [f64; 2] {
        let s = self.camera.project(&(p - self.window.center));
        let k = self.size / (2.0 * self.window.half);
        [self.size / 2.0 + s[0] * k, self.size / 2.0 - s[1] * k]
    }

    /// Pixel offset (y down) of the unit direction `d`, scaled to `len` pixels.
    #[must_use]
    pub fn dir_px(&self, d: &Vector3<f64>, len: f64) -> [f64; 2] {
        let s = self.camera.project(d);
        [s[0] * len, -s[1] * len]
    }
}

/// Geometry shared by every panel: outlines in world space.
#[derive(Clone, Debug, Default)]
pub struct Outlines {
    /// Shape A.
    pub a: Vec<Point3<f64>>,
    /// Shape B.
    pub b: Vec<Point3<f64>>,
    /// A's core when a shape has a convex radius (the queries run on the cores).
    pub core_a: Option<Vec<Point3<f64>>>,
    /// B's core, as `core_a`.
    pub core_b: Option<Vec<Point3<f64>>>,
    /// The A − B outline of what the algorithms ran on (the cores, when a shape has a
    /// convex radius).
    pub difference: Vec<Point3<f64>>,
    /// A ray to draw in the world view (origin, end).
    pub ray: Option<(Point3<f64>, Point3<f64>)>,
    /// The query's final witness points on A and B (world), drawn as rings.
    pub answer: Option<(Point3<f64>, Point3<f64>)>,
}

/// Background and border; the title is drawn last ([`title`]) so fills never cover it.
fn frame_box(svg: &mut Svg, v: &ViewBox) {
    svg.rect(
        0.0,
        0.0,
        v.size,
        v.size,
        &Style {
            stroke: "#bdbdbd",
            width: 1.0,
            fill: "#ffffff",
            opacity: 1.0,
            dash: "",
        },
    );
}

fn title(svg: &mut Svg, v: &ViewBox, title: &str) {
    svg.rect(
        0.5,
        0.5,
        7.0 * title.chars().count() as f64 + 8.0,
        19.0,
        &Style::fill("#ffffff", 0.85),
    );
    svg.text([6.0, 14.0], 11.0, "#616161", "", title);
    gizmo(svg, v);
}

/// Screen axes gizmo in the bottom-left corner, with labels.
fn gizmo(svg: &mut Svg, v: &ViewBox) {
    let o = [24.0, v.size - 24.0];
    for (axis, name, col) in [
        (Vector3::x(), "x", "#e53935"),
        (Vector3::y(), "y", "#43a047"),
        (Vector3::z(), "z", "#1e88e5"),
    ] {
        let d = v.dir_px(&axis, 16.0);
        let q = [o[0] + d[0], o[1] + d[1]];
        svg.line(o, q, &Style::line(col, 1.5));
        svg.text(
            [q[0] + d[0] * 0.3 - 3.0, q[1] + d[1] * 0.3 + 4.0],
            10.0,
            col,
            "",
            name,
        );
    }
}

/// "view width w" in the bottom-right corner, `line` lines above the bottom.
fn scale_note(svg: &mut Svg, v: &ViewBox, line: usize) {
    let note = format!("view width {}", crate::frame::num(2.0 * v.window.half));
    let y = v.size - 8.0 - 13.0 * line as f64;
    svg.text(
        [v.size - 6.0, y],
        10.0,
        "#757575",
        r#"text-anchor="end""#,
        &note,
    );
}

fn poly(svg: &mut Svg, v: &ViewBox, ps: &[Point3<f64>], style: &Style<'_>) {
    let px: Vec<[f64; 2]> = ps.iter().map(|p| v.px(p)).collect();
    svg.polygon(&px, style);
}

fn arrow(svg: &mut Svg, from: [f64; 2], d: [f64; 2], color: &str, marker: &str, label: &str) {
    let to = [from[0] + d[0], from[1] + d[1]];
    svg.line_with(
        from,
        to,
        &Style::line(color, 1.6),
        &format!(r#"marker-end="url(#{marker})""#),
    );
    svg.text([to[0] + 4.0, to[1] - 3.0], 11.0, color, "", label);
}

/// The label of the direction arrow of a frame of `kind`, the same in both views: `n`
/// for the kinds whose direction is a normal (EPA steps and results, time-of-impact
/// steps, ray results, shortcuts), `−v` for the others (GJK and ray-cast steps, whose
/// direction is the search direction, and GJK results).
fn direction_label(kind: FrameKind) -> &'static str {
    if matches!(
        kind,
        FrameKind::EpaStep { .. }
            | FrameKind::EpaResult { .. }
            | FrameKind::ToiStep { .. }
            | FrameKind::RayResult { .. }
            | FrameKind::Shortcut { .. }
    ) {
        "n"
    } else {
        "−v"
    }
}

/// Draws the configuration-space view of `frame` at the SVG origin.
pub fn config_view(svg: &mut Svg, v: &ViewBox, frame: &Frame, outlines: &Outlines) {
    frame_box(svg, v);
    poly(
        svg,
        v,
        &outlines.difference,
        &Style {
            stroke: color::DIFF,
            width: 1.0,
            fill: "#eeeeee",
            opacity: 1.0,
            dash: "4 3",
        },
    );
    let w = |i: usize| v.px(&frame.vertices[i].w);
    let tri = |t: &[usize; 3]| t.map(w);
    for t in &frame.triangles {
        svg.polygon(&tri(t), &Style::fill(color::POLY, 0.10));
    }
    for e in &frame.edges {
        svg.line(w(e[0]), w(e[1]), &Style::line(color::POLY, 1.2));
    }
    for t in &frame.removed {
        svg.polygon(
            &tri(t),
            &Style {
                dash: "5 3",
                ..Style::tinted(color::REMOVED, 1.2, 0.15)
            },
        );
    }
    if let Some(t) = &frame.closest_face {
        svg.polygon(&tri(t), &Style::tinted(color::CLOSEST, 2.2, 0.40));
    }
    for e in &frame.horizon {
        svg.line(w(e[0]), w(e[1]), &Style::line(color::HORIZON, 3.0));
    }
    for (i, x) in frame.vertices.iter().enumerate() {
        let r = if x.weight > 0.0 { 4.0 } else { 2.8 };
        svg.circle(w(i), r, &Style::ringed(color::POLY, 0.8));
    }
    let origin = v.px(&Point3::origin());
    if let Some(s) = &frame.support {
        let sp = v.px(&s.w);
        let fan = Style {
            dash: "3 3",
            ..Style::line(color::SUPPORT, 1.0)
        };
        for e in &frame.horizon {
            svg.line(sp, w(e[0]), &fan);
            svg.line(sp, w(e[1]), &fan);
        }
        if matches!(frame.kind, FrameKind::GjkStep { .. }) {
            svg.line(v.px(&frame.closest), sp, &fan);
        }
        svg.circle(sp, 5.0, &Style::ringed(color::SUPPORT, 1.0));
        svg.text([sp[0] + 6.0, sp[1] - 6.0], 12.0, color::SUPPORT, "", "w");
    }
    let cp = v.px(&frame.closest);
    svg.line(origin, cp, &Style::line(color::V, 1.6));
    svg.circle(cp, 3.5, &Style::fill(color::V, 1.0));
    let v_label = if matches!(
        frame.kind,
        FrameKind::EpaStep { .. } | FrameKind::EpaResult { .. }
    ) {
        "d·n"
    } else {
        "v"
    };
    svg.text([cp[0] + 5.0, cp[1] + 13.0], 12.0, color::V, "", v_label);
    if let Some(d) = &frame.direction {
        let label = direction_label(frame.kind);
        arrow(
            svg,
            origin,
            v.dir_px(d, 36.0),
            color::SUPPORT,
            "arrow-green",
            label,
        );
    }
    let (s, k) = (Style::line("#000000", 1.6), 5.0);
    svg.line([origin[0] - k, origin[1]], [origin[0] + k, origin[1]], &s);
    svg.line([origin[0], origin[1] - k], [origin[0], origin[1] + k], &s);
    svg.text(
        [origin[0] - 14.0, origin[1] + 14.0],
        12.0,
        "#000000",
        "",
        "O",
    );
    let outside = frame
        .vertices
        .iter()
        .map(|x| &x.w)
        .chain(frame.support.as_ref().map(|s| &s.w))
        .filter(|p| !v.window.contains(&v.camera, p))
        .count();
    if outside > 0 {
        let note = format!("{outside} point(s) outside the view");
        svg.text(
            [v.size - 6.0, v.size - 8.0],
            10.0,
            "#757575",
            r#"text-anchor="end""#,
            &note,
        );
    }
    super::shortcut::config(svg, v, frame);
    scale_note(svg, v, if outside > 0 { 1 } else { 0 });
    title(svg, v, "configuration space A − B");
}

/// Draws the world view of `frame` at the SVG origin.
pub fn world_view(svg: &mut Svg, v: &ViewBox, frame: &Frame, outlines: &Outlines) {
    frame_box(svg, v);
    for (ps, col, name) in [(&outlines.a, color::A, "A"), (&outlines.b, color::B, "B")] {
        poly(svg, v, ps, &Style::tinted(col, 1.5, 0.18));
        // The name goes above A's outline and below B's (kept inside the view), so the
        // two names stay apart even when the shapes share a centre.
        let px: Vec<[f64; 2]> = ps.iter().map(|p| v.px(p)).collect();
        if !px.is_empty() {
            let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
            for p in &px {
                for k in 0..2 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
            let x = ((lo[0] + hi[0]) / 2.0).clamp(20.0, v.size - 20.0);
            let y = if name == "A" {
                lo[1] - 5.0
            } else {
                hi[1] + 16.0
            }
            .clamp(34.0, v.size - 30.0);
            svg.text([x - 5.0, y], 14.0, col, r#"font-weight="bold""#, name);
        }
    }
    for (core, col) in [(&outlines.core_a, color::A), (&outlines.core_b, color::B)] {
        if let Some(ps) = core {
            poly(
                svg,
                v,
                ps,
                &Style {
                    dash: "3 2",
                    ..Style::line(col, 1.0)
                },
            );
        }
    }
    if let Some((o, e)) = &outlines.ray {
        svg.line_with(
            v.px(o),
            v.px(e),
            &Style {
                dash: "6 3",
                ..Style::line(color::REMOVED, 1.5)
            },
            r#"marker-end="url(#arrow-red)""#,
        );
    }
    if let Some((pa, pb)) = &outlines.answer {
        for (p, col) in [(pa, color::A), (pb, color::B)] {
            svg.circle(
                v.px(p),
                7.0,
                &Style {
                    dash: "2 2",
                    ..Style::line(col, 1.2)
                },
            );
        }
    }
    let (a, b) = (v.px(&frame.witness_a), v.px(&frame.witness_b));
    svg.line(a, b, &Style::line("#212121", 1.2));
    for (p, col, name, dy) in [(a, color::A, "a", -6.0), (b, color::B, "b", 14.0)] {
        svg.circle(p, 4.0, &Style::ringed(col, 1.0));
        svg.text(
            [p[0] + 6.0, p[1] + dy],
            12.0,
            col,
            r#"font-weight="bold""#,
            name,
        );
    }
    if let Some(d) = &frame.direction {
        let label = direction_label(frame.kind);
        arrow(svg, a, v.dir_px(d, 36.0), "#212121", "arrow-black", label);
    }
    super::shortcut::world(svg, v, frame);
    scale_note(svg, v, 0);
    title(svg, v, "world");
}
