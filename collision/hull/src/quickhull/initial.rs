//! The starting hull: a tetrahedron of far-apart points, grown (for clouds of
//! 256 points or more) by the extreme points in the 14 axis and diagonal
//! directions (Akl & Toussaint 1978, "A fast convex hull algorithm"), so that
//! one pass over the input can discard everything inside it.

use super::{Builder, Conflict};
use crate::HullError;
use crate::error::push;
use crate::mesh::{ALIVE, plane};
use crate::predicates::height_sign;
use crate::tolerance::Scale;
use nalgebra::{Point3, Vector3};

impl Builder<'_> {
    /// Adds the extreme points along the 8 diagonal directions (the axis
    /// extremes are `bounds.extremes`) to the starting tetrahedron, then makes
    /// every face part of the first cone.
    ///
    /// # Errors
    /// As [`Self::add_point`](super::Builder).
    pub(super) fn seed_extremes(&mut self, axis_extremes: &[usize; 6]) -> Result<(), HullError> {
        let pts = self.pts;
        let dirs: [Vector3<f64>; 4] = [
            Vector3::new(1.0, 1.0, 1.0),
            Vector3::new(1.0, 1.0, -1.0),
            Vector3::new(1.0, -1.0, 1.0),
            Vector3::new(-1.0, 1.0, 1.0),
        ];
        let mut best = [(f64::INFINITY, 0usize); 8];
        for (i, p) in pts.iter().enumerate() {
            for (k, d) in dirs.iter().enumerate() {
                let s = d.dot(&p.coords);
                if s < best[2 * k].0 {
                    best[2 * k] = (s, i);
                }
                if -s < best[2 * k + 1].0 {
                    best[2 * k + 1] = (-s, i);
                }
            }
        }
        let extremes = axis_extremes
            .iter()
            .copied()
            .chain(best.iter().map(|b| b.1));
        for e in extremes {
            let q = pts[e];
            let above = (0..self.mesh.faces.len() as u32).find(|&f| {
                self.mesh.topo[f as usize].state == ALIVE
                    && self
                        .mesh
                        .height_above(&self.vertex_positions, f, &q, self.scale.eps, &self.scale)
                        .0
            });
            if let Some(f) = above {
                // No conflict ranges yet: this only grows the mesh.
                let eye = Conflict {
                    p: q,
                    index: e as u32,
                };
                self.add_point(f, eye)?;
            }
        }
        self.scratch.cone.clear();
        let alive = (0..self.mesh.faces.len() as u32)
            .filter(|&f| self.mesh.topo[f as usize].state == ALIVE);
        for f in alive {
            push(&mut self.scratch.cone, f, self.pts.len())?;
        }
        Ok(())
    }

    /// A ball inside the current hull: centred at the mean of the cone's face
    /// vertices (each counted once per face it is on), radius the
    /// least height of the centre below a face, less `ε` and the planes'
    /// rounding bounds, so every point strictly inside it is inside the hull.
    pub(super) fn inscribed_ball(&self) -> (Point3<f64>, f64) {
        let mut sum = Vector3::zeros();
        let mut count = 0.0;
        for &f in &self.scratch.cone {
            for v in self.mesh.topo[f as usize].verts {
                sum += self.vertex_positions[v as usize].coords;
                count += 1.0;
            }
        }
        let center = Point3::from(sum / count);
        let radius = self
            .scratch
            .cone
            .iter()
            .map(|&f| {
                let face = &self.mesh.faces[f as usize];
                -self.mesh.height(f, &center) - f64::from(face.err) - self.scale.eps
            })
            .fold(f64::INFINITY, f64::min);
        (center, radius.max(0.0))
    }
}

/// Four affinely independent points `[a, b, c, d]`, with `d` below the
/// counter-clockwise triangle `a, b, c`, chosen far apart: the farthest pair
/// of axis extremes, the point farthest from their line, the point farthest
/// from their plane.
///
/// # Errors
/// [`HullError::Coincident`], [`HullError::Collinear`] or
/// [`HullError::Coplanar`] when that distance is within `ε`.
pub(crate) fn simplex(
    pts: &[Point3<f64>],
    ext: &[usize; 6],
    scale: &Scale,
) -> Result<[u32; 4], HullError> {
    let eps = scale.eps;
    let (mut a, mut b, mut best) = (ext[0], ext[1], -1.0);
    for (k, &i) in ext.iter().enumerate() {
        for &j in &ext[k + 1..] {
            let d = (pts[i] - pts[j]).norm_squared();
            if d > best {
                (a, b, best) = (i, j, d);
            }
        }
    }
    if best.sqrt() <= eps {
        return Err(HullError::Coincident);
    }
    let ab = (pts[b] - pts[a]).normalize();
    // The squared distance from the line has the same farthest point, without a
    // square root per point.
    let (c, dist2) = argmax(pts, |p| (p - pts[a]).cross(&ab).norm_squared());
    if dist2.sqrt() <= eps {
        return Err(HullError::Collinear);
    }
    let (face, _) = plane(&pts[a], &pts[b], &pts[c], scale);
    let (d, dist) = argmax(pts, |p| (face.normal.dot(&p.coords) - face.offset).abs());
    if dist <= eps {
        return Err(HullError::Coplanar);
    }
    // Orient abc so that d is below it.
    if height_sign(&pts[a], &pts[b], &pts[c], &pts[d], 0.0) > 0.0 {
        Ok([a, c, b, d].map(|i| i as u32))
    } else {
        Ok([a, b, c, d].map(|i| i as u32))
    }
}

/// Index and value of the largest `key(p)`.
fn argmax(pts: &[Point3<f64>], key: impl Fn(&Point3<f64>) -> f64) -> (usize, f64) {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, p) in pts.iter().enumerate() {
        let k = key(p);
        if k > best.1 {
            best = (i, k);
        }
    }
    best
}
