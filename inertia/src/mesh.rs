//! Exact mass properties of closed triangle meshes and convex hulls, by summing signed
//! tetrahedra about a reference point. O(triangles), no allocation in the kernel.

use collision_hull::Hull;
use nalgebra::{Matrix3, Point3, Vector3};

use crate::{Amount, MassError, MassProperties};

/// A body thinner than this fraction of its largest extent counts as flat.
pub const FLAT_RELATIVE_THICKNESS: f64 = 1e-10;

/// Volume integrals of a region Ω about a reference point `r`:
/// `volume = ∫ dV`, `first = ∫ (x − r) dV`, `second = ∫ (x − r)(x − r)ᵀ dV`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Moments {
    pub volume: f64,
    pub first: Vector3<f64>,
    pub second: Matrix3<f64>,
}

/// Where to integrate about and how large the body is, from the vertices it uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    /// The vertex average: inside a convex body, close to its centre of mass.
    pub reference: Point3<f64>,
    /// Largest extent of the bounding box.
    pub extent: f64,
    /// Largest coordinate magnitude: the scale of the input's rounding.
    pub magnitude: f64,
}

impl Frame {
    /// Average, extent and magnitude of `points`, which must be finite and non-empty.
    pub fn of<'a>(points: impl Iterator<Item = &'a Point3<f64>>) -> Result<Frame, MassError> {
        let mut sum = Vector3::zeros();
        let mut lo = Vector3::repeat(f64::INFINITY);
        let mut hi = Vector3::repeat(f64::NEG_INFINITY);
        let mut count = 0.0;
        for p in points {
            sum += p.coords;
            lo = lo.inf(&p.coords);
            hi = hi.sup(&p.coords);
            count += 1.0;
        }
        let reference = Point3::from(sum / count);
        let extent = (hi - lo).max();
        let magnitude = lo.abs().max().max(hi.abs().max());
        if !(reference.coords.iter().all(|x| x.is_finite()) && extent.is_finite()) {
            return Err(MassError::NonFinite {
                what: "vertex average or extent (coordinates too large)",
            });
        }
        Ok(Frame {
            reference,
            extent,
            magnitude,
        })
    }
}

// Derivation of the kernel.
//
// Fan the closed surface from the reference point r: each triangle (a, b, c), with
// coordinates taken relative to r, spans the tetrahedron T = (0, a, b, c) of signed volume
//
//     v = a · (b × c) / 6,
//
// positive when (a, b, c) is counter-clockwise seen from outside and r lies behind it.
// For a closed, consistently wound surface the signed tetrahedra cover every interior
// point once net (those outside a non-convex body cancel), so any integral over the body
// is the sum of the same integral over the signed tetrahedra (divergence theorem; Mirtich
// 1996, "Fast and accurate computation of polyhedral mass properties").
//
// Over one tetrahedron with vertices p_0..p_3 and barycentric coordinates λ_0..λ_3
// (x = Σ λ_k p_k), the Dirichlet integral ∫ λ^k dV = 6v · k_0! k_1! k_2! k_3! / (3 + Σk)!
// gives ∫ λ_i dV = v/4 and ∫ λ_i λ_j dV = v (1 + δ_ij) / 20. Hence
//
//     ∫ x dV    = v/4 · Σ p_k,
//     ∫ x xᵀ dV = v/20 · (Σ p_k p_kᵀ + (Σ p_k)(Σ p_k)ᵀ).
//
// With p_0 = 0 (the reference) and s = a + b + c:
//
//     first  += v/4  · s                          = (6v) · s / 24,
//     second += v/20 · (a aᵀ + b bᵀ + c cᵀ + s sᵀ) = (6v) · (…) / 120.
//
// The centre of mass is then d = first / V relative to r, the central second moment
// C = second − V d dᵀ, and the inertia tensor per unit density J = tr(C) E − C, i.e.
// J_xx = ∫ (y² + z²) dV and J_xy = −∫ x y dV.
//
// Taking coordinates relative to r (the vertex average, inside a convex body and near its
// centre) keeps every product at the size of the body, not of its distance from the
// origin, so a unit cube at 1e5 loses no digits; and since d is small, the shift
// second − V d dᵀ does not cancel either.
//
// This is the covariance form of Tonon (2004, "Explicit exact formulas for the 3-D
// tetrahedron inertia tensor in terms of its vertex coordinates", J. Math. Stat. 1(1)),
// derived independently so that the known b′/c′ swap of the printed matrix (the book's
// chapter 15 copies it) cannot creep in: here every product of inertia comes from the one
// symmetric matrix C.

/// Sums the signed tetrahedra of `triangles` about `reference`. Trusts its input: indices
/// must be in range (out-of-range indices panic, so callers validate first or pass a
/// [`Hull`]).
pub(crate) fn integrate(
    vertices: &[Point3<f64>],
    triangles: &[[u32; 3]],
    reference: &Point3<f64>,
) -> Moments {
    // Scalar accumulators (not arrays) so that they stay in registers.
    let (mut v6_sum, mut fx, mut fy, mut fz) = (0.0, 0.0, 0.0, 0.0);
    let (mut xx, mut yy, mut zz, mut xy, mut xz, mut yz) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for t in triangles {
        let a = vertices[t[0] as usize] - reference;
        let b = vertices[t[1] as usize] - reference;
        let c = vertices[t[2] as usize] - reference;
        let v6 = a.dot(&b.cross(&c));
        let s = a + b + c;
        v6_sum += v6;
        fx += v6 * s.x;
        fy += v6 * s.y;
        fz += v6 * s.z;
        xx += v6 * (a.x * a.x + b.x * b.x + c.x * c.x + s.x * s.x);
        yy += v6 * (a.y * a.y + b.y * b.y + c.y * c.y + s.y * s.y);
        zz += v6 * (a.z * a.z + b.z * b.z + c.z * c.z + s.z * s.z);
        xy += v6 * (a.x * a.y + b.x * b.y + c.x * c.y + s.x * s.y);
        xz += v6 * (a.x * a.z + b.x * b.z + c.x * c.z + s.x * s.z);
        yz += v6 * (a.y * a.z + b.y * b.z + c.y * c.z + s.y * s.z);
    }
    let second = Matrix3::new(xx, xy, xz, xy, yy, yz, xz, yz, zz) / 120.0;
    Moments {
        volume: v6_sum / 6.0,
        first: Vector3::new(fx, fy, fz) / 24.0,
        second,
    }
}

/// Thickness `V / L²` below which a body of extent `L` at coordinate magnitude `M` is
/// flat: a relative floor plus the rounding of the input coordinates.
pub(crate) fn flat_tolerance(frame: &Frame) -> f64 {
    FLAT_RELATIVE_THICKNESS * frame.extent + 16.0 * f64::EPSILON * frame.magnitude
}

/// Turns raw moments about `frame.reference` into mass properties, rejecting flat and
/// inward bodies.
pub(crate) fn finish(
    moments: &Moments,
    frame: &Frame,
    amount: Amount,
) -> Result<MassProperties, MassError> {
    let Moments {
        volume,
        first,
        second,
    } = *moments;
    if !(volume.is_finite()
        && first.iter().all(|x| x.is_finite())
        && second.iter().all(|x| x.is_finite()))
    {
        return Err(MassError::NonFinite {
            what: "volume integrals (coordinates too large)",
        });
    }
    let thickness = volume.abs() / (frame.extent * frame.extent);
    let tolerance = flat_tolerance(frame);
    if thickness.is_nan() || thickness <= tolerance {
        return Err(MassError::Flat {
            thickness,
            tolerance,
        });
    }
    if volume < 0.0 {
        return Err(MassError::InwardWound { volume });
    }
    let mass = amount.mass_for_volume(volume)?;
    let density = mass / volume;
    let d = first / volume;
    let central = second - d * d.transpose() * volume;
    let inertia = (Matrix3::from_diagonal_element(central.trace()) - central) * density;
    // A finite mass over a tiny volume (a density beyond f64), or a large body at a large
    // density, overflows the tensor: ∞, or NaN where an infinite density meets a zero.
    MassProperties::from_finite_parts(
        mass,
        frame.reference + d,
        inertia,
        "inertia tensor (density times size overflows)",
    )
}

impl MassProperties {
    /// Exact mass properties of the solid bounded by a closed triangle mesh.
    ///
    /// Triangles index `vertices` and must be counter-clockwise seen from outside, every
    /// directed edge matched by its opposite. The result is exact (up to rounding) for
    /// any such mesh; convex meshes, where the reference point (the vertex average) lies
    /// inside, are the most accurate.
    ///
    /// Validation costs O(V + T) (plus sorting each vertex's few edges) and allocates
    /// O(V + T) scratch; the integration itself is O(T) and allocation-free. For a
    /// [`Hull`], whose topology is guaranteed, use [`Self::from_hull`] (4-5x faster).
    ///
    /// # Errors
    /// [`MassError::NonFiniteVertex`], [`MassError::EmptyMesh`],
    /// [`MassError::IndexOutOfRange`], [`MassError::DegenerateTriangle`],
    /// [`MassError::OpenMesh`], [`MassError::InconsistentWinding`],
    /// [`MassError::Flat`], [`MassError::InwardWound`], [`MassError::InvalidAmount`].
    pub fn from_convex_mesh(
        vertices: &[Point3<f64>],
        triangles: &[[u32; 3]],
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        let frame = validate_mesh(vertices, triangles)?;
        amount.validated()?;
        finish(
            &integrate(vertices, triangles, &frame.reference),
            &frame,
            amount,
        )
    }

    /// Exact mass properties of a convex hull, trusting its topology (closed,
    /// outward-wound). O(triangles), allocation-free.
    ///
    /// # Errors
    /// [`MassError::Flat`] for a hull thinner than the flatness tolerance, and
    /// [`MassError::InvalidAmount`] for a bad density or mass.
    pub fn from_hull(hull: &Hull, amount: Amount) -> Result<MassProperties, MassError> {
        let frame = Frame::of(hull.vertices().iter())?;
        finish(
            &integrate(hull.vertices(), hull.triangles(), &frame.reference),
            &frame,
            amount,
        )
    }
}

/// Checks everything [`integrate`] trusts: finite vertices, indices in range, no repeated
/// vertex in a triangle, and every directed edge matched exactly once by its opposite.
/// Returns the [`Frame`] of the vertices the triangles use.
///
/// Each edge `{a, b}`, `a < b`, is filed under `a` as `2b + d`, with `d = 0` for `a → b`
/// and `d = 1` for `b → a` (a counting sort, O(V + T)). After sorting each small bucket,
/// a closed, consistently wound mesh shows every `b` exactly as the pair `2b, 2b + 1`:
/// a repeated entry is an edge used twice in one direction, a lone one an open edge.
fn validate_mesh(vertices: &[Point3<f64>], triangles: &[[u32; 3]]) -> Result<Frame, MassError> {
    if let Some(index) = vertices
        .iter()
        .position(|p| !p.coords.iter().all(|x| x.is_finite()))
    {
        return Err(MassError::NonFiniteVertex { index });
    }
    if triangles.is_empty() {
        return Err(MassError::EmptyMesh);
    }
    let vertex_count = vertices.len();
    let mut used = vec![false; vertex_count];
    // start[a]..start[a + 1] will index the edges filed under vertex a.
    let mut start = vec![0usize; vertex_count + 1];
    for (triangle, t) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (from, to) = (t[k], t[(k + 1) % 3]);
            if from as usize >= vertex_count {
                return Err(MassError::IndexOutOfRange {
                    triangle,
                    index: from,
                    vertex_count,
                });
            }
            if from == to {
                return Err(MassError::DegenerateTriangle {
                    triangle,
                    index: from,
                });
            }
            used[from as usize] = true;
            start[from.min(to) as usize + 1] += 1;
        }
    }
    for a in 0..vertex_count {
        start[a + 1] += start[a];
    }
    let mut filed = vec![0u64; 3 * triangles.len()];
    for t in triangles {
        for k in 0..3 {
            let (from, to) = (t[k], t[(k + 1) % 3]);
            let a = from.min(to) as usize;
            filed[start[a]] = 2 * u64::from(from.max(to)) + u64::from(from > to);
            start[a] += 1;
        }
    }
    // Filling advanced start[a] to the end of bucket a, which is where bucket a + 1 begins.
    let mut open = None;
    let mut begin = 0;
    for a in 0..vertex_count {
        let bucket = &mut filed[begin..start[a]];
        begin = start[a];
        if bucket.len() <= 16 {
            // Buckets hold about half a vertex degree: insertion sort beats a call.
            for k in 1..bucket.len() {
                let mut j = k;
                while j > 0 && bucket[j - 1] > bucket[j] {
                    bucket.swap(j - 1, j);
                    j -= 1;
                }
            }
        } else {
            bucket.sort_unstable();
        }
        let edge = |entry: u64| {
            let (b, reversed) = ((entry / 2) as u32, entry % 2 == 1);
            if reversed {
                (b, a as u32)
            } else {
                (a as u32, b)
            }
        };
        if let Some(w) = bucket.windows(2).find(|w| w[0] == w[1]) {
            let (from, to) = edge(w[0]);
            return Err(MassError::InconsistentWinding { from, to });
        }
        let mut k = 0;
        while k < bucket.len() {
            if k + 1 < bucket.len() && bucket[k] & 1 == 0 && bucket[k + 1] == bucket[k] + 1 {
                k += 2;
            } else {
                open = open.or(Some(edge(bucket[k])));
                k += 1;
            }
        }
    }
    if let Some((from, to)) = open {
        return Err(MassError::OpenMesh { from, to });
    }
    Frame::of(
        vertices
            .iter()
            .zip(&used)
            .filter_map(|(p, &u)| u.then_some(p)),
    )
}
