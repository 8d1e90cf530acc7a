//! Penetration of two boxes by the separating axis theorem, with the contact points from
//! the touching features.

use crate::observer::{BoxBoxSat, SatAxis, SatAxisKind};
use crate::shape::Cuboid;
use nalgebra::{Isometry3, Matrix3, Point3, Vector3};

/// Depth, normal and deepest points of two overlapping boxes, in A's frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct BoxPenetration {
    /// Penetration depth (≥ 0).
    pub depth: f64,
    /// Unit normal from A towards B.
    pub normal: Vector3<f64>,
    /// Deepest point of A inside B: `point_a − point_b = depth · normal`.
    pub point_a: Point3<f64>,
    /// Deepest point of B inside A.
    pub point_b: Point3<f64>,
}

/// Which candidate axis gave the least overlap.
#[derive(Clone, Copy)]
enum Axis {
    /// Face normal `i` of A.
    FaceA(usize),
    /// Face normal `j` of B.
    FaceB(usize),
    /// Edge direction `i` of A crossed with edge direction `j` of B.
    Edges(usize, usize),
}

impl From<Axis> for SatAxisKind {
    fn from(axis: Axis) -> SatAxisKind {
        // Axis indices are below 3.
        let index = |i: usize| i as u8;
        match axis {
            Axis::FaceA(i) => SatAxisKind::FaceA(index(i)),
            Axis::FaceB(j) => SatAxisKind::FaceB(index(j)),
            Axis::Edges(i, j) => SatAxisKind::Edges(index(i), index(j)),
        }
    }
}

/// Visits the 15 candidate axes of box `ha` (A's frame) and box `hb` under rotation `r`
/// and translation `t`, in order: A's three face normals, B's three, then the nine
/// edge crossings `eᵢ × Rⱼ` (`i` major). Each comes with its unit direction `L` and its
/// overlap `r_A + r_B − |t · L|`, or `None` for a crossing of parallel edges, which
/// has no direction to speak of (the face axes cover it).
#[inline]
fn for_each_axis(
    ha: &Vector3<f64>,
    hb: &Vector3<f64>,
    r: &Matrix3<f64>,
    t: &Vector3<f64>,
    mut visit: impl FnMut(Axis, Option<(Vector3<f64>, f64)>),
) {
    let overlap = |l: Vector3<f64>| {
        let r_a = ha.dot(&l.abs());
        let r_b = hb.dot(&(r.transpose() * l).abs());
        Some((l, r_a + r_b - t.dot(&l).abs()))
    };
    for i in 0..3 {
        visit(Axis::FaceA(i), overlap(Vector3::ith(i, 1.0)));
    }
    for j in 0..3 {
        visit(Axis::FaceB(j), overlap(r.column(j).into_owned()));
    }
    for i in 0..3 {
        for j in 0..3 {
            let l = Vector3::<f64>::ith(i, 1.0).cross(&r.column(j));
            let len2 = l.norm_squared();
            let candidate = if len2 > 1e-24 {
                overlap(l / len2.sqrt())
            } else {
                None
            };
            visit(Axis::Edges(i, j), candidate);
        }
    }
}

/// The penetration of box `a` (at the origin of its frame) and box `b` at `pose_ab` in
/// A's frame, or `None` when this method cannot give a certain answer (a separating axis
/// at rounding level, or contact points lost to rounding); the caller then runs EPA.
///
/// Separating axis theorem (Gottschalk, Lin and Manocha, "OBBTree", SIGGRAPH 1996;
/// Ericson, *Real-Time Collision Detection*, §4.4.1): two boxes are apart iff some axis
/// among the 3 + 3 face normals and the 9 cross products of edge directions separates
/// their projections, and their penetration depth is the least overlap over those 15
/// axes. Along a unit axis `L` the overlap is `r_A + r_B − |t · L|`, with
/// `r_A = Σ hₐₖ |L · eₖ|` and `r_B = Σ h_bₖ |L · Rₖ|` the projected radii (`Rₖ` B's axes,
/// `t` its centre). Every unit `L` gives an overlap at least the depth, so an inexact
/// near-parallel edge axis can only overestimate, never hide, the answer.
///
/// The contact points come from the features touching along the normal `n`: for a face
/// of A, the feature of B deepest along `−n` (vertex, edge or face) clipped to the prism
/// over A's face (Sutherland–Hodgman), its centroid being `point_b`; for a face of B the
/// same with the roles swapped; for two edges, the closest points of their lines.
pub(super) fn box_box(a: &Cuboid, b: &Cuboid, pose_ab: &Isometry3<f64>) -> Option<BoxPenetration> {
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let r: Matrix3<f64> = pose_ab.rotation.to_rotation_matrix().into_inner();
    let t = pose_ab.translation.vector;
    let mut best = (f64::INFINITY, Axis::FaceA(0), Vector3::x());
    for_each_axis(&ha, &hb, &r, &t, |axis, candidate| {
        if let Some((l, o)) = candidate
            && o < best.0
        {
            best = (o, axis, l);
        }
    });
    let (depth, axis, l) = best;
    // Apart at rounding level (or NaN): no penetration to report from here.
    if depth.is_nan() || depth < 0.0 {
        return None;
    }
    let normal = if t.dot(&l) < 0.0 { -l } else { l };
    let (point_a, point_b) = match axis {
        Axis::FaceA(i) => {
            // B's deepest feature along −n, in A's frame, clipped to A's face i.
            let d = r.transpose() * -normal;
            let feature = deepest_feature(&hb, &d).map(|v| r * v + t);
            let p = clipped_centroid(&feature, feature_len(&d), &ha, i)?;
            (p + normal * depth, p)
        }
        Axis::FaceB(j) => {
            // A's deepest feature along n, in B's frame, clipped to B's face j.
            let feature = deepest_feature(&ha, &normal).map(|v| r.transpose() * (v - t));
            let p = r * clipped_centroid(&feature, feature_len(&normal), &hb, j)? + t;
            (p, p - normal * depth)
        }
        Axis::Edges(i, j) => edge_points(&ha, &hb, &r, &t, &normal, [i, j])?,
    };
    Some(BoxPenetration {
        depth,
        normal,
        point_a: Point3::from(point_a),
        point_b: Point3::from(point_b),
    })
}

/// The observer's record of the test [`box_box`] made on boxes `a` at `pose_a` and `b`
/// at `pose_b` (world) with the answer `p`: the 15 candidate axes with their overlaps,
/// recomputed in the same order with the same formula (so the least is the one
/// [`box_box`] chose), in world coordinates.
pub(super) fn observed(
    a: &Cuboid,
    pose_a: &Isometry3<f64>,
    b: &Cuboid,
    pose_b: &Isometry3<f64>,
    p: &BoxPenetration,
    radii: [f64; 2],
) -> BoxBoxSat {
    let pose_ab = crate::gjk::relative_pose(pose_a, pose_b);
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let r: Matrix3<f64> = pose_ab.rotation.to_rotation_matrix().into_inner();
    let t = pose_ab.translation.vector;
    let skipped = SatAxis {
        kind: SatAxisKind::FaceA(0),
        axis: Vector3::zeros(),
        overlap: None,
    };
    let mut axes = [skipped; 15];
    let mut winner = (f64::INFINITY, 0);
    let mut k = 0;
    for_each_axis(&ha, &hb, &r, &t, |axis, candidate| {
        axes[k].kind = axis.into();
        if let Some((l, o)) = candidate {
            axes[k].axis = pose_a.rotation * l;
            axes[k].overlap = Some(o);
            if o < winner.0 {
                winner = (o, k);
            }
        }
        k += 1;
    });
    BoxBoxSat {
        pose_a: *pose_a,
        half_extents_a: ha,
        pose_b: *pose_b,
        half_extents_b: hb,
        axes,
        winner: winner.1,
        depth: p.depth,
        normal: pose_a.rotation * p.normal,
        point_a: pose_a * p.point_a,
        point_b: pose_a * p.point_b,
        radii,
    }
}

/// Axes along which `d` is level to rounding: the deepest feature is free along them.
fn free_axes(d: &Vector3<f64>) -> [bool; 3] {
    let tol = 1e-9 * d.amax();
    [d.x.abs() <= tol, d.y.abs() <= tol, d.z.abs() <= tol]
}

/// Number of vertices of the deepest feature along `d`: 1, 2 or 4.
fn feature_len(d: &Vector3<f64>) -> usize {
    1 << free_axes(d).iter().filter(|&&f| f).count().min(2)
}

/// The vertices (in cyclic order) of the feature of the box `|xₖ| ≤ hₖ` deepest along `d`:
/// coordinate `sign(dₖ) hₖ` on the axes where `d` is not level, both signs on the others.
/// Unused entries repeat the first vertex.
fn deepest_feature(h: &Vector3<f64>, d: &Vector3<f64>) -> [Vector3<f64>; 4] {
    let free = free_axes(d);
    let base = Vector3::new(h.x.copysign(d.x), h.y.copysign(d.y), h.z.copysign(d.z));
    let mut axes = (0..3).filter(|&k| free[k]);
    let mut out = [base; 4];
    match (axes.next(), axes.next()) {
        (Some(k), None) => {
            out[0][k] = h[k];
            out[1][k] = -h[k];
        }
        (Some(k), Some(m)) => {
            for (v, (sk, sm)) in
                out.iter_mut()
                    .zip([(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)])
            {
                v[k] = sk * h[k];
                v[m] = sm * h[m];
            }
        }
        _ => {}
    }
    out
}

/// A point of the polygon `poly[..n]` clipped to the prism `|xₘ| ≤ hₘ` for the two axes
/// `m ≠ face` (Sutherland and Hodgman 1974): the average of the clipped vertices, which
/// lies in the clipped region since it is convex; `None` when nothing is left.
fn clipped_centroid(
    poly: &[Vector3<f64>; 4],
    n: usize,
    h: &Vector3<f64>,
    face: usize,
) -> Option<Vector3<f64>> {
    // Each of the 4 planes adds at most one vertex: 8 is enough.
    let mut cur = [Vector3::zeros(); 8];
    let mut len = n;
    cur[..n].copy_from_slice(&poly[..n]);
    for m in (0..3).filter(|&m| m != face) {
        for sign in [1.0, -1.0] {
            // Inside: sign · x_m ≤ h_m.
            let dist = |v: &Vector3<f64>| sign * v[m] - h[m];
            let mut next = [Vector3::zeros(); 8];
            let mut k = 0;
            for idx in 0..len {
                let p = cur[idx];
                let q = cur[(idx + 1) % len];
                let (dp, dq) = (dist(&p), dist(&q));
                let crossing = len > 1 && (dp < 0.0) != (dq < 0.0) && dp != dq;
                for (keep, v) in [(dp <= 0.0, p), (crossing, p + (q - p) * (dp / (dp - dq)))] {
                    if keep {
                        // Degenerate input (repeated vertices) could exceed the bound.
                        *next.get_mut(k)? = v;
                        k += 1;
                    }
                }
            }
            cur = next;
            len = k;
            if len == 0 {
                return None;
            }
        }
    }
    let sum = cur[..len].iter().fold(Vector3::zeros(), |s, v| s + v);
    Some(sum / len as f64)
}

/// Closest points of A's edge along axis `i` and B's edge along axis `j` that touch along
/// `normal` (Ericson §5.1.8: lines `P(s) = c_A + s eᵢ`, `Q(u) = c_B + u Rⱼ`, with
/// `b = eᵢ · Rⱼ`, `d = eᵢ · w`, `e = Rⱼ · w`, `w = c_A − c_B`:
/// `s = (b e − d) / (1 − b²)`, `u = (e − b d) / (1 − b²)`). `None` when a point falls off
/// its edge (rounding near a tie with a face axis).
fn edge_points(
    ha: &Vector3<f64>,
    hb: &Vector3<f64>,
    r: &Matrix3<f64>,
    t: &Vector3<f64>,
    normal: &Vector3<f64>,
    [i, j]: [usize; 2],
) -> Option<(Vector3<f64>, Vector3<f64>)> {
    let mut c_a = ha.zip_map(normal, f64::copysign);
    c_a[i] = 0.0;
    let nb = r.transpose() * -normal;
    let mut c_b_local = hb.zip_map(&nb, f64::copysign);
    c_b_local[j] = 0.0;
    let c_b = r * c_b_local + t;
    let dir_b = r.column(j).into_owned();
    let b = dir_b[i];
    let denom = 1.0 - b * b;
    if denom <= 0.0 {
        return None;
    }
    let w = c_a - c_b;
    let (d, e) = (w[i], dir_b.dot(&w));
    let s = (b * e - d) / denom;
    let u = (e - b * d) / denom;
    let slack = 1e-9;
    if s.abs() > ha[i] * (1.0 + slack) || u.abs() > hb[j] * (1.0 + slack) {
        return None;
    }
    let mut p = c_a;
    p[i] = s;
    Some((p, c_b + dir_b * u))
}
