//! A minimal SVG writer. Every coordinate goes through [`Svg`]'s methods, which drop an
//! element whose coordinates are not finite, so the output never holds NaN.

use std::fmt::Write;

/// SVG text under construction.
#[derive(Debug, Default)]
pub struct Svg {
    out: String,
    /// Elements dropped because a coordinate was not finite.
    pub skipped: usize,
    /// When set, `[x_min, y_min, x_max, y_max]`: lines and polygons are clipped to it and
    /// points outside it are not drawn, so no coordinate is ever huge.
    pub clip: Option<[f64; 4]>,
}

/// Stroke and fill of an element, as SVG attribute text.
#[derive(Clone, Copy, Debug)]
pub struct Style<'a> {
    /// Stroke colour (`none` for no stroke).
    pub stroke: &'a str,
    /// Stroke width in pixels.
    pub width: f64,
    /// Fill colour (`none` for no fill).
    pub fill: &'a str,
    /// Fill opacity.
    pub opacity: f64,
    /// Dash pattern, empty for solid.
    pub dash: &'a str,
}

impl Style<'_> {
    /// A solid stroke without fill.
    #[must_use]
    pub fn line(stroke: &str, width: f64) -> Style<'_> {
        Style {
            stroke,
            width,
            fill: "none",
            opacity: 1.0,
            dash: "",
        }
    }

    /// A fill of `fill` at `opacity`, without stroke.
    #[must_use]
    pub fn fill(fill: &str, opacity: f64) -> Style<'_> {
        Style {
            stroke: "none",
            width: 0.0,
            fill,
            opacity,
            dash: "",
        }
    }

    /// A solid stroke of `color`, `width` pixels wide, around a fill of the same colour
    /// at `opacity`: a tinted area with a firm edge.
    #[must_use]
    pub fn tinted(color: &str, width: f64, opacity: f64) -> Style<'_> {
        Style {
            stroke: color,
            width,
            fill: color,
            opacity,
            dash: "",
        }
    }

    /// An opaque fill of `fill` inside a white ring `ring` pixels wide: a point marker
    /// that stays visible on the lines and faces it sits on.
    #[must_use]
    pub fn ringed(fill: &str, ring: f64) -> Style<'_> {
        Style {
            stroke: "#ffffff",
            width: ring,
            fill,
            opacity: 1.0,
            dash: "",
        }
    }

    fn attributes(&self) -> String {
        let mut s = format!(
            r#"stroke="{}" stroke-width="{:.2}" fill="{}""#,
            self.stroke, self.width, self.fill
        );
        if self.fill != "none" && self.opacity < 1.0 {
            let _ = write!(s, r#" fill-opacity="{:.2}""#, self.opacity);
        }
        if !self.dash.is_empty() {
            let _ = write!(s, r#" stroke-dasharray="{}""#, self.dash);
        }
        s
    }
}

fn finite(ps: &[[f64; 2]]) -> bool {
    ps.iter().all(|p| p[0].is_finite() && p[1].is_finite())
}

/// Escapes `&`, `<`, `>` and `"` for text and attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Svg {
    /// Appends raw SVG markup (the caller guarantees it is well formed).
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
        self.out.push('\n');
    }

    /// A line segment.
    pub fn line(&mut self, p: [f64; 2], q: [f64; 2], style: &Style<'_>) {
        self.line_with(p, q, style, "");
    }

    /// A line segment with extra attributes (e.g. a marker).
    pub fn line_with(&mut self, p: [f64; 2], q: [f64; 2], style: &Style<'_>, extra: &str) {
        if !finite(&[p, q]) {
            self.skipped += 1;
            return;
        }
        let (p, q) = match self.clip {
            Some(b) => match clip_segment(p, q, b) {
                Some(pq) => pq,
                None => return,
            },
            None => (p, q),
        };
        let _ = writeln!(
            self.out,
            r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" {} {extra}/>"#,
            p[0],
            p[1],
            q[0],
            q[1],
            style.attributes()
        );
    }

    /// A closed polygon.
    pub fn polygon(&mut self, ps: &[[f64; 2]], style: &Style<'_>) {
        if ps.is_empty() {
            return;
        }
        if !finite(ps) {
            self.skipped += 1;
            return;
        }
        let clipped;
        let ps = match self.clip {
            Some(b) => {
                clipped = clip_polygon(ps, b);
                if clipped.len() < 2 {
                    return;
                }
                &clipped[..]
            }
            None => ps,
        };
        let mut points = String::new();
        for p in ps {
            let _ = write!(points, "{:.2},{:.2} ", p[0], p[1]);
        }
        let _ = writeln!(
            self.out,
            r#"<polygon points="{}" {}/>"#,
            points.trim_end(),
            style.attributes()
        );
    }

    /// A circle of radius `r` pixels.
    pub fn circle(&mut self, c: [f64; 2], r: f64, style: &Style<'_>) {
        if !finite(&[c, [r, r]]) {
            self.skipped += 1;
            return;
        }
        if !self.inside(c) {
            return;
        }
        let _ = writeln!(
            self.out,
            r#"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" {}/>"#,
            c[0],
            c[1],
            r,
            style.attributes()
        );
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &Style<'_>) {
        if !finite(&[[x, y], [w, h]]) {
            self.skipped += 1;
            return;
        }
        let _ = writeln!(
            self.out,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" {}/>"#,
            style.attributes()
        );
    }

    /// Text at `p` (escaped), with a font size in pixels, a colour and extra attributes.
    pub fn text(&mut self, p: [f64; 2], size: f64, color: &str, extra: &str, text: &str) {
        if !finite(&[p]) {
            self.skipped += 1;
            return;
        }
        if !self.inside(p) {
            return;
        }
        let _ = writeln!(
            self.out,
            r#"<text x="{:.2}" y="{:.2}" font-size="{size:.1}" fill="{color}" {extra}>{}</text>"#,
            p[0],
            p[1],
            escape(text)
        );
    }

    fn inside(&self, p: [f64; 2]) -> bool {
        self.clip
            .is_none_or(|b| p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3])
    }

    /// The finished markup.
    #[must_use]
    pub fn finish(self) -> String {
        self.out
    }
}

/// The part of segment `pq` inside the box `b = [x_min, y_min, x_max, y_max]`
/// (Liang and Barsky 1984): with `p + t (q − p)`, each side `k` bounds `t` by
/// `t·dₖ ≤ rₖ`; entering sides raise `t₀`, leaving sides lower `t₁`.
fn clip_segment(p: [f64; 2], q: [f64; 2], b: [f64; 4]) -> Option<([f64; 2], [f64; 2])> {
    let d = [q[0] - p[0], q[1] - p[1]];
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (dk, rk) in [
        (-d[0], p[0] - b[0]),
        (d[0], b[2] - p[0]),
        (-d[1], p[1] - b[1]),
        (d[1], b[3] - p[1]),
    ] {
        if dk == 0.0 {
            if rk < 0.0 {
                return None;
            }
        } else {
            let t = rk / dk;
            if dk < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then(|| {
        let at = |t: f64| [p[0] + t * d[0], p[1] + t * d[1]];
        (at(t0), at(t1))
    })
}

/// The part of polygon `ps` inside the box `b` (Sutherland and Hodgman 1974): clip
/// against each side's half-plane in turn, keeping inside vertices and the crossings.
fn clip_polygon(ps: &[[f64; 2]], b: [f64; 4]) -> Vec<[f64; 2]> {
    let mut poly = ps.to_vec();
    // Signed inside-distance of a point to side k (left, right, top, bottom).
    let side = |k: usize, p: &[f64; 2]| match k {
        0 => p[0] - b[0],
        1 => b[2] - p[0],
        2 => p[1] - b[1],
        _ => b[3] - p[1],
    };
    for k in 0..4 {
        if poly.is_empty() {
            break;
        }
        let mut out = Vec::with_capacity(poly.len() + 2);
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let (dp, dq) = (side(k, &p), side(k, &q));
            if dp >= 0.0 {
                out.push(p);
            }
            if (dp >= 0.0) != (dq >= 0.0) {
                let t = dp / (dp - dq);
                out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
            }
        }
        poly = out;
    }
    poly
}
