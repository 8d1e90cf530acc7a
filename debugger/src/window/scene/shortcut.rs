//! The world view of a shortcut step, in 3D: the geometry the SVG film draws for it
//! (`svg/shortcut.rs`). Two balls (point cores, inscribed balls, a ball–ball impact) are
//! drawn as three great circles each with the line between their centres; a box–box
//! separating-axis test as every axis it tested, through A's centre, the winning one
//! bold. A solid of revolution's closed form and a ray's closed form need nothing more
//! than the frame's witness points, normal and ray, which the world view already draws.

use super::pen::Pen;
use super::roles::LineRole;
use collision::observer::Shortcut;
use nalgebra::{Point3, Vector3};

/// Segments per great circle.
const CIRCLE_SEGMENTS: usize = 48;
/// Half length of a tested separating axis, as a fraction of the view's radius.
const AXIS_HALF_LENGTH: f64 = 0.8;

/// Draws `shortcut`'s geometry with `pen`.
pub(super) fn draw(shortcut: &Shortcut, pen: &mut Pen<'_>) {
    match shortcut {
        Shortcut::PointCore(p) => {
            ball_pair(pen, [(p.center_a, p.radius_a), (p.center_b, p.radius_b)]);
        }
        Shortcut::InscribedBalls(p) => {
            ball_pair(pen, [(p.center_a, p.radius_a), (p.center_b, p.radius_b)]);
        }
        Shortcut::BallBallImpact(p) => {
            ball_pair(pen, [(p.center_a, p.radius_a), (p.center_b, p.radius_b)]);
            if let Some([a, b]) = p.poses {
                let at = |pose: nalgebra::Isometry3<f64>| Point3::from(pose.translation.vector);
                ball_pair(pen, [(at(a), p.radius_a), (at(b), p.radius_b)]);
            }
        }
        Shortcut::BoxBox(sat) => {
            let centre = Point3::from(sat.pose_a.translation.vector);
            let half = AXIS_HALF_LENGTH * pen.framing.radius;
            for (i, axis) in sat.axes.iter().enumerate() {
                // Parallel edge pairs give no axis and were skipped.
                if axis.overlap.is_none() {
                    continue;
                }
                let role = if i == sat.winner {
                    LineRole::SatWinner
                } else {
                    LineRole::SatAxis
                };
                pen.segment(centre - axis.axis * half, centre + axis.axis * half, role);
            }
        }
        _ => {}
    }
}

/// Two balls as great circles and the segment between their centres.
fn ball_pair(pen: &mut Pen<'_>, balls: [(Point3<f64>, f64); 2]) {
    for (centre, radius) in balls {
        for (u, v) in [
            (Vector3::x(), Vector3::y()),
            (Vector3::y(), Vector3::z()),
            (Vector3::z(), Vector3::x()),
        ] {
            let at = |k: usize| {
                let angle = std::f64::consts::TAU * k as f64 / CIRCLE_SEGMENTS as f64;
                centre + (u * angle.cos() + v * angle.sin()) * radius
            };
            for k in 0..CIRCLE_SEGMENTS {
                pen.segment(at(k), at(k + 1), LineRole::ShortcutBall);
            }
        }
    }
    if balls[0].0 != balls[1].0 {
        pen.segment(balls[0].0, balls[1].0, LineRole::CentreLine);
    }
}
