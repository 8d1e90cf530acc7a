//! The geometry of a shortcut frame ([`Frame::shortcut`]): the closed form's spheres and
//! their centre line, the box axes the separating axis test tried with the winner
//! marked, the inscribed balls, the ray a closed form answered.

use super::panel::{ViewBox, color};
use super::writer::{Style, Svg};
use crate::frame::Frame;
use collision::observer::{BallProof, Shortcut};
use nalgebra::{Point3, Vector3};

/// Colour of the winning separating axis.
pub const WINNER: &str = "#f28e00";
/// Colour of the other axes tested.
pub const TESTED: &str = "#9e9e9e";

/// A sphere of radius `r` about `c`, drawn as its outline (orthographic: a circle).
fn sphere(svg: &mut Svg, v: &ViewBox, c: &Point3<f64>, r: f64, col: &str, fill: f64) {
    let k = v.size / (2.0 * v.window.half);
    let style = Style {
        dash: "5 3",
        ..Style::tinted(col, 1.4, fill)
    };
    svg.circle(v.px(c), (r * k).max(2.0), &style);
}

/// Two spheres and the line between their centres.
fn two_spheres(
    svg: &mut Svg,
    v: &ViewBox,
    (ca, ra): (&Point3<f64>, f64),
    (cb, rb): (&Point3<f64>, f64),
) {
    sphere(svg, v, ca, ra, color::A, 0.12);
    sphere(svg, v, cb, rb, color::B, 0.12);
    svg.line(v.px(ca), v.px(cb), &Style::line("#212121", 1.0));
    for c in [ca, cb] {
        svg.circle(v.px(c), 2.5, &Style::line("#212121", 1.0));
    }
}

/// Draws the shortcut's geometry in the world view.
pub fn world(svg: &mut Svg, v: &ViewBox, frame: &Frame) {
    let Some(k) = &frame.shortcut else {
        return;
    };
    match &**k {
        Shortcut::PointCore(p) => {
            two_spheres(svg, v, (&p.center_a, p.radius_a), (&p.center_b, p.radius_b));
        }
        Shortcut::InscribedBalls(b) => {
            two_spheres(svg, v, (&b.center_a, b.radius_a), (&b.center_b, b.radius_b));
        }
        Shortcut::BallBallImpact(t) => {
            two_spheres(svg, v, (&t.center_a, t.radius_a), (&t.center_b, t.radius_b));
            if let Some(time) = t.time {
                let (ca, cb) = (
                    t.center_a + t.velocity_a * time,
                    t.center_b + t.velocity_b * time,
                );
                sphere(svg, v, &ca, t.radius_a, color::A, 0.0);
                sphere(svg, v, &cb, t.radius_b, color::B, 0.0);
                for (c0, c1, col) in [(t.center_a, ca, color::A), (t.center_b, cb, color::B)] {
                    svg.line(v.px(&c0), v.px(&c1), &Style::line(col, 1.0));
                }
            }
        }
        Shortcut::BoxBox(b) => {
            // Every axis tested, through A's centre, the winner bold and labelled.
            let o = Point3::from(b.pose_a.translation.vector);
            let from = v.px(&o);
            for (i, a) in b.axes.iter().enumerate() {
                if a.overlap.is_none() || i == b.winner {
                    continue;
                }
                let d = v.dir_px(&a.axis, 40.0);
                let style = Style {
                    dash: "2 2",
                    ..Style::line(TESTED, 0.8)
                };
                svg.line(
                    [from[0] - d[0], from[1] - d[1]],
                    [from[0] + d[0], from[1] + d[1]],
                    &style,
                );
            }
            let w = &b.axes[b.winner];
            let d = v.dir_px(&w.axis, 60.0);
            let to = [from[0] + d[0], from[1] + d[1]];
            svg.line(
                [from[0] - d[0], from[1] - d[1]],
                to,
                &Style::line(WINNER, 2.5),
            );
            svg.text([to[0] + 4.0, to[1] - 3.0], 11.0, WINNER, "", "SAT");
        }
        Shortcut::Ray(r) => {
            let origin = r.pose * r.origin;
            let end = r.toi.map_or_else(
                || r.pose * (r.origin + r.dir * r.max_toi.min(1e3)),
                |t| r.pose * (r.origin + r.dir * t),
            );
            svg.line(v.px(&origin), v.px(&end), &Style::line(color::REMOVED, 1.5));
        }
        _ => {}
    }
}

/// Draws the shortcut's geometry in configuration space: for spheres and inscribed
/// balls, the ball of A − B they give (centre `c_A − c_B`, radius `r_A + r_B`), which
/// holds the origin exactly when they overlap; the cone's apex for a cone proof.
pub fn config(svg: &mut Svg, v: &ViewBox, frame: &Frame) {
    let Some(k) = &frame.shortcut else {
        return;
    };
    let ball = |svg: &mut Svg, ca: &Point3<f64>, cb: &Point3<f64>, r: f64| {
        let c = Point3::from(ca - cb);
        sphere(svg, v, &c, r, color::POLY, 0.10);
        svg.line(
            v.px(&Point3::origin()),
            v.px(&c),
            &Style::line(color::V, 1.0),
        );
    };
    match &**k {
        Shortcut::PointCore(p) => ball(svg, &p.center_a, &p.center_b, p.radius_a + p.radius_b),
        Shortcut::InscribedBalls(b) => {
            ball(svg, &b.center_a, &b.center_b, b.radius_a + b.radius_b);
            if let BallProof::Cone { apex } = b.proof {
                let c = Point3::from(b.center_a - b.center_b);
                svg.line(
                    v.px(&Point3::from(apex)),
                    v.px(&c),
                    &Style::line(color::SUPPORT, 1.0),
                );
            }
        }
        Shortcut::BoxBox(b) => {
            let n: Vector3<f64> = b.normal;
            let d = v.dir_px(&n, 40.0);
            let o = v.px(&Point3::origin());
            svg.line(o, [o[0] + d[0], o[1] + d[1]], &Style::line(WINNER, 2.0));
        }
        _ => {}
    }
}
