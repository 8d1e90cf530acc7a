//! The triangle mesh the builder works on: flat arrays, indices, no pointers.
//!
//! Face `f` has vertices `verts[f] = [v0, v1, v2]` (counter-clockwise seen
//! from outside) and three half-edges `3f + i` running `vᵢ → vᵢ₊₁`.
//! `twins[f][i]` is the opposite half-edge in the neighbouring face. Dead face
//! slots are recycled through a free list, so the arrays stay as large as the
//! biggest intermediate hull.

use crate::predicates::{cross_accurate, height_sign};
use crate::tolerance::Scale;
use nalgebra::{Point3, Vector3};

/// "No index".
pub(crate) const NONE: u32 = u32::MAX;

/// Face state: part of the current hull.
pub(crate) const ALIVE: u8 = 0;
/// Face state: seen from the current eye point (to be deleted).
pub(crate) const VISIBLE: u8 = 1;
/// Face state: recycled slot.
pub(crate) const FREE: u8 = 2;

/// A face's plane plus its conflict range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Face {
    /// Outward unit normal.
    pub normal: Vector3<f64>,
    /// `normal · p` for points on the plane.
    pub offset: f64,
    /// Bound on `|height_f64 − height_exact|` for any point in the input box.
    pub err: f32,
    /// Start of the conflict range in the builder's pool (farthest first).
    pub start: u32,
    /// Length of the conflict range.
    pub len: u32,
}

impl Face {
    /// A slot's contents before [`Mesh::add_face`] fills it.
    const UNSET: Face = Face {
        normal: Vector3::new(0.0, 0.0, 0.0),
        offset: 0.0,
        err: 0.0,
        start: 0,
        len: 0,
    };
}

/// The plane of triangle `a, b, c` with its rounding bound.
///
/// The normal is the cross product of the two *shortest* edges, whose angle is
/// the triangle's largest. Each component `e₁ᵧe₂₂ − e₁₂e₂ᵧ` carries at most
/// `3u(|e₁ᵧe₂₂| + |e₁₂e₂ᵧ|)` of rounding (differences, products, subtraction;
/// Higham 2002 §3.1), so `|δn| ≤ 3√2·u·|e₁||e₂| + u|n|`, and with the
/// normalisation the direction error is at most
/// `α = 6u·|e₁||e₂| / |e₁ × e₂| + 2u`. A height `n·q − offset` is then off by
/// at most `α·L` (the lever arm is at most the box span `L`) plus `8u·M` for
/// the dot products at magnitude `M`. When that bound would exceed `¾ε`
/// (slivers, angles near 180°), the normal is recomputed from an exact
/// expansion, leaving a direction error of a few `u`. Returns the face and `|n|` (twice the area),
/// which scales the exact threshold of [`Mesh::height_above`].
#[must_use]
#[inline]
pub(crate) fn plane(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>, s: &Scale) -> (Face, f64) {
    const U: f64 = f64::EPSILON;
    let (ab, bc, ca) = (
        (b - a).norm_squared(),
        (c - b).norm_squared(),
        (a - c).norm_squared(),
    );
    // Apex = vertex opposite the longest edge; n = (p − apex) × (r − apex).
    let (apex, p, r, l1, l2) = if ab >= bc && ab >= ca {
        (c, a, b, ca, bc)
    } else if bc >= ca {
        (a, b, c, ab, ca)
    } else {
        (b, c, a, bc, ab)
    };
    let mut n = (p - apex).cross(&(r - apex));
    let mut len = n.norm();
    // One division, shared by the bound and the normalisation below (whose
    // product with the reciprocal rounds twice, within the `2u` term).
    let mut inv = 1.0 / len;
    let alpha = 6.0 * U * (l1 * l2).sqrt() * inv + 2.0 * U;
    let mut dir_err = alpha * s.span;
    // (Written so that a NaN bound, from a zero-length cross product, also
    // takes the accurate path.)
    let fast_enough = dir_err + 8.0 * U * s.magnitude <= 0.75 * s.eps;
    if !fast_enough {
        n = Vector3::from(cross_accurate(a, b, c));
        len = n.norm();
        inv = 1.0 / len;
        dir_err = 4.0 * U * s.span;
    }
    let normal = if len > 0.0 { n * inv } else { Vector3::zeros() };
    let offset = normal
        .dot(&a.coords)
        .max(normal.dot(&b.coords))
        .max(normal.dot(&c.coords));
    let err = if len > 0.0 {
        (dir_err + 8.0 * U * s.magnitude) * 1.01
    } else {
        f64::INFINITY
    };
    let face = Face {
        normal,
        offset,
        err: err as f32,
        start: 0,
        len: 0,
    };
    (face, len)
}

/// A face's connectivity, kept in one record so that walking the mesh
/// touches one cache line per face.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Topo {
    /// Vertices, counter-clockwise seen from outside.
    pub verts: [u32; 3],
    /// Twin of each half-edge.
    pub twins: [u32; 3],
    /// [`ALIVE`], [`VISIBLE`] or [`FREE`].
    pub state: u8,
}

impl Topo {
    /// A slot's contents before [`Mesh::add_face`] fills it.
    const UNSET: Topo = Topo {
        verts: [NONE; 3],
        twins: [NONE; 3],
        state: FREE,
    };
}

/// The hull under construction.
pub(crate) struct Mesh {
    /// Planes and conflict ranges.
    pub faces: Vec<Face>,
    /// Connectivity.
    pub topo: Vec<Topo>,
    /// Recyclable face slots.
    pub free: Vec<u32>,
}

/// Next half-edge around the same face.
#[inline]
#[must_use]
pub(crate) fn next(h: u32) -> u32 {
    if h % 3 == 2 { h - 2 } else { h + 1 }
}

impl Mesh {
    /// An empty mesh with room for `capacity` faces (reserved, not touched), or `None`
    /// when the allocator refuses the room.
    #[must_use]
    pub fn try_with_capacity(capacity: usize) -> Option<Self> {
        let mut mesh = Self {
            faces: Vec::new(),
            topo: Vec::new(),
            free: Vec::new(),
        };
        mesh.faces.try_reserve_exact(capacity).ok()?;
        mesh.topo.try_reserve_exact(capacity).ok()?;
        mesh.free.try_reserve(16).ok()?;
        Some(mesh)
    }

    /// Room for `capacity` faces in all (reserved, not touched), or `false` when the
    /// allocator refuses it.
    #[must_use]
    pub fn try_reserve_faces(&mut self, capacity: usize) -> bool {
        let more = capacity.saturating_sub(self.faces.len());
        self.faces.try_reserve_exact(more).is_ok() && self.topo.try_reserve_exact(more).is_ok()
    }

    /// The bytes [`Self::try_with_capacity`] reserves for `capacity` faces.
    #[must_use]
    pub fn bytes_for(capacity: usize) -> usize {
        capacity.saturating_mul(std::mem::size_of::<Face>() + std::mem::size_of::<Topo>())
    }

    /// Adds triangle `v` (twins unset), reusing a free slot if any.
    ///
    /// The plane is computed in line and each record written field by field into its
    /// slot: built whole and copied, the records went through the stack, written in
    /// pieces and read back whole, which the processor cannot forward from its store
    /// buffer (four stalled loads a face).
    pub fn add_face(&mut self, pts: &[Point3<f64>], v: [u32; 3], s: &Scale) -> u32 {
        let f = match self.free.pop() {
            Some(f) => f,
            None => {
                self.faces.push(Face::UNSET);
                self.topo.push(Topo::UNSET);
                (self.faces.len() - 1) as u32
            }
        };
        let (face, _) = plane(
            &pts[v[0] as usize],
            &pts[v[1] as usize],
            &pts[v[2] as usize],
            s,
        );
        let slot = &mut self.faces[f as usize];
        slot.normal = face.normal;
        slot.offset = face.offset;
        slot.err = face.err;
        slot.start = 0;
        slot.len = 0;
        let topo = &mut self.topo[f as usize];
        topo.verts = v;
        topo.twins = [NONE; 3];
        topo.state = ALIVE;
        f
    }

    /// Origin vertex of half-edge `h`.
    #[inline]
    #[must_use]
    pub fn origin(&self, h: u32) -> u32 {
        self.topo[(h / 3) as usize].verts[(h % 3) as usize]
    }

    /// Twin of half-edge `h`.
    #[inline]
    #[must_use]
    pub fn twin(&self, h: u32) -> u32 {
        self.topo[(h / 3) as usize].twins[(h % 3) as usize]
    }

    /// Sets `h` and `t` as each other's twins.
    #[inline]
    pub fn link(&mut self, h: u32, t: u32) {
        self.topo[(h / 3) as usize].twins[(h % 3) as usize] = t;
        self.topo[(t / 3) as usize].twins[(t % 3) as usize] = h;
    }

    /// Float height of `p` above face `f`.
    #[inline]
    #[must_use]
    pub fn height(&self, f: u32, p: &Point3<f64>) -> f64 {
        let face = &self.faces[f as usize];
        face.normal.dot(&p.coords) - face.offset
    }

    /// Whether `q` lies exactly above the plane through face `f`'s vertices: decided from
    /// the stored plane when its rounding bound allows, otherwise by the exact sign of
    /// `det(a, b, c, q)` ([`Self::height_above`] with threshold 0, without the plane's
    /// length, which a zero threshold does not need).
    #[inline]
    #[must_use]
    pub fn exactly_above(&self, pts: &[Point3<f64>], f: u32, q: &Point3<f64>) -> bool {
        let face = &self.faces[f as usize];
        let h = face.normal.dot(&q.coords) - face.offset;
        let err = f64::from(face.err);
        if h > err {
            true
        } else if h < -err {
            false
        } else {
            let [a, b, c] = self.topo[f as usize].verts.map(|i| &pts[i as usize]);
            height_sign(a, b, c, q, 0.0) > 0.0
        }
    }

    /// Robust "is `q` more than `t_eps` above face `f`": decided from the
    /// stored plane when its rounding bound allows, otherwise by the exact
    /// sign of `det(a, b, c, q) − t_eps·|n|`. A `true` answer implies that
    /// `q` is *exactly* above the face's plane whenever `t_eps ≥ 0`.
    /// Returns the floating-point height as well.
    #[inline]
    #[must_use]
    pub fn height_above(
        &self,
        pts: &[Point3<f64>],
        f: u32,
        q: &Point3<f64>,
        t_eps: f64,
        s: &Scale,
    ) -> (bool, f64) {
        let face = &self.faces[f as usize];
        let h = face.normal.dot(&q.coords) - face.offset;
        let err = f64::from(face.err);
        if h > t_eps + err {
            (true, h)
        } else if h < t_eps - err {
            (false, h)
        } else {
            let [a, b, c] = self.topo[f as usize].verts.map(|i| &pts[i as usize]);
            let (_, len) = plane(a, b, c, s);
            (height_sign(a, b, c, q, t_eps * len) > 0.0, h)
        }
    }
}
