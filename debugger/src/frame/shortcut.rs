//! Shortcut and warm-start events as frames. A shortcut frame has no simplex (a ball
//! proof by the cone has its apex, GJK's first support point, as the new support
//! point); its witness points, normal and bounds are the shortcut's answer, and the
//! shortcut itself rides along in [`Frame::shortcut`] for the views to draw its geometry.

use super::simplex::{simplex_topology, vertex};
use super::{Frame, FrameKind, FrameVertex, num, pt, unit};
use collision::gjk::SimplexVertex;
use collision::observer::{BallProof, SatAxisKind, Shortcut};
use nalgebra::{Isometry3, Point3, Vector3};

/// A frame without simplex for the shortcut `s`.
pub(super) fn shortcut_frame(s: &Shortcut) -> Frame {
    let mut f = Frame {
        shortcut: Some(Box::new(*s)),
        ..Frame::new(FrameKind::Shortcut { name: s.name() }, caption(s))
    };
    match s {
        Shortcut::PointCore(k) => {
            let n = unit(&(k.center_b - k.center_a));
            let n0 = n.unwrap_or_else(Vector3::zeros);
            f.direction = n;
            f.witness_a = k.center_a + n0 * k.radius_a;
            f.witness_b = k.center_b - n0 * k.radius_b;
            (f.lower_bound, f.upper_bound) = (k.separation, k.separation);
        }
        Shortcut::BoxBox(k) => {
            f.direction = unit(&k.normal);
            f.witness_a = k.point_a;
            f.witness_b = k.point_b;
            (f.lower_bound, f.upper_bound) = (k.depth, k.depth);
        }
        Shortcut::Revolution(k) => {
            f.direction = unit(&k.normal);
            f.witness_a = k.point_a;
            f.witness_b = k.point_b;
            (f.lower_bound, f.upper_bound) = (k.lower, k.upper);
        }
        Shortcut::InscribedBalls(k) => {
            f.direction = unit(&(k.center_b - k.center_a));
            f.witness_a = k.center_a;
            f.witness_b = k.center_b;
            if let BallProof::Cone { apex } = k.proof {
                f.support = Some(FrameVertex {
                    a: Point3::from(apex),
                    b: Point3::origin(),
                    w: Point3::from(apex),
                    weight: 0.0,
                });
            }
        }
        Shortcut::BallBallImpact(k) => {
            // At the impact, with the shapes there (the views draw the balls at time 0
            // too); for a miss, at time 0.
            let t = k.time.unwrap_or(0.0);
            let (ca, cb) = (k.center_a + k.velocity_a * t, k.center_b + k.velocity_b * t);
            f.poses = k.poses;
            let n = unit(&(cb - ca));
            let n0 = n.unwrap_or_else(Vector3::zeros);
            f.direction = n;
            f.witness_a = ca + n0 * k.radius_a;
            f.witness_b = cb - n0 * k.radius_b;
            let gap = length(&(cb - ca)) - k.radius_a - k.radius_b;
            (f.lower_bound, f.upper_bound) = (gap, gap);
        }
        Shortcut::Ray(k) => {
            let origin = k.pose * k.origin;
            let hit = k.toi.map_or(origin, |t| k.pose * (k.origin + k.dir * t));
            f.direction = k.normal.and_then(|n| unit(&(k.pose.rotation * n)));
            f.witness_a = hit;
            f.witness_b = origin;
        }
        _ => {}
    }
    f.closest = Point3::from(f.witness_a - f.witness_b);
    // Bounds beyond f64 (shapes 1e300 apart) would print an infinite gap as NaN.
    if !(f.lower_bound.is_finite() && f.upper_bound.is_finite()) {
        (f.lower_bound, f.upper_bound) = (0.0, 0.0);
    }
    f
}

/// `|d|`, scaled first so that it overflows only when the length itself does.
pub(crate) fn length(d: &Vector3<f64>) -> f64 {
    let m = d.amax();
    if m > 0.0 && m.is_finite() {
        m * (d / m).norm()
    } else {
        m
    }
}

/// The shortcut's one-line caption: what it is, its inputs and its answer.
fn caption(s: &Shortcut) -> String {
    match s {
        Shortcut::PointCore(k) => format!(
            "Closed form (point core): spheres at {} (r {}) and {} (r {}), centre line \
             {} long: separation {}, {}",
            pt(&k.center_a),
            num(k.radius_a),
            pt(&k.center_b),
            num(k.radius_b),
            num(length(&(k.center_b - k.center_a))),
            num(k.separation),
            if k.overlapping {
                "overlapping"
            } else {
                "separated"
            }
        ),
        Shortcut::BoxBox(k) => format!(
            "Closed form (box-box SAT): {} axes tested, least overlap on {}: depth {} \
             (plus radii {} and {})",
            k.axes.iter().filter(|a| a.overlap.is_some()).count(),
            axis_name(k.axes[k.winner].kind),
            num(k.depth),
            num(k.radii[0]),
            num(k.radii[1])
        ),
        Shortcut::Revolution(k) => format!(
            "Closed form (solids of revolution): cores' depth in [{}, {}], {}",
            num(k.lower),
            num(k.upper),
            if k.converged {
                "proved: no EPA"
            } else {
                "not proved: EPA runs and the bounds are joined"
            }
        ),
        Shortcut::InscribedBalls(k) => format!(
            "Inscribed balls at {} (r {}) and {} (r {}) prove the overlap{}",
            pt(&k.center_a),
            num(k.radius_a),
            pt(&k.center_b),
            num(k.radius_b),
            match k.proof {
                BallProof::Balls => " (the balls overlap)".to_string(),
                BallProof::Cone { apex } => format!(
                    " (the cone from GJK's first support point {} holds the origin)",
                    pt(&Point3::from(apex))
                ),
            }
        ),
        Shortcut::BallBallImpact(k) => format!(
            "Closed form (ball-ball time of impact): centres {} and {}, radii {} and {}, \
             velocities {} and {}: {}",
            pt(&k.center_a),
            pt(&k.center_b),
            num(k.radius_a),
            num(k.radius_b),
            pt(&Point3::from(k.velocity_a)),
            pt(&Point3::from(k.velocity_b)),
            k.time
                .map_or(format!("no impact before {}", num(k.t_max)), |t| {
                    format!("impact at t = {}", num(t))
                })
        ),
        Shortcut::Ray(k) => format!(
            "Closed form (ray against {:?}): {}",
            k.shape,
            k.toi
                .map_or("miss".to_string(), |t| format!("hit at toi {}", num(t)))
        ),
        _ => s.name().to_string(),
    }
}

/// `face x of A`, `edge y of A x edge z of B`.
pub(crate) fn axis_name(kind: SatAxisKind) -> String {
    let xyz = |i: u8| ["x", "y", "z"].get(usize::from(i)).copied().unwrap_or("?");
    match kind {
        SatAxisKind::FaceA(i) => format!("face {} of A", xyz(i)),
        SatAxisKind::FaceB(j) => format!("face {} of B", xyz(j)),
        SatAxisKind::Edges(i, j) => format!("edge {} of A x edge {} of B", xyz(i), xyz(j)),
    }
}

/// A warm start: the cached simplex, with no weights, support or bounds yet.
pub(super) fn warm_start(pose_a: &Isometry3<f64>, simplex: &[SimplexVertex]) -> Frame {
    let vertices: Vec<FrameVertex> = simplex
        .iter()
        .map(|v| FrameVertex {
            weight: 0.0,
            ..vertex(pose_a, v)
        })
        .collect();
    let (edges, triangles) = simplex_topology(vertices.len());
    let (witness_a, witness_b) = vertices.first().map_or(
        (pose_a * Point3::origin(), pose_a * Point3::origin()),
        |v| (v.a, v.b),
    );
    let caption = format!(
        "GJK warm start: the cached simplex of {} vertices the run starts from",
        vertices.len()
    );
    Frame {
        closest: vertices.first().map_or(Point3::origin(), |v| v.w),
        vertices,
        edges,
        triangles,
        witness_a,
        witness_b,
        ..Frame::new(FrameKind::WarmStart, caption)
    }
}
